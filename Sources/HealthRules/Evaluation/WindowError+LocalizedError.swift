import Foundation

extension WindowError: LocalizedError {
  /// The reason the window could not be built (see ``description``).
  public var errorDescription: String? { description }
}
