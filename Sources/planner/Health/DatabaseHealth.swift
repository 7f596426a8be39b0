import Diagnostics
import HealthDatabase
import HealthRules
import PlanDSL

/// `planner health --database URL`: the verdicts of every patient in a readings table, computed in PostgreSQL.
enum DatabaseHealth {
  /// The options `planner health` gains for databases.
  static let options: [OptionSpec] = [
    .option(
      "database", value: "URL",
      "Evaluate every patient of a PostgreSQL readings table (postgresql://user@host/db); the password comes from PGPASSWORD or ~/.pgpass."
    ),
    DatabaseOptions.patients, DatabaseOptions.table, DatabaseOptions.columns,
    .flag("explain", "With --database: print the SQL query instead of running it."),
  ]

  /// Whether the arguments ask for the database path.
  static func isRequested(_ arguments: ParsedArguments) -> Bool {
    arguments.value("database") != nil || arguments.flag("explain")
  }

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
    let format = try arguments.format([.text, .json, .csv])
    _ = try arguments.positionals(exactly: [], command: "health")
    let ruleSet: RuleSet
    var sources: SourceManager?
    if let file = arguments.value("rules") {
      (ruleSet, sources) = try RulesCommand.loadRuleSet(
        file, name: arguments.value("rule-set"), console: console)
    } else {
      ruleSet = try HealthCommand.chooseRuleSet(arguments, console: console)
    }
    let table = try DatabaseOptions.table(arguments)
    let asOf = try DatabaseOptions.asOf(arguments)
    let patients = DatabaseOptions.patients(arguments)
    if arguments.flag("explain") {
      console.out(
        try DatabaseOptions.sql(ruleSet, table: table, asOf: asOf, patients: patients, sources: sources))
      return
    }
    guard let url = arguments.value("database") else {
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
    switch format {
    case .json: console.out(try JSONText.encode(verdicts))
    case .csv: console.out(csv(verdicts))
    default: console.out(text(verdicts))
    }
    if verdicts.contains(where: { $0.status == .alert }) { throw .negativeResult }
  }

  static func csv(_ verdicts: [PatientVerdict]) -> String {
    func field(_ text: String) -> String {
      text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
        ? "\"" + text.replacingOccurrencesOfQuote() + "\"" : text
    }
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
      var line = "\(verdict.patientID)  \(verdict.today)  "
      if let error = verdict.error {
        line += "error: \(error)"
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
      + "\(verdicts.count) patients: \(summary)\n"
  }
}

extension String {
  fileprivate func replacingOccurrencesOfQuote() -> String {
    var result = ""
    for character in self {
      if character == "\"" { result += "\"\"" } else { result.append(character) }
    }
    return result
  }
}
