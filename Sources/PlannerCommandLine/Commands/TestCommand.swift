import Diagnostics
import Foundation
import HealthRules
import PlanDSL

/// `planner test FILE…`: run the `test` blocks of rule files, like unit tests.
enum TestCommand: TypedCommand {
  static let name = "test"
  static let abstract = "Run the test blocks of rule files and report each pass or failure."
  static let discussion = """
    Prints each test with expected and actual values, and each failed 'expect' at its line with a
    caret, then 'N passed, N failed'. Exits 1 on any failure.
    """

  struct Options: CommandOptions {
    var files: [String] = []
    var junit: String?
    var format = OutputFormat.text

    static var declarations: [OptionDeclaration<Options>] {
      [
        .arguments(
          "file", \.files, missing: "a .plan file", "One or more .plan files with 'rules' and 'test' blocks."),
        .option("junit", \.junit, value: "FILE", "Also write the results as JUnit XML, for CI systems."),
        .format(\.format, [.text, .json]),
      ]
    }
  }

  static func run(_ options: Options, console: Console) throws(CLIError) {
    let format = options.format
    var results: [RuleTestResult] = []
    // Each failed expectation, rendered where it was written, by result index.
    var located: [Int: String] = [:]
    for path in options.files {
      let program = try ProgramLoading.load(path, console: console)
      let runner: RuleTestRunner
      do throws(RuleError) {
        runner = try RuleTestRunner(ruleSets: program.ruleSets + [.baseline])
      } catch {
        throw CLIError(error, path: path)
      }
      if program.ruleTests.isEmpty { console.err("\(path): warning: no 'test' blocks\n") }
      for (index, result) in runner.run(program.ruleTests).results.enumerated() {
        let failed = program.failedExpectations(result, ofTest: index)
        if !failed.isEmpty {
          located[results.count] = DiagnosticRenderer(colors: console.outputIsTerminal).render(
            DiagnosticList(failed, sources: program.sources)
          ).split(separator: "\n").filter { !$0.hasSuffix(" generated.") }.map { "      \($0)\n" }.joined()
        }
        results.append(result)
      }
    }
    let report = RuleTestReport(results: results)
    if let junit = options.junit {
      try OutputFile.write(Data(JUnitReport.xml(for: report).utf8), to: junit, option: "junit")
    }
    if format == .json {
      console.out(try JSONText.encode(report))
    } else {
      console.out(
        RuleTestReportText(report: report, located: located, colors: console.outputIsTerminal).render())
    }
    if !report.allPassed { throw .negativeResult }
  }
}

/// Test results for a terminal: one line a test, details of failures, the summary line.
struct RuleTestReportText {
  var report: RuleTestReport
  /// The failed expectations of a result, rendered at their `expect` lines, by result index.
  var located: [Int: String] = [:]
  var colors: Bool

  func render() -> String {
    var out = ""
    for (index, result) in report.results.enumerated() {
      let mark = result.passed ? paint("PASS", "\u{1B}[32m") : paint("FAIL", "\u{1B}[31m")
      let name = result.name.escapedForTerminal
      out += "\(mark)  \(name)" + (result.source.map { "  (\($0.escapedForTerminal))" } ?? "") + "\n"
      if let error = result.error { out += "      error: \("\(error)".escapedForTerminal)\n" }
      for failure in result.failures {
        out += "      expected \(failure.expected.escapedForTerminal)\n"
        out += "      actual   \(failure.actual.escapedForTerminal)\n"
        for value in failure.values { out += "        \(value.display.escapedForTerminal)\n" }
      }
      if let text = located[index] { out += text }
    }
    out += report.summary + "\n"
    return out
  }

  func paint(_ text: String, _ code: String) -> String { colors ? code + text + "\u{1B}[0m" : text }
}
