public import Diagnostics

extension ReadingsError {
  /// The problems as located diagnostics, for the one renderer every input uses, each with its
  /// catalog id (``ReadingsDiagnosticID``).
  ///
  /// Each issue's line is kept as an excerpt of the file (a ``SourceFile``
  /// starting at that line, one per line however many issues it has), so a large
  /// file is not held again to draw carets.
  /// A related line (the first row of a duplicated date) becomes a note.
  ///
  /// - Parameter path: The file's path, as shown in the diagnostics.
  /// - Returns: The diagnostics and the excerpts they point into.
  public func diagnostics(path: String) -> DiagnosticList {
    var sources = SourceManager()
    var diagnostics: [Diagnostic] = []
    // Issues on one line share its excerpt: a long line with many problems is held once.
    // (An issue without the line's text, such as an unreadable file's, gets its own.)
    var excerpts: [Int: Int] = [:]
    for issue in issues {
      let index: Int
      if !issue.lineText.isEmpty, let known = excerpts[issue.line] {
        index = known
      } else {
        index = sources.add(SourceFile(path: path, text: issue.lineText, firstLine: issue.line))
        if !issue.lineText.isEmpty { excerpts[issue.line] = index }
      }
      var range: SourceRange?
      if let file = sources.file(index) {
        let start = file.offset(line: issue.line, column: issue.column)
        let end = file.offset(line: issue.line, column: issue.column + issue.length)
        range = SourceRange(file: index, start: start, end: end)
      }
      var notes: [Diagnostic.Note] = []
      if let related = issue.relatedLine {
        let relatedIndex = sources.add(SourceFile(path: path, text: "", firstLine: related))
        notes.append(.init("see also this line", at: SourceRange(file: relatedIndex, start: 0, end: 0)))
      }
      diagnostics.append(
        Diagnostic(id: issue.id.rawValue, message: issue.message, at: range, notes: notes, hint: issue.hint))
    }
    return DiagnosticList(diagnostics, sources: sources)
  }
}
