import Foundation

extension ReadingsIssue: LocalizedError {
  /// `line 4, column 12: 'abc' is not a number`, then the hint in parentheses.
  package var errorDescription: String? {
    "line \(line), column \(column): \(message)" + (hint.map { " (\($0))" } ?? "")
  }
}

extension ReadingsError: LocalizedError {
  /// One sentence per issue, each with its line and column.
  public var errorDescription: String? {
    issues.compactMap(\.errorDescription).joined(separator: "\n")
  }
}
