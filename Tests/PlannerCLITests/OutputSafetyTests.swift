import Diagnostics
import Foundation
import Testing

@testable import PlannerCommandLine

/// What a readings file or a plan holds reaches a terminal, a Markdown viewer or
/// a spreadsheet as text, never as a control sequence, markup or a formula.
@Suite("Output safety")
struct OutputSafetyTests {
  func temporary(_ name: String, _ text: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-output-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  @Test("a Markdown report shows a symptom's ESC, BEL, CR, HTML and table bars as text")
  func markdownReportEscapes() throws {
    var csv = "date,weight,systolic,diastolic,sugar,symptoms\n"
    for day in 23...28 { csv += "2026-11-\(day),180,120,80,95,\n" }
    csv += "2026-11-29,180,120,80,95,\"tired\u{1B}[31m red\u{7} <script>alert(1)</script>\rHEALTHY | x\"\n"
    let journal = try temporary("week.csv", csv)
    let result = try PlannerProcess.run(["report", "--journal", journal.path, "--format", "markdown"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains(
        "- 2026-11-29: tired\\u{1B}\\[31m red\\u{7} &lt;script>alert(1)&lt;/script>\\rHEALTHY \\| x\n"))
    #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(!result.stdout.contains("<script>"))
  }

  @Test("a food titled as a formula is text in the CSV shopping list")
  func csvFormula() throws {
    let plan = try temporary(
      "week.plan",
      """
      food rice "=HYPERLINK(""x"")" { per 100 g { energy 100 kcal }; price 1 USD per 400 g }
      goal g { energy >= 200 kcal }
      plan p { goal g; foods rice }

      """.replacingOccurrences(of: "\"\"", with: "\\\""))
    let result = try PlannerProcess.run(["solve", plan.path, "--format", "csv"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.split(separator: "\n").dropFirst().first
        == "item,,,,rice,\"'=HYPERLINK(\"\"x\"\")\",400,1,400,400 g,1,1,0,")
  }

  @Test(
    "Markdown escaping: markup, HTML and control characters become text; plain words stay as they are",
    arguments: [
      ("bp_high fired", "bp_high fired"), ("_x_", "\\_x\\_"), ("a * b", "a * b"),
      ("**bold**", "\\*\\*bold\\*\\*"),
      ("<b>&", "&lt;b>&amp;"), ("> quote", "&gt; quote"), ("a > b", "a > b"), ("- item", "\\- item"),
      ("1. first", "1\\. first"), ("1.5 g", "1.5 g"), ("[x](y)", "\\[x\\](y)"),
      ("a|\u{301}b", "a\\|\u{301}b"),
      ("#1", "\\#1"), ("`code`", "\\`code\\`"), ("a\nb\u{1B}", "a\\nb\\u{1B}"),
    ])
  func markdownEscaping(text: String, escaped: String) {
    #expect(text.escapedForMarkdown == escaped)
  }

  @Test("a code span is fenced by more backticks than it holds")
  func codeSpan() {
    #expect("a > b".markdownCodeSpan == "`a > b`")
    #expect("x `y` z".markdownCodeSpan == "``x `y` z``")
    #expect("`y`".markdownCodeSpan == "`` `y` ``")
  }

  @Test("CSV fields: quotes found and doubled per scalar, even where a mark joins them to a neighbour")
  func csvQuotesArePerScalar() {
    #expect(CSVField.encode("2\" jar", inertFormulas: false) == "\"2\"\" jar\"")
    #expect(CSVField.encode("plain", inertFormulas: false) == "plain")
    #expect(CSVField.encode("a\u{600}\"b", inertFormulas: false) == "\"a\u{600}\"\"b\"")
    #expect(CSVField.encode("x\"\u{301}, y", inertFormulas: false) == "\"x\"\"\u{301}, y\"")
    #expect(CSVField.encode("=1+2", inertFormulas: false) == "=1+2")
  }

  @Test(
    "CSV for a spreadsheet: a cell it would evaluate gets a leading quote; numbers stay numbers",
    arguments: [
      ("=HYPERLINK(\"http://x\")", "\"'=HYPERLINK(\"\"http://x\"\")\""), ("+1 cup", "'+1 cup"),
      ("-rice", "'-rice"), ("@sum", "'@sum"), ("\tx", "'\tx"), ("\rx", "\"'\rx\""), ("-1.5", "-1.5"),
      ("+2", "+2"), ("a=b", "a=b"),
    ])
  func csvFormulasAreInert(text: String, field: String) {
    #expect(CSVField.encode(text, inertFormulas: true) == field)
  }
}
