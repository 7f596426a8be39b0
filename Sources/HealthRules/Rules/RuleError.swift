/// A mistake in a rule set found when compiling it.
///
/// A language front end reports these with source locations before lowering;
/// the engine checks again so a rule set built in Swift cannot misbehave.
public struct RuleError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of mistake it is.
  package enum Kind: String, Sendable, Hashable, Codable {
    case duplicateAlert = "duplicate_alert"
    case tooManyAlerts = "too_many_alerts"
    case invalidWindow = "invalid_window"
    case dayOutOfRange = "day_out_of_range"
    case singleDayExpected = "single_day_expected"
    case unitMismatch = "unit_mismatch"
    case invalidMinimum = "invalid_minimum"
    case emptyWord = "empty_word"
  }

  /// The kind of mistake.
  package var kind: Kind
  /// The alert it was found in, when there is one.
  package var alertID: String?
  /// A lowercase message without a final period, code quoted in `'…'`.
  package var message: String

  /// Creates a rule error.
  package init(_ kind: Kind, alertID: String? = nil, message: String) {
    self.kind = kind
    self.alertID = alertID
    self.message = message
  }

  /// `alert 'id': message`, or the message alone.
  public var description: String {
    alertID.map { "alert '\($0)': \(message)" } ?? message
  }
}
