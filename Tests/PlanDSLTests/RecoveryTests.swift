import Diagnostics
import HealthRules
import MealOptimizer
import PlanDSL
import Testing

/// Issue 12's cases: every mistake reported once, where it is, with a hint that fits.
@Suite("Recovery that reports everything once")
struct RecoveryTests {
  static let oats = """
    food oats {
      per 100 g { energy 379 kcal; protein 13 g }
      price 3.49 USD per 1 kg
    }

    """

  @Test("a missing include is one error, and the rest of the file is still checked")
  func missingInclude() {
    let rendered = assertDiagnostics(
      """
      include 1️⃣"nope.plan"
      food oats {
        per 100 g { energy 379 kcal; 2️⃣protien 13 g }
        price 3.49 USD per 1 kg
      }
      goal g { protein >= 90 g per 3️⃣dya }
      plan p { goal g; foods pantry_rice }
      """,
      [
        .init("1️⃣", "cannot read '/nonexistent-planner-dir/nope.plan': no such file"),
        .init("2️⃣", "unknown nutrient 'protien'", hint: "did you mean 'protein'?"),
        .init("3️⃣", "unknown period 'dya'", hint: "did you mean 'day'?"),
      ], directory: "/nonexistent-planner-dir")
    #expect(
      rendered == """
        test.plan:1:9: error: cannot read '/nonexistent-planner-dir/nope.plan': no such file
          include "nope.plan"
                  ^~~~~~~~~~~
        test.plan:3:32: error: unknown nutrient 'protien'
            per 100 g { energy 379 kcal; protien 13 g }
                                         ^~~~~~~
          hint: did you mean 'protein'?
          fix-it: replace 'protien' with 'protein'
        test.plan:6:30: error: unknown period 'dya'
          goal g { protein >= 90 g per dya }
                                       ^~~
          hint: did you mean 'day'?
          fix-it: replace 'dya' with 'day'
        3 errors generated.

        """)
  }

  @Test("a recipe with a mistake does not make the plan report that there are no recipes")
  func brokenRecipeIsNotMissing() {
    assertDiagnostics(
      Self.oats + """
        recipe porridge {
          80 g 1️⃣oatz
          meal breakfast
        }
        plan p {
          meals breakfast
        }
        """,
      [.init("1️⃣", "unknown food 'oatz'", hint: "did you mean 'oats'?")])
  }

  @Test("a rule set with a mistake does not make a test's 'of r' an unknown rule set")
  func brokenRuleSetIsNotUnknown() {
    assertDiagnostics(
      """
      rules r {
        window 2 days
        alert a "A" when 1️⃣sugr.today > 120 mg/dL
      }
      test "t" of r {
        day 1: sugar 95 mg/dL
        day 2: sugar 95 mg/dL
        expect healthy
      }
      """,
      [.init("1️⃣", "unknown reading 'sugr'", hint: "did you mean 'sugar'?")])
  }

  @Test("'repeat at most 3 per weak' is one error, with a hint")
  func repeatPerWeak() {
    let rendered = assertDiagnostics(
      Self.oats + """
        recipe porridge {
          80 g oats
          meal breakfast
        }
        plan p {
          days 7
          meals breakfast
          repeat at most 3 per 1️⃣weak
        }
        """,
      [.init("1️⃣", "expected 'week' after 'per', found 'weak'", hint: "did you mean 'week'?")])
    #expect(
      rendered == """
        test.plan:12:24: error: expected 'week' after 'per', found 'weak'
            repeat at most 3 per weak
                                 ^~~~
          hint: did you mean 'week'?
        1 error generated.

        """)
  }

  @Test("'100 < sugar.today < 200' is one error, with a hint")
  func chainedComparison() {
    assertDiagnostics(
      """
      rules r {
        alert a "A" when 100 < sugar.today 1️⃣< 200
      }
      """,
      [.init("1️⃣", "comparisons cannot be chained", hint: "join two comparisons with 'and'")])
  }

  @Test("'price $3.19' is one error whose hint is a price, not a mass")
  func dollarSign() {
    assertDiagnostics(
      """
      food milk {
        per 100 g { energy 61 kcal; protein 3.2 g }
        measure gal = 3900 g
        price 1️⃣$3.19 per 1 gal
      }
      """,
      [
        .init(
          "1️⃣", "unexpected character '$'", hint: "write the amount, then its currency code, as in '3.19 USD'")
      ])
  }

  @Test("'time 10' is one error whose hint is a time, not a mass")
  func timeWithoutUnit() {
    assertDiagnostics(
      Self.oats + """
        recipe porridge {
          80 g oats
          time 1️⃣10
        }
        """,
      [.init("1️⃣", "'time' needs a unit of time", hint: "write a unit after the number, such as '10 min'")])
  }

  @Test("'price 3,49 USD' is one error that names the decimal comma")
  func decimalComma() {
    let rendered = assertDiagnostics(
      """
      food oats {
        per 100 g { energy 379 kcal; protein 13 g }
        price 1️⃣3,49 USD per 1 kg
      }
      """,
      [
        .init(
          "1️⃣", "'3,49' is written with a decimal comma", hint: "numbers use a decimal point: write '3.49'")
      ])
    #expect(
      rendered == """
        test.plan:3:9: error: '3,49' is written with a decimal comma
            price 3,49 USD per 1 kg
                  ^~~~
          hint: numbers use a decimal point: write '3.49'
          fix-it: replace '3,49' with '3.49'
        1 error generated.

        """)
  }

  @Test("a lock on a day after the plan's end points at the 'lock' line")
  func lateLock() {
    assertDiagnostics(
      Self.oats + """
        recipe porridge {
          80 g oats
          meal breakfast
        }
        plan p {
          days 2
          meals breakfast
          1️⃣lock day 3 breakfast porridge
        }
        """,
      [.init("1️⃣", "day 3 is after the plan's last day, 2", hint: "lock a day from 1 to 2")])
  }

  @Test("'unknown meal' lists the plan's meals")
  func unknownMealListsCandidates() {
    assertDiagnostics(
      Self.oats + """
        recipe porridge {
          80 g oats
          meal breakfast
        }
        plan p {
          meals breakfast, dinner
          lock day 1 1️⃣supper porridge
        }
        """,
      [.init("1️⃣", "unknown meal 'supper'", hint: "expected one of: 'breakfast', 'dinner'")])
  }

  @Test("errors of 'whole servings FOOD, …' point at that line")
  func wholeServingsOfUnknownFood() {
    assertDiagnostics(
      Self.oats + """
        goal g { protein >= 50 g per day }
        plan p {
          goal g
          whole servings 1️⃣oatz
        }
        """,
      [.init("1️⃣", "unknown food 'oatz'", hint: "did you mean 'oats'?")])
  }

  @Test(
    "whole servings of a food without a 'serving' measure count 100 g; per food they apply to those foods")
  func wholeServingsDefaultAndPerFood() throws {
    let program = try PlanLoader().load(
      text: Self.oats + """
        food eggs {
          per 100 g { energy 143 kcal; protein 12.6 g }
          measure serving = 50 g
          price 2.99 USD per 12 serving
        }
        goal g { protein >= 50 g per day }
        plan all { goal g; whole servings }
        plan some { goal g; whole servings eggs }
        """, path: "test.plan")
    let all = try program.dietProblem(for: try #require(program.plans.first { $0.name == "all" }))
    #expect(all.wholeServings == ["oats", "eggs"])
    let some = try program.dietProblem(for: try #require(program.plans.first { $0.name == "some" }))
    #expect(some.wholeServings == ["eggs"])
    #expect(DietProblem.defaultServingGrams == 100)
  }

  @Test("a failing rule test points at the failing 'expect'")
  func failingExpectation() throws {
    let (source, offsets) = removingMarkers(
      """
      rules r {
        window 2 days
        alert high "High" when sugar.today > 120 mg/dL
      }
      test "t" of r {
        day 1: sugar 95 mg/dL
        day 2: sugar 130 mg/dL
        expect alert high
        expect 1️⃣healthy
      }
      """)
    let program = try PlanLoader().load(text: source, path: "test.plan")
    let runner = try RuleTestRunner(ruleSets: program.ruleSets)
    let result = try #require(runner.run(program.ruleTests).results.first)
    let failed = program.failedExpectations(result, ofTest: 0)
    #expect(failed.count == 1)
    #expect(failed.first?.range?.start == offsets["1️⃣"])
    #expect(failed.first?.id == "failed-expectation")
    #expect(failed.first?.message == "test \"t\" failed: expected healthy, actual alert (high)")
    #expect(result.failures.first?.source == "test.plan:9:10")
  }

  @Test("an error before a syntax error on the same line is kept; what follows the syntax error is not")
  func errorsAroundASyntaxError() {
    assertDiagnostics(
      "plan 1️⃣p { days 2️⃣}\n",
      [
        .init("1️⃣", "plan 'p' has no foods to choose from"),
        .init("2️⃣", "expected a number of days"),
      ])
  }
}
