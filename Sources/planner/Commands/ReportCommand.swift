import Foundation
import HealthRules

/// `planner report --journal FILE --format html|markdown`: the week as one page, charts and all.
enum ReportCommand: Command {
  static let info = CommandInfo(
    name: "report",
    abstract:
      "Write the weekly report of a journal: verdict, evidence, a chart per reading (HTML or Markdown).",
    usage:
      "planner report --journal FILE [--rules FILE] [--rule-set NAME] [--as-of DATE] [--plan FILE --plan NAME] [--household NAME] [--format html|markdown] [-o FILE]",
    discussion: """
      The HTML page is self-contained (inline CSS and SVG, no scripts, no network), fits a phone's width and
      prints on A4. It shows the verdict and its evidence, a chart per reading over the rules' window (and over
      30 days when the journal goes back that far) with the rules' limits drawn and the days each alert fired,
      then the alerts of each day and the week's readings. Markdown gives the same content as text tables.
      The verdict is the one 'planner health' gives for the same journal, rules and day.
      """,
    options: [
      .option(
        "journal", short: "j", value: "FILE", "The journal or readings file (.csv, .json, Apple Health .xml)."
      ),
      .option(
        "rules", short: "r", value: "FILE",
        "A .plan file with 'rules' blocks (default: the bundled baseline)."),
      .option("rule-set", value: "NAME", "Which rule set of the file, when it has several."),
      .option(
        "as-of", value: "DATE", "The last day of the report (default: the latest reading), as 2026-11-29."),
      .option("format", short: "f", value: "FORMAT", "Output format: html, markdown (default: html)."),
      .option("output", short: "o", value: "FILE", "Write the report here (default: standard output)."),
      .option(
        "plan", value: "FILE|NAME",
        "Add the week's meals, cost and shopping list: a .plan file, and (given again) which meal plan of it.",
        repeatable: true),
      .option("household", value: "NAME", "Check that the plan is the household's (one part per member)."),
    ]
  )

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
    _ = try arguments.positionals(exactly: [], command: info.name)
    let formats = ["html", "markdown"]
    let format = arguments.value("format") ?? "html"
    guard formats.contains(format) else {
      throw .usage(
        "unknown format '\(format)'; expected one of html, markdown",
        hint: closestMatch(to: format, in: formats).map { "did you mean '\($0)'?" })
    }
    guard let path = arguments.value("journal") else {
      throw .usage(
        "missing '--journal FILE' for 'planner report'", hint: "planner report --journal journal.csv")
    }
    var asOf: Day?
    if let text = arguments.value("as-of") {
      guard let day = Day(iso: text) else {
        throw .usage("'--as-of' takes a date such as 2026-11-29, not '\(text)'", hint: nil)
      }
      asOf = day
    }
    let ruleSet = try HealthCommand.chooseRuleSet(arguments, console: console)
    let readings = try HealthCommand.loadReadings(path, colors: console.errorIsTerminal)
    let compiled: CompiledRuleSet
    do throws(RuleError) {
      compiled = try ruleSet.compiled()
    } catch {
      throw .invalidInput(error.description)
    }
    let report: WeeklyReport
    do throws(WindowError) {
      report = try WeeklyReport(readings: readings, rules: compiled, asOf: asOf)
    } catch {
      throw .invalidInput("\(path): \(error)")
    }
    let source = URL(fileURLWithPath: path).lastPathComponent
    let meals = try ReportPlan.section(arguments, readings: readings, asOf: asOf, console: console)
    let text =
      format == "html"
      ? WeeklyReportHTML(report: report, source: source, meals: meals).render()
      : WeeklyReportMarkdown(report: report, source: source, meals: meals).render()
    guard let output = arguments.value("output"), output != "-" else {
      console.out(text)
      return
    }
    do throws(AtomicFileError) {
      try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: output))
    } catch {
      throw .invalidInput(error.description)
    }
    console.err("wrote \(output) (\(report.verdict.status.rawValue), \(report.charts.count) charts)\n")
  }
}
