import Diagnostics
import HealthRules
import PlanDSL

/// The options that say where readings live in a database: `--table`, `--columns`, `--as-of`, `--patients`.
enum DatabaseOptions {
  static let tableHelp = "The readings table, optionally schema-qualified (default: readings)."
  static let columnsHelp =
    "Column names and units: patient_id=pid,day=date,time=taken_at,context=ctx,weight=wt:kg,sugar=glucose:mmol/L,symptoms=notes."
  static let patientsHelp = "Only these patients (ids compared as text)."

  /// The table described by `--table` and `--columns`: the default one with what they change.
  static func table(_ name: TableName?, columns: ColumnList?) -> ReadingsTable {
    var table = ReadingsTable.default
    if let name {
      table.schema = name.schema
      table.name = name.name
    }
    for entry in columns?.entries ?? [] {
      func column(_ current: ReadingsTable.Column) -> ReadingsTable.Column {
        ReadingsTable.Column(name: entry.column, unit: entry.unit ?? current.unit)
      }
      switch entry.key {
      case "patient_id": table.patientID = entry.column
      case "day": table.day = entry.column
      case "symptoms": table.symptoms = entry.column
      case "time": table.time = entry.column
      case "context": table.context = entry.column
      case "heart_rate": table.heartRate = column(table.heartRate)
      case "spo2": table.spo2 = column(table.spo2)
      case "temperature": table.temperature = column(table.temperature)
      case "weight": table.weight = column(table.weight)
      case "systolic": table.systolic = column(table.systolic)
      case "diastolic": table.diastolic = column(table.diastolic)
      default: table.sugar = column(table.sugar)
      }
    }
    return table
  }

  /// The query for a rule set to print, with `asOf` and `patients` as literals quoted per
  /// Unicode scalar; or a usage error, or an input error located at the alert.
  static func sql(
    _ ruleSet: RuleSet, table: ReadingsTable, asOf: Day?, patients: [String]?, sources: SourceManager?
  ) throws(CLIError) -> String {
    do throws(SQLError) {
      return try ruleSet.sql(dialect: .postgresql, table: table, asOf: asOf, patients: patients)
    } catch {
      if error.kind == .invalidTable { throw .usage(error.description, hint: nil) }
      if error.kind == .invalidValue { throw .invalidInput(error.description) }
      throw .invalidInput(SQLErrorLocation.message(for: error, ruleSet: ruleSet, sources: sources))
    }
  }
}

/// `--table NAME`: a table name, optionally schema-qualified (`clinic.readings`).
struct TableName: ArgumentValue, Equatable {
  var schema: String?
  var name: String

  static func read(_ text: String, for name: String) throws(CLIError) -> TableName {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty }) else {
      throw .usage(
        "'\(name)' takes a name such as readings or clinic.readings, not '\(text.escapedForTerminal)'",
        hint: nil)
    }
    return parts.count == 2 ? TableName(schema: parts[0], name: parts[1]) : TableName(name: parts[0])
  }
}

/// `--columns LIST`: which column holds each reading, and in which unit (`weight=wt:kg,day=date`).
struct ColumnList: ArgumentValue, Equatable {
  /// One `key=column[:unit]` pair.
  struct Entry: Equatable {
    var key: String
    var column: String
    var unit: InputUnit?
  }

  /// The keys a pair may name.
  static let keys = [
    "patient_id", "day", "time", "context", "weight", "systolic", "diastolic", "sugar", "heart_rate", "spo2",
    "temperature", "symptoms",
  ]

  var entries: [Entry]

  static func read(_ text: String, for name: String) throws(CLIError) -> ColumnList {
    var entries: [Entry] = []
    for item in text.split(separator: ",") {
      let pair = item.split(separator: "=", maxSplits: 1).map(String.init)
      guard pair.count == 2, !pair[1].isEmpty else {
        throw .usage(
          "'\(name)' takes key=column pairs, not '\(String(item).escapedForTerminal)'",
          hint: "patient_id=pid,weight=wt:kg")
      }
      let key = pair[0]
      guard keys.contains(key) else {
        throw .usage(
          "unknown column key '\(key.escapedForTerminal)' in '\(name)'",
          hint: closestMatch(to: key, in: keys).map { "did you mean '\($0)'?" } ?? "keys: "
            + keys.joined(separator: ", "))
      }
      var column = pair[1]
      var unit: InputUnit?
      if let colon = column.lastIndex(of: ":") {
        let symbol = String(column[column.index(after: colon)...])
        guard let found = InputUnit(symbol: symbol) else {
          throw .usage(
            "unknown unit '\(symbol.escapedForTerminal)' in '\(name)'",
            hint: "units: " + InputUnit.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if ["patient_id", "day", "time", "context", "symptoms"].contains(key) {
          throw .usage("'\(key)' takes no unit in '\(name)'", hint: nil)
        }
        unit = found
        column = String(column[..<colon])
      }
      entries.append(Entry(key: key, column: column, unit: unit))
    }
    return ColumnList(entries: entries)
  }
}

/// `--patients A,B`: the ids of the patients to check.
struct PatientList: ArgumentValue, Equatable {
  var ids: [String]

  static func read(_ text: String, for name: String) throws(CLIError) -> PatientList {
    let ids = text.split(separator: ",").map(String.init)
    guard !ids.isEmpty else {
      throw .usage(
        "'\(name)' takes patient ids separated by commas, not '\(text.escapedForTerminal)'", hint: nil)
    }
    return PatientList(ids: ids)
  }
}

extension SQLDialect: ArgumentValue {
  static func read(_ text: String, for name: String) throws(CLIError) -> SQLDialect {
    guard let dialect = SQLDialect(rawValue: text) else {
      throw .usage(
        "unknown dialect '\(text.escapedForTerminal)'",
        hint: "dialects: " + allCases.map(\.rawValue).joined(separator: ", "))
    }
    return dialect
  }
}
