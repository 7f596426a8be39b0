import Diagnostics
import Foundation
import MealOptimizer
import PlanDSL
import Testing

/// Bad input of any size gives bounded work and bounded output.
@Suite("Bounded diagnostics")
struct BoundedDiagnosticsTests {
  @Test("a 1 MB unknown name gets no hint, at once; a short one still does")
  func longNameHint() {
    let started = Date()
    let name = String(repeating: "x", count: 1_000_000)
    #expect(Suggestions.closest(to: name, in: NutrientTable.allNames) == nil)
    #expect(Date().timeIntervalSince(started) < 1)
    #expect(Suggestions.closest(to: "protien", in: NutrientTable.allNames) == "protein")
  }

  @Test("300,000 bad statements stop the parser after 1,000 errors")
  func parserStops() {
    let source = "goal g {\n" + String(repeating: "hello world\n", count: 300_000) + "}\n"
    let rendered = render(source)
    #expect(
      rendered.contains("test.plan:1002:1: error: more than 1000 errors in this file; stopped reading here\n")
    )
    #expect(rendered.hasSuffix("1001 errors generated.\n"))
  }

  @Test("the first 50 diagnostics are shown, then how many more")
  func capped() {
    let source = (0..<60).map { "goal g\($0) { protien >= 1 g }" }.joined(separator: "\n")
    let rendered = render(source)
    #expect(rendered.components(separatedBy: ": error: ").count == 51)
    #expect(rendered.hasSuffix("and 10 more errors not shown\n60 errors generated.\n"))
  }

  @Test("a long line is shown around the caret, between '…'")
  func longLine() {
    let source =
      "goal g { " + String(repeating: "protein >= 1 g; ", count: 20) + "protien >= 1 g; "
      + String(repeating: "fiber >= 1 g; ", count: 20) + "}"
    #expect(
      render(source) == """
        test.plan:1:330: error: unknown nutrient 'protien'
          …>= 1 g; protein >= 1 g; protein >= 1 g; protien >= 1 g; fiber >= 1 g; fiber >= 1 g; fiber >= 1 g; fiber >= 1 g; fiber >=…
                                                   ^~~~~~~
          hint: did you mean 'protein'?
          fix-it: replace 'protien' with 'protein'
        1 error generated.

        """)
  }

  @Test("control characters in a source line are shown as '?', and in a message escaped")
  func controlCharacters() {
    let rendered = render("goal g {\tprotien >= 1 g \u{1B}[2J }")
    #expect(!rendered.contains("\u{1B}"))
    #expect(
      rendered.hasPrefix(
        "test.plan:1:10: error: unknown nutrient 'protien'\n  goal g { protien >= 1 g ?[2J }\n"))
    #expect(rendered.contains("test.plan:1:25: error: unexpected character '\\u{1b}'\n"))
  }

  @Test("a raw control character or bidirectional override in a string is an error at it")
  func controlCharacterInString() {
    #expect(
      render("recipe r \"Oats \u{1B}[2J\" { serves 1; 80 g oats }").hasPrefix(
        """
        test.plan:1:16: error: control character U+001B in a string
          recipe r "Oats ?[2J" { serves 1; 80 g oats }
                         ^
          hint: remove it; write '\\n' for a line break or '\\t' for a tab

        """))
    #expect(
      render("goal g \"a\u{202E}b\" { protein >= 1 g }").hasPrefix(
        "test.plan:1:10: error: control character U+202E in a string\n"))
  }

  @Test("5 MB of unexpected characters is one error per run, no stack overflow, and reading stops at 1,000")
  func unexpectedCharacters() {
    let source = String(repeating: String(repeating: "@", count: 100) + "\n", count: 50_000)
    let rendered = render(source)
    #expect(
      rendered.hasPrefix(
        "test.plan:1:1: error: 100 unexpected characters, starting with '@'\n  "
          + String(repeating: "@", count: 100) + "\n  ^" + String(repeating: "~", count: 99) + "\n"))
    #expect(
      rendered.hasSuffix(
        """
        and 951 more errors not shown
        test.plan:1001:1: error: more than 1000 errors in this file; stopped reading here
          @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@
          ^
          hint: fix the first errors, or check that this is a .plan file
        1001 errors generated.

        """))
  }
}
