extension DiagnosticList {
  /// One diagnostic as plain located values, for JSON output (`planner check --format json`).
  package struct Record: Sendable, Hashable, Codable {
    /// A related place, located.
    package struct Note: Sendable, Hashable, Codable {
      /// What the note says.
      package var message: String
      /// The file's path, when the note points somewhere.
      package var file: String?
      /// The 1-based line.
      package var line: Int?
      /// The 1-based column, in characters.
      package var column: Int?
    }

    /// The catalog entry's stable identifier.
    package var id: String
    /// `error`, `warning` or `note`.
    package var severity: Diagnostic.Severity
    /// The file's path, when the diagnostic points somewhere.
    package var file: String?
    /// The 1-based line.
    package var line: Int?
    /// The 1-based column, in characters.
    package var column: Int?
    /// The message.
    package var message: String
    /// Suggestions (at most one today).
    package var hints: [String]
    /// Related places.
    package var notes: [Note]
    /// Edits that would fix it: replace the text from `line`:`column` up to
    /// `end_line`:`end_column` (exclusive) with `replacement`.
    package var fixIts: [FixIt]

    /// A suggested edit, located.
    package struct FixIt: Sendable, Hashable, Codable {
      /// The 1-based line where the replaced text starts.
      package var line: Int
      /// The 1-based column, in characters, where it starts.
      package var column: Int
      /// The line where it ends.
      package var endLine: Int
      /// The column just after it.
      package var endColumn: Int
      /// The new text.
      package var replacement: String
    }
  }

  /// The diagnostics as located records, in order.
  package var records: [Record] {
    diagnostics.map { diagnostic in
      let place = location(diagnostic.range)
      return Record(
        id: diagnostic.id, severity: diagnostic.severity, file: place.file, line: place.line,
        column: place.column, message: diagnostic.message, hints: diagnostic.hint.map { [$0] } ?? [],
        notes: diagnostic.notes.map { note in
          let at = location(note.range)
          return Record.Note(message: note.message, file: at.file, line: at.line, column: at.column)
        },
        fixIts: diagnostic.fixIts.compactMap { fixIt in
          guard let file = sources.file(fixIt.range.file) else { return nil }
          let start = file.lineAndColumn(of: fixIt.range.start)
          let end = file.lineAndColumn(of: fixIt.range.end)
          return Record.FixIt(
            line: start.line, column: start.column, endLine: end.line, endColumn: end.column,
            replacement: fixIt.replacement)
        })
    }
  }

  private func location(_ range: SourceRange?) -> (file: String?, line: Int?, column: Int?) {
    guard let range, let file = sources.file(range.file) else { return (nil, nil, nil) }
    let (line, column) = file.lineAndColumn(of: range.start)
    return (file.path, line, column)
  }
}
