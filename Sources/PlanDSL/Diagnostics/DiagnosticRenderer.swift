/// Renders diagnostics the way the Swift compiler does:
///
/// ```
/// week.plan:3:3: error: unknown nutrient 'protien'
///   protien >= 90 g per day
///   ^~~~~~~
///   hint: did you mean 'protein'?
/// ```
public struct DiagnosticRenderer: Sendable {
  /// Whether to colour the output with ANSI escapes (only on a terminal).
  public var colors: Bool

  public init(colors: Bool = false) { self.colors = colors }

  /// Renders every diagnostic, then a summary line when there are errors.
  public func render(_ list: DiagnosticList) -> String {
    var out = ""
    for diagnostic in list.diagnostics {
      out += render(diagnostic, sources: list.sources)
    }
    let errors = list.diagnostics.filter { $0.severity == .error }.count
    let warnings = list.diagnostics.filter { $0.severity == .warning }.count
    if errors + warnings > 0 {
      var parts: [String] = []
      if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
      if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
      out += parts.joined(separator: " and ") + " generated.\n"
    }
    return out
  }

  /// Renders one diagnostic with its source line, caret, hint and notes.
  public func render(_ diagnostic: Diagnostic, sources: SourceManager) -> String {
    var out = header(diagnostic.severity, diagnostic.message, diagnostic.range, sources)
    out += snippet(diagnostic.range, sources)
    if let hint = diagnostic.hint {
      out += "  " + paint("hint:", Self.cyan) + " " + hint + "\n"
    }
    for note in diagnostic.notes {
      out += header(.note, note.message, note.range, sources)
      out += snippet(note.range, sources)
    }
    return out
  }

  private static let red = "\u{1B}[1;31m"
  private static let yellow = "\u{1B}[1;33m"
  private static let cyan = "\u{1B}[1;36m"
  private static let green = "\u{1B}[1;32m"
  private static let bold = "\u{1B}[1m"
  private static let reset = "\u{1B}[0m"

  private func paint(_ text: String, _ code: String) -> String {
    colors ? code + text + Self.reset : text
  }

  private func header(
    _ severity: Diagnostic.Severity, _ message: String, _ range: SourceRange?, _ sources: SourceManager
  ) -> String {
    let label: String
    switch severity {
    case .error: label = paint("error:", Self.red)
    case .warning: label = paint("warning:", Self.yellow)
    case .note: label = paint("note:", Self.bold)
    }
    guard let range, let file = sources.file(range.file) else {
      return "planner: \(label) \(paint(message, Self.bold))\n"
    }
    let (line, column) = file.lineAndColumn(of: range.start)
    return "\(file.path):\(line):\(column): \(label) \(paint(message, Self.bold))\n"
  }

  private func snippet(_ range: SourceRange?, _ sources: SourceManager) -> String {
    guard let range, let file = sources.file(range.file) else { return "" }
    let (line, column) = file.lineAndColumn(of: range.start)
    let text = file.lineText(line).replacingTabs()
    guard !text.isEmpty else { return "" }
    let (endLine, endColumn) = file.lineAndColumn(of: max(range.start, range.end))
    let lastColumn = endLine == line ? max(column, endColumn - 1) : text.count
    let width = max(1, lastColumn - column + 1)
    let caret = String(repeating: " ", count: column - 1) + "^" + String(repeating: "~", count: width - 1)
    return "  " + text + "\n  " + paint(caret, Self.green) + "\n"
  }
}

extension String {
  fileprivate func replacingTabs() -> String {
    String(map { $0 == "\t" ? " " : $0 })
  }
}
