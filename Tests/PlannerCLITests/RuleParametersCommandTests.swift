import Foundation
import Testing

/// `planner health --param NAME=VALUE` with a rule set that declares per-patient parameters.
@Suite("Per-patient parameters on the command line")
struct RuleParametersCommandTests {
  func week() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-param-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent("week.csv")
    try """
    date,weight (kg),systolic,diastolic,sugar,symptoms
    2026-03-01,80.000,120,80,100,
    2026-03-06,80.000,120,80,100,slept well
    2026-03-07,82.001,120,80,100,no shortness of breath
    """.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  @Test("the dry weight from --param: 2.001 kg above fires, with the value in kg in the message")
  func dryWeight() throws {
    let csv = try week()
    let result = try PlannerProcess.run([
      "health", csv.path, "--rules", "Examples/heart-failure.plan", "--param", "dry_weight=80kg", "--format",
      "json",
    ])
    #expect(result.status == 1, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["alerts"] as? [String] == ["over_dry", "gaining"])
    #expect(object["severity"] as? String == "urgent")
    #expect(
      object["message"] as? String
        == "Weight 2.001 kg above your dry weight: call your heart-failure nurse\nWeight rising 0.226 kg/day over the week"
    )
    // 80.001 kg: exactly 2 kg above; only the rate fires.
    let exact = try PlannerProcess.run([
      "health", csv.path, "--rules", "Examples/heart-failure.plan", "--param", "dry_weight=80.001 kg",
    ])
    #expect(
      exact.stdout.contains("ALERT (warning): Weight rising 0.226 kg/day over the week"), "\(exact.stdout)")
  }

  @Test("planner report takes --param too: the report's verdict and days use the dry weight")
  func report() throws {
    let result = try PlannerProcess.run([
      "report", "--journal", try week().path, "--rules", "Examples/heart-failure.plan", "--param",
      "dry_weight=80kg", "--format", "markdown",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Weight 2.001 kg above your dry weight: call your heart-failure nurse"))
    let without = try PlannerProcess.run([
      "report", "--journal", try week().path, "--rules", "Examples/heart-failure.plan", "--format",
      "markdown",
    ])
    #expect(!without.stdout.contains("above your dry weight"))
  }

  @Test("without --param the rule is undecided and says which parameter is missing")
  func missing() throws {
    let result = try PlannerProcess.run([
      "health", try week().path, "--rules", "Examples/heart-failure.plan", "--format", "json",
    ])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["unknown"] as? [String] == ["over_dry"])
  }

  @Test("a misspelt name, a unit of another kind and a bad form are usage errors with hints")
  func errors() throws {
    let csv = try week().path
    let misspelt = try PlannerProcess.run([
      "health", csv, "--rules", "Examples/heart-failure.plan", "--param", "dry_wieght=80kg",
    ])
    #expect(misspelt.status == 64)
    #expect(misspelt.stderr.contains("the rules declare no parameter 'dry_wieght'"))
    #expect(misspelt.stderr.contains("did you mean 'dry_weight'?"))
    let unit = try PlannerProcess.run([
      "health", csv, "--rules", "Examples/heart-failure.plan", "--param", "dry_weight=80mmHg",
    ])
    #expect(unit.stderr.contains("'--param dry_weight' needs a unit: lb, kg, g, not '80mmHg'"))
    let form = try PlannerProcess.run([
      "health", csv, "--rules", "Examples/heart-failure.plan", "--param", "dry_weight",
    ])
    #expect(form.stderr.contains("'--param' takes NAME=VALUE"))
  }
}
