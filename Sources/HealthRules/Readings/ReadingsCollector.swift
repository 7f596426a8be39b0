import Diagnostics

/// Where a value sits in a readings file.
struct SourceSpan: Sendable, Hashable {
  var line: Int
  var column: Int
  var length: Int
  var lineText: String

  func issue(
    _ id: ReadingsDiagnosticID, _ message: String, hint: String? = nil, relatedLine: Int? = nil
  ) -> ReadingsIssue {
    ReadingsIssue(
      id, line: line, column: column, length: length, message: message, hint: hint, lineText: lineText,
      relatedLine: relatedLine)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

/// Checks values and assembles readings for every file format, collecting all problems.
///
/// Numbers must be plain decimals; they are converted exactly to canonical units,
/// rounded to thousandths, and must fall in the field's plausible range. Systolic
/// must be above diastolic. A day may have any number of records; two records of one date
/// without a time and with the same context are an error naming both lines. Records of one
/// day are merged (``Measurements/merge(_:)``) into one ``Reading``.
///
/// Every row is checked, but only the readings `retention` asks for are kept, so a
/// reader streaming a large file holds a window's days rather than the whole file.
struct ReadingsCollector {
  /// One accepted record: its readings, and the time and context the record gave them.
  struct Row {
    var reading: Reading
    var time: TimeOfDay?
    var context: String?
  }

  private(set) var issues: [ReadingsIssue] = []
  /// The accepted records kept, in the order they were read.
  private(set) var rows: [Row] = []
  /// The line of each day's first row, to report a duplicate against it: every day of the
  /// file is remembered, packed as 32-bit day ordinal and line (8 bytes a day) when they fit.
  private var lineOfDate: [Int32: Int32] = [:]
  private var wideLineOfDate: [Day: Int] = [:]
  /// The line of each day's first untimed record in a context, by day and context.
  private var lineOfContext: [String: Int] = [:]
  let retention: ReadingsRetention
  /// The latest day accepted so far.
  private var latest: Day?

  init(retention: ReadingsRetention = .all) {
    self.retention = retention
  }

  mutating func report(_ issue: ReadingsIssue) {
    issues.append(issue)
  }

  /// Parses a date cell, or records why it is not one.
  mutating func date(_ text: String, at span: SourceSpan) -> Day? {
    let trimmed = text.trimmingSpaces()
    guard !trimmed.isEmpty else {
      report(span.issue(.missingDate, "missing date", hint: "every reading needs a date yyyy-mm-dd"))
      return nil
    }
    // Accept a date-time by its calendar day: "2026-03-01T07:30" or "2026-03-01 07:30:00 -0500".
    let dayPart =
      trimmed.count > 10 && (trimmed.dropFirst(10).first == "T" || trimmed.dropFirst(10).first == " ")
      ? trimmed.prefix(10) : trimmed
    guard let day = Day(iso: dayPart) else {
      report(
        span.issue(
          .invalidDate, "'\(trimmed)' is not a date", hint: "write dates as yyyy-mm-dd, such as 2026-03-01"))
      return nil
    }
    return day
  }

  /// The time a date cell carries after its day (`2026-03-01T07:30`, `2026-03-01 07:30:00
  /// -0500`: the clock time as written, the zone ignored): `nil` when the cell holds a day
  /// alone, `.some(nil)` after recording why the time is not one.
  mutating func timeInDate(_ text: String, at span: SourceSpan) -> TimeOfDay?? {
    let trimmed = text.trimmingSpaces()
    guard trimmed.count > 10, Day(iso: trimmed.prefix(10)) != nil else { return nil }
    var rest = trimmed.dropFirst(11)
    if let end = rest.firstIndex(where: { $0 == " " || $0 == "Z" || $0 == "+" || $0 == "-" || $0 == "." }) {
      rest = rest[..<end]
    }
    return .some(time(String(rest), at: span))
  }

  /// Parses a time cell `hh:mm` or `hh:mm:ss`, or records why it is not one.
  mutating func time(_ text: String, at span: SourceSpan) -> TimeOfDay? {
    let trimmed = text.trimmingSpaces()
    guard let time = TimeOfDay(text: trimmed) else {
      report(
        span.issue(
          .invalidDate, "'\(trimmed)' is not a time of day",
          hint: "write times as hh:mm on a 24-hour clock, such as 07:10 or 19:00"))
      return nil
    }
    return time
  }

  /// Parses a numeric cell in `unit` into storage steps of the canonical unit, or records why not.
  ///
  /// The value is rounded to thousandths of `unit`, then converted exactly (``InputUnit/storageSteps(_:)``).
  mutating func number(
    _ text: String, field: ReadingField, unit: InputUnit, at span: SourceSpan
  ) -> Int64? {
    let trimmed = String(text.trimmingSpaces())
    guard let value = Rational(decimal: trimmed) else {
      if trimmed.isPlainDecimal {
        report(
          span.issue(
            .numberTooLarge, "'\(trimmed)' has more than 15 significant digits",
            hint: "readings are kept exactly to 15 digits; round the value"))
        return nil
      }
      let hint: String? =
        trimmed.contains(",") && Rational(decimal: trimmed.replacingComma()) != nil
        ? "use '.' as the decimal point" : nil
      report(span.issue(.invalidNumber, "'\(trimmed)' is not a number", hint: hint))
      return nil
    }
    guard let steps = unit.storageSteps(value) else {
      report(span.issue(.numberTooLarge, "'\(trimmed)' is too large"))
      return nil
    }
    if let problem = field.implausibility(steps: steps, written: trimmed, unit: unit) {
      report(span.issue(.readingOutOfRange, problem))
      return nil
    }
    return steps
  }

  /// Parses a unit written for `field`, or records why it is not one of the field's units.
  mutating func unit(_ text: some StringProtocol, for field: ReadingField, at span: SourceSpan) -> InputUnit?
  {
    guard !field.units.isEmpty else {
      report(span.issue(.unitNotAllowed, "'\(field.rawValue)' takes no unit"))
      return nil
    }
    let names = field.units.map(\.rawValue).joined(separator: ", ")
    guard let unit = InputUnit(symbol: text) else {
      report(
        span.issue(
          .unknownReadingUnit, "unknown unit '\(text)'",
          hint: Suggestions.hint(for: String(text), in: field.units.map(\.rawValue))
            ?? "'\(field.rawValue)' takes \(names)"))
      return nil
    }
    guard field.units.contains(unit) else {
      report(span.issue(.wrongUnit, "'\(unit.rawValue)' is not a unit of \(field.rawValue); use \(names)"))
      return nil
    }
    return unit
  }

  /// The issue for a systolic pressure not above the diastolic one, or `nil` when they are in order.
  static func pressureIssue(
    _ measurements: Measurements, at span: SourceSpan, hint: String = "are the two columns swapped?"
  ) -> ReadingsIssue? {
    guard let systolic = measurements[.systolic], let diastolic = measurements[.diastolic],
      systolic <= diastolic
    else { return nil }
    let s = systolic.formatted()
    let d = diastolic.formatted()
    return span.issue(.swappedPressures, "systolic \(s) mmHg is not above diastolic \(d) mmHg", hint: hint)
  }

  /// Adds one record of a day's readings; reports a second untimed record of the day in the
  /// same context, or systolic not above diastolic.
  mutating func add(
    _ measurements: Measurements, on day: Day, line: Int, dateSpan: SourceSpan, systolicSpan: SourceSpan?,
    time: TimeOfDay? = nil, context: String? = nil
  ) {
    var accepted = true
    if time == nil, let context {
      let key = "\(day.ordinal) \(context)"
      if let first = lineOfContext[key] {
        report(
          dateSpan.issue(
            .duplicateDate,
            "a second reading for \(day) '\(context)' without a time; the first is on line \(first)",
            hint: "give each reading its time, or merge the two rows", relatedLine: first))
        accepted = false
      } else {
        lineOfContext[key] = line
      }
      if let issue = ReadingsCollector.pressureIssue(measurements, at: systolicSpan ?? dateSpan) {
        report(issue)
        accepted = false
      }
      if accepted { keep(Reading(date: day, measurements: measurements), time: nil, context: context) }
      return
    }
    if time != nil {
      if let issue = ReadingsCollector.pressureIssue(measurements, at: systolicSpan ?? dateSpan) {
        report(issue)
        accepted = false
      }
      if accepted { keep(Reading(date: day, measurements: measurements), time: time, context: context) }
      return
    }
    if let first = firstLine(of: day) {
      report(
        dateSpan.issue(
          .duplicateDate, "a second reading for \(day); the first is on line \(first)",
          hint: "give each reading its time, or merge the two rows", relatedLine: first))
      accepted = false
    }
    if let issue = ReadingsCollector.pressureIssue(measurements, at: systolicSpan ?? dateSpan) {
      report(issue)
      accepted = false
    }
    if firstLine(of: day) == nil {
      if let key = Int32(exactly: day.ordinal), let value = Int32(exactly: line) {
        lineOfDate[key] = value
      } else {
        wideLineOfDate[day] = line
      }
    }
    if accepted { keep(Reading(date: day, measurements: measurements), time: nil, context: nil) }
  }

  private func firstLine(of day: Day) -> Int? {
    if let key = Int32(exactly: day.ordinal), let line = lineOfDate[key] { return Int(line) }
    return wideLineOfDate[day]
  }

  /// Keeps an accepted reading when the retention can need it, dropping the ones it no longer can.
  private mutating func keep(_ reading: Reading, time: TimeOfDay?, context: String?) {
    let row = Row(reading: reading, time: time, context: context)
    switch retention {
    case .all:
      rows.append(row)
    case .window(let length, let asOf?):
      let first = asOf.advanced(by: 1 - max(1, length))
      if first <= reading.date && reading.date <= asOf { rows.append(row) }
    case .window(let length, nil):
      // The window ends on the latest day, which only moves later: a reading before the
      // latest day's window can never be in the final one.
      let newest = max(latest ?? reading.date, reading.date)
      latest = newest
      let first = newest.advanced(by: 1 - max(1, length))
      guard first <= reading.date else { return }
      rows.append(row)
      if rows.count > 2 * max(1, length) + 64 {
        rows.removeAll { $0.reading.date < first }
      }
    }
  }

  /// Hands over the records kept since the last call, in the order they were read, and
  /// forgets them: a reader that writes each row as it comes holds none.
  mutating func takeRows() -> [Row] {
    defer { rows.removeAll(keepingCapacity: true) }
    return rows
  }

  /// The records kept, in date order (records of one day in the order they were read), or
  /// every problem found.
  func resultRows() throws(ReadingsError) -> [Row] {
    guard issues.isEmpty else { throw ReadingsError(issues: issues) }
    return rows.enumerated().sorted {
      ($0.element.reading.date, $0.offset) < ($1.element.reading.date, $1.offset)
    }.map(\.element)
  }

  /// The readings kept, sorted by date, or every problem found.
  func result() throws(ReadingsError) -> [Reading] {
    guard issues.isEmpty else { throw ReadingsError(issues: issues) }
    var kept = rows.map(\.reading)
    if case .window(let length, nil) = retention, let latest {
      let first = latest.advanced(by: 1 - max(1, length))
      kept.removeAll { $0.date < first }
    }
    return ReadingsCollector.merged(kept.sorted { $0.date < $1.date })
  }

  /// Readings sorted by date with the records of each day merged into one.
  static func merged(_ sorted: [Reading]) -> [Reading] {
    var result: [Reading] = []
    result.reserveCapacity(sorted.count)
    for reading in sorted {
      if let last = result.last, last.date == reading.date {
        result[result.count - 1].measurements.merge(reading.measurements)
      } else {
        result.append(reading)
      }
    }
    return result
  }
}

/// Which readings a reader keeps while it checks a whole file.
///
/// Every row is checked either way (values, duplicate days, pressures); the retention
/// only decides which valid readings are returned, so memory follows what is kept.
package enum ReadingsRetention: Sendable, Hashable {
  /// Every reading.
  case all
  /// The readings a window of `length` days can hold: the days ending on `asOf`, or, when
  /// `asOf` is `nil`, the days ending on the latest reading's day (as `Window` chooses).
  case window(length: Int, asOf: Day?)
}

extension String {
  /// Digits with at most one '.', after an optional sign: a decimal whatever its length.
  var isPlainDecimal: Bool {
    let body = first == "-" || first == "+" ? dropFirst() : Substring(self)
    return body.contains(where: \.isASCIIDigit) && body.filter { $0 == "." }.count <= 1
      && body.allSatisfy { $0.isASCIIDigit || $0 == "." }
  }

  func replacingComma() -> String {
    String(map { $0 == "," ? "." : $0 })
  }
}
