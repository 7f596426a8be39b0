import Diagnostics
import Foundation
import HealthRules
import PlanDSL

/// `planner test FILE…`: run the `test` blocks of rule files, like unit tests.
enum TestCommand: Command {
  static let info = CommandInfo(
    name: "test",
    abstract: "Run the test blocks of rule files and report each pass or failure.",
    usage: "planner test <file>… [--junit FILE] [--format text|json]",
    discussion:
      "Prints each test with expected and actual values, then 'N passed, N failed'. Exits 1 on any failure.",
    arguments: [("<file>…", "One or more .plan files with 'rules' and 'test' blocks.")],
    options: [
      .option("junit", value: "FILE", "Also write the results as JUnit XML, for CI systems."),
      OutputFormat.option([.text, .json]),
    ]
  )

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
    let format = try arguments.format([.text, .json])
    guard !arguments.positionals.isEmpty else {
      throw .usage("missing a .plan file for 'planner test'", hint: "planner test Examples/home.plan")
    }
    var results: [RuleTestResult] = []
    // Each failed expectation, rendered where it was written, by result index.
    var located: [Int: String] = [:]
    for path in arguments.positionals {
      let program = try ProgramLoading.load(path, console: console)
      let runner: RuleTestRunner
      do throws(RuleError) {
        runner = try RuleTestRunner(ruleSets: program.ruleSets + [.baseline])
      } catch {
        throw .invalidInput("\(path): \(error)")
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
    if let junit = arguments.value("junit") {
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
