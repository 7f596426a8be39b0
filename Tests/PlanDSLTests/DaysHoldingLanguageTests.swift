import Diagnostics
import Foundation
import HealthRules
import PlanDSL
import Testing

/// `at least K of DAYS (missing counts as …): C` and `N days in a row (…): C` in the language.
@Suite("Counting over days in the language")
struct DaysHoldingLanguageTests {
  func rules(_ condition: String) -> String {
    "rules r {\n  window 7 days\n  alert a \"A\" when \(condition)\n}\n"
  }

  @Test("both forms parse, check and lower to the engine's condition")
  func lowers() throws {
    let source =
      rules("at least 3 of last 7 days (missing counts as false): systolic.today >= 135 mmHg")
      + "rules s {\n  window 7 days\n  alert b \"B\" when 2 days in a row (missing counts as unknown): "
      + "sugar.today >= 7 mmol/L\n}\n"
    let program = try PlanLoader().load(text: source, path: "test.plan")
    let conditions = program.ruleSets.flatMap(\.alerts).map(\.condition)
    #expect(
      conditions == [
        .daysHolding(
          3, of: .last(7), .comparison(.reading(.systolic, .today), .greaterOrEqual, .constant(135, .mmHg)),
          missing: .asFalse),
        .daysHolding(
          2, of: .last(2),
          .comparison(
            .reading(.sugar, .today), .greaterOrEqual, .constant(Rational(126_112, 1000), .mgPerDL)),
          missing: .asUnknown),
      ])
  }

  @Test("no missing-day policy: located error with a hint")
  func missingPolicy() {
    let lines = render(rules("at least 3 of last 7 days: systolic.today >= 135 mmHg")).split(separator: "\n")
    #expect(lines.first == "test.plan:3:34: error: say how a day with a missing reading counts")
    #expect(
      lines.contains(
        "  hint: add '(missing counts as false)' or '(missing counts as unknown)' before the ':'"))
  }

  @Test("an unknown policy, too many days and days before the window are located errors")
  func errors() {
    #expect(
      render(rules("3 days in a row (missing counts as maybe): sugar.today > 100 mg/dL"))
        .hasPrefix("test.plan:3:55: error: a missing day counts as 'false' or 'unknown', not 'maybe'"))
    #expect(
      render(rules("at least 5 of last 3 days (missing counts as false): sugar.today > 100 mg/dL"))
        .hasPrefix("test.plan:3:29: error: at least 5 of 3 days can never hold"))
    #expect(
      render(rules("at least 2 of window (missing counts as false): sugar.today > sugar.yesterday"))
        .hasPrefix(
          "test.plan:3:68: error: read on the first of these days, this condition needs days before the 7-day window"
        ))
    #expect(
      render(rules("at least 2 of last 7 days (missing counts as false) sugar.today > 100 mg/dL"))
        .contains("error: expected ':' and the condition for one day"))
  }

  @Test("a rule file's tests run the new forms")
  func ruleTests() throws {
    let source = """
      rules bp {
        window 7 days
        alert often_high "High on 3 of 7 days"
          when at least 3 of last 7 days (missing counts as false): systolic.today >= 135 mmHg
        alert sugar_run "Two high mornings in a row"
          when 2 days in a row (missing counts as false): sugar.today >= 7 mmol/L
      }
      test "two high days and a gap" of bp {
        day 1: bp 140/85, sugar 5 mmol/L
        day 2: bp 120/80, sugar 5 mmol/L
        day 3: bp 136/80, sugar 5 mmol/L
        day 5: bp 120/80, sugar 5 mmol/L
        day 6: bp 121/80, sugar 7 mmol/L
        day 7: bp 122/80, sugar 7.0 mmol/L
        expect no alert often_high
        expect alert sugar_run
      }
      """
    let program = try PlanLoader().load(text: source, path: "test.plan")
    let runner = try RuleTestRunner(ruleSets: program.ruleSets)
    let results = program.ruleTests.map { runner.run($0) }
    #expect(results.map(\.passed) == [true], "\(results)")
  }
}
