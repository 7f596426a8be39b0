import Foundation
import HealthRules

/// Alerts not yet delivered, kept in a file until a run delivers them.
///
/// The file is a JSON array of items, each with an id (sent as the `Idempotency-Key` header on
/// every attempt, in every run), the channel (`command` or `url`), when it was saved and why its
/// last attempt failed, and the verdict JSON exactly as it is to be sent. It never holds two items
/// for the same alert (the same payload) on the same channel. It is rewritten atomically with
/// `AtomicFile`, and removed when it empties. By default it sits next to the readings file:
/// `readings.csv.outbox.json`.
struct Outbox {
  /// One undelivered alert.
  struct Item: Codable, Equatable {
    /// Names this alert on this channel in every attempt and every run: a UUID, sent as the
    /// `Idempotency-Key` header.
    var id: String
    /// `command` or `url`.
    var channel: String
    /// When it was first saved, ISO 8601 UTC.
    var savedAt: String
    /// Why its last attempt failed (credentials removed), or `not sent yet`.
    var reason: String
    /// Attempts made so far (runs, not retries).
    var attempts: Int
    /// The alert JSON to deliver (see ``AlertPayload``).
    var payload: String
    /// The alert this item delivers, the same on every channel (`alert_id` in the payload): what
    /// `planner alerts ack` names. `nil` for items saved before alerts had ids (their ``id``
    /// stands for it).
    var alert: String?
    /// The patient, the rule set's id, the day and the fired alerts' ids: an alert with the same
    /// ones is not sent again once delivered.
    var patient: String?
    var ruleSet: String?
    var day: String?
    var alerts: [String]?
    /// The highest severity that fired: `urgent` alerts are escalated when not acknowledged.
    var severity: String?
    /// When it was delivered (ISO 8601 UTC); `nil` while it waits.
    var deliveredAt: String?
    /// When `planner alerts ack` acknowledged it.
    var acknowledgedAt: String?
    /// When it was sent to the escalation target.
    var escalatedAt: String?
    /// Why the last escalation attempt failed.
    var escalationReason: String?

    enum CodingKeys: String, CodingKey {
      case id, channel
      case savedAt = "saved_at"
      case reason, attempts, payload, alert, patient
      case ruleSet = "rule_set"
      case day, alerts, severity
      case deliveredAt = "delivered_at"
      case acknowledgedAt = "acknowledged_at"
      case escalatedAt = "escalated_at"
      case escalationReason = "escalation_reason"
    }

    /// The alert's id: ``alert``, or ``id`` for an item saved before alerts had ids.
    var alertID: String { alert ?? id }

    /// Whether it was delivered.
    var isDelivered: Bool { deliveredAt != nil }

    /// Whether it covers the same patient, rule set and day as `notice`, and every alert that
    /// fired in it.
    func covers(_ notice: AlertNotice) -> Bool {
      patient == notice.patient && ruleSet == notice.ruleSet && day == notice.day
        && Set(alerts ?? []).isSuperset(of: notice.alerts)
    }

    /// A new item for `payload` on `channel`, with a new id.
    init(channel: String, savedAt: String, reason: String, attempts: Int, payload: String) {
      self.id = UUID().uuidString
      self.channel = channel
      self.savedAt = savedAt
      self.reason = reason
      self.attempts = attempts
      self.payload = payload
    }

    /// Reads an item; one saved before items had ids gets a new one.
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decodeIfPresent(String.self, forKey: .id) ?? UUID().uuidString
      channel = try container.decode(String.self, forKey: .channel)
      savedAt = try container.decode(String.self, forKey: .savedAt)
      reason = try container.decode(String.self, forKey: .reason)
      attempts = try container.decode(Int.self, forKey: .attempts)
      payload = try container.decode(String.self, forKey: .payload)
      alert = try container.decodeIfPresent(String.self, forKey: .alert)
      patient = try container.decodeIfPresent(String.self, forKey: .patient)
      ruleSet = try container.decodeIfPresent(String.self, forKey: .ruleSet)
      day = try container.decodeIfPresent(String.self, forKey: .day)
      alerts = try container.decodeIfPresent([String].self, forKey: .alerts)
      severity = try container.decodeIfPresent(String.self, forKey: .severity)
      deliveredAt = try container.decodeIfPresent(String.self, forKey: .deliveredAt)
      acknowledgedAt = try container.decodeIfPresent(String.self, forKey: .acknowledgedAt)
      escalatedAt = try container.decodeIfPresent(String.self, forKey: .escalatedAt)
      escalationReason = try container.decodeIfPresent(String.self, forKey: .escalationReason)
    }

    /// Whether `other` is the same alert on the same channel.
    func isSameAlert(as other: Item) -> Bool {
      channel == other.channel && payload == other.payload
    }
  }

  let url: URL
  var items: [Item]
  /// Where an outbox that could not be read or did not parse was moved, and which it was.
  private(set) var movedAside: MovedAside?

  /// An outbox file moved aside.
  struct MovedAside {
    /// Its new path.
    var path: URL
    /// `cannot be read` or `does not parse`.
    var reason: String
  }

  /// Reads the outbox; a missing file is an empty outbox.
  ///
  /// An outbox that cannot be read or does not parse is moved aside (renamed with a
  /// `.corrupt-TIME` suffix, ``movedAside``) and an empty one is started, so that it blocks
  /// neither this run's alert nor later ones. Items for the same alert and channel (written by
  /// earlier versions, which kept one copy per failed run) are merged into the first.
  ///
  /// - Throws: ``CLIError/outputFailed(_:)`` when such a file cannot be moved aside.
  static func open(_ url: URL) throws(CLIError) -> Outbox {
    guard FileManager.default.fileExists(atPath: url.path) else { return Outbox(url: url, items: []) }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      return Outbox(url: url, items: [], movedAside: try moveAside(url, because: "cannot be read"))
    }
    let items: [Item]
    do {
      items = try JSONDecoder().decode([Item].self, from: data)
    } catch {
      return Outbox(url: url, items: [], movedAside: try moveAside(url, because: "does not parse"))
    }
    var outbox = Outbox(url: url, items: [])
    for item in items { outbox.keep(item) }
    return outbox
  }

  /// Renames an outbox that cannot be read or does not parse (`why`) to `PATH.corrupt-TIME` (a
  /// number added when that exists).
  private static func moveAside(_ url: URL, because why: String) throws(CLIError) -> MovedAside {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
    let stamp = formatter.string(from: Date())
    var target = URL(fileURLWithPath: url.path + ".corrupt-\(stamp)")
    var number = 1
    while FileManager.default.fileExists(atPath: target.path) {
      number += 1
      target = URL(fileURLWithPath: url.path + ".corrupt-\(stamp)-\(number)")
    }
    guard rename(url.path, target.path) == 0 else {
      let reason = String(cString: strerror(errno))
      throw .outputFailed(
        "the outbox '\(url.path)' \(why) and could not be moved aside to '\(target.path)' "
          + "(\(reason.lowercased())), so nothing was sent",
        hint: "move or remove it by hand, after sending its alerts")
    }
    return MovedAside(path: target, reason: why)
  }

  /// The kept item for the same alert and channel as `item`, if any.
  func item(sameAs item: Item) -> Item? {
    items.first { $0.isSameAlert(as: item) }
  }

  /// Keeps `item`, or, when the outbox holds the same alert on the same channel already,
  /// updates that one (its id and first save stay; the reason and attempts are the newer).
  mutating func keep(_ item: Item) {
    if let index = items.firstIndex(where: { $0.isSameAlert(as: item) }) {
      items[index].reason = item.reason
      items[index].attempts = max(items[index].attempts, item.attempts)
    } else {
      items.append(item)
    }
  }

  /// Notes a failed attempt at the item with `id`: one more attempt, and why.
  mutating func recordFailure(id: String, reason: String) {
    guard let index = items.firstIndex(where: { $0.id == id }) else { return }
    items[index].attempts += 1
    items[index].reason = reason
  }

  /// Forgets the item with `id`.
  mutating func remove(id: String) {
    items.removeAll { $0.id == id }
  }

  /// Marks the item with `id` delivered at `time`.
  mutating func markDelivered(id: String, at time: String) {
    guard let index = items.firstIndex(where: { $0.id == id }) else { return }
    items[index].deliveredAt = time
    items[index].reason = "delivered"
    items[index].attempts += 1
  }

  /// The items that wait to be delivered.
  var waiting: [Item] { items.filter { !$0.isDelivered } }

  /// Forgets delivered items delivered more than `days` days before `now`, except urgent ones
  /// that still wait for an acknowledgement or an escalation.
  mutating func prune(olderThan days: Int, now: Date) {
    let formatter = ISO8601DateFormatter()
    items.removeAll { item in
      guard let delivered = item.deliveredAt.flatMap(formatter.date(from:)) else { return false }
      let pending = item.severity == "urgent" && item.acknowledgedAt == nil && item.escalatedAt == nil
      return !pending && now.timeIntervalSince(delivered) > Double(days) * 86_400
    }
  }

  /// Writes the outbox atomically, or removes the file when it is empty. A missing folder is
  /// created (readable by its owner only), so that an alert is never lost for want of it.
  ///
  /// - Throws: ``CLIError/outputFailed(_:)`` with `what` (such as "the alert was NOT saved")
  ///   leading the sentence, when the file cannot be written or removed.
  func save(failing what: String) throws(CLIError) {
    if items.isEmpty {
      guard FileManager.default.fileExists(atPath: url.path) else { return }
      guard unlink(url.path) == 0 else {
        let reason = String(cString: strerror(errno)).lowercased()
        throw .outputFailed(
          "the outbox '\(url.path)' is empty now but could not be removed (\(reason)); "
            + "its alerts were delivered", hint: "remove it by hand, or the next run sends them again")
      }
      return
    }
    let folder = url.deletingLastPathComponent()
    if !FileManager.default.fileExists(atPath: folder.path) {
      do {
        try FileManager.default.createDirectory(
          at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw .outputFailed(
          "\(what): the outbox's folder '\(folder.path)' does not exist and could not be created",
          hint: "create it, or name another file with --outbox FILE")
      }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data: Data
    do {
      data = try encoder.encode(items)
    } catch {
      throw .internalError("the outbox could not be encoded as JSON: \(error)")
    }
    do {
      try AtomicFile.write(data + Data("\n".utf8), to: url)
    } catch {
      throw .outputFailed(
        "\(what): the outbox '\(url.path)' could not be written (\(error.reason.lowercased()))",
        hint: "make its folder writable, or name another file with --outbox FILE")
    }
  }
}
