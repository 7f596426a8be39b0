import Foundation
import HealthRules

/// `planner report --journal FILE --format html|markdown`: the week as one page, charts and all.
enum ReportCommand: TypedCommand {
  static let name = "report"
  static let abstract =
    "Write the weekly report of a journal: verdict, evidence, a chart per reading (HTML or Markdown)."
  static let discussion = """
    The HTML page is self-contained (inline CSS and SVG, no scripts, no network), fits a phone's width and
    prints on A4. It shows the verdict and its evidence, a chart per reading over the rules' window (and over
    30 days when the journal goes back that far) with the rules' limits drawn and the days each alert fired,
    then the alerts of each day and the week's readings. Markdown gives the same content as text tables.
    The verdict is the one 'planner health' gives for the same journal, rules and day.
    """

  /// What the report is written as.
  enum Format: String, CaseIterable, ArgumentValue {
    case html, markdown

    static func read(_ text: String, for name: String) throws(CLIError) -> Format {
      guard let format = Format(rawValue: text) else {
        let names = allCases.map(\.rawValue)
        throw .usage(
          "unknown format '\(text.escapedForTerminal)'; expected one of \(names.joined(separator: ", "))",
          hint: closestMatch(to: text, in: names).map { "did you mean '\($0)'?" })
      }
      return format
    }
  }

  struct Options: CommandOptions {
    var journal: String?
    var rules: String?
    var ruleSet: String?
    var asOf: Day?
    var format = Format.html
    var output: String?
    var parameters: [String] = []
    var plans: [String] = []
    var household: String?
    var units: UnitSystem?

    static var declarations: [OptionDeclaration<Options>] {
      [
        .option(
          "journal", short: "j", \.journal, value: "FILE", required: true,
          "The journal or readings file (.csv, .json, Apple Health .xml)."),
        .option(
          "rules", short: "r", \.rules, value: "FILE",
          "A .plan file with 'rules' blocks (default: the bundled baseline)."),
        .option("rule-set", \.ruleSet, value: "NAME", "Which rule set of the file, when it has several."),
        .option(
          "as-of", \.asOf, value: "DATE",
          "The last day of the report (default: the latest reading), as 2026-11-29."),
        .option("param", \.parameters, value: "NAME=VALUE", RuleParameters.help),
        .option(
          "format", short: "f", \.format, value: "FORMAT", "Output format: html, markdown (default: html)."),
        .option(
          "output", short: "o", \.output, value: "FILE", "Write the report here (default: standard output)."),
        .option(
          "plan", \.plans, value: "FILE|NAME",
          "Add the week's meals, cost and shopping list: a .plan file, and (given again) which meal plan of it."
        ),
        .option(
          "household", \.household, value: "NAME",
          "Check that the plan is the household's (one part per member)."),
        .option("units", \.units, value: "metric|us", UnitSystem.help),
      ]
    }
  }

  static func run(_ options: Options, console: Console) throws(CLIError) {
    guard let path = options.journal else { throw .internalError("report ran without its journal") }
    if let output = options.output, output != "-" { try OutputFile.checkTarget(output, option: "output") }
    let asOf = options.asOf
    let ruleSet = try HealthCommand.chooseRuleSet(
      file: options.rules, name: options.ruleSet, console: console)
    let readings = try HealthCommand.loadReadings(path, colors: console.errorIsTerminal)
    let compiled: CompiledRuleSet
    do throws(RuleError) {
      compiled = try ruleSet.compiled()
    } catch {
      throw CLIError(error)
    }
    let parameters = try RuleParameters.values(options.parameters, ruleSet: ruleSet)
    let report: WeeklyReport
    do throws(WindowError) {
      report = try WeeklyReport(
        readings: readings, rules: compiled, asOf: asOf, parameters: parameters, units: options.units)
    } catch {
      throw CLIError(error, path: path)
    }
    let source = URL(fileURLWithPath: path).lastPathComponent
    let meals = try ReportPlan.section(
      plans: options.plans, household: options.household, readings: readings, asOf: asOf, console: console)
    let text =
      options.format == .html
      ? WeeklyReportHTML(report: report, source: source, meals: meals).render()
      : WeeklyReportMarkdown(report: report, source: source, meals: meals).render()
    guard let output = options.output, output != "-" else {
      console.out(text)
      return
    }
    // A new report is private (0600, the default), as the journal it comes from.
    do throws(AtomicFileError) {
      try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: output))
    } catch {
      throw CLIError(error, option: "output")
    }
    console.err("wrote \(output) (\(report.verdict.status.rawValue), \(report.charts.count) charts)\n")
  }
}
