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
  /// - Parameters:
  ///   - url: The file.
  ///   - format: The format; by default taken from the extension (`.csv`, `.json`, `.xml`).
  ///   - customMetrics: Extra numeric columns or keys to accept (CSV and JSON).
  /// - Returns: The readings sorted by date.
  /// - Throws: ``ReadingsError``: an unreadable file, an unknown format, or every problem in the file.
  public static func load(
    from url: URL, format: ReadingsFormat? = nil, customMetrics: [Metric] = []
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
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw ReadingsError(
        .cannotReadFile, message: "cannot read '\(url.path)': \(RegularFile.phrase(for: errno))")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ReadingsError(.notUtf8, message: "'\(url.lastPathComponent)' is not UTF-8 text")
    }
    let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    switch format {
    case .csv: return try CSVReadings.parse(body, customMetrics: customMetrics)
    case .json: return try JSONReadings.parse(body, customMetrics: customMetrics)
    case .appleHealth: return try AppleHealthReadings.parse(data: data)
    }
  }
}
