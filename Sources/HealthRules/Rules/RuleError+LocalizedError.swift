import Foundation

extension RuleError: LocalizedError {
  /// `alert 'id': message`, or the message alone (see ``description``).
  public var errorDescription: String? { description }
}
