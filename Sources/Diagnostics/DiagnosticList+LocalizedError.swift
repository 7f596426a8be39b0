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
  /// The rendered diagnostics (see ``description``).
  public var errorDescription: String? { description }
}

extension Diagnostic: LocalizedError {
  /// `error: message`, then the hint, without a location (a ``DiagnosticList`` renders locations).
  public var errorDescription: String? {
    "\(severity.rawValue): \(message)" + (hint.map { " (hint: \($0))" } ?? "")
  }
}
