import Foundation
import HealthDatabase

/// `planner alerts`: what happened to the alerts sent to the care team, through the `ack` subcommand.
enum AlertsCommand: CommandGroup {
  static let name = "alerts"
  static let abstract = "Acknowledge an alert sent to the care team: 'planner alerts ack ID'."
  static var subcommands: [any Command.Type] { [AlertsAck.self] }
}

/// `planner alerts ack ID`: records that someone acted on an alert, so that it is not escalated.
enum AlertsAck: TypedCommand {
  static let name = "alerts ack"
  static let abstract = "Record that an alert was acknowledged, so that it is not escalated."
  static let discussion = """
    ID is the alert's 'alert_id', as its JSON carries it, or the id of one of its deliveries (the
    Idempotency-Key of --notify-url, PLANNER_ALERT_ID of --notify). The acknowledgement is recorded in the outbox file
    (--outbox, as 'planner health' was given it) or, for 'planner health --database', in the
    database's planner_alerts table.
    """

  struct Options: CommandOptions {
    var id: String?
    var outbox: String?
    var database: String?

    static var declarations: [OptionDeclaration<Options>] {
      [
        .argument("id", \.id, missing: "an alert id", "The alert's id (alert_id in its JSON)."),
        .option("outbox", \.outbox, value: "FILE", "The outbox file that holds the alert."),
        .option(
          "database", \.database, value: "URL", "The database whose planner_alerts table holds the alert."),
      ]
    }

    mutating func validate() throws(CLIError) {
      if (outbox == nil) == (database == nil) {
        throw .usage(
          "'planner alerts ack' needs either '--outbox FILE' or '--database URL'",
          hint: "the outbox 'planner health' wrote, such as --outbox journal.csv.outbox.json")
      }
    }
  }

  static func run(_ options: Options, console: Console) throws(CLIError) {
    guard let id = options.id else { throw .internalError("alerts ack ran without an id") }
    var table: OutboxTable?
    if let url = options.database {
      do throws(DatabaseError) {
        table = OutboxTable(connection: try PostgresConnection(url: url), name: OutboxTable.defaultName)
      } catch {
        throw .invalidInput(error.description)
      }
    }
    var outbox: Outbox
    if let table {
      outbox = try table.open()
    } else {
      let url = URL(fileURLWithPath: options.outbox ?? "")
      guard FileManager.default.fileExists(atPath: url.path) else {
        throw .invalidInput("the outbox '\(url.path.escapedForTerminal)' does not exist")
      }
      outbox = try Outbox.open(url)
      if outbox.movedAside != nil {
        throw .invalidInput("the outbox '\(url.path.escapedForTerminal)' does not parse; it was moved aside")
      }
    }
    let matching = outbox.items.indices.filter { outbox.items[$0].alertID == id || outbox.items[$0].id == id }
    guard let first = matching.first else {
      throw .invalidInput("no alert '\(id.escapedForTerminal)' in the outbox")
    }
    let item = outbox.items[first]
    if let done = item.acknowledgedAt {
      console.out("alert \(item.alertID) was acknowledged already, on \(done)\n")
      return
    }
    let stamp = ISO8601DateFormatter().string(from: Date())
    for index in matching { outbox.items[index].acknowledgedAt = stamp }
    let failing = "the acknowledgement was NOT recorded"
    if let table { try table.save(outbox, failing: failing) } else { try outbox.save(failing: failing) }
    var about = "alert \(item.alertID)"
    if let patient = item.patient { about += " for \(patient.escapedForTerminal)" }
    if let day = item.day { about += " on \(day)" }
    if item.deliveredAt == nil {
      console.out("acknowledged \(about); it has not been delivered yet\n")
    } else {
      console.out("acknowledged \(about)\(item.escalatedAt != nil ? " (it was escalated already)" : "")\n")
    }
  }
}
