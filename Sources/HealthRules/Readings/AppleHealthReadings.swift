import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads daily readings from an Apple Health `export.xml`, streaming it.
///
/// Real exports are hundreds of megabytes; the file is read as a stream with
/// Foundation's `XMLParser` and only four record types are kept:
/// `HKQuantityTypeIdentifierBodyMass` (weight),
/// `HKQuantityTypeIdentifierBloodPressureSystolic`,
/// `HKQuantityTypeIdentifierBloodPressureDiastolic` and
/// `HKQuantityTypeIdentifierBloodGlucose` (sugar). Each record's `unit`
/// attribute (`lb`, `kg`, `g`, `mmHg`, `mg/dL`, `mmol<180.1558800000541>/L`) is
/// converted exactly to canonical units.
///
/// The day and time of a record are the calendar date and clock time written in its
/// `startDate`, in the time zone it was recorded in (no conversion). Every record is kept
/// with its time, as a readings file's timed rows are: a day's value is the mean of its
/// records unless rules choose another (`systolic(first)`). Records that start at the same
/// time make one reading, so a blood pressure's systolic and diastolic records stay a pair.
/// A glucose record's `HKMetadataKeyBloodGlucoseMealTime` entry gives its context: 1
/// (preprandial) `before meal`, 2 (postprandial) `after meal`; another value is an error.
/// Records of other types are skipped by design; records of these types
/// with bad values are errors. Before parsing, the bytes go through
/// ``AppleHealthInputFilter``: they must be UTF-8, an XML declaration must be
/// well-formed (version 1.0, encoding UTF-8) and at the very start, and the
/// declaration, the document type declaration (the DTD at the top of every
/// export) and processing instructions are blanked out, so none of them can
/// affect, or crash, the parser.
package enum AppleHealthReadings {
  /// The record types read, and the field each fills.
  package static let recordTypes: [String: ReadingField] = [
    "HKQuantityTypeIdentifierBodyMass": .weight,
    "HKQuantityTypeIdentifierBloodPressureSystolic": .systolic,
    "HKQuantityTypeIdentifierBloodPressureDiastolic": .diastolic,
    "HKQuantityTypeIdentifierBloodGlucose": .sugar,
  ]

  /// Parses an export file, streaming it from disk.
  ///
  /// - Parameter url: The `export.xml` file.
  /// - Returns: One reading per day that has any of the four record types, sorted by date.
  /// - Throws: ``ReadingsError`` for an unreadable file, malformed XML, or bad records (all of them).
  /// - Complexity: O(n) time in the file size; memory grows with the number of records read
  ///   (of the four types), not with the file.
  package static func parse(contentsOf url: URL) throws(ReadingsError) -> [Reading] {
    guard let stream = InputStream(url: url) else {
      throw ReadingsError(.cannotReadFile, message: "cannot open '\(url.path)'")
    }
    return try parse(stream: stream)
  }

  /// Parses an export from a stream.
  ///
  /// - Throws: ``ReadingsError``.
  package static func parse(stream: InputStream) throws(ReadingsError) -> [Reading] {
    let filtered = AppleHealthInputStream(stream)
    return try run(XMLParser(stream: filtered), failure: { filtered.filter.failure })
  }

  /// Parses an export held in memory (small files and tests).
  ///
  /// - Throws: ``ReadingsError``.
  package static func parse(data: Data) throws(ReadingsError) -> [Reading] {
    var filter = AppleHealthInputFilter()
    let filtered = filter.feed(data) + filter.finish()
    if let failure = filter.failure { throw ReadingsError(issues: [failure]) }
    return try run(XMLParser(data: Data(filtered)))
  }

  /// Parses an export file's records with their times and contexts (what ``Journal`` logs).
  static func parseRows(contentsOf url: URL) throws(ReadingsError) -> [ReadingsCollector.Row] {
    guard let stream = InputStream(url: url) else {
      throw ReadingsError(.cannotReadFile, message: "cannot open '\(url.path)'")
    }
    let filtered = AppleHealthInputStream(stream)
    let handler = try handle(XMLParser(stream: filtered), failure: { filtered.filter.failure })
    return try handler.collector.resultRows()
  }

  /// Runs the parser; `failure` tells why the filtered input stopped early (the
  /// parser saw only the bytes before it, and what it made of them is not reported).
  private static func run(
    _ parser: XMLParser, failure: () -> ReadingsIssue? = { nil }
  ) throws(ReadingsError) -> [Reading] {
    try handle(parser, failure: failure).collector.result()
  }

  /// Runs the parser and hands every group of records to the handler's collector.
  private static func handle(
    _ parser: XMLParser, failure: () -> ReadingsIssue?
  ) throws(ReadingsError) -> AppleHealthHandler {
    let handler = AppleHealthHandler()
    parser.delegate = handler
    parser.shouldResolveExternalEntities = false
    let finished = parser.parse()
    if let failure = failure() { throw ReadingsError(issues: [failure]) }
    if !finished, handler.fatal == nil {
      let message =
        parser.parserError.map { "the XML is malformed: \($0.localizedDescription)" }
        ?? "the XML is malformed"
      handler.collector.report(
        ReadingsIssue(
          .xmlSyntax, line: max(1, parser.lineNumber), column: max(1, parser.columnNumber), message: message))
    }
    if let fatal = handler.fatal { handler.collector.report(fatal) }
    handler.finish()
    return handler
  }
}

/// Collects every record of the types read while `XMLParser` streams the file, grouped by day,
/// time and context: the systolic and diastolic records of one measurement share a start date.
final class AppleHealthHandler: NSObject, XMLParserDelegate {
  /// A record whose element is open: its metadata may give it a context.
  struct Pending {
    var field: ReadingField
    var day: Day
    var time: TimeOfDay?
    var context: String?
    var steps: Int64
    var unit: InputUnit
    var span: SourceSpan
  }

  /// The records of one day taken at one time in one context.
  struct Group {
    var measurements = Measurements()
    var span: SourceSpan
    var systolicSpan: SourceSpan?
  }

  struct GroupKey: Hashable, Comparable {
    var time: Int
    var context: String

    static func < (lhs: GroupKey, rhs: GroupKey) -> Bool {
      (lhs.time, lhs.context) < (rhs.time, rhs.context)
    }
  }

  var collector = ReadingsCollector()
  var fatal: ReadingsIssue?
  private var groups: [Day: [GroupKey: Group]] = [:]
  private var pending: Pending?
  private var sawHealthData = false
  private var closedHealthData = false
  private var lastLine = 1

  /// The context a `HKMetadataKeyBloodGlucoseMealTime` value gives (HealthKit's
  /// `HKBloodGlucoseMealTime`: 1 preprandial, 2 postprandial), or `nil` for another value.
  static func mealTimeContext(_ value: String) -> String? {
    switch value.trimmingSpaces() {
    case "1", "HKBloodGlucoseMealTimePreprandial": return "before meal"
    case "2", "HKBloodGlucoseMealTimePostprandial": return "after meal"
    default: return nil
    }
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
  ) {
    if elementName == "HealthData" { closedHealthData = true }
    if elementName == "Record", let record = pending {
      pending = nil
      keep(record)
    }
    lastLine = max(lastLine, parser.lineNumber)
  }

  private func keep(_ record: Pending) {
    guard let metric = record.field.metric else { return }
    let key = GroupKey(time: record.time?.seconds ?? -1, context: record.context ?? "")
    var group = groups[record.day]?[key] ?? Group(span: record.span)
    group.measurements.add(
      metric, steps: record.steps, time: record.time, context: record.context, enteredIn: record.unit)
    if record.field == .systolic, group.systolicSpan == nil { group.systolicSpan = record.span }
    groups[record.day, default: [:]][key] = group
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    if elementName == "HealthData" { sawHealthData = true }
    if elementName == "MetadataEntry", pending?.field == .sugar,
      attributes["key"] == "HKMetadataKeyBloodGlucoseMealTime"
    {
      let value = attributes["value"] ?? ""
      guard let context = AppleHealthHandler.mealTimeContext(value) else {
        let span = SourceSpan(
          line: max(1, parser.lineNumber), column: max(1, parser.columnNumber), length: 1, lineText: "")
        collector.report(
          span.issue(
            .unknownCode, "unknown HKMetadataKeyBloodGlucoseMealTime '\(value)'",
            hint: "HealthKit writes 1 (before a meal) or 2 (after a meal)"))
        pending = nil
        return
      }
      pending?.context = context
      return
    }
    guard elementName == "Record", let type = attributes["type"],
      let field = AppleHealthReadings.recordTypes[type]
    else { return }
    let span = SourceSpan(
      line: max(1, parser.lineNumber), column: max(1, parser.columnNumber), length: 1, lineText: "")
    guard let start = attributes["startDate"] ?? attributes["creationDate"] else {
      collector.report(span.issue(.missingDate, "a \(field.rawValue) record without a 'startDate'"))
      return
    }
    guard let day = collector.date(start, at: span) else { return }
    var time: TimeOfDay?
    if let written = collector.timeInDate(start, at: span) {
      guard let written else { return }
      time = written
    }
    guard let valueText = attributes["value"] else {
      collector.report(span.issue(.missingValue, "a \(field.rawValue) record without a 'value'"))
      return
    }
    let unitText = attributes["unit"] ?? field.units[0].rawValue
    guard let unit = InputUnit(symbol: unitText), field.units.contains(unit) else {
      let names = field.units.map(\.rawValue).joined(separator: ", ")
      collector.report(
        span.issue(.wrongUnit, "unit '\(unitText)' is not a unit of \(field.rawValue); expected \(names)"))
      return
    }
    guard let steps = collector.number(valueText, field: field, unit: unit, at: span) else { return }
    pending = Pending(field: field, day: day, time: time, steps: steps, unit: unit, span: span)
  }

  /// Reports a missing or unclosed `<HealthData>` and hands the groups to the collector.
  func finish() {
    if !sawHealthData && collector.issues.isEmpty {
      collector.report(
        ReadingsIssue(
          .notAppleHealth, line: 1, column: 1,
          message: "this is not an Apple Health export: no <HealthData> element",
          hint: "use the export.xml from the Health app's \"Export All Health Data\""))
    }
    if sawHealthData && !closedHealthData && collector.issues.isEmpty {
      collector.report(
        ReadingsIssue(
          .xmlSyntax, line: lastLine, column: 1, message: "the export ends before '</HealthData>'",
          hint: "the file may be cut short; export it again"))
    }
    for day in groups.keys.sorted() {
      guard let byKey = groups[day] else { continue }
      for key in byKey.keys.sorted() {
        guard let group = byKey[key] else { continue }
        collector.add(
          group.measurements, on: day, line: group.span.line, dateSpan: group.span,
          systolicSpan: group.systolicSpan, time: key.time < 0 ? nil : TimeOfDay(seconds: key.time),
          context: key.context.isEmpty ? nil : key.context)
      }
    }
  }
}
