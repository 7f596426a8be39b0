import Diagnostics
import Foundation

/// The formats readings files come in.
public enum ReadingsFormat: String, Sendable, Hashable, CaseIterable, Codable {
  case csv
  case json
  case appleHealth = "apple-health"

  /// The format for a file name: `.csv`, `.json`, or `.xml` (Apple Health export).
  public init?(fileName: String) {
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
  /// A CSV file is read as a stream, one line at a time: memory holds one record and
  /// the readings `retention` keeps, whatever the file's size.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - format: The format; by default taken from the extension (`.csv`, `.json`, `.xml`).
  ///   - customMetrics: Extra numeric columns or keys to accept (CSV and JSON).
  ///   - retention: Which valid readings to return; every row is checked either way.
  /// - Returns: The readings kept, sorted by date.
  /// - Throws: ``ReadingsError``: an unreadable file, an unknown format, or every problem in the file.
  public static func load(
    from url: URL, format: ReadingsFormat? = nil, customMetrics: [Metric] = [],
    retention: ReadingsRetention = .all
  ) throws(ReadingsError) -> [Reading] {
    guard let format = format ?? ReadingsFormat(fileName: url.lastPathComponent) else {
      throw ReadingsError(
        .unknownFormat, message: "cannot tell the format of '\(url.lastPathComponent)'",
        hint: "use a .csv, .json or .xml (Apple Health export) file")
    }
    if let problem = RegularFile.problem(at: url.path) {
      throw ReadingsError(.cannotReadFile, message: "cannot read '\(url.path)': \(problem)")
    }
    if format == .appleHealth { return try AppleHealthReadings.parse(contentsOf: url) }
    if format == .csv {
      guard let handle = FileHandle(forReadingAtPath: url.path) else {
        throw ReadingsError(
          .cannotReadFile, message: "cannot read '\(url.path)': \(RegularFile.phrase(for: errno))")
      }
      defer { try? handle.close() }
      var scanner = CSVScanner(LineReader(handle))
      var collector = ReadingsCollector(retention: retention)
      // A file that stops being readable or UTF-8 part way is that error alone: the rows
      // after it were never seen.
      let parsed: Result<Void, ReadingsError>
      do throws(ReadingsError) {
        try CSVReadings.read(&scanner, customMetrics: customMetrics, into: &collector)
        parsed = .success(())
      } catch {
        parsed = .failure(error)
      }
      if let reason = scanner.readError {
        throw ReadingsError(.cannotReadFile, message: "cannot read '\(url.path)': \(reason)")
      }
      if scanner.invalidUTF8 { throw notUTF8(url) }
      try parsed.get()
      return try collector.result()
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw ReadingsError(
        .cannotReadFile, message: "cannot read '\(url.path)': \(RegularFile.phrase(for: errno))")
    }
    guard let text = String(data: data, encoding: .utf8) else { throw notUTF8(url) }
    let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    return try JSONReadings.parse(body, customMetrics: customMetrics, retention: retention)
  }

  private static func notUTF8(_ url: URL) -> ReadingsError {
    ReadingsError(.notUtf8, message: "'\(url.lastPathComponent)' is not UTF-8 text")
  }
}
