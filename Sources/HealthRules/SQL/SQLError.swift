/// Why a rule set could not be written as SQL.
package struct SQLError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem it is.
  package enum Kind: String, Sendable, Hashable, Codable {
    /// The rule set itself does not check (see ``RuleError``).
    case invalidRules = "invalid_rules"
    /// A construct of the rule language that the dialect cannot express with the same meaning.
    case unsupported
    /// The table description is unusable (an empty name, a unit of the wrong dimension).
    case invalidTable = "invalid_table"
    /// A value the query would send cannot be held by the database (a NUL character in text).
    case invalidValue = "invalid_value"
  }

  /// The kind of problem.
  package var kind: Kind
  /// The alert it was found in, when there is one.
  package var alertID: String?
  /// The construct concerned, as rules spell it (`symptoms(last 3 days) contains "café"`), when there is one.
  package var construct: String?
  /// A lowercase message without a final period, code quoted in `'…'`.
  package var message: String

  /// Creates an error.
  package init(_ kind: Kind, alertID: String? = nil, construct: String? = nil, message: String) {
    self.kind = kind
    self.alertID = alertID
    self.construct = construct
    self.message = message
  }

  /// `alert 'id': message`, or the message alone.
  package var description: String {
    alertID.map { "alert '\($0)': \(message)" } ?? message
  }
}
