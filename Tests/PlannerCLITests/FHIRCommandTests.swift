import Foundation
import Testing

/// `planner health` and `planner log --import` on a FHIR bundle; `planner export-readings --format fhir`.
@Suite("FHIR on the command line")
struct FHIRCommandTests {
  func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-fhir-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("Examples/home-bp.fhir.json gives the verdict of Examples/home-bp.csv, word for word")
  func sameVerdict() throws {
    let results = try ["Examples/home-bp.csv", "Examples/home-bp.fhir.json"].map { file in
      try PlannerProcess.run(["health", file, "--rules", "Examples/home-bp.plan", "--format", "json"])
    }
    #expect(results.map(\.status) == [1, 1])
    #expect(results[0].stdout == results[1].stdout)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(results[1].stdout.utf8)) as? [String: Any])
    #expect(object["alerts"] as? [String] == ["stage2", "mornings", "fasting_sugar"])
  }

  @Test("export-readings writes the bundle that planner health reads back to the same verdict")
  func exportThenHealth() throws {
    let folder = try folder()
    let bundle = folder.appendingPathComponent("week.json").path
    let export = try PlannerProcess.run(
      ["export-readings", "Examples/home-bp.csv", "--format", "fhir", "-o", bundle],
      environment: ["TZ": "Asia/Kolkata"])
    #expect(export.status == 0, "\(export.stderr)")
    #expect(export.stderr == "wrote \(bundle)\n")
    #expect(
      try String(contentsOfFile: bundle, encoding: .utf8).contains(
        "\"effectiveDateTime\": \"2026-11-23T07:05:00+05:30\""))
    let results = try ["Examples/home-bp.csv", bundle].map { file in
      try PlannerProcess.run(["health", file, "--rules", "Examples/home-bp.plan"])
    }
    #expect(results[0].stdout == results[1].stdout)
    let stdout = try PlannerProcess.run(["export-readings", "Examples/home-bp.csv"])
    #expect(stdout.status == 0)
    #expect(
      stdout.stdout.hasPrefix(
        "{\n  \"resourceType\": \"Bundle\",\n  \"type\": \"collection\",\n  \"entry\": ["))
    let wrong = try PlannerProcess.run(["export-readings", "Examples/home-bp.csv", "--format", "fhr"])
    #expect(wrong.status == 64)
    #expect(wrong.stderr.contains("unknown readings format 'fhr'; expected fhir"))
  }

  @Test("log --import logs a bundle into a journal once; an unknown code is located and nothing is imported")
  func importBundle() throws {
    let folder = try folder()
    let journal = folder.appendingPathComponent("journal.csv").path
    let source = PlannerProcess.packageRoot.appendingPathComponent("Examples/home-bp.fhir.json").path
    let first = try PlannerProcess.run(["log", "--import", source, "--journal", journal])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stdout
        == "imported 7 days from \(source) into \(journal): new rows on 7 days, rows updated on 0 days, "
        + "0 days already logged\n")
    let again = try PlannerProcess.run(["log", "--import", source, "--journal", journal])
    #expect(again.stdout.hasSuffix("new rows on 0 days, rows updated on 0 days, 7 days already logged\n"))
    let bad = folder.appendingPathComponent("bad.json")
    try """
    {"resourceType": "Bundle", "type": "collection", "entry": [
      {"resource": {"resourceType": "Observation", "status": "final",
        "code": {"coding": [{"system": "http://loinc.org", "code": "39156-5"}]},
        "effectiveDateTime": "2026-11-30", "valueQuantity": {"value": 27, "system": "http://unitsofmeasure.org", "code": "kg/m2"}}}
    ]}

    """.write(to: bad, atomically: true, encoding: .utf8)
    let refused = try PlannerProcess.run(["log", "--import", bad.path, "--journal", journal])
    #expect(refused.status == 65)
    #expect(
      refused.stderr.hasPrefix("\(bad.path):3:64: error: unknown LOINC code '39156-5' in an Observation"))
    #expect(refused.stderr.hasSuffix("nothing was imported\n"))
    let words = try PlannerProcess.run(["log", "--import", bad.path, "weight", "180"])
    #expect(words.status == 64)
  }

  @Test("log with a time and a context: two rows, echoed with their times")
  func timedEntry() throws {
    let folder = try folder()
    let result = try PlannerProcess.run(
      ["log", "2026-11-30", "07:10", "bp", "128/82", "fasting", "sugar", "104", "mg/dL"], directory: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout
        == "logged 2026-11-30 in journal.csv: 07:10: bp 128/82 mmHg; 07:10 fasting: sugar 104 mg/dL\n")
    let conflict = try PlannerProcess.run(["log", "2026-11-30", "07:10", "bp", "130/82"], directory: folder)
    #expect(conflict.status == 65)
    #expect(
      conflict.stderr.hasPrefix(
        "<entry>:1:21: error: systolic is already logged for 2026-11-30 at 07:10 (128 mmHg); this entry says 130 mmHg"
      ))
  }
}
