import Diagnostics
import HealthDatabase
import HealthRules
import PlanDSL

/// `planner health --database URL`: the verdicts of every patient in a readings table, computed in PostgreSQL.
enum DatabaseHealth {
  /// Runs `planner health --database URL` (or `--explain`) with checked options.
  static func run(_ options: HealthCommand.Options, console: Console) throws(CLIError) {
    let ruleSet: RuleSet
    var sources: SourceManager?
    if let file = options.rules {
      (ruleSet, sources) = try RulesSQL.loadRuleSet(file, name: options.ruleSet, console: console)
    } else {
      ruleSet = try HealthCommand.chooseRuleSet(file: nil, name: options.ruleSet, console: console)
    }
    let table = DatabaseOptions.table(options.table, columns: options.columns)
    var notifier = try AlertNotifier.from(
      command: options.notify, url: options.notifyURL, outbox: nil, readingsPath: nil,
      escalate: options.escalate, escalateURL: options.escalateURL, escalateAfter: options.escalateAfter)
    // A notifying run looks at the calendar day: a patient who stopped measuring is not judged
    // by their last reading.
    let asOf = options.asOf ?? (notifier != nil ? LocalCalendar.today() : nil)
    let patients = options.patients?.ids
    if options.explain {
      console.out(
        try DatabaseOptions.sql(ruleSet, table: table, asOf: asOf, patients: patients, sources: sources))
      return
    }
    guard let url = options.database else {
      throw .usage("'--explain' goes with '--database URL'", hint: nil)
    }
    // Compile first: a rule that SQL cannot express is reported before connecting.
    _ = try DatabaseOptions.sql(ruleSet, table: table, asOf: asOf, patients: patients, sources: sources)
    let verdicts: [PatientVerdict]
    let connection: PostgresConnection
    do throws(DatabaseError) {
      connection = try PostgresConnection(url: url)
      verdicts = try DatabaseVerdicts(ruleSet: ruleSet, table: table).run(
        on: connection, asOf: asOf, patients: patients)
    } catch {
      switch error {
      case .unexpectedResult: throw .internalError(error.description)
      default: throw .invalidInput(error.description)
      }
    }
    switch options.format {
    case .json: console.out(try JSONText.encode(verdicts))
    case .csv: console.out(csv(verdicts))
    default: console.out(text(verdicts))
    }
    if notifier != nil {
      notifier?.table = OutboxTable(connection: connection, name: OutboxTable.defaultName)
      notifier?.namesPatients = true
      let runner = DatabaseVerdicts(ruleSet: ruleSet, table: table)
      let compiled = try? ruleSet.compiled()
      let notices = verdicts.filter { $0.status == .alert }.map { row in
        AlertNotice(
          row, ruleSet: ruleSet,
          explained: explain(
            row, ruleSet: ruleSet, compiled: compiled, runner: runner, connection: connection))
      }
      try notifier?.run(notices, console: console)
    }
    try exitStatus(verdicts)
  }

  /// The Swift engine's verdict for a patient's row, with its evidence, from the patient's readings
  /// read back from the table; `nil` when the rules read per-patient parameters, the readings
  /// cannot be read back exactly, or the engine does not give the same alerts.
  static func explain(
    _ row: PatientVerdict, ruleSet: RuleSet, compiled: CompiledRuleSet?, runner: DatabaseVerdicts,
    connection: PostgresConnection
  ) -> Verdict? {
    guard ruleSet.parameters.isEmpty, let compiled,
      let readings = try? runner.readings(of: row.patientID, through: row.today, on: connection),
      let window = try? compiled.window(for: readings, asOf: row.today)
    else { return nil }
    let verdict = compiled.evaluate(window)
    return verdict.alerts == row.alerts && verdict.status == row.status ? verdict : nil
  }

  /// The exit status that tells a scheduler the truth about every patient, in this precedence:
  /// 65 when any patient's readings are bad (two rows for a day), else 1 when any patient has an
  /// alert, else 2 when any patient has not enough data, else 0 (every patient healthy, or none).
  /// Bad data comes first because in a clinic some patient nearly always has an alert: were 1
  /// first, a patient whose readings cannot be judged would never show in the status.
  static func exitStatus(_ verdicts: [PatientVerdict]) throws(CLIError) {
    if verdicts.contains(where: { $0.error != nil }) { throw .badData }
    if verdicts.contains(where: { $0.status == .alert }) { throw .negativeResult }
    if verdicts.contains(where: { $0.status == .notEnoughData }) { throw .notEnoughData }
  }

  static func csv(_ verdicts: [PatientVerdict]) -> String {
    func field(_ text: String) -> String { CSVField.encode(text, inertFormulas: true) }
    var lines = ["patient_id,today,verdict,alerts,unknown,missing,error,severity,notes"]
    for verdict in verdicts {
      lines.append(
        [
          verdict.patientID, "\(verdict.today)", verdict.status?.rawValue ?? "",
          verdict.alerts.joined(separator: ";"),
          verdict.unknown.joined(separator: ";"), verdict.missing.map(\.description).joined(separator: "; "),
          verdict.error ?? "", verdict.severity?.rawValue ?? "", verdict.notes.joined(separator: ";"),
        ].map(field).joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func text(_ verdicts: [PatientVerdict]) -> String {
    var rows: [String] = []
    for verdict in verdicts {
      var line = "\(verdict.patientID.escapedForTerminal)  \(verdict.today)  "
      if let error = verdict.error {
        line += "error: \(error.escapedForTerminal)"
      } else {
        line += verdict.status?.rawValue ?? "?"
        if verdict.status == .alert, let severity = verdict.severity { line += " (\(severity.rawValue))" }
        if !verdict.alerts.isEmpty { line += ": " + verdict.alerts.joined(separator: ", ") }
        if !verdict.notes.isEmpty { line += "; notes " + verdict.notes.joined(separator: ", ") }
        if !verdict.missing.isEmpty {
          line += "; missing " + verdict.missing.map(\.description).joined(separator: "; ")
        }
      }
      rows.append(line)
    }
    let counts = Dictionary(grouping: verdicts, by: { $0.status?.rawValue ?? "error" }).mapValues(\.count)
    let summary = counts.keys.sorted().map { "\(counts[$0] ?? 0) \($0)" }.joined(separator: ", ")
    return rows.joined(separator: "\n") + (rows.isEmpty ? "" : "\n")
      + "\(verdicts.count) patients" + (summary.isEmpty ? "" : ": \(summary)") + "\n"
  }
}

extension AlertNotice {
  /// The notice for one patient's row of `planner health --database`: its payload carries the
  /// Swift engine's verdict with its evidence when `explained` is given (the patient's readings
  /// read back from the table gave the same alerts), else the row (alerts, unknown, missing) and
  /// the fired alerts' messages as the rules write them.
  init(_ verdict: PatientVerdict, ruleSet: RuleSet, explained: Verdict? = nil) {
    let severity = verdict.severity?.rawValue ?? "warning"
    let day = "\(verdict.today)"
    let messages = explained?.messages ?? verdict.alerts.map { ruleSet.alert(withID: $0)?.message ?? $0 }
    self.init(
      patient: verdict.patientID, ruleSet: ruleSet.id, day: day, severity: severity, alerts: verdict.alerts,
      payload: { id throws(CLIError) in
        if let explained {
          return try JSONText.encode(
            AlertPayload(
              alertID: id, patientID: verdict.patientID, ruleSet: ruleSet, day: day, severity: severity,
              alerts: verdict.alerts, messages: messages, verdict: explained))
        }
        return try JSONText.encode(
          AlertPayload(
            alertID: id, patientID: verdict.patientID, ruleSet: ruleSet, day: day, severity: severity,
            alerts: verdict.alerts, messages: messages, verdict: verdict))
      })
  }
}
