import Diagnostics
import Foundation
import HealthRules
import PlanDSL
import Testing

/// Counts, runs anywhere, rates, templates, parameters, symptoms and `extends` in the language.
@Suite("Rules, third edition, in the language")
struct ThirdEditionLanguageTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  func rules(_ body: String) -> String {
    "rules r {\n  window 7 days\n\(body)}\n"
  }

  func load(_ source: String) throws -> Program {
    try PlanLoader().load(text: source, path: "test.plan")
  }

  @Test("count, runs anywhere, rates and parameters lower to the engine's forms")
  func lowers() throws {
    let program = try load(
      rules(
        """
          parameter dry_weight: mass
          alert a "A" when count(last 7 days where systolic.today >= 135 mmHg, missing counts as unknown) >= 3
          alert b "B" when 2 days in a row in days 2...6 (missing counts as false): sugar.today >= 126 mg/dL
          alert c "C" when slope(weight, window) > 1 kg/week
          alert d "D" when weight.today - dry_weight > 2 kg
          alert e "E" when (weight.today - weight.day(1)) / 6 days > 0.5 lb/day
          alert f "F" when slope(sugar, window) > 1 mmol/L/week
        """))
    let ruleSet = try #require(program.ruleSets.first)
    #expect(ruleSet.parameters == ["dry_weight": .pound])
    let high = Condition.comparison(.reading(.systolic, .today), .greaterOrEqual, .constant(135, .mmHg))
    #expect(
      ruleSet.alerts[0].condition
        == .comparison(.countDays(.last(7), high, missing: .asUnknown), .greaterOrEqual, .number(3)))
    #expect(
      ruleSet.alerts[1].condition
        == .inARow(
          2, within: .days(2, 6),
          .comparison(.reading(.sugar, .today), .greaterOrEqual, .constant(126, .mgPerDL)),
          missing: .asFalse))
    #expect(
      ruleSet.alerts[2].condition
        == .comparison(
          .aggregate(.slope, .weight, .window), .greater,
          .constant(Rational(100_000_000, 45_359_237 * 7), ValueUnit("lb/day"))))
    #expect(ruleSet.alerts[2].condition.description == "slope(weight, window) > 1 kg/week")
    #expect(ruleSet.alerts[3].condition.description == "weight.today - dry_weight > 2 kg")
    #expect(ruleSet.alerts[4].condition.description == "(weight.today - weight.day(1)) / 6 day > 0.5 lb/day")
    #expect(
      ruleSet.alerts[5].condition
        == .comparison(
          .aggregate(.slope, .sugar, .window), .greater,
          .constant(Rational(18_016, 7000), ValueUnit("mg/dL/day"))))
  }

  @Test("a template's values are checked and shown in the patient's unit")
  func templates() throws {
    let source =
      rules(
        """
          alert up "Weight up {weight.today - weight.yesterday} since yesterday {{not a value}}" when weight.today - weight.yesterday > 1 kg
        """)
        + """
        test "81.001 after 80 kg" of r {
          day 6: weight 80 kg
          day 7: weight 81.001 kg
          expect alerts up
        }
        """
    let program = try load(source)
    let runner = try RuleTestRunner(ruleSets: program.ruleSets)
    let result = runner.run(program.ruleTests[0])
    #expect(result.passed)
    #expect(result.verdict?.message == "Weight up 1.001 kg since yesterday {not a value}")
  }

  @Test("template mistakes are located inside the string")
  func templateErrors() {
    #expect(
      render(rules("  alert a \"Up {weight.today - weight.yesterday\" when weight.today > 1 lb\n"))
        .hasPrefix("test.plan:3:15: error: in the message: a '{' without its '}'"))
    #expect(
      render(rules("  alert a \"Up {}\" when weight.today > 1 lb\n"))
        .hasPrefix("test.plan:3:16: error: in the message: '{}' holds no value"))
    #expect(
      render(rules("  alert a \"Up {wieght.today}\" when weight.today > 1 lb\n"))
        .hasPrefix("test.plan:3:16: error: unknown reading 'wieght'"))
    #expect(
      render(rules("  alert a \"Up {weight.today sugar.today}\" when weight.today > 1 lb\n"))
        .hasPrefix("test.plan:3:29: error: in the message: expected one value between '{' and '}'"))
    #expect(
      render(rules("  alert a \"Up {weight.today + sugar.today}\" when weight.today > 1 lb\n"))
        .hasPrefix("test.plan:3:16: error: cannot apply '+' to 'lb' and 'mg/dL'"))
  }

  @Test("given: parameters of a test, with their unit checked")
  func given() throws {
    let base = rules(
      "  parameter dry_weight: mass\n  parameter visits: number\n  alert a \"A\" when weight.today - dry_weight > 2 kg\n"
    )
    let program = try load(
      base
        + "test \"t\" of r {\n  given dry_weight 176.369 lb\n  given visits 3\n  day 7: weight 82 kg\n  expect alert a\n}\n"
    )
    #expect(program.ruleTests[0].parameters == ["dry_weight": 176_369 * 45_359_237, "visits": 3000])
    let runner = try RuleTestRunner(ruleSets: program.ruleSets)
    #expect(runner.run(program.ruleTests[0]).passed)
    let errors = render(
      base
        + "test \"t\" of r {\n  given dry_wieght 80 kg\n  given dry_weight 80 mmHg\n  given visits 3 kg\n  expect healthy\n}\n"
    ).split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(
      errors == [
        "test.plan:8:9: error: unknown parameter 'dry_wieght'",
        "test.plan:9:20: error: parameter 'dry_weight' is a mass, given in lb, kg, g",
        "test.plan:10:16: error: parameter 'visits' is a plain number",
      ])
  }

  @Test("declared symptoms: synonyms, the name as a code, negation")
  func symptoms() throws {
    let source =
      rules(
        """
          symptom chest_pain: "chest tightness", "angina"
          alert chest "Chest pain" urgent when symptoms mention chest_pain
        """)
        + """
        test "synonym" of r {
          day 7: symptoms "some chest tightness"
          expect alerts chest
        }
        test "the code, with a space" of r {
          day 7: symptoms "Chest pains at night"
          expect alerts chest
        }
        test "negated" of r {
          day 7: symptoms "no angina, no chest pain"
          expect healthy
        }
        test "not recorded" of r {
          day 6: symptoms "angina"
          expect unknown chest
        }
        """
    let program = try load(source)
    let runner = try RuleTestRunner(ruleSets: program.ruleSets)
    #expect(program.ruleTests.map { runner.run($0).passed } == [true, true, true, true])
    #expect(
      render(rules("  alert a \"A\" when symptoms mention chest_pian\n"))
        .hasPrefix("test.plan:3:37: error: unknown symptom 'chest_pian'"))
  }

  @Test("extends with a longer window keeps the inherited days; a shorter one that cuts them is an error")
  func extendsWindow() throws {
    let source = """
      rules week {
        window 7 days
        define early = mean(sugar, days 1...3)
        alert late "Late" when mean(weight, days 4...7) > 180 lb
        define late_too = alert.late
      }
      rules fortnight extends week {
        window 14 days
        alert early_high "Early" when early > 100 mg/dL
        alert both "Both" when late_too and alert.late
      }
      """
    let program = try load(source)
    let fortnight = try #require(program.ruleSets.first { $0.id == "fortnight" })
    #expect(
      fortnight.alerts.map(\.condition.description) == [
        "mean(weight, days 11...14) > 180 lb", "mean(sugar, days 8...10) > 100 mg/dL",
        "mean(weight, days 11...14) > 180 lb and mean(weight, days 11...14) > 180 lb",
      ])
    let short = render(
      "rules week {\n  window 7 days\n  alert late \"Late\" when weight.day(2) > 180 lb\n}\n"
        + "rules short extends week {\n  window 3 days\n}\n")
    #expect(
      short.hasPrefix("test.plan:6:10: error: alert 'late' of 'week' reads days before this 3-day window"))
    // The bundled baseline moves too.
    let baseline = try load("rules b extends baseline {\n  window 10 days\n}\n")
    #expect(
      baseline.ruleSets[0].alerts[0].condition.description
        == "mean(weight, days 7...10) > mean(weight, days 4...6)")
  }

  @Test("a unit mistake in an expectation is found by check, located, not at run time")
  func expectationUnits() {
    let errors = render(
      rules("  alert a \"A\" when weight.today > 1 lb\n")
        + "test \"t\" of r {\n  day 7: weight 3 lb\n  expect weight.today == 3 mmHg\n"
        + "  expect count(window where weight.today > 1 lb, missing counts as false) == 1\n}\n"
    ).split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(errors == ["test.plan:7:10: error: cannot compare 'lb' with 'mmHg' in 'weight.today == 3 mmHg'"])
  }

  @Test("Examples/heart-failure.plan: every boundary test passes")
  func heartFailure() throws {
    let program = try PlanLoader().load(
      path: Self.root.appendingPathComponent("Examples/heart-failure.plan").path)
    let runner = try RuleTestRunner(ruleSets: program.ruleSets)
    let results = program.ruleTests.map { runner.run($0) }
    #expect(results.count == 15)
    #expect(results.filter { !$0.passed }.map(\.name) == [])
    let messages = results.compactMap(\.verdict?.message)
    #expect(messages.contains("Weight 2.001 kg above your dry weight: call your heart-failure nurse"))
    #expect(messages.contains("Blood pressure 135 or more on 3 days this week"))
  }
}
