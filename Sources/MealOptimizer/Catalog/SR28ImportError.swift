import Foundation

/// Why an SR28 release could not be imported.
///
/// Every error that points into a file carries the file's name and the 1-based
/// line and column of the offending field, so that a damaged release can be
/// repaired by hand.
package enum SR28ImportError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A file of the release could not be read (missing, or not readable).
  case unreadableFile(path: String, reason: String)
  /// A record is damaged: too few fields, a bad number, an unknown reference.
  case malformedRecord(file: String, line: Int, column: Int, message: String)

  package var description: String {
    switch self {
    case .unreadableFile(let path, let reason):
      "cannot read '\(path)': \(reason)"
    case .malformedRecord(let file, let line, let column, let message):
      "\(file):\(line):\(column): error: \(message)"
    }
  }
}

extension SR28ImportError: LocalizedError {
  /// The same text as `description`, for `localizedDescription`.
  package var errorDescription: String? { description }
}
