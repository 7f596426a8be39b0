/// One problem in a readings file, located by line and column so a tool can draw a caret.
///
/// Lines and columns count from 1. The CSV, JSON and journal-entry readers count
/// columns in Unicode scalars, which is how the diagnostics renderer places the
/// caret. `length` is the number of scalars to underline (at least 1).
///
/// ```
/// readings.csv:4:12: error: 'abc' is not a number
/// 2026-03-03,abc,120,80,95,
///            ^~~
/// ```
package struct ReadingsIssue: Error, Sendable, Hashable, Codable, CustomStringConvertible {
  /// Which entry of the catalog it is.
  package var id: ReadingsDiagnosticID
  /// The 1-based line.
  package var line: Int
  /// The 1-based column, in Unicode scalars.
  package var column: Int
  /// The number of Unicode scalars to underline, at least 1.
  package var length: Int
  /// What is wrong: lowercase, no final period, values quoted in `'…'`.
  package var message: String
  /// A suggestion, such as "did you mean 'systolic'?".
  package var hint: String?
  /// The text of the line, without its line break ("" when not available).
  package var lineText: String
  /// Another line involved, such as the first reading of a duplicated date.
  package var relatedLine: Int?

  /// Creates an issue.
  ///
  /// - Parameters:
  ///   - id: The catalog entry.
  ///   - line: The 1-based line.
  ///   - column: The 1-based column, in Unicode scalars.
  ///   - length: The number of Unicode scalars to underline.
  ///   - message: What is wrong.
  ///   - hint: A suggestion, if any.
  ///   - lineText: The text of the line, to draw the caret under.
  ///   - relatedLine: Another line involved, if any.
  package init(
    _ id: ReadingsDiagnosticID, line: Int, column: Int, length: Int = 1, message: String, hint: String? = nil,
    lineText: String = "", relatedLine: Int? = nil
  ) {
    self.id = id
    self.line = line
    self.column = column
    self.length = max(1, length)
    self.message = message
    self.hint = hint
    self.lineText = lineText
    self.relatedLine = relatedLine
  }

  /// `line:column: message` followed by the hint, if any.
  package var description: String {
    "\(line):\(column): \(message)" + (hint.map { " (\($0))" } ?? "")
  }
}

/// Every problem found in one readings file, in the order of the file.
///
/// Parsers collect all problems in one pass and throw them together; no row is
/// dropped silently.
public struct ReadingsError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The problems, sorted by line and column.
  package var issues: [ReadingsIssue]

  /// Creates an error from issues, sorting them by position.
  package init(issues: [ReadingsIssue]) {
    self.issues = issues.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
  }

  /// Creates an error for a problem with no position in the text (line 1, column 1 is used).
  package init(_ id: ReadingsDiagnosticID, message: String, hint: String? = nil) {
    self.init(issues: [ReadingsIssue(id, line: 1, column: 1, message: message, hint: hint)])
  }

  /// One `line:column: message` per issue.
  public var description: String {
    issues.map(\.description).joined(separator: "\n")
  }
}
