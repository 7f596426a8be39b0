import HealthRules

/// Why talking to the database failed, in words fit for the person running the command.
///
/// Messages never contain a password: connection details come only from the URL,
/// the environment (`PGPASSWORD`, `~/.pgpass`) or a service file, and where libpq's own
/// message repeats part of the URL, the password is replaced by `***`
/// (``ConnectionString/redacting(_:in:)``).
package enum DatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The server could not be reached or refused the connection.
  case connection(String)
  /// A statement failed; the server's message and its SQLSTATE code.
  case query(String, sqlState: String)
  /// The readings table (or view) does not exist.
  case missingTable(String)
  /// A column the rules need is missing or has a type that cannot hold it exactly.
  case column(String)
  /// The rules cannot be written as SQL.
  case rules(SQLError)
  /// The server answered with something this client does not understand.
  case unexpectedResult(String)
  /// A value to send that the server cannot hold (text with a NUL character); nothing was sent.
  case invalidValue(String)

  /// A lowercase message without a final period.
  package var description: String {
    switch self {
    case .connection(let message): return "cannot connect to the database: \(message)"
    case .query(let message, let state):
      return "the database refused the query (SQLSTATE \(state)): \(message)"
    case .missingTable(let name): return "the readings table \(name) does not exist"
    case .column(let message): return message
    case .rules(let error): return error.description
    case .unexpectedResult(let message): return "unexpected answer from the database: \(message)"
    case .invalidValue(let message): return message
    }
  }
}
