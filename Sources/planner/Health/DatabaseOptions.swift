import Diagnostics
import HealthRules
import PlanDSL

/// The options that say where readings live in a database: `--table`, `--columns`, `--as-of`, `--patients`.
enum DatabaseOptions {
  static let table = OptionSpec.option(
    "table", value: "NAME", "The readings table, optionally schema-qualified (default: readings).")
  static let columns = OptionSpec.option(
    "columns", value: "LIST",
    "Column names and units: patient_id=pid,day=date,weight=wt:kg,sugar=glucose:mmol/L,symptoms=notes.")
  static let patients = OptionSpec.option(
    "patients", value: "A,B", "Only these patients (ids compared as text).")

  /// The table described by `--table` and `--columns`.
  static func table(_ arguments: ParsedArguments) throws(CLIError) -> ReadingsTable {
    var table = ReadingsTable.default
    if let name = arguments.value("table") {
      let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
      guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty }) else {
        throw .usage("'--table' takes a name such as readings or clinic.readings, not '\(name)'", hint: nil)
      }
      if parts.count == 2 {
        table.schema = parts[0]
        table.name = parts[1]
      } else {
        table.name = parts[0]
      }
    }
    guard let list = arguments.value("columns") else { return table }
    for item in list.split(separator: ",") {
      let pair = item.split(separator: "=", maxSplits: 1).map(String.init)
      guard pair.count == 2, !pair[1].isEmpty else {
        throw .usage("'--columns' takes key=column pairs, not '\(item)'", hint: "patient_id=pid,weight=wt:kg")
      }
      var name = pair[1]
      var unit: InputUnit?
      if let colon = name.lastIndex(of: ":") {
        let symbol = String(name[name.index(after: colon)...])
        guard let found = InputUnit(symbol: symbol) else {
          throw .usage(
            "unknown unit '\(symbol)' in '--columns'",
            hint: "units: " + InputUnit.allCases.map(\.rawValue).joined(separator: ", "))
        }
        unit = found
        name = String(name[..<colon])
      }
      try set(pair[0], to: name, unit: unit, in: &table)
    }
    return table
  }

  private static func set(_ key: String, to name: String, unit: InputUnit?, in table: inout ReadingsTable)
    throws(CLIError)
  {
    func column(_ current: ReadingsTable.Column) -> ReadingsTable.Column {
      ReadingsTable.Column(name: name, unit: unit ?? current.unit)
    }
    switch key {
    case "patient_id": table.patientID = name
    case "day": table.day = name
    case "symptoms": table.symptoms = name
    case "weight": table.weight = column(table.weight)
    case "systolic": table.systolic = column(table.systolic)
    case "diastolic": table.diastolic = column(table.diastolic)
    case "sugar": table.sugar = column(table.sugar)
    default:
      let keys = ["patient_id", "day", "weight", "systolic", "diastolic", "sugar", "symptoms"]
      throw .usage(
        "unknown column key '\(key)' in '--columns'",
        hint: closestMatch(to: key, in: keys).map { "did you mean '\($0)'?" } ?? "keys: "
          + keys.joined(separator: ", "))
    }
    if unit != nil, ["patient_id", "day", "symptoms"].contains(key) {
      throw .usage("'\(key)' takes no unit in '--columns'", hint: nil)
    }
  }

  /// `--as-of`, if given.
  static func asOf(_ arguments: ParsedArguments) throws(CLIError) -> Day? {
    guard let text = arguments.value("as-of") else { return nil }
    guard let day = Day(iso: text) else {
      throw .usage("'--as-of' takes a date such as 2026-11-29, not '\(text)'", hint: nil)
    }
    return day
  }

  /// `--patients`, if given.
  static func patients(_ arguments: ParsedArguments) -> [String]? {
    arguments.value("patients").map { $0.split(separator: ",").map(String.init) }
  }

  /// The query for a rule set, or a usage error, or an input error located at the alert.
  static func sql(
    _ ruleSet: RuleSet, table: ReadingsTable, asOf: Day?, patients: [String]?, sources: SourceManager?
  ) throws(CLIError) -> String {
    do throws(SQLError) {
      return try ruleSet.sql(dialect: .postgresql, table: table, asOf: asOf, patients: patients)
    } catch {
      if error.kind == .invalidTable { throw .usage(error.description, hint: nil) }
      throw .invalidInput(SQLErrorLocation.message(for: error, ruleSet: ruleSet, sources: sources))
    }
  }
}
