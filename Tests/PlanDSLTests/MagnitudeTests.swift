import Diagnostics
import Foundation
import PlanDSL
import Testing

/// Amounts no food can have are found where they are written.
@Suite("Amounts out of range")
struct MagnitudeTests {
  func render(_ source: String) -> String {
    do {
      let program = try PlanLoader().load(text: source, path: "test.plan")
      return DiagnosticRenderer().render(DiagnosticList(program.warnings, sources: program.sources))
    } catch {
      return DiagnosticRenderer().render(error)
    }
  }

  @Test("a serving of 0.000002 g is an error at the measure")
  func tinyMeasure() {
    let source = "food a {\n  per 100 g { protein 10 g }\n  measure serving = 0.000002 g\n}"
    #expect(
      render(source) == """
        test.plan:3:21: error: a measure must weigh at least 0.001 g, not '0.000002 g'
            measure serving = 0.000002 g
                              ^~~~~~~~~~
          hint: check the unit; a pinch of salt is about 0.3 g
        1 error generated.

        """)
  }

  @Test("10^7 tbsp of an ingredient is an error at the amount")
  func hugeIngredient() {
    let source = """
      food a {
        per 100 g { energy 100 kcal }
        measure tbsp = 15 g
      }
      recipe r {
        serves 1; meal breakfast
        10000000 tbsp a
      }
      """
    #expect(
      render(source) == """
        test.plan:7:3: error: an ingredient of '10000000 tbsp' weighs more than one tonne
            10000000 tbsp a
            ^~~~~~~~~~~~~
          hint: check the number and its unit
        1 error generated.

        """)
  }

  /// Issue 43: a package of 100,000 kg left the solver's plan buying none of
  /// it, and solve ended in an internal error (exit 70); 30,000 kg still planned.
  @Test("a package of 100000 kg is an error at the size; a loose price per 100000 kg is not")
  func hugePackage() {
    let source = "food a {\n  per 100 g { energy 100 kcal }\n  price 3.49 USD per 100000 kg\n}"
    #expect(
      render(source) == """
        test.plan:3:22: error: a package of '100000 kg' weighs more than one tonne
            price 3.49 USD per 100000 kg
                               ^~~~~~~~~
          hint: check the number and its unit
        1 error generated.

        """)
    #expect(render("food a {\n  per 100 g { energy 100 kcal }\n  price 3.49 USD per 1000 kg\n}") == "")
    #expect(
      render("food a {\n  per 100 g { energy 100 kcal }\n  price 3.49 USD per 100000 kg loose\n}") == "")
  }

  @Test("a 25-digit number in a rule is one error quoting the number as written")
  func twentyFiveDigits() {
    let number = String(repeating: "1", count: 25)
    let source =
      "rules r {\n  window 7 days\n  alert a \"A\" when sugar.today > sugar.yesterday * \(number)%\n}"
    let rendered = render(source)
    #expect(
      rendered.hasPrefix("test.plan:3:52: error: '\(number)' has too many digits for an exact value\n"))
    #expect(
      rendered.hasSuffix(
        "  hint: rules and readings hold exact values of up to 18 digits\n1 error generated.\n"))
  }

  @Test("a number of more than 38 significant digits is one error, in a goal or a test's blood pressure")
  func significantDigits() {
    let number = String(repeating: "1", count: 40)
    #expect(
      render("goal g { protein >= \(number) g per day }") == """
        test.plan:1:21: error: '\(number)' has more than 38 significant digits
          goal g { protein >= \(number) g per day }
                              ^\(String(repeating: "~", count: 39))
          hint: a number keeps at most 38 digits exactly; round it
        1 error generated.

        """)
    let test = "test \"t\" {\n  day 7: bp \(number)/80\n  expect healthy\n}"
    let rendered = render(test)
    #expect(rendered.hasPrefix("test.plan:2:13: error: '\(number)' has more than 38 significant digits\n"))
    #expect(rendered.hasSuffix("\n1 error generated.\n"))
    // Trailing zeros are not significant: 1e60 is exact.
    #expect(render("goal g { protein >= 1\(String(repeating: "0", count: 60)) g per day }") == "")
  }

  @Test("1e7 mg of a nutrient per 100 g is a warning: more than the food weighs")
  func impossibleNutrient() {
    let source = "food a {\n  per 100 g { sodium 10000000 mg }\n}"
    #expect(
      render(source) == """
        test.plan:2:22: warning: this much 'sodium' is more than the 100 g of food it is in
            per 100 g { sodium 10000000 mg }
                               ^~~~~~~~~~~
          hint: check the unit (mg or g?) and the amount after 'per'
        1 warning generated.

        """)
  }

  /// Issue 43: 1e11 mg per 100 g passed with a warning, and the solver's plan
  /// then failed its independent check (exit 70, "internal error").
  @Test("1e11 mg of a nutrient per 100 g is an error stating the bound the solver can plan with")
  func beyondSolverRange() {
    let source = "food a {\n  per 100 g { sodium 100000000000 mg }\n}"
    #expect(
      render(source) == """
        test.plan:2:22: error: 'sodium 100000000000 mg' is more than the solver can plan with exactly: \
        at most 100,000,000 mg per 100 g of food
            per 100 g { sodium 100000000000 mg }
                               ^~~~~~~~~~~~~~~
          hint: check the number and its unit (mg or g?); even a figure per dollar fits well below this
        1 error generated.

        """)
    // Per 1 g, the same bound counts per 100 g: 2,000,000 mg per 1 g is 200,000,000 per 100 g.
    #expect(
      render("food a {\n  per 1 g { sodium 2000000 mg }\n}").contains("error: 'sodium 2000000 mg' is more"))
    #expect(render("food a {\n  per 1 g { sodium 1000000 mg }\n}").contains("warning: this much 'sodium'"))
  }
}
