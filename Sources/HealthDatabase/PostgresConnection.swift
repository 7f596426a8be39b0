internal import CLibPQ
import Foundation

/// One connection to a PostgreSQL server over libpq; closed when the object goes away.
///
/// ```swift
/// let connection = try PostgresConnection(url: "postgresql://clinic@db.example/health")
/// let rows = try connection.query("SELECT count(*) FROM readings")
/// ```
///
/// A connection is used from one task at a time; it is not `Sendable`.
package final class PostgresConnection {
  private let handle: OpaquePointer

  /// Connects to a server.
  ///
  /// - Parameter url: A libpq connection string: a URL (`postgresql://user@host:5432/db`,
  ///   `postgresql:///db?host=/run/postgresql`) or `key=value` pairs. Missing parts come
  ///   from the environment (`PGHOST`, `PGPASSWORD`, …), `~/.pgpass` or a service file.
  /// - Throws: ``DatabaseError/connection(_:)`` with the server's reason, the password
  ///   replaced by `***` wherever the reason repeats it.
  package init(url: String) throws(DatabaseError) {
    guard !url.unicodeScalars.contains("\u{0}") else {
      throw .connection("the connection string holds a NUL character")
    }
    try PostgresConnection.loadLibrary()
    guard let connection = cpq_connectdb(url) else { throw .connection("out of memory") }
    guard cpq_status(connection) == CONNECTION_OK else {
      let message = ConnectionString.redacting(PostgresConnection.errorText(connection), in: url)
      cpq_finish(connection)
      throw .connection(message)
    }
    // Notices (such as "table does not exist, skipping") are not printed by a library.
    cpq_set_quiet_notices(connection)
    handle = connection
  }

  deinit {
    cpq_finish(handle)
  }

  /// Loads libpq, which is looked for when the first connection is made, not
  /// when the program starts (only the database features need it).
  ///
  /// - Throws: ``DatabaseError/connection(_:)`` saying why libpq could not be loaded.
  static func loadLibrary() throws(DatabaseError) {
    var reason = [CChar](repeating: 0, count: 512)
    guard cpq_load(&reason, reason.count) == 1 else {
      throw .connection(
        String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
  }

  /// Runs one or more statements that return no rows.
  ///
  /// - Throws: ``DatabaseError/query(_:sqlState:)``; ``DatabaseError/invalidValue(_:)`` when
  ///   the text holds a NUL character.
  package func execute(_ sql: String) throws(DatabaseError) {
    _ = try run(sql, parameters: [])
  }

  /// Runs a query and returns its rows as text, `nil` for SQL `NULL`.
  ///
  /// - Parameters:
  ///   - sql: One statement; `$1`, `$2`… refer to `parameters`.
  ///   - parameters: Text values for the placeholders, `nil` for `NULL`.
  /// - Returns: The column names and the rows.
  /// - Throws: ``DatabaseError/query(_:sqlState:)``; ``DatabaseError/invalidValue(_:)``, before
  ///   anything is sent, when the statement or a value holds a NUL character (C strings end
  ///   there, and PostgreSQL text cannot hold one).
  package func query(_ sql: String, parameters: [String?] = []) throws(DatabaseError) -> QueryRows {
    try run(sql, parameters: parameters)
  }

  /// Loads rows with `COPY … FROM STDIN` (text format: tab-separated, `\N` for `NULL`).
  ///
  /// - Parameters:
  ///   - statement: The `COPY table (columns) FROM STDIN` statement.
  ///   - data: The rows, each ending in a newline, escaped as `COPY`'s text format requires.
  /// - Throws: ``DatabaseError/query(_:sqlState:)`` when the server rejects the statement or a row.
  package func copy(_ statement: String, data: String) throws(DatabaseError) {
    try check(cpq_exec(handle, statement), expecting: PGRES_COPY_IN).clear()
    var bytes = Array(data.utf8)
    let chunk = 1 << 20
    var offset = 0
    while offset < bytes.count {
      let count = min(chunk, bytes.count - offset)
      let sent = bytes.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress.map { base in
          (base + offset).withMemoryRebound(to: CChar.self, capacity: count) {
            cpq_put_copy_data(handle, $0, Int32(count))
          }
        } ?? -1
      }
      guard sent == 1 else { throw .query(PostgresConnection.errorText(handle), sqlState: "") }
      offset += count
    }
    bytes.removeAll()
    guard cpq_put_copy_end(handle) == 1 else {
      throw .query(PostgresConnection.errorText(handle), sqlState: "")
    }
    try check(cpq_get_result(handle), expecting: PGRES_COMMAND_OK).clear()
    try drainResults()
  }

  /// Waits for a notification on a channel this connection listens to (`LISTEN channel`),
  /// without sending anything to the server: the wait is on the connection's socket.
  ///
  /// Notifications that arrived while other statements ran are returned at once.
  ///
  /// ```swift
  /// try connection.execute("LISTEN planner_jobs")
  /// let woken = try connection.waitForNotifications(timeout: 30)
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: The longest wait, in seconds (0 only looks at what has arrived).
  ///   - wake: File descriptors that end the wait early when one becomes readable
  ///     (the read end of a pipe that another thread writes to).
  /// - Returns: The notifications received, oldest first; empty when the time ran out or `wake` woke it.
  /// - Throws: ``DatabaseError/connection(_:)`` when the connection is lost.
  package func waitForNotifications(timeout: Double, wake: [Int32] = []) throws(DatabaseError)
    -> [DatabaseNotification]
  {
    var received = takeNotifications()
    guard received.isEmpty else { return received }
    let socket = cpq_socket(handle)
    guard socket >= 0 else { throw .connection(PostgresConnection.errorText(handle)) }
    var descriptors = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0)]
    for descriptor in wake { descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
    let deadline = Date().addingTimeInterval(max(0, timeout))
    while true {
      let remaining = deadline.timeIntervalSinceNow
      let milliseconds = Int32(max(0, min(remaining * 1000, Double(Int32.max))).rounded(.up))
      for index in descriptors.indices { descriptors[index].revents = 0 }
      let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
      if ready < 0 && errno != EINTR {
        throw .connection("waiting on the connection: \(String(cString: strerror(errno)))")
      }
      if descriptors[0].revents != 0 {
        guard cpq_consume_input(handle) == 1 else {
          throw .connection(PostgresConnection.errorText(handle))
        }
        received = takeNotifications()
        if !received.isEmpty { return received }
      }
      if descriptors.dropFirst().contains(where: { $0.revents != 0 }) { return [] }
      if deadline.timeIntervalSinceNow <= 0 { return [] }
    }
  }

  private func takeNotifications() -> [DatabaseNotification] {
    var found: [DatabaseNotification] = []
    while let notice = cpq_notifies(handle) {
      let value = notice.pointee
      found.append(
        DatabaseNotification(
          channel: value.relname.map { String(cString: $0) } ?? "",
          payload: value.extra.map { String(cString: $0) } ?? "", processID: Int(value.be_pid)))
      cpq_freemem(UnsafeMutableRawPointer(notice))
    }
    return found
  }

  private func run(_ sql: String, parameters: [String?]) throws(DatabaseError) -> QueryRows {
    guard !sql.utf8.contains(0) else { throw .invalidValue("the SQL statement holds a NUL character") }
    for (index, value) in parameters.enumerated() where value?.utf8.contains(0) == true {
      throw .invalidValue(
        "parameter $\(index + 1) holds a NUL character, which PostgreSQL text cannot hold")
    }
    let result: OpaquePointer?
    if parameters.isEmpty {
      result = cpq_exec(handle, sql)
    } else {
      result = PostgresConnection.withCStrings(parameters) { values in
        cpq_exec_params(handle, sql, Int32(values.count), values)
      }
    }
    let checked = try check(result, expecting: nil)
    return checked.rows()
  }

  /// The one place a result is checked: success or a ``DatabaseError`` with the server's message.
  ///
  /// - Parameter expecting: The status required, or `nil` for any success (rows or a command).
  private func check(_ result: OpaquePointer?, expecting: ExecStatusType?) throws(DatabaseError) -> PGResult {
    guard let result else { throw .query(PostgresConnection.errorText(handle), sqlState: "") }
    let owned = PGResult(result)
    let status = cpq_result_status(result)
    let ok = expecting.map { status == $0 } ?? (status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK)
    guard ok else {
      let message = cpq_result_error_message(result).map { String(cString: $0) } ?? ""
      let state = cpq_result_error_field(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
      throw .query(
        PostgresConnection.trimmed(message.isEmpty ? "status \(status.rawValue)" : message), sqlState: state)
    }
    return owned
  }

  private func drainResults() throws(DatabaseError) {
    while let extra = cpq_get_result(handle) {
      _ = try check(extra, expecting: nil)
    }
  }

  private static func errorText(_ connection: OpaquePointer) -> String {
    trimmed(cpq_error_message(connection).map { String(cString: $0) } ?? "unknown error")
  }

  private static func trimmed(_ text: String) -> String {
    var result = Substring(text)
    while let last = result.last, last.isWhitespace { result.removeLast() }
    return String(result)
  }

  private static func withCStrings<Result>(
    _ values: [String?], _ body: ([UnsafePointer<CChar>?]) -> Result
  ) -> Result {
    let pointers: [UnsafeMutablePointer<CChar>?] = values.map { $0.flatMap { strdup($0) } }
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers.map { $0.map { UnsafePointer($0) } })
  }
}

/// A libpq result, cleared when it goes away.
private struct PGResult: ~Copyable {
  let pointer: OpaquePointer

  init(_ pointer: OpaquePointer) {
    self.pointer = pointer
  }

  deinit {
    cpq_clear(pointer)
  }

  consuming func clear() {}

  func rows() -> QueryRows {
    let columnCount = Int(cpq_nfields(pointer))
    let rowCount = Int(cpq_ntuples(pointer))
    let names = (0..<columnCount).map { String(cString: cpq_fname(pointer, Int32($0))) }
    var rows: [[String?]] = []
    rows.reserveCapacity(rowCount)
    for row in 0..<rowCount {
      rows.append(
        (0..<columnCount).map { column in
          cpq_getisnull(pointer, Int32(row), Int32(column)) == 1
            ? nil : String(cString: cpq_getvalue(pointer, Int32(row), Int32(column)))
        })
    }
    return QueryRows(columns: names, rows: rows)
  }
}

/// The rows a query returned, as text.
package struct QueryRows: Sendable, Hashable {
  /// The column names, in order.
  package var columns: [String]
  /// Each row's values, `nil` for SQL `NULL`.
  package var rows: [[String?]]
}

/// A notification a server sent to a connection that listens on its channel (`NOTIFY channel, 'payload'`).
package struct DatabaseNotification: Sendable, Hashable {
  /// The channel's name.
  package var channel: String
  /// The text sent with it; empty when none was.
  package var payload: String
  /// The server process that sent it.
  package var processID: Int
}
