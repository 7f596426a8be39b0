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
/// The day of a record is the calendar date written in its `startDate`, in
/// the time zone it was recorded in (no conversion). When a day has several
/// records of one kind, the earliest of that day (the morning reading) is taken;
/// for blood pressure, systolic and diastolic are each taken from their earliest
/// record. Records of other types are skipped by design; records of these types
/// with bad values are errors. Before parsing, the bytes go through
/// ``AppleHealthInputFilter``: they must be UTF-8, an XML declaration must be
/// well-formed (version 1.0, encoding UTF-8) and at the very start, and the
/// declaration, the document type declaration (the DTD at the top of every
/// export) and processing instructions are blanked out, so none of them can
/// affect, or crash, the parser.
public enum AppleHealthReadings {
  /// The record types read, and the field each fills.
  public static let recordTypes: [String: ReadingField] = [
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
  /// - Complexity: O(n) time in the file size; memory grows with the number of days, not the file.
  public static func parse(contentsOf url: URL) throws(ReadingsError) -> [Reading] {
    guard let stream = InputStream(url: url) else {
      throw ReadingsError(.cannotReadFile, message: "cannot open '\(url.path)'")
    }
    return try parse(stream: stream)
  }

  /// Parses an export from a stream.
  ///
  /// - Throws: ``ReadingsError``.
  public static func parse(stream: InputStream) throws(ReadingsError) -> [Reading] {
    let filtered = AppleHealthInputStream(stream)
    return try run(XMLParser(stream: filtered), failure: { filtered.filter.failure })
  }

  /// Parses an export held in memory (small files and tests).
  ///
  /// - Throws: ``ReadingsError``.
  public static func parse(data: Data) throws(ReadingsError) -> [Reading] {
    var filter = AppleHealthInputFilter()
    let filtered = filter.feed(data) + filter.finish()
    if let failure = filter.failure { throw ReadingsError(issues: [failure]) }
    return try run(XMLParser(data: Data(filtered)))
  }

  /// Runs the parser; `failure` tells why the filtered input stopped early (the
  /// parser saw only the bytes before it, and what it made of them is not reported).
  private static func run(
    _ parser: XMLParser, failure: () -> ReadingsIssue? = { nil }
  ) throws(ReadingsError) -> [Reading] {
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
    return try handler.finish()
  }
}

/// Collects the earliest record per day and field while `XMLParser` streams the file.
final class AppleHealthHandler: NSObject, XMLParserDelegate {
  struct Pick {
    var time: String
    var steps: Int64
    var unit: InputUnit
    var span: SourceSpan
  }

  var collector = ReadingsCollector()
  var fatal: ReadingsIssue?
  private var picks: [Day: [ReadingField: Pick]] = [:]
  private var sawHealthData = false
  private var closedHealthData = false
  private var lastLine = 1

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
  ) {
    if elementName == "HealthData" { closedHealthData = true }
    lastLine = max(lastLine, parser.lineNumber)
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    if elementName == "HealthData" { sawHealthData = true }
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
    let time = start.count > 11 ? String(start.dropFirst(11)) : ""
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
    if let existing = picks[day]?[field], existing.time <= time { return }
    picks[day, default: [:]][field] = Pick(time: time, steps: steps, unit: unit, span: span)
  }

  func finish() throws(ReadingsError) -> [Reading] {
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
    for day in picks.keys.sorted() {
      guard let fields = picks[day] else { continue }
      var measurements = Measurements()
      for (field, pick) in fields {
        if let metric = field.metric { measurements.set(metric, steps: pick.steps, enteredIn: pick.unit) }
      }
      let first = fields.values.map(\.span).min { ($0.line, $0.column) < ($1.line, $1.column) }
      let span = first ?? SourceSpan(line: 1, column: 1, length: 1, lineText: "")
      collector.add(
        measurements, on: day, line: span.line, dateSpan: span, systolicSpan: fields[.systolic]?.span)
    }
    return try collector.result()
  }
}
