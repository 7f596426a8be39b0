import Diagnostics
import Foundation
import PlanDSL
import Testing

/// Bad input, one mistake per case, with the exact rendered diagnostics.
@Suite("Diagnostics for bad plan files")
struct DiagnosticTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var source: String
    var expected: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "unknown nutrient",
      source: """
        food oats {
          per 100 g { energy 379 kcal; protien 13 g }
        }
        """,
      expected: """
        test.plan:2:32: error: unknown nutrient 'protien'
            per 100 g { energy 379 kcal; protien 13 g }
                                         ^~~~~~~
          hint: did you mean 'protein'?
          fix-it: replace 'protien' with 'protein'
        1 error generated.

        """),
    Case(
      name: "unit of the wrong dimension",
      source: """
        goal g {
          sodium <= 2300 kcal per day
        }
        """,
      expected: """
        test.plan:2:18: error: 'kcal' is a unit of energy, but 'sodium' needs mass
            sodium <= 2300 kcal per day
                           ^~~~
        1 error generated.

        """),
    Case(
      name: "duplicate name",
      source: """
        goal g { protein >= 1 g }
        goal g { protein >= 2 g }
        """,
      expected: """
        test.plan:2:6: error: duplicate goal 'g'
          goal g { protein >= 2 g }
               ^
        test.plan:1:6: note: 'g' was first defined here
          goal g { protein >= 1 g }
               ^
        1 error generated.

        """),
    Case(
      name: "missing brace",
      source: """
        food oats {
          per 100 g { energy 379 kcal }

        goal g { energy >= 1 kcal }
        """,
      expected: """
        test.plan:2:32: error: expected '}' to close the food block
            per 100 g { energy 379 kcal }
                                         ^
        test.plan:1:11: note: to match this opening '{'
          food oats {
                    ^
        1 error generated.

        """),
    Case(
      name: "unknown food",
      source: """
        food oats { per 100 g { energy 379 kcal }; price 1 USD per 1 kg }
        plan p {
          limit otas <= 100 g
        }
        """,
      expected: """
        test.plan:3:9: error: unknown food 'otas'
            limit otas <= 100 g
                  ^~~~
          hint: did you mean 'oats'?
          fix-it: replace 'otas' with 'oats'
        1 error generated.

        """),
    Case(
      name: "negative amount",
      source: """
        food oats { per 100 g { energy 379 kcal; sodium -6 mg } }
        """,
      expected: """
        test.plan:1:49: error: a nutrient amount cannot be negative
          food oats { per 100 g { energy 379 kcal; sodium -6 mg } }
                                                          ^~~~~
        1 error generated.

        """),
    Case(
      name: "unknown statement with a hint",
      source: """
        food oats {
          per 100 g { energy 379 kcal }
          prize 3 USD per 1 kg
        }
        """,
      expected: """
        test.plan:3:3: error: unknown statement 'prize' in food block
            prize 3 USD per 1 kg
            ^~~~~
          hint: did you mean 'price'?
        1 error generated.

        """),
    Case(
      name: "volume without density",
      source: """
        food milk {
          per 100 g { energy 61 kcal }
          price 1 USD per 1 cup
        }
        """,
      expected: """
        test.plan:3:21: error: 'cup' is a volume, but food 'milk' has no density or 'cup' measure
            price 1 USD per 1 cup
                              ^~~
          hint: add 'measure cup = … g' or 'density … g/ml' to the food
        1 error generated.

        """),
    Case(
      name: "empty file",
      source: "// nothing here\n",
      expected: """
        test.plan:1:1: error: 'test.plan' has no declarations
          // nothing here
          ^
          hint: a plan file declares foods, goals and a plan, such as 'plan week { … }'
        1 error generated.

        """),
    Case(
      name: "unterminated string",
      source: "food oats \"Oats {\n",
      expected: """
        test.plan:1:11: error: unterminated string
          food oats "Oats {
                    ^
          hint: add a closing '"' on the same line
        1 error generated.

        """),
  ]

  @Test("each mistake gives its exact located message", arguments: cases)
  func rendersExactly(_ testCase: Case) throws {
    let rendered = render(testCase.source)
    #expect(rendered == testCase.expected)
  }

  @Test("every mistake in a file is reported in one run")
  func reportsAllErrors() {
    let rendered = render(
      """
      food oats {
        per 100 g { energy 379 kcal; protien 13 g; fat 6 kcal }
        prize 3 USD per 1 kg
      }
      goal g { protein >= 90 g per dya }
      plan p { goal gg }
      """)
    for message in [
      "unknown nutrient 'protien'", "'kcal' is a unit of energy, but 'fat' needs mass",
      "unknown statement 'prize'", "unknown period 'dya'", "unknown goal 'gg'", "5 errors generated.",
    ] {
      #expect(rendered.contains(message), "missing: \(message)")
    }
  }

}
