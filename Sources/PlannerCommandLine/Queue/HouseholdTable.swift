import Foundation
import HealthRules

/// `planner enqueue --households TABLE.csv`: one job per row.
///
/// ```csv
/// household,file,plan,patient,members,priority,time_limit,as_of
/// h-001,family.plan,family_week,,ana=p-17;ben=p-18,0,5,
/// ```
enum HouseholdTable {
  static let columns = ["household", "file", "plan", "patient", "members", "priority", "time_limit", "as_of"]

  /// Reads the table; options given on the command line fill the columns a row leaves empty.
  static func read(_ path: String, defaults: EnqueueCommand.Options, members: [String: String])
    throws(CLIError) -> [EnqueueCommand.Entry]
  {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw .invalidInput(
        "\(path.escapedForTerminal): cannot read the households table: \(error.localizedDescription)")
    }
    let rows = try parse(text, path: path)
    guard let header = rows.first else {
      throw .invalidInput("\(path.escapedForTerminal):1:1: the table is empty")
    }
    for (index, name) in header.fields.enumerated() where !columns.contains(name) {
      throw .invalidInput(
        "\(path.escapedForTerminal):1:\(header.columns[index]): unknown column '\(name.escapedForTerminal)'; columns: "
          + columns.joined(separator: ", "))
    }
    for required in ["household", "file"] where !header.fields.contains(required) {
      throw .invalidInput("\(path.escapedForTerminal):1:1: the table has no column '\(required)'")
    }
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var entries: [EnqueueCommand.Entry] = []
    for row in rows.dropFirst() {
      if row.fields == [""] { continue }
      func value(_ name: String) -> (text: String, column: Int)? {
        guard let index = header.fields.firstIndex(of: name), index < row.fields.count,
          !row.fields[index].isEmpty
        else { return nil }
        return (row.fields[index], row.columns[index])
      }
      let at = "\(path.escapedForTerminal):\(row.line)"
      guard row.fields.count == header.fields.count else {
        throw .invalidInput("\(at):1: \(row.fields.count) fields where the header has \(header.fields.count)")
      }
      guard let household = value("household") else { throw .invalidInput("\(at):1: the household is empty") }
      guard let file = value("file") else { throw .invalidInput("\(at):1: the file is empty") }
      var priority = defaults.priority ?? 0
      if let text = value("priority") {
        guard let number = Int(text.text) else {
          throw .invalidInput(
            "\(at):\(text.column): priority '\(text.text.escapedForTerminal)' is not a whole number")
        }
        priority = number
      }
      var timeLimit = defaults.timeLimit?.value
      if let text = value("time_limit") {
        guard let seconds = Double(text.text), seconds > 0, seconds.isFinite else {
          throw .invalidInput(
            "\(at):\(text.column): time_limit '\(text.text.escapedForTerminal)' is not a positive number of seconds"
          )
        }
        timeLimit = seconds
      }
      var asOf = defaults.asOf?.description
      if let text = value("as_of") {
        guard Day(iso: text.text) != nil else {
          throw .invalidInput(
            "\(at):\(text.column): as_of '\(text.text.escapedForTerminal)' is not a date (2026-11-29)")
        }
        asOf = text.text
      }
      var own = members
      if let text = value("members") {
        own = try EnqueueCommand.parseMembers(
          text.text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) },
          origin: "\(at):\(text.column):")
      }
      let resolved = file.text.hasPrefix("/") ? file.text : directory + "/" + file.text
      entries.append(
        EnqueueCommand.Entry(
          household: household.text, file: resolved, plan: value("plan")?.text ?? defaults.plan,
          patient: value("patient")?.text ?? defaults.patient, members: own, priority: priority,
          timeLimit: timeLimit, asOf: asOf, origin: at))
    }
    return entries
  }

  /// A row's fields, the line it starts on and each field's column.
  struct Row {
    var fields: [String] = []
    var columns: [Int] = []
    var line: Int
  }

  /// RFC 4180 CSV: fields separated by commas, quoted with `"` (`""` inside a quote).
  static func parse(_ text: String, path: String) throws(CLIError) -> [Row] {
    var rows: [Row] = []
    var row = Row(line: 1)
    var field = ""
    var line = 1
    var column = 1
    var fieldColumn = 1
    var quoted = false
    var quoteOpened = (line: 1, column: 1)
    var iterator = Array(text.unicodeScalars).makeIterator()
    var pending: Unicode.Scalar? = nil
    func next() -> Unicode.Scalar? {
      if let scalar = pending {
        pending = nil
        return scalar
      }
      return iterator.next()
    }
    while let scalar = next() {
      if quoted {
        if scalar == "\"" {
          let after = next()
          if after == "\"" {
            field.unicodeScalars.append("\"")
            column += 2
            continue
          }
          quoted = false
          column += 1
          pending = after
          continue
        }
        field.unicodeScalars.append(scalar)
        if scalar == "\n" {
          line += 1
          column = 1
        } else {
          column += 1
        }
        continue
      }
      switch scalar {
      case "\"" where field.isEmpty:
        quoted = true
        quoteOpened = (line, column)
        column += 1
      case ",":
        row.fields.append(field)
        row.columns.append(fieldColumn)
        field = ""
        column += 1
        fieldColumn = column
      case "\r":
        continue
      case "\n":
        row.fields.append(field)
        row.columns.append(fieldColumn)
        rows.append(row)
        field = ""
        line += 1
        column = 1
        fieldColumn = 1
        row = Row(line: line)
      default:
        field.unicodeScalars.append(scalar)
        column += 1
      }
    }
    if quoted {
      throw .invalidInput(
        "\(path.escapedForTerminal):\(quoteOpened.line):\(quoteOpened.column): a quote is never closed")
    }
    if !field.isEmpty || !row.fields.isEmpty {
      row.fields.append(field)
      row.columns.append(fieldColumn)
      rows.append(row)
    }
    return rows.map { row in
      var trimmed = row
      trimmed.fields = row.fields.map { $0.trimmingCharacters(in: .whitespaces) }
      return trimmed
    }
  }
}
