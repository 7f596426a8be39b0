import Diagnostics

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
  package func diagnostics(path: String) -> DiagnosticList {
    var sources = SourceManager()
    var diagnostics: [Diagnostic] = []
    // Issues on one line share its excerpt: a long line with many problems is held once.
    // (An issue without the line's text, such as an unreadable file's, gets its own.)
    var excerpts: [Int: Int] = [:]
    // Where the last caret of each excerpt was: issues come sorted by column, so each line
    // is walked once, however many issues it has (a header of 200,000 unknown columns).
    var cursors: [Int: ColumnCursor] = [:]
    for issue in issues {
      let index: Int
      if !issue.lineText.isEmpty, let known = excerpts[issue.line] {
        index = known
      } else {
        index = sources.add(SourceFile(path: path, text: issue.lineText, firstLine: issue.line))
        if !issue.lineText.isEmpty { excerpts[issue.line] = index }
        cursors[index] = ColumnCursor(bytes: Array(issue.lineText.utf8))
      }
      let start = cursors[index]?.offset(ofColumn: issue.column) ?? 0
      var end = cursors[index] ?? ColumnCursor(bytes: [])
      let range = SourceRange(
        file: index, start: start, end: end.offset(ofColumn: issue.column + issue.length))
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

/// The byte offset of a column (counted in Unicode scalars from 1) in one line, found by
/// walking forward from the last column asked for; clamped to the line, as
/// ``SourceFile/offset(line:column:)`` is.
private struct ColumnCursor {
  let bytes: [UInt8]
  var column = 1
  var offset = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func offset(ofColumn target: Int) -> Int {
    if target < column {
      column = 1
      offset = 0
    }
    while column < target, offset < bytes.count {
      offset += 1
      while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
      column += 1
    }
    return offset
  }
}
