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
    let asOf = options.asOf
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
    do throws(DatabaseError) {
      let connection = try PostgresConnection(url: url)
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
    if verdicts.contains(where: { $0.status == .alert }) { throw .negativeResult }
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
