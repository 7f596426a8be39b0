import HealthDatabase

/// Why a queue operation failed, in words fit for the operator.
package enum QueueError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The database refused a statement or could not be reached.
  case database(DatabaseError)
  /// The queue's schema is missing, older or newer than this library.
  case schema(String)
  /// A job or plan source that cannot be stored as given; nothing was written.
  case invalidJob(String)

  /// A lowercase message without a final period.
  package var description: String {
    switch self {
    case .database(let error): return error.description
    case .schema(let message), .invalidJob(let message): return message
    }
  }

  /// Runs database calls, turning their errors into ``database(_:)``.
  static func wrap<Value>(_ body: () throws(DatabaseError) -> Value) throws(QueueError) -> Value {
    do throws(DatabaseError) {
      return try body()
    } catch {
      throw .database(error)
    }
  }
}
