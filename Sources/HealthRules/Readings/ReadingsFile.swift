import Diagnostics
import Foundation

/// The formats readings files come in.
public enum ReadingsFormat: String, Sendable, Hashable, CaseIterable, Codable {
  case csv
  case json
  case appleHealth = "apple-health"

  /// The format for a file name: `.csv`, `.json`, or `.xml` (Apple Health export).
  package init?(fileName: String) {
    let lower = fileName.lowercased()
    if lower.hasSuffix(".csv") {
      self = .csv
    } else if lower.hasSuffix(".json") {
      self = .json
    } else if lower.hasSuffix(".xml") {
      self = .appleHealth
    } else {
      return nil
    }
  }
}

/// Loads readings from a file in any supported format.
public enum ReadingsFile {
  /// Reads a readings file, choosing the parser by `format` or by the file's extension.
  ///
  /// A CSV or JSON file is read as a stream, one line at a time.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - format: The format; by default taken from the extension (`.csv`, `.json`, `.xml`).
  /// - Returns: The readings, sorted by date.
  /// - Throws: ``ReadingsError``: an unreadable file, an unknown format, or every problem in the file.
  public static func load(from url: URL, format: ReadingsFormat? = nil) throws(ReadingsError) -> [Reading] {
    try load(from: url, format: format, customMetrics: [], retention: .all)
  }

  /// Reads a readings file, choosing the parser by `format` or by the file's extension.
  ///
  /// A CSV or JSON file is read as a stream, one line at a time: memory holds one record (a
  /// CSV row, a JSON day) and the readings `retention` keeps, whatever the file's size. A JSON
  /// file whose `units` come after its `readings` is read twice.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - format: The format; by default taken from the extension (`.csv`, `.json`, `.xml`).
  ///   - customMetrics: Extra numeric columns or keys to accept (CSV and JSON).
  ///   - retention: Which valid readings to return; every row is checked either way.
  /// - Returns: The readings kept, sorted by date.
  /// - Throws: ``ReadingsError``: an unreadable file, an unknown format, or every problem in the file.
  package static func load(
    from url: URL, format: ReadingsFormat? = nil, customMetrics: [Metric] = [],
    retention: ReadingsRetention = .all
  ) throws(ReadingsError) -> [Reading] {
    let format = try readableFormat(of: url, format)
    if format == .appleHealth { return try AppleHealthReadings.parse(contentsOf: url) }
    if format == .csv {
      var collector = ReadingsCollector(retention: retention)
      try readCSV(url, customMetrics: customMetrics, into: &collector)
      return try collector.result()
    }
    return try loadJSON(from: url, customMetrics: customMetrics, retention: retention).readings
  }

  /// Reads a readings file's records whole, with their times and contexts, in date order
  /// (records of one day in file order): what ``Journal`` logs from a file.
  ///
  /// - Throws: ``ReadingsError``, as ``load(from:format:customMetrics:retention:)`` does.
  static func loadRows(from url: URL, format: ReadingsFormat? = nil) throws(ReadingsError)
    -> [ReadingsCollector.Row]
  {
    let format = try readableFormat(of: url, format)
    switch format {
    case .appleHealth:
      return try AppleHealthReadings.parseRows(contentsOf: url)
    case .json:
      return try loadJSONRows(from: url).rows
    case .csv:
      var collector = ReadingsCollector()
      try readCSV(url, customMetrics: [], into: &collector)
      return try collector.resultRows()
    }
  }

  /// Calls `body` with each record of a readings file in file order, checking every record as
  /// ``load(from:format:customMetrics:retention:)`` does, without holding them: a CSV file row
  /// by row, a JSON readings file day by day, a FHIR bundle entry by entry (memory holds one
  /// record); an Apple Health export is read whole first. Records stop reaching `body` at the
  /// first problem; the file's problems are thrown at the end.
  ///
  /// - Returns: `false` when the records given are not the file's and it must be read whole
  ///   (``loadRows(from:format:)``): a JSON file whose `units` follow its `readings`, or one
  ///   that mixes readings with a FHIR `resourceType`.
  /// - Throws: ``ReadingsError``, as ``load(from:format:customMetrics:retention:)`` does.
  static func forEachRow(
    in url: URL, _ body: (ReadingsCollector.Row) -> Void
  ) throws(ReadingsError) -> Bool {
    let format = try readableFormat(of: url, nil)
    var collector = ReadingsCollector()
    func hand(_ collector: inout ReadingsCollector) {
      for row in collector.takeRows() where collector.issues.isEmpty { body(row) }
    }
    switch format {
    case .appleHealth:
      for row in try AppleHealthReadings.parseRows(contentsOf: url) { body(row) }
      return true
    case .csv:
      try readCSV(url, customMetrics: [], into: &collector, onRow: hand)
    case .json:
      // The reader holds the handle, which closes when the pass is done with it.
      var reader = JSONReader(LineReader(try openFile(url)))
      var given = 0
      let layout: JSONReadings.Layout
      do throws(JSONReader.SyntaxError) {
        layout = try JSONReadings.read(
          &reader, customMetrics: [], into: &collector,
          onDay: { collector in
            given += collector.rows.count
            hand(&collector)
          })
      } catch {
        try check(reader, url)
        throw ReadingsError(issues: [error.issue])
      }
      try check(reader, url)
      if layout.isFHIR {
        guard given == 0 else { return false }
        var fhir = JSONReader(LineReader(try openFile(url)))
        collector = ReadingsCollector()
        do throws(JSONReader.SyntaxError) {
          try FHIRReadings.read(&fhir, into: &collector, onEntry: { hand(&$0) })
        } catch {
          try check(fhir, url)
          throw ReadingsError(issues: [error.issue])
        }
        try check(fhir, url)
      } else if layout.secondPass != nil {
        return false
      }
    }
    if !collector.issues.isEmpty { throw ReadingsError(issues: collector.issues) }
    return true
  }

  private static func check(_ reader: JSONReader, _ url: URL) throws(ReadingsError) {
    if let reason = reader.readError {
      throw ReadingsError(.cannotReadFile, message: "cannot read '\(url.path)': \(reason)")
    }
    if reader.invalidUTF8 { throw notUTF8(url) }
  }

  /// Reads a JSON readings file's records whole (``loadRows(from:format:)``), and the units
  /// of its `units` object.
  static func loadJSONRows(from url: URL) throws(ReadingsError) -> (
    rows: [ReadingsCollector.Row], units: [ReadingField: InputUnit]
  ) {
    let (collector, units) = try JSONReadings.collectRecords(customMetrics: [], retention: .all) {
      () throws(ReadingsError) in
      guard let handle = FileHandle(forReadingAtPath: url.path) else {
        throw ReadingsError(
          .cannotReadFile, message: "cannot read '\(url.path)': \(RegularFile.phrase(for: errno))")
      }
      return JSONReader(LineReader(handle))
    } check: { reader throws(ReadingsError) in
      if let reason = reader.readError {
        throw ReadingsError(.cannotReadFile, message: "cannot read '\(url.path)': \(reason)")
      }
      if reader.invalidUTF8 { throw notUTF8(url) }
    }
    return (try collector.resultRows(), units)
  }

  /// Reads a JSON readings file as a stream (``JSONReadings/collect(customMetrics:retention:open:check:)``).
  ///
  /// - Returns: The readings kept, sorted by date, and the units of the file's `units` object.
  static func loadJSON(
    from url: URL, customMetrics: [Metric] = [], retention: ReadingsRetention = .all
  ) throws(ReadingsError) -> (readings: [Reading], units: [ReadingField: InputUnit]) {
    try JSONReadings.collect(customMetrics: customMetrics, retention: retention) { () throws(ReadingsError) in
      guard let handle = FileHandle(forReadingAtPath: url.path) else {
        throw ReadingsError(
          .cannotReadFile, message: "cannot read '\(url.path)': \(RegularFile.phrase(for: errno))")
      }
      // The reader holds the handle, which closes when the pass is done with it.
      return JSONReader(LineReader(handle))
    } check: { reader throws(ReadingsError) in
      if let reason = reader.readError {
        throw ReadingsError(.cannotReadFile, message: "cannot read '\(url.path)': \(reason)")
      }
      if reader.invalidUTF8 { throw notUTF8(url) }
    }
  }

  /// The format of a file about to be read (`format`, or the one its name
  /// tells), once the file is known to be a regular file.
  private static func readableFormat(of url: URL, _ format: ReadingsFormat?) throws(ReadingsError)
    -> ReadingsFormat
  {
    guard let format = format ?? ReadingsFormat(fileName: url.lastPathComponent) else {
      throw ReadingsError(
        .unknownFormat, message: "cannot tell the format of '\(url.lastPathComponent)'",
        hint: "use a .csv, .json or .xml (Apple Health export) file")
    }
    if let problem = RegularFile.problem(at: url.path) {
      throw ReadingsError(.cannotReadFile, message: "cannot read '\(url.path)': \(problem)")
    }
    return format
  }

  /// Opens a file for reading.
  private static func openFile(_ url: URL) throws(ReadingsError) -> FileHandle {
    guard let handle = FileHandle(forReadingAtPath: url.path) else {
      throw ReadingsError(
        .cannotReadFile, message: "cannot read '\(url.path)': \(RegularFile.phrase(for: errno))")
    }
    return handle
  }

  /// Reads a CSV readings file into `collector` a line at a time, calling
  /// `onRow` after each row the collector takes. A file that stops being
  /// readable or UTF-8 part way is that error alone: the rows after it were
  /// never seen.
  private static func readCSV(
    _ url: URL, customMetrics: [Metric], into collector: inout ReadingsCollector,
    onRow: (inout ReadingsCollector) -> Void = { _ in }
  ) throws(ReadingsError) {
    let handle = try openFile(url)
    defer { try? handle.close() }
    var scanner = CSVScanner(LineReader(handle))
    let parsed: Result<Void, ReadingsError>
    do throws(ReadingsError) {
      try CSVReadings.read(
        &scanner, customMetrics: customMetrics, into: &collector, onRow: { _, collector in onRow(&collector) }
      )
      parsed = .success(())
    } catch {
      parsed = .failure(error)
    }
    if let reason = scanner.readError {
      throw ReadingsError(.cannotReadFile, message: "cannot read '\(url.path)': \(reason)")
    }
    if scanner.invalidUTF8 { throw notUTF8(url) }
    try parsed.get()
  }

  private static func notUTF8(_ url: URL) -> ReadingsError {
    ReadingsError(.notUtf8, message: "'\(url.lastPathComponent)' is not UTF-8 text")
  }
}
