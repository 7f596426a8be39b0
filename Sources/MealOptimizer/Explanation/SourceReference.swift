/// Where a goal, limit or budget was written: a file, a 1-based line and a
/// 1-based column (in characters).
///
/// MealOptimizer knows nothing of plan files; a front end (PlanDSL's
/// lowering) fills these in so that an explanation can point at the line to
/// change. A problem built in Swift has none.
package struct SourceReference: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The file's path, as the user wrote it.
  package var file: String
  /// The 1-based line.
  package var line: Int
  /// The 1-based column, in characters.
  package var column: Int

  /// Creates a reference to a place in a file.
  package init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`.
  package var description: String { "\(file):\(line):\(column)" }
}
