/// A problem found in an input file (a plan, a readings file), as plain data.
///
/// A diagnostic is rendered by `DiagnosticRenderer`; each front end keeps its
/// message texts in one catalog, where every entry has a stable identifier.
public struct Diagnostic: Sendable, Hashable, Error {
  /// How bad it is.
  public enum Severity: String, Sendable, Hashable, Codable {
    case error, warning, note
  }

  /// A related place, such as "first defined here".
  package struct Note: Sendable, Hashable {
    /// What the note says: lowercase, no final period.
    package var message: String
    /// Where it points, when it points somewhere.
    package var range: SourceRange?
    /// Creates a note.
    package init(_ message: String, at range: SourceRange?) {
      self.message = message
      self.range = range
    }
  }

  /// A suggested edit: replace the text of a range with other text.
  package struct FixIt: Sendable, Hashable {
    /// The text to replace (empty to insert).
    package var range: SourceRange
    /// The text to put in its place (empty to delete).
    package var replacement: String
    /// Creates a fix-it that replaces `range` with `replacement`.
    package init(replacing range: SourceRange, with replacement: String) {
      self.range = range
      self.replacement = replacement
    }
  }

  /// Error, warning or note.
  public var severity: Severity
  /// A stable identifier for the kind of problem (`unknown-nutrient`).
  public var id: String
  /// The message: lowercase, no final period, code quoted in '…'.
  public var message: String
  /// Where it is.
  package var range: SourceRange?
  /// Related places.
  package var notes: [Note]
  /// A suggestion, such as "did you mean 'protein'?".
  public var hint: String?
  /// Edits that would fix the problem, such as replacing 'protien' with 'protein'.
  package var fixIts: [FixIt]
  /// The path of the file `range` lies in, as the user wrote it; set by ``DiagnosticList``,
  /// `nil` for a diagnostic that points nowhere or is not in a list.
  public internal(set) var path: String?
  /// The 1-based line where `range` starts; set by ``DiagnosticList``.
  public internal(set) var line: Int?
  /// The 1-based column (in characters) where `range` starts; set by ``DiagnosticList``.
  public internal(set) var column: Int?

  /// Creates a diagnostic.
  ///
  /// - Parameters:
  ///   - severity: Error (the default), warning or note.
  ///   - id: The catalog entry's stable identifier.
  ///   - message: Lowercase, no final period, code quoted in '…'.
  ///   - range: Where the caret goes, if anywhere.
  ///   - notes: Related places.
  ///   - hint: A suggestion shown under the caret.
  ///   - fixIts: Edits that would fix it.
  package init(
    _ severity: Severity = .error, id: String, message: String, at range: SourceRange?,
    notes: [Note] = [], hint: String? = nil, fixIts: [FixIt] = []
  ) {
    self.severity = severity
    self.id = id
    self.message = message
    self.range = range
    self.notes = notes
    self.hint = hint
    self.fixIts = fixIts
  }
}

/// Every diagnostic found in one run, thrown together.
public struct DiagnosticList: Error, Sendable {
  /// The diagnostics, in source order.
  public var diagnostics: [Diagnostic]
  /// The files the ranges point into.
  package var sources: SourceManager

  /// Creates a list of diagnostics that point into `sources`, and sets each one's
  /// ``Diagnostic/path``, ``Diagnostic/line`` and ``Diagnostic/column``.
  package init(_ diagnostics: [Diagnostic], sources: SourceManager) {
    self.diagnostics = diagnostics
    self.sources = sources
    for index in self.diagnostics.indices {
      guard let range = diagnostics[index].range, let file = sources.file(range.file) else { continue }
      let (line, column) = file.lineAndColumn(of: range.start)
      self.diagnostics[index].path = file.path
      self.diagnostics[index].line = line
      self.diagnostics[index].column = column
    }
  }

  /// Whether any is an error (not just warnings).
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
