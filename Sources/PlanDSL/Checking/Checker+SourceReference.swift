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

  /// ``sourceReference(_:)`` for statements met in the order of the file (a
  /// plan's limits, thousands in a large plan): each line found from the one
  /// before (``referenceHint``) rather than by a search of the whole file.
  mutating func sourceReferenceInOrder(_ range: SourceRange) -> SourceReference? {
    if referenceHint.file != range.file { referenceHint = (range.file, 0) }
    guard let location = sources.location(file: range.file, offset: range.start, hint: &referenceHint.line)
    else { return nil }
    return SourceReference(file: location.path, line: location.line, column: location.column)
  }
}
