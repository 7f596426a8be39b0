import Diagnostics

/// Reads daily readings from CSV text.
///
/// The first non-blank line is a header naming the columns, in any order:
/// `date` (ISO 8601, required), `time` (`hh:mm`), `context`, `weight`, `systolic`,
/// `diastolic`, `sugar` (or `glucose`), `heart_rate` (or `pulse`), `spo2`, `temperature`,
/// `symptoms`, and any custom metrics passed in. A unit may follow a column name in
/// parentheses: `weight (kg)`, `sugar (mmol/L)`, `temperature (°F)`; the defaults are lb,
/// mmHg, mg/dL, /min, % and °C. An empty cell is a missing value; an empty `symptoms` cell
/// means no symptoms that day. A date cell may hold the time as well (`2026-03-01T07:30`).
///
/// A day may have any number of rows: each row is the readings taken at its time in its
/// context. Two rows of one day without a time and with the same context are an error, as
/// they cannot be told apart. A column `symptom CODE` (`symptom chest_pain`) holds a coded
/// yes/no symptom: `yes`, `no` (any case) or empty (not asked).
///
/// ```
/// date,time,context,weight (kg),systolic,diastolic,sugar,symptoms
/// 2026-03-01,07:10,fasting,81.6,128,82,104,
/// 2026-03-01,19:05,,,121,78,,"tired, mild headache"
/// ```
package enum CSVReadings {
  /// Parses CSV readings, collecting every problem before throwing.
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - customMetrics: Extra numeric columns to accept, by metric name.
  /// - Returns: The readings sorted by date.
  /// - Throws: ``ReadingsError`` with every problem found, each with line and column.
  /// - Complexity: O(n) in the length of the text.
  package static func parse(_ text: String, customMetrics: [Metric] = []) throws(ReadingsError) -> [Reading] {
    var scanner = CSVScanner(text)
    var collector = ReadingsCollector()
    try read(&scanner, customMetrics: customMetrics, into: &collector)
    return try collector.result()
  }

  /// Reads every record of a scanner into a collector, one record at a time: the
  /// header, then each row, so memory holds one record besides what the collector keeps.
  ///
  /// - Parameters:
  ///   - onHeader: Called with the header record and its columns once they are read.
  ///   - onRow: Called with each row once it is checked and handed to the collector, so a streaming
  ///     reader can take the row's reading (``ReadingsCollector/takeReadings()``).
  /// - Throws: ``ReadingsError`` when there is no header line.
  static func read(
    _ scanner: inout CSVScanner, customMetrics: [Metric], into collector: inout ReadingsCollector,
    onHeader: (CSVScanner.Record, [Column?]) -> Void = { _, _ in },
    onRow: (CSVScanner.Record, inout ReadingsCollector) -> Void = { _, _ in }
  ) throws(ReadingsError) {
    guard let header = scanner.next() else {
      throw ReadingsError(
        .missingHeader, message: "the file has no header line",
        hint: "start with a line naming the columns, such as date,weight,systolic,diastolic,sugar,symptoms")
    }
    for issue in scanner.takeIssues() { collector.report(issue) }
    let columns = readHeader(header, customMetrics: customMetrics, into: &collector)
    onHeader(header, columns)
    let hasDate = columns.contains(where: { $0?.field == .date })
    while let record = scanner.next() {
      for issue in scanner.takeIssues() { collector.report(issue) }
      if hasDate { readRow(record, columns: columns, into: &collector) }
      onRow(record, &collector)
    }
  }

  /// What one header cell names: a field or a custom metric, and its unit.
  struct Column {
    var field: ReadingField?
    var custom: Metric?
    var unit: InputUnit?
    /// The code of a coded symptom column (`symptom chest_pain`).
    var code: String?
  }

  static func readHeader(
    _ header: CSVScanner.Record, customMetrics: [Metric], into collector: inout ReadingsCollector
  ) -> [Column?] {
    var columns: [Column?] = []
    var seen: [String: Int] = [:]
    // Each repeated name is reported once, at its second column, with how many more repeat it:
    // a header of thousands of copies is one message, found in one pass.
    var repeats: [String: (first: Int, second: SourceSpan, more: Int)] = [:]
    var repeatOrder: [String] = []
    for (position, cell) in header.fields.enumerated() {
      let raw = cell.text
      var name = Substring(raw)
      var unitText: Substring?
      // Parentheses are found per scalar: "(" before a combining mark is still one.
      let scalars = raw.unicodeScalars
      if let open = scalars.firstIndex(of: "(") {
        name = Substring(scalars[..<open])
        let rest = scalars[scalars.index(after: open)...]
        guard let close = rest.firstIndex(of: ")") else {
          collector.report(
            cell.span.issue(.unclosedUnit, "missing ')' after the unit in '\(raw.trimmingSpaces())'"))
          columns.append(nil)
          continue
        }
        unitText = Substring(rest[..<close]).trimmingSpaces()
      }
      let key = String(name.trimmingSpaces())
      var column = Column()
      let words = key.lowercased().split(separator: " ", omittingEmptySubsequences: true)
      if let field = ReadingField(name: key) {
        column.field = field
      } else if words.count == 2, words[0] == "symptom" {
        guard Measurements.isSymptomCode(words[1]) else {
          collector.report(
            cell.span.issue(
              .unknownColumn, "'\(words[1])' is not a symptom code",
              hint:
                "a code is lowercase letters, digits and '_', starting with a letter, such as symptom chest_pain"
            ))
          columns.append(nil)
          continue
        }
        column.code = String(words[1])
      } else if let metric = customMetrics.first(where: { $0.name == key.lowercased() }) {
        column.custom = metric
      } else {
        let message = key.isEmpty ? "empty column name" : "unknown column '\(key)'"
        let hint =
          Suggestions.hint(for: key, in: ReadingField.allNames + customMetrics.map(\.name))
          ?? "the columns are date, weight, systolic, diastolic, sugar and symptoms"
        collector.report(cell.span.issue(.unknownColumn, message, hint: hint))
        columns.append(nil)
        continue
      }
      let canonicalName =
        column.field?.rawValue ?? column.custom?.name ?? column.code.map { "symptom \($0)" } ?? key
      if let first = seen[canonicalName] {
        if repeats[canonicalName] == nil {
          repeats[canonicalName] = (first, cell.span, 0)
          repeatOrder.append(canonicalName)
        }
        repeats[canonicalName]?.more += 1
        columns.append(nil)
        continue
      }
      seen[canonicalName] = position + 1
      if unitText != nil, column.code != nil {
        collector.report(cell.span.issue(.unitNotAllowed, "'\(canonicalName)' takes no unit"))
        columns.append(nil)
        continue
      }
      if let unitText {
        column.unit = unit(unitText, for: column, at: cell.span, into: &collector)
        if column.unit == nil && (column.field?.units.isEmpty == false) {
          columns.append(nil)
          continue
        }
      } else {
        column.unit = column.field?.units.first
      }
      columns.append(column)
    }
    for name in repeatOrder {
      guard let repeated = repeats[name] else { continue }
      let others = repeated.more - 1
      let more =
        others == 0
        ? "" : " (\(others) more column\(others == 1 ? "" : "s") after it repeat\(others == 1 ? "s" : "") it)"
      collector.report(
        repeated.second.issue(
          .duplicateColumn, "a second '\(name)' column; the first is column \(repeated.first)\(more)",
          hint: "name each column once"))
    }
    if !columns.contains(where: { $0?.field == .date }) && !seen.keys.contains("date") {
      let looksLikeData = header.fields.first.map { Day(iso: $0.text.trimmingSpaces()) != nil } ?? false
      collector.report(
        ReadingsIssue(
          .missingDateColumn, line: header.line, column: 1, length: header.end.column - 1,
          message: "the header has no 'date' column",
          hint: looksLikeData
            ? "the first line must name the columns, such as date,weight,systolic,diastolic,sugar,symptoms"
            : "add a 'date' column holding yyyy-mm-dd",
          lineText: header.end.lineText))
    }
    return columns
  }

  private static func unit(
    _ text: Substring, for column: Column, at span: SourceSpan, into collector: inout ReadingsCollector
  ) -> InputUnit? {
    guard let field = column.field else {
      // Custom metrics are in their own canonical unit.
      if let metric = column.custom, text != metric.unit.symbol {
        collector.report(
          span.issue(.wrongUnit, "'\(metric.name)' is recorded in '\(metric.unit.symbol)', not '\(text)'"))
      }
      return nil
    }
    return collector.unit(text, for: field, at: span)
  }

  private static func readRow(
    _ record: CSVScanner.Record, columns: [Column?], into collector: inout ReadingsCollector
  ) {
    guard record.fields.count == columns.count else {
      let message = "this row has \(record.fields.count) fields but the header names \(columns.count) columns"
      let span = record.fields.count > columns.count ? record.fields[columns.count].span : record.end
      collector.report(span.issue(.raggedRow, message, hint: "quote a field that contains a comma"))
      return
    }
    var day: Day?
    var time: TimeOfDay?
    var context: String?
    var dateSpan = record.end
    var systolicSpan: SourceSpan?
    var values: [(Metric, Int64, InputUnit?)] = []
    var symptoms: String?
    var answers: [String: Bool] = [:]
    var valid = true
    for (column, cell) in zip(columns, record.fields) {
      guard let column else { continue }
      if column.field == .date {
        dateSpan = cell.span
        day = collector.date(cell.text, at: cell.span)
        if let written = collector.timeInDate(cell.text, at: cell.span) {
          if let written { time = written } else { valid = false }
        }
        continue
      }
      if column.field == .time {
        guard !cell.text.trimmingSpaces().isEmpty else { continue }
        if let parsed = collector.time(cell.text, at: cell.span) {
          time = parsed
        } else {
          valid = false
        }
        continue
      }
      if column.field == .context {
        context = Observation.normalizedContext(cell.text)
        continue
      }
      if let code = column.code {
        let answer = cell.text.trimmingSpaces().lowercased()
        switch answer {
        case "": break
        case "yes": answers[code] = true
        case "no": answers[code] = false
        default:
          collector.report(
            cell.span.issue(
              .invalidAnswer, "'symptom \(code)' is yes or no, not '\(cell.text.trimmingSpaces())'",
              hint: "leave the cell empty when the question was not asked"))
          valid = false
        }
        continue
      }
      if column.field == .symptoms {
        // A quoted cell is taken exactly, spaces included; a bare one is trimmed.
        symptoms = cell.quoted ? cell.text : String(cell.text.trimmingSpaces())
        continue
      }
      guard !cell.text.trimmingSpaces().isEmpty else { continue }
      let metric = column.field?.metric ?? column.custom ?? .weight
      if let field = column.field, let unit = column.unit {
        guard let value = collector.number(cell.text, field: field, unit: unit, at: cell.span) else {
          valid = false
          continue
        }
        values.append((metric, value, unit))
        if field == .systolic { systolicSpan = cell.span }
      } else if let value = Rational(decimal: cell.text.trimmingSpaces())?.roundedToThousandths(),
        case (let steps, false) = value.multipliedReportingOverflow(by: metric.unit.storageScale / 1000)
      {
        values.append((metric, steps, nil))
      } else {
        collector.report(cell.span.issue(.invalidNumber, "'\(cell.text.trimmingSpaces())' is not a number"))
        valid = false
      }
    }
    guard let day else { return }
    var measurements = Measurements(symptoms: symptoms)
    measurements.answers = answers
    for (metric, steps, unit) in values {
      measurements.add(metric, steps: steps, time: time, context: context, enteredIn: unit)
    }
    if valid {
      collector.add(
        measurements, on: day, line: record.line, dateSpan: dateSpan, systolicSpan: systolicSpan, time: time,
        context: context)
    } else {
      // Still record the date, so a later duplicate is reported against this line.
      collector.add(
        Measurements(), on: day, line: record.line, dateSpan: dateSpan, systolicSpan: nil, time: time,
        context: context)
    }
  }
}
