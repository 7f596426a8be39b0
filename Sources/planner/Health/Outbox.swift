import Foundation
import HealthRules

/// Alerts that could not be delivered, kept in a file until a later run delivers them.
///
/// The file is a JSON array of items, each with the channel that failed (`command` or
/// `url`), when and why it failed, and the verdict JSON exactly as it was to be sent.
/// It is rewritten atomically, and removed when it empties. By default it sits next to
/// the readings file: `readings.csv.outbox.json`.
struct Outbox {
  /// One undelivered alert.
  struct Item: Codable, Equatable {
    /// `command` or `url`.
    var channel: String
    /// When it first failed, ISO 8601 UTC.
    var savedAt: String
    /// The last reason it failed.
    var reason: String
    /// Attempts made so far (runs, not retries).
    var attempts: Int
    /// The verdict JSON to deliver, as `planner health --format json` prints it.
    var payload: String

    enum CodingKeys: String, CodingKey {
      case channel
      case savedAt = "saved_at"
      case reason, attempts, payload
    }
  }

  let url: URL
  var items: [Item]

  /// Reads the outbox; a missing file is an empty outbox.
  ///
  /// - Throws: ``CLIError/invalidInput(_:)`` when the file exists and does not parse; it is then left alone.
  static func open(_ url: URL) throws(CLIError) -> Outbox {
    guard FileManager.default.fileExists(atPath: url.path) else { return Outbox(url: url, items: []) }
    do {
      let data = try Data(contentsOf: url)
      return Outbox(url: url, items: try JSONDecoder().decode([Item].self, from: data))
    } catch {
      throw .invalidInput(
        "the outbox '\(url.path)' does not parse, so nothing was sent and it was left as it is: "
          + "\(error.localizedDescription)\n  hint: send its alerts by hand, then remove it")
    }
  }

  /// Writes the outbox atomically, or removes the file when it is empty.
  func save() throws(CLIError) {
    if items.isEmpty {
      if FileManager.default.fileExists(atPath: url.path) {
        do {
          try FileManager.default.removeItem(at: url)
        } catch {
          throw .internalError("cannot remove the empty outbox '\(url.path)': \(error.localizedDescription)")
        }
      }
      return
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      let data = try encoder.encode(items)
      try AtomicFile.write(data + Data("\n".utf8), to: url)
    } catch {
      throw .internalError("an alert could not be delivered nor saved in '\(url.path)': \(error)")
    }
  }
}
