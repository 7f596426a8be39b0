import Diagnostics
import Foundation
import HealthRules
import PlanDSL

/// `planner health READINGS`: am I at risk? The verdict of a rule set over the last seven days.
enum HealthCommand: TypedCommand {
  static let name = "health"
  static let abstract = "Check a week of home readings against health alert rules."
  static let discussion = """
    Readings are a CSV file (columns date, weight, systolic, diastolic, sugar, symptoms; a unit may follow
    a column name: "weight (kg)", "sugar (mmol/L)"), a JSON file, or an Apple Health export.xml.
    Without --rules the bundled baseline rules are used. Exits 0 when healthy, 1 when an alert is
    raised, and 2 when there is not enough data to decide. With --database, every patient of a
    PostgreSQL readings table is checked instead of a file: exit 65 when any patient's readings are
    bad, else 1 when any has an alert, else 2 when any has not enough data, else 0.
    """

  struct Options: CommandOptions {
    var readings: String?
    var rules: String?
    var ruleSet: String?
    var asOf: Day?
    var parameters: [String] = []
    var format = OutputFormat.text
    var notify: String?
    var notifyURL: String?
    var outbox: String?
    var patient: String?
    var escalate: String?
    var escalateURL: String?
    var escalateAfter: Interval?
    var database: String?
    var patients: PatientList?
    var table: TableName?
    var columns: ColumnList?
    var explain = false
    var units: UnitSystem?

    static var declarations: [OptionDeclaration<Options>] {
      [
        .optionalArgument(
          "readings", \.readings, "A .csv, .json or Apple Health .xml file (not with --database)."),
        .option(
          "rules", short: "r", \.rules, value: "FILE",
          "A .plan file with 'rules' blocks (default: the bundled baseline)."),
        .option("rule-set", \.ruleSet, value: "NAME", "Which rule set of the file, when it has several."),
        .option(
          "as-of", \.asOf, value: "DATE",
          "The last day of the window, as 2026-11-29 or today (default: the latest reading; today with --notify)."
        ),
        .option("param", \.parameters, value: "NAME=VALUE", RuleParameters.help),
        .format(\.format, [.text, .json, .csv]),
        .option(
          "notify", \.notify, value: "COMMAND",
          "When an alert fires, run COMMAND (with /bin/sh -c) with the alert JSON on its standard input."),
        .option(
          "notify-url", \.notifyURL, value: "URL",
          "When an alert fires, POST the alert JSON to URL (timeout, retries)."),
        .option(
          "outbox", \.outbox, value: "FILE",
          "Where alerts wait to be delivered and are remembered once they are (default: <readings>.outbox.json)."
        ),
        .option(
          "patient", \.patient, value: "ID", "The patient's id in alerts (default: the readings file's name)."
        ),
        .option(
          "escalate", \.escalate, value: "COMMAND",
          "Run COMMAND with an urgent alert that nobody acknowledged within --escalate-after."),
        .option(
          "escalate-url", \.escalateURL, value: "URL",
          "POST an urgent alert that nobody acknowledged within --escalate-after to URL."),
        .option(
          "escalate-after", \.escalateAfter, value: "TIME",
          "How long an urgent alert may go unacknowledged after delivery: 90s, 30m, 2h (default: 1h)."),
        .option(
          "database", \.database, value: "URL",
          "Evaluate every patient of a PostgreSQL readings table (postgresql://user@host/db); the password comes from PGPASSWORD or ~/.pgpass."
        ),
        .option("patients", \.patients, value: "A,B", DatabaseOptions.patientsHelp),
        .option("table", \.table, value: "NAME", DatabaseOptions.tableHelp),
        .option("columns", \.columns, value: "LIST", DatabaseOptions.columnsHelp),
        .flag("explain", \.explain, "With --database: print the SQL query instead of running it."),
        .option("units", \.units, value: "metric|us", UnitSystem.help),
      ]
    }

    /// Whether the readings come from a database (`--database` or `--explain`).
    var usesDatabase: Bool { database != nil || explain }

    mutating func validate() throws(CLIError) {
      if usesDatabase {
        if let readings {
          throw .usage(
            "unexpected argument '\(readings.escapedForTerminal)' for 'planner health --database'",
            hint: "with --database the readings come from the table; leave out the file")
        }
        for (name, given) in [
          ("outbox", outbox != nil), ("patient", patient != nil), ("param", !parameters.isEmpty),
          ("units", units != nil),
        ] where given {
          throw .usage(
            "'--\(name)' does not go with '--database'",
            hint: name == "outbox" ? "with --database the alerts are kept in the table planner_alerts" : nil)
        }
        if explain, notify != nil || notifyURL != nil {
          throw .usage("'--explain' prints the query and notifies no one; leave out '--notify'", hint: nil)
        }
        return
      }
      guard readings != nil else {
        throw .usage(
          "missing a readings file for 'planner health'", hint: "see 'planner health --help'")
      }
      if format == .csv {
        throw .usage("'--format csv' goes with '--database URL'", hint: "use text or json for a file")
      }
      for (name, given) in [
        ("patients", patients != nil), ("table", table != nil), ("columns", columns != nil),
      ] where given {
        throw .usage("'--\(name)' goes with '--database URL'", hint: nil)
      }
      if notify == nil, notifyURL == nil {
        for (name, given) in [
          ("outbox", outbox != nil), ("patient", patient != nil), ("escalate", escalate != nil),
          ("escalate-url", escalateURL != nil), ("escalate-after", escalateAfter != nil),
        ] where given {
          throw .usage("'--\(name)' needs '--notify' or '--notify-url'", hint: nil)
        }
      }
    }
  }

  static func run(_ options: Options, console: Console) throws(CLIError) {
    if options.usesDatabase { return try DatabaseHealth.run(options, console: console) }
    guard let path = options.readings else { throw .internalError("health ran without its readings") }
    let notifier = try AlertNotifier.from(
      command: options.notify, url: options.notifyURL, outbox: options.outbox, readingsPath: path,
      escalate: options.escalate, escalateURL: options.escalateURL, escalateAfter: options.escalateAfter)
    let ruleSet = try chooseRuleSet(file: options.rules, name: options.ruleSet, console: console)
    // A notifying run looks at the calendar day, so that a patient who stopped measuring is not
    // judged by their last reading.
    let asOf = options.asOf ?? (notifier != nil ? LocalCalendar.today() : nil)
    // Only the rule window's days are kept while every row is checked: memory does not
    // grow with the file.
    let retention = ReadingsRetention.window(length: ruleSet.windowLength, asOf: asOf)
    let readings = try loadReadings(path, retention: retention, colors: console.errorIsTerminal)
    let compiled: CompiledRuleSet
    do throws(RuleError) {
      compiled = try ruleSet.compiled()
    } catch {
      throw CLIError(error)
    }
    var window: Window
    do throws(WindowError) {
      window = try compiled.window(for: readings, asOf: asOf)
    } catch {
      throw CLIError(error, path: path)
    }
    try RuleParameters.apply(options.parameters, ruleSet: ruleSet, to: &window)
    if let units = options.units { window.show(in: units) }
    let verdict = compiled.evaluate(window)
    if options.format == .json {
      console.out(try JSONText.encode(verdict))
    } else {
      console.out(
        renderHealthReport(
          verdict, window: window, ruleSetName: ruleSet.name, ansiColor: console.outputIsTerminal))
    }
    if let notifier {
      let patient = options.patient ?? path
      let notices =
        verdict.status == .alert
        ? [AlertNotice(verdict, patient: patient, ruleSet: ruleSet)] : []
      try notifier.run(notices, console: console)
    }
    switch verdict.status {
    case .healthy: return
    case .alert: throw .negativeResult
    case .notEnoughData: throw .notEnoughData
    }
  }

  /// The rule set `--rules FILE` and `--rule-set NAME` choose: the bundled baseline without a file,
  /// the file's only rule set, or the one named.
  ///
  /// - Throws: ``CLIError/usage(_:hint:)`` for a name the file does not have, or a file with several
  ///   rule sets and no name; ``CLIError/invalidInput(_:)`` for a file with mistakes or no rule set.
  static func chooseRuleSet(file: String?, name: String?, console: Console) throws(CLIError) -> RuleSet {
    guard let file else {
      if let name, name != RuleSet.baseline.id {
        throw .usage("'--rule-set \(name.escapedForTerminal)' needs '--rules FILE'", hint: nil)
      }
      return .baseline
    }
    return try RulesSQL.pick(name, from: try ProgramLoading.load(file, console: console), file: file)
  }

  /// Readings from a file, with its problems rendered by the one diagnostics renderer.
  ///
  /// - Parameter retention: Which valid readings to keep; every row is checked either way.
  static func loadReadings(
    _ path: String, retention: ReadingsRetention = .all, colors: Bool = false
  ) throws(CLIError) -> [Reading] {
    do throws(ReadingsError) {
      return try ReadingsFile.load(from: URL(fileURLWithPath: path), retention: retention)
    } catch {
      throw CLIError(error, path: path, colors: colors)
    }
  }
}

extension AlertNotice {
  /// The notice for a verdict of `planner health FILE`: its payload carries the whole verdict.
  init(_ verdict: Verdict, patient: String, ruleSet: RuleSet) {
    let severity = verdict.severity?.rawValue ?? "warning"
    let day = "\(verdict.today)"
    self.init(
      patient: patient, ruleSet: ruleSet.id, day: day, severity: severity, alerts: verdict.alerts,
      payload: { id throws(CLIError) in
        try JSONText.encode(
          AlertPayload(
            alertID: id, patientID: patient, ruleSet: ruleSet, day: day, severity: severity,
            alerts: verdict.alerts, messages: verdict.messages, verdict: verdict))
      })
  }
}
