import Diagnostics
import PlanDSL
import Testing

/// Fix-its in text output: a `fix-it:` line under the caret, as compilers show them.
@Suite("Fix-its are shown in text too")
struct FixItRenderingTests {
  static let source = "goal g {\n  protein >= 90 g\n  fat <= 70 g\n}\n"

  /// A one-file source manager holding ``source`` and a range of it, by UTF-8 offsets.
  static func range(_ start: Int, _ end: Int) -> SourceRange {
    SourceRange(file: 0, start: start, end: end)
  }

  static var sources: SourceManager {
    var sources = SourceManager()
    _ = sources.add(SourceFile(path: "g.plan", text: source))
    return sources
  }

  static func rendered(
    _ fixIts: [Diagnostic.FixIt], at range: SourceRange? = range(11, 18)
  ) -> String {
    let diagnostic = Diagnostic(
      id: "unknown-nutrient", message: "a test message", at: range, hint: "a hint", fixIts: fixIts)
    return DiagnosticRenderer().render(DiagnosticList([diagnostic], sources: sources))
  }

  @Test("a replacement on the diagnostic's line shows the old and the new text")
  func replacement() {
    #expect(
      Self.rendered([.init(replacing: Self.range(11, 18), with: "protein_g")]) == """
        g.plan:2:3: error: a test message
            protein >= 90 g
            ^~~~~~~
          hint: a hint
          fix-it: replace 'protein' with 'protein_g'
        1 error generated.

        """)
  }

  @Test("an insertion, a deletion, and an edit on another line with its line and column")
  func insertDeleteElsewhere() {
    let text = Self.rendered([
      .init(replacing: Self.range(18, 18), with: "!"),
      .init(replacing: Self.range(19, 22), with: ""),
      .init(replacing: Self.range(33, 36), with: "< "),
    ])
    #expect(
      text == """
        g.plan:2:3: error: a test message
            protein >= 90 g
            ^~~~~~~
          hint: a hint
          fix-it: insert '!'
          fix-it: delete '>= '
          fix-it: 3:7: replace '<= ' with '< '
        1 error generated.

        """)
  }

  @Test("a fix-it of a diagnostic without a place names its file")
  func withoutPlace() {
    #expect(
      Self.rendered([.init(replacing: Self.range(11, 18), with: "energy")], at: nil) == """
        planner: error: a test message
          hint: a hint
          fix-it: g.plan:2:3: replace 'protein' with 'energy'
        1 error generated.

        """)
  }

  @Test("'unknown nutrient' from a plan shows its fix-it under the hint")
  func fromAPlan() {
    #expect(
      render("goal g { protien >= 90 g }\n") == """
        test.plan:1:10: error: unknown nutrient 'protien'
          goal g { protien >= 90 g }
                   ^~~~~~~
          hint: did you mean 'protein'?
          fix-it: replace 'protien' with 'protein'
        1 error generated.

        """)
  }
}
