extension DiagnosticList {
  /// One diagnostic as plain located values, for JSON output (`planner check --format json`).
  public struct Record: Sendable, Hashable, Codable {
    /// A related place, located.
    public struct Note: Sendable, Hashable, Codable {
      /// What the note says.
      public var message: String
      /// The file's path, when the note points somewhere.
      public var file: String?
      /// The 1-based line.
      public var line: Int?
      /// The 1-based column, in characters.
      public var column: Int?
    }

    /// The catalog entry's stable identifier.
    public var id: String
    /// `error`, `warning` or `note`.
    public var severity: Diagnostic.Severity
    /// The file's path, when the diagnostic points somewhere.
    public var file: String?
    /// The 1-based line.
    public var line: Int?
    /// The 1-based column, in characters.
    public var column: Int?
    /// The message.
    public var message: String
    /// Suggestions (at most one today).
    public var hints: [String]
    /// Related places.
    public var notes: [Note]
  }

  /// The diagnostics as located records, in order.
  public var records: [Record] {
    diagnostics.map { diagnostic in
      let place = location(diagnostic.range)
      return Record(
        id: diagnostic.id, severity: diagnostic.severity, file: place.file, line: place.line,
        column: place.column, message: diagnostic.message, hints: diagnostic.hint.map { [$0] } ?? [],
        notes: diagnostic.notes.map { note in
          let at = location(note.range)
          return Record.Note(message: note.message, file: at.file, line: at.line, column: at.column)
        })
    }
  }

  private func location(_ range: SourceRange?) -> (file: String?, line: Int?, column: Int?) {
    guard let range, let file = sources.file(range.file) else { return (nil, nil, nil) }
    let (line, column) = file.lineAndColumn(of: range.start)
    return (file.path, line, column)
  }
}
