/// A query text that cannot be read.
public struct RecipeQueryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, for people.
  public var message: String
  /// The offset in characters where the problem starts.
  public var offset: Int

  /// Creates an error with its message and offset.
  public init(_ message: String, offset: Int) {
    self.message = message
    self.offset = offset
  }

  public var description: String { "column \(offset + 1): \(message)" }
}
