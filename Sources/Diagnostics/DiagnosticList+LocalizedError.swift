import Foundation

extension DiagnosticList: CustomStringConvertible {
  /// The diagnostics rendered as the command line shows them, without colour.
  ///
  /// ```
  /// week.plan:3:3: error: unknown nutrient 'protien'
  ///   protien >= 90 g per day
  ///   ^~~~~~~
  ///   hint: did you mean 'protein'?
  /// 1 error generated.
  /// ```
  public var description: String {
    var text = DiagnosticRenderer().render(self)
    if text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}

extension DiagnosticList: LocalizedError {
  /// One line for an app to show: the first error (or the first diagnostic) as
  /// `file:line:column: error: message`, its hint, and how many more there are.
  ///
  /// ```
  /// week.plan:3:3: error: unknown nutrient 'protien' (hint: did you mean 'protein'?) (and 1 more error)
  /// ```
  ///
  /// ``description`` is the whole rendering, with source lines and carets, as the
  /// command line prints it.
  public var errorDescription: String? {
    guard let first = diagnostics.first(where: { $0.severity == .error }) ?? diagnostics.first else {
      return "no diagnostics"
    }
    let place = first.path.map { path in "\(path):\(first.line ?? 1):\(first.column ?? 1): " } ?? ""
    let sameKind = diagnostics.filter { $0.severity == first.severity }.count - 1
    let more =
      sameKind > 0 ? " (and \(sameKind) more \(first.severity.rawValue)\(sameKind == 1 ? "" : "s"))" : ""
    let text = DiagnosticRenderer.shortened(first.errorDescription ?? first.message)
    return (place + text).escapingControlCharacters() + more
  }
}

extension Diagnostic: LocalizedError {
  /// `error: message`, then the hint, without a location (a ``DiagnosticList`` renders locations).
  public var errorDescription: String? {
    "\(severity.rawValue): \(message)" + (hint.map { " (hint: \($0))" } ?? "")
  }
}
