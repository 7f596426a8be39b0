import Foundation
import Testing

/// `planner health` and `planner test` as a patient and a rule author run them.
@Suite("Health and rule-test commands")
struct HealthCommandTests {
  func temporary(_ name: String, _ text: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-health-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  @Test("the example rule file's tests pass, and --junit writes XML")
  func exampleTestsPass() throws {
    let junit = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-\(UUID().uuidString).xml")
    let result = try PlannerProcess.run(["test", "Examples/home.plan", "--junit", junit.path])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.hasSuffix("6 passed, 0 failed\n"))
    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(xml.contains("<testsuites name=\"planner rules\" tests=\"6\" failures=\"0\""))
  }

  @Test("a failing rule test exits 1 and shows expected against actual")
  func failingTest() throws {
    let file = try temporary(
      "rules.plan",
      """
      test "sugar 100 then 109.9 does not fire" {
        day 6: sugar 100 mg/dL
        day 7: sugar 109.9 mg/dL
        expect alert sugar_high
      }
      """)
    let result = try PlannerProcess.run(["test", file.path])
    #expect(result.status == 1)
    #expect(result.stdout.contains("FAIL  sugar 100 then 109.9 does not fire"))
    #expect(result.stdout.contains("expected 'sugar_high' fired"))
    #expect(result.stdout.contains("actual   'sugar_high' did not fire"))
    #expect(result.stdout.hasSuffix("0 passed, 1 failed\n"))
  }

  @Test("a week with an alert exits 1 and reports the alerts in JSON")
  func alertVerdict() throws {
    let result = try PlannerProcess.run([
      "health", "Examples/readings.csv", "--rules", "Examples/home.plan", "--format", "json",
    ])
    #expect(result.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["verdict"] as? String == "alert")
    #expect(object["severity"] as? String == "warning")
    #expect(object["alerts"] as? [String] == ["weight_gain", "sugar_high"])
    // 'dizzy' is an info note: listed apart, it does not make the verdict an alert.
    #expect(object["notes"] as? [String] == ["dizzy"])
  }

  @Test("a steady week is healthy under the baseline rules, exit 0")
  func healthyVerdict() throws {
    var csv = "date,weight,systolic,diastolic,sugar\n"
    for day in 23...29 { csv += "2026-11-\(day),180,120,80,95\n" }
    let file = try temporary("week.csv", csv)
    let result = try PlannerProcess.run(["health", file.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("You are in good health, keep up the good work"))
  }

  @Test("an info note alone is healthy, exit 0, with the note shown")
  func noteAloneIsHealthy() throws {
    var csv = "date,weight (kg),systolic,diastolic,sugar,symptoms\n"
    for day in 23...29 { csv += "2026-11-\(day),80.0,120,80,95,\(day == 29 ? "a bit dizzy" : "")\n" }
    let file = try temporary("note.csv", csv)
    let result = try PlannerProcess.run(["health", file.path, "--rules", "Examples/home.plan"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("HEALTHY: You are in good health, keep up the good work"))
    #expect(result.stdout.contains("i dizzy (info)"))
    #expect(result.stdout.contains("note: You reported dizziness in the last three days"))
    let json = try PlannerProcess.run([
      "health", file.path, "--rules", "Examples/home.plan", "--format", "json",
    ])
    #expect(json.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["verdict"] as? String == "healthy")
    #expect(object["severity"] as? String == "info")
    #expect(object["alerts"] as? [String] == [])
    #expect(object["notes"] as? [String] == ["dizzy"])
  }

  @Test("a bad readings file gives every located error, exit 65")
  func badReadings() throws {
    let file = try temporary(
      "bad.csv",
      """
      date,wieght,systolic,diastolic,sugar
      2026-11-28,180,120,80,95
      2026-11-29,180,80,120,abc
      """)
    let result = try PlannerProcess.run(["health", file.path])
    #expect(result.status == 65)
    #expect(result.stderr.contains("bad.csv:1:6: error: unknown column 'wieght'"))
    #expect(result.stderr.contains("did you mean 'weight'?"))
    #expect(result.stderr.contains("bad.csv:3:23: error: 'abc' is not a number"))
    #expect(result.stderr.contains("2 errors generated."))
  }

  @Test("rule files with mistakes are located diagnostics, exit 65")
  func badRules() throws {
    let file = try temporary(
      "rules.plan",
      """
      rules home {
        alert a "A" when wieght.today > 3 lb
        alert b "B" when sugar.today >= sugar.yesterday * 110% or
      }
      """)
    let result = try PlannerProcess.run(["test", file.path])
    #expect(result.status == 65)
    #expect(result.stderr.contains("rules.plan:2:20: error: unknown reading 'wieght'"))
    #expect(result.stderr.contains("hint: did you mean 'weight'?"))
    #expect(result.stderr.contains("rules.plan:3:60: error: expected an expression"))
  }
}
