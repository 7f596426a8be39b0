import Foundation
import HealthDatabase

/// The outbox of `planner health --database`: a table in the same database, one row per item.
///
/// ```sql
/// CREATE TABLE IF NOT EXISTS planner_alerts (
///   item_id  text PRIMARY KEY,  -- the item's id (Idempotency-Key)
///   alert_id text NOT NULL,     -- the alert's id, the same on every channel (planner alerts ack)
///   item     text NOT NULL      -- the item as JSON, as the outbox file holds it
/// );
/// ```
///
/// The table is created when missing. Every value reaches the server as a parameter, never in the
/// query's text; the table's name is a quoted identifier.
struct OutboxTable {
  let connection: PostgresConnection
  /// The table's name as given (`planner_alerts`, or `schema.table`).
  let name: String

  /// The default table name.
  static let defaultName = "planner_alerts"

  /// The name as a quoted, optionally schema-qualified identifier.
  private var identifier: String {
    name.split(separator: ".", maxSplits: 1).map {
      "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
    .joined(separator: ".")
  }

  /// Creates the table when it is missing.
  func prepare() throws(CLIError) {
    do throws(DatabaseError) {
      try connection.execute(
        """
        CREATE TABLE IF NOT EXISTS \(identifier) (
          item_id text PRIMARY KEY, alert_id text NOT NULL, item text NOT NULL)
        """)
    } catch {
      throw .outputFailed("the alerts table \(name) could not be created: \(error.description)", hint: nil)
    }
  }

  /// Reads the items.
  func open() throws(CLIError) -> Outbox {
    try prepare()
    let rows: QueryRows
    do throws(DatabaseError) {
      rows = try connection.query("SELECT item FROM \(identifier) ORDER BY item_id")
    } catch {
      throw .invalidInput("cannot read the alerts table \(name): \(error.description)")
    }
    var items: [Outbox.Item] = []
    for row in rows.rows {
      guard let text = row.first ?? nil,
        let item = try? JSONDecoder().decode(Outbox.Item.self, from: Data(text.utf8))
      else {
        throw .invalidInput("the alerts table \(name) holds a row that is not an alert")
      }
      items.append(item)
    }
    items.sort { $0.savedAt < $1.savedAt }
    return Outbox(url: URL(fileURLWithPath: name), items: items)
  }

  /// Writes the items, replacing the table's rows, in one transaction.
  func save(_ outbox: Outbox, failing what: String) throws(CLIError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      try connection.execute("BEGIN")
      try connection.execute("DELETE FROM \(identifier)")
      for item in outbox.items {
        guard let data = try? encoder.encode(item) else {
          throw DatabaseError.unexpectedResult("an alert that cannot be written as JSON")
        }
        _ = try connection.query(
          "INSERT INTO \(identifier) (item_id, alert_id, item) VALUES ($1, $2, $3)",
          parameters: [item.id, item.alertID, String(decoding: data, as: UTF8.self)])
      }
      try connection.execute("COMMIT")
    } catch {
      _ = try? connection.execute("ROLLBACK")
      throw .outputFailed("\(what): the alerts table \(name) could not be written (\(error))", hint: nil)
    }
  }
}
