/// A problem found in a plan file, as plain data.
///
/// A diagnostic is rendered by ``DiagnosticRenderer``; the message texts live
/// in one catalog (``DiagnosticMessage``) with stable identifiers.
public struct Diagnostic: Sendable, Hashable, Error {
  /// How bad it is.
  public enum Severity: String, Sendable, Hashable, Codable {
    case error, warning, note
  }

  /// A related place, such as "first defined here".
  public struct Note: Sendable, Hashable {
    /// What the note says: lowercase, no final period.
    public var message: String
    /// Where it points, when it points somewhere.
    public var range: SourceRange?
    /// Creates a note.
    public init(_ message: String, at range: SourceRange?) {
      self.message = message
      self.range = range
    }
  }

  /// Error, warning or note.
  public var severity: Severity
  /// A stable identifier for the kind of problem (`unknown-nutrient`).
  public var id: String
  /// The message: lowercase, no final period, code quoted in '…'.
  public var message: String
  /// Where it is.
  public var range: SourceRange?
  /// Related places.
  public var notes: [Note]
  /// A suggestion, such as "did you mean 'protein'?".
  public var hint: String?

  public init(
    _ severity: Severity = .error, id: String, message: String, at range: SourceRange?,
    notes: [Note] = [], hint: String? = nil
  ) {
    self.severity = severity
    self.id = id
    self.message = message
    self.range = range
    self.notes = notes
    self.hint = hint
  }
}

/// Every diagnostic found in one run, thrown together.
public struct DiagnosticList: Error, Sendable {
  /// The diagnostics, in source order.
  public var diagnostics: [Diagnostic]
  /// The files the ranges point into.
  public var sources: SourceManager

  public init(_ diagnostics: [Diagnostic], sources: SourceManager) {
    self.diagnostics = diagnostics
    self.sources = sources
  }

  /// Whether any is an error (not just warnings).
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
