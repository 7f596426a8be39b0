import Foundation
import HealthRules

/// Tells the care team when an alert fires: runs the user's command with the verdict JSON on its
/// standard input (`--notify`), posts the same JSON to a webhook (`--notify-url`), and keeps what
/// could not be delivered in an outbox that the next run sends first.
///
/// Nothing happens without `--notify` or `--notify-url`. With them, every run first sends what the
/// outbox holds for the channels given, then, when the verdict is an alert, sends it on each channel.
/// A failure is reported on standard error and the alert is saved in the outbox; the exit code stays
/// the verdict's.
struct AlertNotifier {
  /// The shell command, run as `/bin/sh -c COMMAND`.
  var command: String?
  /// The webhook.
  var webhook: Webhook?
  /// Where undelivered alerts wait.
  var outboxURL: URL
  /// The longest a notify command may run, in seconds.
  var commandTimeout: TimeInterval = 60

  /// The notifier for `planner health`'s `--notify`, `--notify-url` and `--outbox`, or `nil` when
  /// neither channel is given.
  static func from(
    command: String?, url: String?, outbox: String?, readingsPath: String
  ) throws(CLIError) -> AlertNotifier? {
    var webhook: Webhook?
    if let text = url {
      guard let url = Webhook.url(text) else {
        throw .usage(
          "'--notify-url' takes an http or https URL, not '\(text)'", hint: "such as https://example.org/hook"
        )
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
    return AlertNotifier(command: command, webhook: webhook, outboxURL: outboxURL)
  }

  /// Sends the outbox's items, then the verdict when it is an alert; saves what failed.
  ///
  /// - Parameters:
  ///   - verdict: The verdict of this run.
  ///   - payload: Its JSON, exactly as `--format json` prints it.
  ///   - console: Where progress and failures are reported (standard error).
  /// - Throws: ``CLIError`` when the outbox does not parse or cannot be written.
  func run(_ verdict: Verdict, payload: String, console: Console) throws(CLIError) {
    var outbox = try Outbox.open(outboxURL)
    let before = outbox.items
    var kept: [Outbox.Item] = []
    for var item in outbox.items {
      if let failure = deliver(item.payload, channel: item.channel, console: console) {
        if failure != "not configured" {
          item.attempts += 1
          item.reason = failure
        }
        kept.append(item)
      } else {
        console.err(
          "planner: delivered an alert saved on \(item.savedAt) from the outbox (\(item.channel))\n")
      }
    }
    if verdict.status == .alert {
      let stamp = ISO8601DateFormatter().string(from: Date())
      for channel in ["command", "url"] where (channel == "command" ? command != nil : webhook != nil) {
        if let failure = deliver(payload, channel: channel, console: console) {
          console.err(
            "planner: error: could not deliver the alert to \(destination(channel)): \(failure)\n"
              + "  the alert is saved in \(outboxURL.path) and will be sent on the next run\n")
          kept.append(
            Outbox.Item(channel: channel, savedAt: stamp, reason: failure, attempts: 1, payload: payload))
        } else {
          console.err("planner: sent the alert to \(destination(channel))\n")
        }
      }
    }
    outbox.items = kept
    if outbox.items != before { try outbox.save() }
  }

  private func destination(_ channel: String) -> String {
    channel == "command" ? "the notify command" : webhook?.url.absoluteString ?? "the webhook"
  }

  /// Delivers one payload; `nil` on success, otherwise why not.
  private func deliver(_ payload: String, channel: String, console: Console) -> String? {
    switch channel {
    case "command":
      guard let command else { return "not configured" }
      return runCommand(command, input: Data(payload.utf8))
    case "url":
      guard let webhook else { return "not configured" }
      switch webhook.post(
        Data(payload.utf8), progress: { console.err("planner: \(webhook.url.absoluteString): \($0)\n") })
      {
      case .success: return nil
      case .failure(let failure): return failure.reason
      }
    default:
      return "not configured"
    }
  }

  /// Runs `/bin/sh -c command` with `input` on its standard input and its output on our standard error.
  private func runCommand(_ command: String, input: Data) -> String? {
    // The JSON goes through a private temporary file rather than a pipe (see PrivateInputFile).
    guard let inputFile = PrivateInputFile(input, prefix: "planner-verdict") else {
      return "cannot write the verdict to a temporary file for the notify command"
    }
    defer { inputFile.remove() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.standardInput = inputFile.handle
    process.standardOutput = FileHandle.standardError
    process.standardError = FileHandle.standardError
    do {
      try process.run()
    } catch {
      return "cannot run /bin/sh: \(error.localizedDescription)"
    }
    let deadline = Date().addingTimeInterval(commandTimeout)
    while process.isRunning {
      if Date() > deadline {
        process.terminate()
        process.waitUntilExit()
        return "the notify command did not finish within \(Int(commandTimeout)) s and was stopped"
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    if process.terminationReason == .uncaughtSignal {
      return "the notify command was killed by signal \(process.terminationStatus)"
    }
    return process.terminationStatus == 0
      ? nil : "the notify command exited with status \(process.terminationStatus)"
  }
}
