import Diagnostics
import Foundation
import MealOptimizer

extension Checker {
  /// The file, line and column where a range starts, for explanations that
  /// point back at a goal, limit or budget.
  func sourceReference(_ range: SourceRange) -> SourceReference? {
    guard let file = sources.file(range.file) else { return nil }
    let (line, column) = file.lineAndColumn(of: range.start)
    return SourceReference(file: referencePath(range.file) ?? file.path, line: line, column: column)
  }

  /// ``sourceReference(_:)`` for statements met in the order of the file (a
  /// plan's limits, thousands in a large plan): each line found from the one
  /// before (``referenceHint``) rather than by a search of the whole file.
  mutating func sourceReferenceInOrder(_ range: SourceRange) -> SourceReference? {
    if referenceHint.file != range.file { referenceHint = (range.file, 0) }
    guard let location = sources.location(file: range.file, offset: range.start, hint: &referenceHint.line)
    else { return nil }
    return SourceReference(
      file: referencePath(range.file) ?? location.path, line: location.line, column: location.column)
  }

  /// The path a reference shows for a file, when ``referencePaths`` has one.
  func referencePath(_ file: Int) -> String? {
    referencePaths.indices.contains(file) ? referencePaths[file] : nil
  }

  /// Each file's path relative to `folder` (the root plan's folder), with `..` for a file
  /// outside it; the root file (the first) by its name alone.
  static func referencePaths(of sources: SourceManager, relativeTo folder: String) -> [String] {
    let base = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
    return sources.files.enumerated().map { index, file in
      let url = URL(fileURLWithPath: file.path).standardizedFileURL
      guard index > 0 else { return url.lastPathComponent }
      let parts = url.pathComponents
      var shared = 0
      while shared < min(base.count, parts.count - 1), base[shared] == parts[shared] { shared += 1 }
      return (Array(repeating: "..", count: base.count - shared) + parts[shared...]).joined(separator: "/")
    }
  }
}
