import Diagnostics
import Foundation
import HealthRules
import PlanDSL
import Testing

/// `define`, `alert.ID` and `category { level … }` in the language.
@Suite("Definitions, alert references and categories")
struct DefinitionsLanguageTests {
  static let high = Condition.comparison(.reading(.systolic, .today), .greaterOrEqual, .constant(140, .mmHg))
  static let raised = Condition.comparison(
    .reading(.systolic, .today), .greaterOrEqual, .constant(130, .mmHg))

  @Test("definitions of values and conditions are substituted where they are used")
  func definitions() throws {
    let source = """
      rules r {
        define now = systolic.today
        define high = now >= 140 mmHg
        alert a "A" when high
        alert b "B" when now >= 130 mmHg and not high
      }
      """
    let program = try PlanLoader().load(text: source, path: "test.plan")
    #expect(program.ruleSets[0].alerts.map(\.condition) == [Self.high, .and(Self.raised, .not(Self.high))])
  }

  @Test("a category's levels are alerts that hold only when no level above holds; alerts refer to alerts")
  func categories() throws {
    let source = """
      rules r {
        category bp {
          level stage2 "Stage 2" when systolic.today >= 140 mmHg
          level stage1 "Stage 1" when systolic.today >= 130 mmHg
        }
        alert both "Both" urgent when alert.stage1 or alert.stage2
      }
      """
    let alerts = try PlanLoader().load(text: source, path: "test.plan").ruleSets[0].alerts
    #expect(alerts.map(\.id) == ["stage2", "stage1", "both"])
    let stage1 = Condition.and(Self.raised, .not(Self.high))
    #expect(alerts.map(\.condition) == [Self.high, stage1, .or(stage1, Self.high)])
    #expect(alerts[2].severity == .urgent)
  }

  @Test("a definition that uses itself, and an alert referring to one not above it, are located errors")
  func errors() {
    let cycle = render(
      """
      rules r {
        define a = b + 1 mmHg
        define b = a
        alert x "X" when systolic.today > a
      }
      """)
    #expect(cycle.contains("error: 'a' is defined in terms of itself (a -> b -> a)"))
    #expect(cycle.contains("hint: a definition may use other definitions, but not itself"))
    let forward = render(
      """
      rules r {
        alert x "X" when alert.y
        alert y "Y" when systolic.today > 140 mmHg
      }
      """)
    #expect(forward.hasPrefix("test.plan:2:26: error: no alert 'y' above this one"))
    let duplicate = render(
      """
      rules r {
        define a = systolic.today
        define a = diastolic.today
        alert x "X" when a > 140 mmHg
      }
      """)
    #expect(duplicate.hasPrefix("test.plan:3:10: error: duplicate definition 'a'"))
  }

  @Test("a test can use the rule set's definitions in 'expect'")
  func inTests() throws {
    let source = """
      rules r {
        define gain = weight.today - weight.yesterday
        alert up "Up" when gain > 1 kg
      }
      test "a kilogram exactly" of r {
        day 6: weight 80.0 kg
        day 7: weight 81.0 kg
        expect healthy
        expect gain == 1 kg
      }
      """
    let program = try PlanLoader().load(text: source, path: "test.plan")
    let runner = try RuleTestRunner(ruleSets: program.ruleSets)
    #expect(program.ruleTests.map { runner.run($0).passed } == [true])
  }

  @Test("'expect unknown ID' parses and passes only when the alert is undecided")
  func expectUnknown() throws {
    let source = """
      rules r {
        alert up "Up" when sugar.today > sugar.yesterday
      }
      test "yesterday missing" of r {
        day 7: sugar 100 mg/dL
        expect unknown up
      }
      test "both days there" of r {
        day 6: sugar 100 mg/dL
        day 7: sugar 101 mg/dL
        expect unknown up
      }
      """
    let program = try PlanLoader().load(text: source, path: "test.plan")
    let runner = try RuleTestRunner(ruleSets: program.ruleSets)
    #expect(program.ruleTests.map { runner.run($0).passed } == [true, false])
  }

  @Test("test readings are refused as readings files refuse them: swapped, 400 mmHg, 0 lb, 5000 mg/dL")
  func implausibleTestReadings() {
    let output = render(
      """
      rules r {
        alert up "Up" when sugar.today > sugar.yesterday
      }
      test "bad readings" of r {
        day 5: bp 80/120
        day 6: weight 0 lb, bp 400/80
        day 7: sugar 5000 mg/dL, weight 80 kg
        expect healthy
      }
      """)
    let errors = output.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(
      errors == [
        "test.plan:5:10: error: systolic 80 mmHg is not above diastolic 120 mmHg",
        "test.plan:6:17: error: weight must be above 0, found '0 lb'",
        "test.plan:6:26: error: systolic '400 mmHg' is outside the plausible range 40...300 mmHg",
        "test.plan:7:16: error: sugar '5000 mg/dL' is outside the plausible range 10...1000 mg/dL",
      ])
    #expect(output.contains("hint: did you mean bp 120/80? systolic, the larger, comes first"))
  }

  @Test("Examples/guidelines.plan: every category boundary test passes")
  func guidelines() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let program = try PlanLoader().load(path: root.appendingPathComponent("Examples/guidelines.plan").path)
    let runner = try RuleTestRunner(ruleSets: program.ruleSets)
    let results = program.ruleTests.map { runner.run($0) }
    #expect(results.count == 25)
    #expect(results.filter { !$0.passed }.map(\.name) == [])
  }
}
