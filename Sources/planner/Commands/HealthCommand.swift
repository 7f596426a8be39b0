import Diagnostics
import Foundation
import HealthRules
import PlanDSL

/// `planner health READINGS`: am I at risk? The verdict of a rule set over the last seven days.
enum HealthCommand: Command {
  static let info = CommandInfo(
    name: "health",
    abstract: "Check a week of home readings against health alert rules.",
    usage: """
      planner health <readings> [--rules FILE] [--rule-set NAME] [--as-of DATE] [--param NAME=VALUE] [--format text|json]
             planner health --database URL [--rules FILE] [--as-of DATE] [--patients A,B] [--format text|json|csv] [--explain]
      """,
    discussion: """
      Readings are a CSV file (columns date, weight, systolic, diastolic, sugar, symptoms; a unit may follow
      a column name: "weight (kg)", "sugar (mmol/L)"), a JSON file, or an Apple Health export.xml.
      Without --rules the bundled baseline rules are used. Exits 0 when healthy, 1 when an alert is
      raised, and 2 when there is not enough data to decide.
      """,
    arguments: [("<readings>", "A .csv, .json or Apple Health .xml file.")],
    options: [
      .option(
        "rules", short: "r", value: "FILE",
        "A .plan file with 'rules' blocks (default: the bundled baseline)."),
      .option("rule-set", value: "NAME", "Which rule set of the file, when it has several."),
      .option(
        "as-of", value: "DATE", "The last day of the window (default: the latest reading), as 2026-11-29."),
      .option("param", value: "NAME=VALUE", RuleParameters.help, repeatable: true),
      OutputFormat.option([.text, .json]),
      .option(
        "notify", value: "COMMAND",
        "When an alert fires, run COMMAND (with /bin/sh -c) with the verdict JSON on its standard input."),
      .option(
        "notify-url", value: "URL", "When an alert fires, POST the verdict JSON to URL (timeout, retries)."),
      .option(
        "outbox", value: "FILE",
        "Where alerts that could not be delivered wait for the next run (default: <readings>.outbox.json)."),
    ] + DatabaseHealth.options
  )

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
    if DatabaseHealth.isRequested(arguments) { return try DatabaseHealth.run(arguments, console: console) }
    let format = try arguments.format([.text, .json])
    let path = try arguments.positionals(exactly: ["a readings file"], command: info.name)[0]
    let notifier = try AlertNotifier.from(arguments, readingsPath: path)
    var asOf: Day?
    if let text = arguments.value("as-of") {
      guard let day = Day(iso: text) else {
        throw .usage("'--as-of' takes a date such as 2026-11-29, not '\(text)'", hint: nil)
      }
      asOf = day
    }
    let ruleSet = try chooseRuleSet(arguments, console: console)
    let readings = try loadReadings(path, colors: console.errorIsTerminal)
    let compiled: CompiledRuleSet
    do throws(RuleError) {
      compiled = try ruleSet.compiled()
    } catch {
      throw .invalidInput(error.description)
    }
    var window: Window
    do throws(WindowError) {
      window = try compiled.window(for: readings, asOf: asOf)
    } catch {
      throw .invalidInput("\(path): \(error)")
    }
    try RuleParameters.apply(arguments.all("param"), ruleSet: ruleSet, to: &window)
    let verdict = compiled.evaluate(window)
    if format == .json {
      console.out(try JSONText.encode(verdict))
    } else {
      console.out(
        renderHealthReport(
          verdict, window: window, ruleSetName: ruleSet.name, ansiColor: console.outputIsTerminal))
    }
    if let notifier {
      try notifier.run(verdict, payload: try JSONText.encode(verdict), console: console)
    }
    switch verdict.status {
    case .healthy: return
    case .alert: throw .negativeResult
    case .notEnoughData: throw .notEnoughData
    }
  }

  static func chooseRuleSet(_ arguments: ParsedArguments, console: Console) throws(CLIError) -> RuleSet {
    guard let file = arguments.value("rules") else {
      if let name = arguments.value("rule-set"), name != RuleSet.baseline.id {
        throw .usage("'--rule-set \(name)' needs '--rules FILE'", hint: nil)
      }
      return .baseline
    }
    let program = try ProgramLoading.load(file, console: console)
    let sets = program.ruleSets
    if let name = arguments.value("rule-set") {
      guard let found = sets.first(where: { $0.id == name }) ?? (name == "baseline" ? .baseline : nil) else {
        throw .usage(
          "no rule set named '\(name)' in \(file)",
          hint: closestMatch(to: name, in: sets.map(\.id)).map { "did you mean '\($0)'?" })
      }
      return found
    }
    guard sets.count == 1 else {
      if sets.isEmpty { throw .invalidInput("\(file) declares no 'rules' block") }
      throw .usage(
        "\(file) has several rule sets; choose one with '--rule-set'",
        hint: "rule sets: " + sets.map(\.id).joined(separator: ", "))
    }
    return sets[0]
  }

  /// Readings from a file, with its problems rendered by the one diagnostics renderer.
  static func loadReadings(_ path: String, colors: Bool = false) throws(CLIError) -> [Reading] {
    do throws(ReadingsError) {
      return try ReadingsFile.load(from: URL(fileURLWithPath: path))
    } catch {
      throw CLIError(error, path: path, colors: colors)
    }
  }
}
