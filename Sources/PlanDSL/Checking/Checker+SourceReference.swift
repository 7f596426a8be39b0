import Diagnostics
import MealOptimizer

extension Checker {
  /// The file, line and column where a range starts, for explanations that
  /// point back at a goal, limit or budget.
  func sourceReference(_ range: SourceRange) -> SourceReference? {
    guard let file = sources.file(range.file) else { return nil }
    let (line, column) = file.lineAndColumn(of: range.start)
    return SourceReference(file: file.path, line: line, column: column)
  }
}
