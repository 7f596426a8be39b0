import Foundation
import HealthRules
import PlanDSL
import Testing

/// Rule sets found by name, and rule tests whose readings file is read only when they run.
@Suite struct RuleSetLookupTests {
  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples")

  @Test("program.ruleSet(named:) finds a declared rule set, or the bundled baseline")
  func byName() throws {
    let program = try PlanLoader().load(path: Self.examples.appendingPathComponent("home.plan").path)
    let home = try #require(program.ruleSet(named: "home"))
    #expect(home.name == "Home monitoring")
    #expect(home.alerts.map(\.id) == ["weight_gain", "sugar_high", "bp_high", "sugar_very_high", "dizzy"])
    #expect(program.ruleSet(named: "baseline") == .baseline)
    #expect(program.ruleSet(named: "Home monitoring") == nil)
    #expect(program.ruleSet(named: "hom") == nil)
  }

  @Test("home.plan loads without the readings file its test names; that test alone fails when run")
  func readingsFileReadWhenRun() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let plan = folder.appendingPathComponent("home.plan")
    try FileManager.default.copyItem(at: Self.examples.appendingPathComponent("home.plan"), to: plan)

    let program = try PlanLoader().load(path: plan.path)
    let fileTest = try #require(program.ruleTests.last)
    #expect(fileTest.readingsFile?.relativePath == "readings.csv")
    let runner = try RuleTestRunner(ruleSets: program.ruleSets)
    let missing = program.ruleTests.map { runner.run($0) }
    #expect(missing.dropLast().allSatisfy { $0.passed })
    #expect(missing.last?.passed == false)
    #expect(missing.last?.error?.hasPrefix("cannot read '") == true)
    #expect(missing.last?.error?.hasSuffix("readings.csv': no such file") == true)

    try FileManager.default.copyItem(
      at: Self.examples.appendingPathComponent("readings.csv"),
      to: folder.appendingPathComponent("readings.csv"))
    #expect(program.ruleTests.map { runner.run($0).passed } == Array(repeating: true, count: missing.count))
    guard case .dated(let readings) = try fileTest.allReadings() else {
      Issue.record("the file test's readings are not dated")
      return
    }
    #expect(readings.count == 7)

    try Data("date,weight\n2026-11-23,abc\n".utf8).write(to: folder.appendingPathComponent("readings.csv"))
    #expect(
      runner.run(fileTest).error
        == "readings file 'readings.csv' has problems: line 2, column 12: 'abc' is not a number")
  }

  /// The rule tests of Examples/home.plan, one Swift Testing case each.
  static let homeTests: [RuleTest] =
    (try? PlanLoader().load(path: examples.appendingPathComponent("home.plan").path).ruleTests) ?? []

  @Test("a rule test of Examples/home.plan passes", arguments: homeTests)
  func homeRuleTest(_ test: RuleTest) throws {
    let program = try PlanLoader().load(path: Self.examples.appendingPathComponent("home.plan").path)
    let result = try RuleTestRunner(ruleSets: program.ruleSets).run(test)
    #expect(result.passed, "\(result.error ?? result.failures.map(\.actual).joined(separator: "; "))")
  }

  @Test("a rule test describes itself by its name, as Swift Testing shows an argument")
  func shortName() throws {
    let program = try PlanLoader().load(path: Self.examples.appendingPathComponent("home.plan").path)
    let test = try #require(program.ruleTests.first)
    #expect(String(describing: test) == "a steady week is healthy")
    #expect(Self.homeTests.count == 6)
  }
}
