import Foundation
import HealthRules

/// Tells the care team when an alert fires: runs the user's command with the verdict JSON on its
/// standard input (`--notify`), posts the same JSON to a webhook (`--notify-url`), and keeps each
/// alert in an outbox until it is delivered.
///
/// Nothing happens without `--notify` or `--notify-url`. With them, an alert is written to the
/// outbox (once per channel, unless the outbox holds it already) before it is sent; then every item
/// of the outbox whose channel is given is sent, oldest first, and removed once delivered. An
/// alert is thus delivered once per channel and kept until it is: a run that finds the same alert
/// waiting sends it once, with the id it was saved with (the webhook's `Idempotency-Key`, the
/// command's `PLANNER_ALERT_ID`). A failure is reported on standard error; the exit code stays the
/// verdict's, unless an alert could not be saved (74).
struct AlertNotifier {
  /// The shell command, run as `/bin/sh -c COMMAND`.
  var command: String?
  /// The webhook.
  var webhook: Webhook?
  /// Where undelivered alerts wait.
  var outboxURL: URL
  /// The longest a notify command may run, in seconds: 60, or `PLANNER_NOTIFY_TIMEOUT`.
  var commandTimeout: TimeInterval = 60
  /// How long a notify command still running at its timeout has to end after SIGTERM before it
  /// is sent SIGKILL, in seconds.
  var commandGrace: TimeInterval = 2

  /// The notifier for `planner health`'s `--notify`, `--notify-url` and `--outbox`, or `nil` when
  /// neither channel is given.
  static func from(
    command: String?, url: String?, outbox: String?, readingsPath: String
  ) throws(CLIError) -> AlertNotifier? {
    var webhook: Webhook?
    if let text = url {
      guard let url = Webhook.url(text) else {
        throw .usage(
          "'--notify-url' takes an http or https URL, not '\(redactingCredentials(text))'",
          hint: "such as https://example.org/hook")
      }
      webhook = Webhook(url: url)
    }
    if let command, command.trimmingCharacters(in: .whitespaces).isEmpty {
      throw .usage(
        "'--notify' needs a command", hint: "such as --notify 'mail -s \"planner alert\" care@example.org'")
    }
    guard command != nil || webhook != nil else {
      if outbox != nil {
        throw .usage("'--outbox' needs '--notify' or '--notify-url'", hint: nil)
      }
      return nil
    }
    let outboxURL =
      outbox.map { URL(fileURLWithPath: $0) } ?? URL(fileURLWithPath: readingsPath + ".outbox.json")
    var notifier = AlertNotifier(command: command, webhook: webhook, outboxURL: outboxURL)
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

  /// Saves the verdict in the outbox when it is an alert, sends what the outbox holds on the
  /// channels given, and saves what is left.
  ///
  /// - Parameters:
  ///   - verdict: The verdict of this run.
  ///   - payload: Its JSON, exactly as `--format json` prints it.
  ///   - console: Where progress and failures are reported (standard error).
  /// - Throws: ``CLIError/outputFailed(_:)`` when an alert that was not delivered cannot be
  ///   saved, or when an outbox that does not parse cannot be moved aside.
  func run(_ verdict: Verdict, payload: String, console: Console) throws(CLIError) {
    var outbox = try Outbox.open(outboxURL)
    if let aside = outbox.movedAside {
      console.err(
        "planner: warning: the outbox '\(outboxURL.path)' \(aside.reason), so it was moved to '\(aside.path.path)' "
          + "and a new one is started\n  hint: send the alerts it holds by hand, then remove it\n")
    }
    // This run's alert is saved before it is sent, so that nothing (a crash, a kill) can lose it;
    // when the outbox holds the same alert already, that item is the one sent.
    var fresh: Set<String> = []
    var repeated: Set<String> = []
    if verdict.status == .alert {
      let stamp = ISO8601DateFormatter().string(from: Date())
      for channel in channels {
        let item = Outbox.Item(
          channel: channel, savedAt: stamp, reason: "not sent yet", attempts: 0, payload: payload)
        if let waiting = outbox.item(sameAs: item) {
          repeated.insert(waiting.id)
        } else {
          outbox.keep(item)
          fresh.insert(item.id)
        }
      }
      if !fresh.isEmpty {
        // Should this fail, sending goes on, and the save after it says whether the alert was lost.
        try? outbox.save(failing: "the alert was NOT saved")
      }
    }
    for item in outbox.items where channels.contains(item.channel) {
      // "the alert" is this run's; one saved by an earlier run says so.
      let what =
        fresh.contains(item.id)
        ? "the alert"
        : repeated.contains(item.id)
          ? "the alert (saved in the outbox on \(item.savedAt))"
          : "an alert saved in the outbox on \(item.savedAt)"
      if let failure = deliver(item.payload, channel: item.channel, id: item.id, console: console) {
        let reason = redactingCredentials(failure)
        outbox.recordFailure(id: item.id, reason: reason)
        console.err(
          "planner: error: could not deliver \(what) to \(destination(item.channel)): \(reason)\n")
      } else {
        outbox.remove(id: item.id)
        console.err("planner: sent \(what) to \(destination(item.channel))\n")
      }
    }
    let newLeft = outbox.items.contains { fresh.contains($0.id) }
    try outbox.save(
      failing: newLeft
        ? "the alert was NOT saved" : "the outbox was not updated (it holds its alerts as before)")
    switch outbox.items.count {
    case 0: break
    case 1: console.err("planner: the outbox '\(outboxURL.path)' keeps 1 alert for the next run\n")
    case let count:
      console.err("planner: the outbox '\(outboxURL.path)' keeps \(count) alerts for the next run\n")
    }
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
      switch webhook.post(
        Data(payload.utf8), idempotencyKey: id,
        progress: { console.err("planner: \(webhook.shown): \($0)\n") })
      {
      case .success: return nil
      case .failure(let failure): return failure.reason
      }
    default:
      return "not configured"
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
