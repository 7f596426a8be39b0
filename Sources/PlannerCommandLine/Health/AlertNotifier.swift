import Foundation
import HealthRules

/// One patient's alert to tell the care team about: who, which rules, which day, what fired,
/// and the JSON to send (``AlertPayload``), made once its id is known.
struct AlertNotice {
  var patient: String
  var ruleSet: String
  var day: String
  var severity: String
  var alerts: [String]
  /// The JSON to send for the alert with the given id.
  var payload: (String) throws(CLIError) -> String
}

/// The JSON a care team receives for an alert: who, which rules (their id, name and the SHA-256
/// of their text), which day, how severe, what fired, and the verdict with its evidence.
struct AlertPayload<Details: Encodable>: Encodable {
  /// The rule set that raised the alert.
  struct RuleSetName: Encodable {
    var id: String
    var name: String
    var sha256: String
  }

  /// Why an alert is sent again to the escalation target.
  struct Escalation: Encodable {
    var reason: String
    var deliveredAt: String
  }

  /// Names the alert on every channel and in every run; `planner alerts ack ALERT_ID` acknowledges it.
  var alertID: String
  var patientID: String
  var ruleSet: RuleSetName
  var day: String
  var severity: String
  var alerts: [String]
  var messages: [String]
  /// The verdict: from a file, the whole ``Verdict`` with each alert's evidence; from a
  /// database, the patient's row (alerts, unknown, missing).
  var verdict: Details
  /// Set when the alert is sent to the escalation target.
  var escalation: Escalation?

  init(
    alertID: String, patientID: String, ruleSet: RuleSet, day: String, severity: String,
    alerts: [String], messages: [String], verdict: Details
  ) {
    self.alertID = alertID
    self.patientID = patientID
    self.ruleSet = RuleSetName(id: ruleSet.id, name: ruleSet.name, sha256: ruleSet.fingerprint)
    self.day = day
    self.severity = severity
    self.alerts = alerts
    self.messages = messages
    self.verdict = verdict
  }
}

/// Tells the care team when an alert fires: runs the user's command with the alert JSON on its
/// standard input (`--notify`), posts the same JSON to a webhook (`--notify-url`), keeps each
/// alert in an outbox until it is delivered and remembers it once it is, and sends an urgent alert
/// that nobody acknowledged in time to an escalation target (`--escalate`, `--escalate-url`).
///
/// Nothing happens without `--notify` or `--notify-url`. With them, an alert is written to the
/// outbox (once per channel, unless the outbox holds it already) before it is sent; then every item
/// of the outbox that waits and whose channel is given is sent, oldest first, and marked delivered.
/// An alert is thus delivered once per channel: a run that finds the same alert waiting sends it
/// once, with the id it was saved with (the webhook's `Idempotency-Key`, the command's
/// `PLANNER_ALERT_ID`), and a run that finds it delivered (the same patient, rule set and day, no
/// new alert fired) does not send it again. A failure is reported on standard error; the exit
/// code stays the verdict's, unless an alert could not be saved (74).
struct AlertNotifier {
  /// The shell command, run as `/bin/sh -c COMMAND`.
  var command: String?
  /// The webhook.
  var webhook: Webhook?
  /// Where undelivered alerts wait, and delivered ones are remembered.
  var outboxURL: URL
  /// The outbox as a table in the database (`planner health --database`), instead of the file.
  var table: OutboxTable?
  /// Where an urgent alert goes when nobody acknowledged it within ``escalateAfter``.
  var escalationCommand: String?
  var escalationWebhook: Webhook?
  /// How long an urgent alert may go unacknowledged after delivery, in seconds (1 hour by default).
  var escalateAfter: TimeInterval = 3_600
  /// Whether the alerts are of many patients (the database): messages then name the patient.
  var namesPatients = false
  /// The longest a notify command may run, in seconds: 60, or `PLANNER_NOTIFY_TIMEOUT`.
  var commandTimeout: TimeInterval = 60
  /// How long a notify command still running at its timeout has to end after SIGTERM before it
  /// is sent SIGKILL, in seconds.
  var commandGrace: TimeInterval = 2

  /// The notifier for `planner health`'s `--notify`, `--notify-url`, `--outbox`, `--escalate`,
  /// `--escalate-url` and `--escalate-after`, or `nil` when neither `--notify` nor `--notify-url`
  /// is given.
  static func from(
    command: String?, url: String?, outbox: String?, readingsPath: String?,
    escalate: String? = nil, escalateURL: String? = nil, escalateAfter: Interval? = nil
  ) throws(CLIError) -> AlertNotifier? {
    func webhook(_ text: String?, option: String) throws(CLIError) -> Webhook? {
      guard let text else { return nil }
      guard let url = Webhook.url(text) else {
        throw .usage(
          "'--\(option)' takes an http or https URL, not '\(redactingCredentials(text))'",
          hint: "such as https://example.org/hook")
      }
      return Webhook(url: url)
    }
    let hook = try webhook(url, option: "notify-url")
    let escalationHook = try webhook(escalateURL, option: "escalate-url")
    for (name, given) in [("notify", command), ("escalate", escalate)] {
      if let given, given.trimmingCharacters(in: .whitespaces).isEmpty {
        throw .usage(
          "'--\(name)' needs a command",
          hint: "such as --\(name) 'mail -s \"planner alert\" care@example.org'")
      }
    }
    guard command != nil || hook != nil else {
      for (name, given) in [
        ("outbox", outbox != nil), ("escalate", escalate != nil), ("escalate-url", escalateURL != nil),
        ("escalate-after", escalateAfter != nil),
      ] where given {
        throw .usage("'--\(name)' needs '--notify' or '--notify-url'", hint: nil)
      }
      return nil
    }
    if escalateAfter != nil, escalate == nil, escalationHook == nil {
      throw .usage("'--escalate-after' needs '--escalate' or '--escalate-url'", hint: nil)
    }
    // Without a readings file (the database), the table stands in (see `table`).
    let outboxPath = outbox ?? readingsPath.map { $0 + ".outbox.json" } ?? OutboxTable.defaultName
    var notifier = AlertNotifier(
      command: command, webhook: hook, outboxURL: URL(fileURLWithPath: outboxPath))
    notifier.escalationCommand = escalate
    notifier.escalationWebhook = escalationHook
    if let escalateAfter { notifier.escalateAfter = escalateAfter.seconds }
    if let text = ProcessInfo.processInfo.environment["PLANNER_NOTIFY_TIMEOUT"] {
      guard let seconds = TimeInterval(text), seconds > 0, seconds <= 86_400 else {
        throw .usage(
          "PLANNER_NOTIFY_TIMEOUT takes a number of seconds above 0 and at most 86400, not '\(text)'",
          hint: "such as PLANNER_NOTIFY_TIMEOUT=30, or leave it unset for 60")
      }
      notifier.commandTimeout = seconds
    }
    return notifier
  }

  /// The channels given in this run, in the order they are tried.
  private var channels: [String] {
    (command != nil ? ["command"] : []) + (webhook != nil ? ["url"] : [])
  }

  /// Where the outbox is, as messages name it.
  private var outboxName: String {
    table.map { "table \($0.name)" } ?? "'\(outboxURL.path)'"
  }

  /// Saves each notice's alert in the outbox (unless it was delivered already), sends what the
  /// outbox holds on the channels given, escalates urgent alerts not acknowledged in time, and
  /// saves what is left.
  ///
  /// - Parameters:
  ///   - notices: The alerts of this run, one per patient that needs one.
  ///   - console: Where progress and failures are reported (standard error).
  /// - Throws: ``CLIError/outputFailed(_:)`` when an alert that was not delivered cannot be
  ///   saved, or when an outbox that does not parse cannot be moved aside.
  func run(_ notices: [AlertNotice], console: Console) throws(CLIError) {
    var outbox: Outbox
    if let table {
      outbox = try table.open()
    } else {
      outbox = try Outbox.open(outboxURL)
    }
    if let aside = outbox.movedAside {
      console.err(
        "planner: warning: the outbox '\(outboxURL.path)' \(aside.reason), so it was moved to '\(aside.path.path)' "
          + "and a new one is started\n  hint: send the alerts it holds by hand, then remove it\n")
    }
    let now = Date()
    let stamp = ISO8601DateFormatter().string(from: now)
    outbox.prune(olderThan: 30, now: now)
    // This run's alerts are saved before they are sent, so that nothing (a crash, a kill) can lose
    // them; when the outbox holds the same alert already, that item is the one sent, or, once
    // delivered, none.
    var fresh: Set<String> = []
    var repeated: Set<String> = []
    var patients: [String: String] = [:]
    for notice in notices {
      // A channel added since the alert was saved on another one delivers the same alert.
      let alertID = outbox.items.first { $0.covers(notice) }?.alertID ?? UUID().uuidString
      var payload: String?
      for channel in channels {
        if let kept = outbox.items.first(where: { $0.channel == channel && $0.covers(notice) }) {
          if kept.isDelivered {
            console.err(
              "planner: the alert \(about(notice.patient))for \(notice.day) was delivered to \(destination(channel)) "
                + "on \(kept.deliveredAt ?? "?") (alert \(kept.alertID)); it is not sent again\n")
          } else {
            repeated.insert(kept.id)
          }
          continue
        }
        let body: String
        if let payload {
          body = payload
        } else {
          body = try notice.payload(alertID)
        }
        payload = body
        var item = Outbox.Item(
          channel: channel, savedAt: stamp, reason: "not sent yet", attempts: 0, payload: body)
        item.alert = alertID
        item.patient = notice.patient
        item.ruleSet = notice.ruleSet
        item.day = notice.day
        item.alerts = notice.alerts
        item.severity = notice.severity
        outbox.keep(item)
        fresh.insert(item.id)
        patients[item.id] = notice.patient
      }
    }
    if !fresh.isEmpty {
      // Should this fail, sending goes on, and the save after it says whether the alert was lost.
      try? save(outbox, failing: "the alert was NOT saved")
    }
    for item in outbox.waiting where channels.contains(item.channel) {
      // "the alert" is this run's; one saved by an earlier run says so.
      let named = about(item.patient)
      let what =
        fresh.contains(item.id)
        ? "the alert \(named)"
        : repeated.contains(item.id)
          ? "the alert \(named)(saved in the outbox on \(item.savedAt)) "
          : "an alert \(named)saved in the outbox on \(item.savedAt) "
      let shown = what.hasSuffix(" ") ? String(what.dropLast()) : what
      if let failure = deliver(item.payload, channel: item.channel, id: item.id, console: console) {
        let reason = redactingCredentials(failure)
        outbox.recordFailure(id: item.id, reason: reason)
        console.err(
          "planner: error: could not deliver \(shown) to \(destination(item.channel)): \(reason)\n")
      } else {
        outbox.markDelivered(id: item.id, at: ISO8601DateFormatter().string(from: Date()))
        console.err("planner: sent \(shown) to \(destination(item.channel))\n")
      }
    }
    escalate(&outbox, now: Date(), console: console)
    let newLeft = outbox.waiting.contains { fresh.contains($0.id) }
    try save(
      outbox,
      failing: newLeft
        ? "the alert was NOT saved" : "the outbox was not updated (it holds its alerts as before)")
    switch outbox.waiting.count {
    case 0: break
    case 1: console.err("planner: the outbox \(outboxName) keeps 1 alert for the next run\n")
    case let count:
      console.err("planner: the outbox \(outboxName) keeps \(count) alerts for the next run\n")
    }
  }

  /// `for PATIENT ` when the alerts are of many patients, else nothing.
  private func about(_ patient: String?) -> String {
    guard namesPatients, let patient else { return "" }
    return "for \(patient.escapedForTerminal) "
  }

  private func save(_ outbox: Outbox, failing what: String) throws(CLIError) {
    if let table {
      try table.save(outbox, failing: what)
    } else {
      try outbox.save(failing: what)
    }
  }

  /// Sends each urgent alert delivered more than ``escalateAfter`` seconds ago and not
  /// acknowledged to the escalation target, once; a failure is tried again in the next run.
  private func escalate(_ outbox: inout Outbox, now: Date, console: Console) {
    guard escalationCommand != nil || escalationWebhook != nil else { return }
    let formatter = ISO8601DateFormatter()
    var done: Set<String> = []
    for item in outbox.items where item.severity == "urgent" && item.acknowledgedAt == nil {
      let alertID = item.alertID
      guard !done.contains(alertID), let deliveredAt = item.deliveredAt,
        let delivered = formatter.date(from: deliveredAt),
        now.timeIntervalSince(delivered) >= escalateAfter,
        !outbox.items.contains(where: { $0.alertID == alertID && $0.escalatedAt != nil })
      else { continue }
      done.insert(alertID)
      let reason = "not acknowledged within \(seconds(escalateAfter)) s of its delivery"
      let body = escalationPayload(item.payload, reason: reason, deliveredAt: deliveredAt)
      var failures: [String] = []
      for (channel, name) in [("command", escalationCommand), ("url", escalationWebhook?.url.absoluteString)]
      where name != nil {
        let target = channel == "command" ? "the escalation command" : escalationWebhook?.shown ?? "?"
        let failure =
          channel == "command"
          ? runCommand(escalationCommand!, input: Data(body.utf8), id: alertID + "-escalation")
          : post(body, to: escalationWebhook!, id: alertID + "-escalation", console: console)
        if let failure {
          failures.append(redactingCredentials(failure))
          console.err(
            "planner: error: could not escalate the urgent alert \(alertID) \(about(item.patient))to \(target): "
              + "\(redactingCredentials(failure))\n")
        } else {
          console.err(
            "planner: escalated the urgent alert \(alertID) \(about(item.patient))to \(target): \(reason)\n")
        }
      }
      for index in outbox.items.indices where outbox.items[index].alertID == alertID {
        if failures.isEmpty {
          outbox.items[index].escalatedAt = formatter.string(from: Date())
          outbox.items[index].escalationReason = nil
        } else {
          outbox.items[index].escalationReason = failures.joined(separator: "; ")
        }
      }
    }
  }

  /// The alert JSON with `escalation` added: why it is sent again, and when it was delivered.
  private func escalationPayload(_ payload: String, reason: String, deliveredAt: String) -> String {
    guard var object = (try? JSONSerialization.jsonObject(with: Data(payload.utf8))) as? [String: Any] else {
      return payload
    }
    object["escalation"] = ["reason": reason, "delivered_at": deliveredAt]
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    else { return payload }
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  private func destination(_ channel: String) -> String {
    channel == "command" ? "the notify command" : webhook?.shown ?? "the webhook"
  }

  /// Delivers one payload named `id`; `nil` on success, otherwise why not.
  private func deliver(_ payload: String, channel: String, id: String, console: Console) -> String? {
    switch channel {
    case "command":
      guard let command else { return "not configured" }
      return runCommand(command, input: Data(payload.utf8), id: id)
    case "url":
      guard let webhook else { return "not configured" }
      return post(payload, to: webhook, id: id, console: console)
    default:
      return "not configured"
    }
  }

  /// Posts `payload` to `webhook` with `id` as its `Idempotency-Key`; `nil` on success, else why not.
  private func post(_ payload: String, to webhook: Webhook, id: String, console: Console) -> String? {
    switch webhook.post(
      Data(payload.utf8), idempotencyKey: id,
      progress: { console.err("planner: \(webhook.shown): \($0)\n") })
    {
    case .success: return nil
    case .failure(let failure): return failure.reason
    }
  }

  /// Runs `/bin/sh -c command` with `input` on its standard input, `PLANNER_ALERT_ID=id` in its
  /// environment, and its output on our standard error.
  ///
  /// At ``commandTimeout`` its process group (the shell and what it started) is sent SIGTERM;
  /// still running ``commandGrace`` seconds later, SIGKILL.
  private func runCommand(_ command: String, input: Data, id: String) -> String? {
    // The JSON goes through a private temporary file rather than a pipe (see PrivateInputFile).
    guard let inputFile = PrivateInputFile(input, prefix: "planner-verdict") else {
      return "cannot write the verdict to a temporary file for the notify command"
    }
    defer { inputFile.remove() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    var environment = ProcessInfo.processInfo.environment
    environment["PLANNER_ALERT_ID"] = id
    process.environment = environment
    process.standardInput = inputFile.handle
    process.standardOutput = FileHandle.standardError
    process.standardError = FileHandle.standardError
    do {
      try process.run()
    } catch {
      return "cannot run /bin/sh: \(error.localizedDescription)"
    }
    if !wait(for: process, seconds: commandTimeout) {
      // The child leads a process group of its own (Foundation's Process on Linux and macOS):
      // signal the group, so that what the shell started ends too.
      signalGroup(of: process, SIGTERM)
      let limit = seconds(commandTimeout)
      if wait(for: process, seconds: commandGrace) {
        return "the notify command did not finish within \(limit) s and was stopped (SIGTERM)"
      }
      signalGroup(of: process, SIGKILL)
      process.waitUntilExit()
      return "the notify command did not finish within \(limit) s, nor \(seconds(commandGrace)) s after "
        + "SIGTERM, and was killed (SIGKILL)"
    }
    if process.terminationReason == .uncaughtSignal {
      return "the notify command was killed by signal \(process.terminationStatus)"
    }
    return process.terminationStatus == 0
      ? nil : "the notify command exited with status \(process.terminationStatus)"
  }

  /// Waits for `process` to end, at most `seconds`; whether it ended.
  private func wait(for process: Process, seconds: TimeInterval) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning {
      if Date() > deadline { return false }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return true
  }

  /// Sends `signal` to the process group `process` leads, or to it alone when it leads none.
  private func signalGroup(of process: Process, _ signal: Int32) {
    let pid = process.processIdentifier
    if getpgid(pid) == pid {
      kill(-pid, signal)
    } else {
      kill(pid, signal)
    }
  }

  /// `seconds` as shown: whole seconds without a fraction.
  private func seconds(_ value: TimeInterval) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
  }
}
