/// The files of one program: the root file and everything it includes.
///
/// Ranges in diagnostics and the AST point into these files by index.
package struct SourceManager: Sendable {
  /// The files, in the order they were read; a ``SourceRange`` names one by index.
  package private(set) var files: [SourceFile] = []

  /// Creates an empty set of files.
  package init() {}

  /// Adds a file and returns its index.
  package mutating func add(_ file: SourceFile) -> Int {
    files.append(file)
    return files.count - 1
  }

  /// The file at an index.
  package func file(_ index: Int) -> SourceFile? {
    files.indices.contains(index) ? files[index] : nil
  }

  /// The path, line and column where an offset of a file lies, read in place
  /// (``SourceFile/lineAndColumn(of:hint:)``, `hint` kept by the caller); `nil` for no such file.
  package func location(file index: Int, offset: Int, hint: inout Int) -> (
    path: String, line: Int, column: Int
  )? {
    guard files.indices.contains(index) else { return nil }
    let (line, column) = files[index].lineAndColumn(of: offset, hint: &hint)
    return (files[index].path, line, column)
  }

  /// The index of a file already loaded from this path, if any.
  package func index(ofPath path: String) -> Int? {
    files.firstIndex { $0.path == path }
  }
}
