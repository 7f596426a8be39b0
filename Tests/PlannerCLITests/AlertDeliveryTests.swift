import Foundation
import Testing

@testable import PlannerCommandLine

/// Issue 43's alert reproducers: every alert is delivered once, or kept; nothing shows a credential;
/// a redirect, a large answer, a corrupt outbox, a missing folder or a stubborn command loses nothing.
@Suite("Alerts delivered exactly once, or kept")
struct AlertDeliveryTests {
  /// The outbox's items, read back from the file.
  static func items(
    _ outbox: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [[String: Any]] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: outbox)) as? [[String: Any]],
      sourceLocation: sourceLocation)
  }

  /// The retry lines of one run against a server answering `status` every time.
  static func retries(_ shown: String, status: Int) -> String {
    "planner: \(shown): the server answered HTTP \(status); retrying in 0.5 s\n"
      + "planner: \(shown): the server answered HTTP \(status); retrying in 1.0 s\n"
  }

  @Test(
    "credentials are hidden: URL user info, secret query values, password=",
    arguments: [
      ("https://carer:hunter2@example.org/hook", "https://REDACTED@example.org/hook"),
      ("http://u@127.0.0.1:8080/a?token=abc&x=1", "http://REDACTED@127.0.0.1:8080/a?token=REDACTED&x=1"),
      (
        "https://h.example/hook?api_key=K1&Signature=S2&sig=S3&client_secret=S4#frag",
        "https://h.example/hook?api_key=REDACTED&Signature=REDACTED&sig=REDACTED&client_secret=REDACTED#frag"
      ),
      ("cannot log in: password=open-sesame", "cannot log in: password=REDACTED"),
      ("AUTH=xyz; day=3", "AUTH=REDACTED; day=3"),
      ("https://example.org/hook?day=3&week=2", "https://example.org/hook?day=3&week=2"),
      // A combining accent after the value's first scalar, or after `@`, stays part of what is hidden.
      ("https://h/?token=a\u{301}bc&q=1", "https://h/?token=REDACTED&q=1"),
      ("https://u:p\u{301}@h/x", "https://REDACTED@h/x"),
      (
        "a redirect to http://x:y@h/?passwd=z, which",
        "a redirect to http://REDACTED@h/?passwd=REDACTED, which"
      ),
    ])
  func redaction(text: String, shown: String) {
    #expect(redactingCredentials(text) == shown)
  }

  @available(macOS 15, *)
  @Test("a 307 is not followed: the body is never lost to the redirect, and the alert is kept")
  func redirect() throws {
    let folder = try NotifyTests.folder()
    let expected = try NotifyTests.verdictJSON(in: folder)
    let server = try LoopbackHTTPServer(
      status: 307, headers: ["Location: http://carer:hunter2@127.0.0.1:{port}/elsewhere?sig=s3cr3t"],
      maximumRequests: 2)
    let result = try PlannerProcess.run(
      ["health", "readings.csv", "--notify-url", server.url], directory: folder)
    server.stop()
    let outbox = folder.appendingPathComponent("readings.csv.outbox.json")
    let reason =
      "the server answered HTTP 307, a redirect to http://REDACTED@127.0.0.1:\(server.port)/elsewhere?sig=REDACTED, "
      + "which is not followed for an alert (it would arrive without its body); give that address to --notify-url"
    #expect(result.status == 1)
    #expect(
      result.stderr == "planner: error: could not deliver the alert to \(server.url): \(reason)\n"
        + "planner: the outbox '\(outbox.path)' keeps 1 alert for the next run\n")
    // One POST, with its body; nothing was sent to where the redirect pointed.
    #expect(server.requests.map(\.target) == ["/hook"])
    #expect(NotifyTests.verdicts(server.received) == [expected])
    let items = try Self.items(outbox)
    #expect(items.count == 1)
    #expect(NotifyTests.verdicts([items.first?["payload"] as? String ?? ""]) == [expected])
    #expect(items.first?["reason"] as? String == reason)
  }

  @available(macOS 15, *)
  @Test(
    "an answer whose body never ends is not waited for: the status is enough (a timeout when it read the body)"
  )
  func endlessAnswer() throws {
    let folder = try NotifyTests.folder()
    let server = try LoopbackHTTPServer(
      status: 200, answerBytes: 200 << 20, stallsAfter: 65_536, maximumRequests: 2)
    defer { server.stop() }
    let result = try PlannerProcess.run(
      ["health", "readings.csv", "--notify-url", server.url], directory: folder)
    #expect(result.status == 1)
    #expect(result.stderr == "planner: sent the alert to \(server.url)\n")
    #expect(server.requests.count == 1)
    #expect(NotifyTests.waiting(folder.appendingPathComponent("readings.csv.outbox.json")) == 0)
  }

  @available(macOS 15, *)
  @Test("the webhook's password and token are in no message and not in the outbox")
  func credentialsHidden() throws {
    let folder = try NotifyTests.folder()
    let refusing = try LoopbackHTTPServer(status: 503, maximumRequests: 3)
    let secretURL = "http://carer:hunter2@127.0.0.1:\(refusing.port)/hook?token=t0k3n&password=pw9&day=1"
    let shown = "http://REDACTED@127.0.0.1:\(refusing.port)/hook?token=REDACTED&password=REDACTED&day=1"
    let first = try PlannerProcess.run(
      ["health", "readings.csv", "--notify-url", secretURL], directory: folder)
    refusing.stop()
    let outbox = folder.appendingPathComponent("readings.csv.outbox.json")
    #expect(first.status == 1)
    #expect(
      first.stderr == Self.retries(shown, status: 503)
        + "planner: error: could not deliver the alert to \(shown): the server answered HTTP 503\n"
        + "planner: the outbox '\(outbox.path)' keeps 1 alert for the next run\n")
    // The server did get the credentials: they were hidden from people, not from it.
    #expect(
      refusing.requests.map(\.target) == Array(repeating: "/hook?token=t0k3n&password=pw9&day=1", count: 3))
    let saved = try String(contentsOf: outbox, encoding: .utf8)
    for secret in ["hunter2", "t0k3n", "pw9"] {
      #expect(!saved.contains(secret))
    }

    let savedOn = try #require(try Self.items(outbox).first?["saved_at"] as? String)
    let accepting = try LoopbackHTTPServer(status: 200, maximumRequests: 1)
    let acceptingURL = "http://carer:hunter2@127.0.0.1:\(accepting.port)/hook?token=t0k3n"
    let second = try PlannerProcess.run(
      ["health", "readings.csv", "--notify-url", acceptingURL], directory: folder)
    accepting.stop()
    #expect(second.status == 1)
    #expect(
      second.stderr
        == "planner: sent the alert (saved in the outbox on \(savedOn)) to "
        + "http://REDACTED@127.0.0.1:\(accepting.port)/hook?token=REDACTED\n")
    #expect(NotifyTests.waiting(outbox) == 0)
  }

  @Test("a bad --notify-url shows no password either")
  func badURLHidden() throws {
    let result = try PlannerProcess.run([
      "health", "Examples/readings.csv", "--notify-url", "ftp://carer:hunter2@example.org/?token=t0k3n",
    ])
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "planner: error: '--notify-url' takes an http or https URL, not 'ftp://REDACTED@example.org/?token=REDACTED'\n"
        + "  hint: such as https://example.org/hook\n")
  }

  @available(macOS 15, *)
  @Test("3 failed runs, then the server recovers: it receives exactly one copy, under one idempotency key")
  func failedRunsThenRecovery() throws {
    let folder = try NotifyTests.folder()
    let expected = try NotifyTests.verdictJSON(in: folder)
    let outbox = folder.appendingPathComponent("readings.csv.outbox.json")
    let refusing = try LoopbackHTTPServer(status: 503, maximumRequests: 9)
    var savedOn = ""
    for run in 1...3 {
      let result = try PlannerProcess.run(
        ["health", "readings.csv", "--notify-url", refusing.url], directory: folder)
      let items = try Self.items(outbox)
      #expect(items.count == 1, "run \(run)")
      #expect(items.first?["attempts"] as? Int == run)
      savedOn = items.first?["saved_at"] as? String ?? ""
      let what = run == 1 ? "the alert" : "the alert (saved in the outbox on \(savedOn))"
      #expect(result.status == 1)
      #expect(
        result.stderr == Self.retries(refusing.url, status: 503)
          + "planner: error: could not deliver \(what) to \(refusing.url): the server answered HTTP 503\n"
          + "planner: the outbox '\(outbox.path)' keeps 1 alert for the next run\n")
    }
    refusing.stop()
    let id = try #require(try Self.items(outbox).first?["id"] as? String)
    #expect(refusing.requests.count == 9)
    #expect(
      refusing.requests.allSatisfy {
        $0.idempotencyKey == id && NotifyTests.verdicts([$0.body]) == [expected]
      })

    let accepting = try LoopbackHTTPServer(status: 200, maximumRequests: 4)
    let recovered = try PlannerProcess.run(
      ["health", "readings.csv", "--notify-url", accepting.url], directory: folder)
    accepting.stop()
    #expect(recovered.status == 1)
    #expect(
      recovered.stderr == "planner: sent the alert (saved in the outbox on \(savedOn)) to \(accepting.url)\n")
    #expect(accepting.requests.map(\.idempotencyKey) == [id])
    #expect(NotifyTests.verdicts(accepting.requests.map(\.body)) == [expected])
    #expect(NotifyTests.waiting(outbox) == 0)
  }

  @Test(
    "an outbox from before ids, holding one copy per failed run, is merged into one item and sent as it was saved"
  )
  func legacyDuplicates() throws {
    let folder = try NotifyTests.folder()
    let expected = try NotifyTests.verdictJSON(in: folder)
    let outbox = folder.appendingPathComponent("readings.csv.outbox.json")
    let old: [[String: Any]] = (1...3).map { run in
      [
        "channel": "command", "saved_at": "2026-12-0\(run)T08:00:00Z", "reason": "exit 3", "attempts": 1,
        "payload": expected,
      ]
    }
    try JSONSerialization.data(withJSONObject: old).write(to: outbox)
    let result = try PlannerProcess.run(
      ["health", "readings.csv", "--notify", "cat >> received.json; echo '<end>' >> received.json"],
      directory: folder)
    #expect(result.status == 1)
    // The old item (a bare verdict, saved before alerts named their patient and day) goes once, as
    // it was saved; this run's alert is an alert of its own.
    #expect(
      result.stderr
        == "planner: sent an alert saved in the outbox on 2026-12-01T08:00:00Z to the notify command\n"
        + "planner: sent the alert to the notify command\n")
    let received = try String(contentsOf: folder.appendingPathComponent("received.json"), encoding: .utf8)
    let parts = received.components(separatedBy: "<end>\n").filter { !$0.isEmpty }
    #expect(parts.count == 2)
    #expect(parts.first.map(NotifyTests.normalized) == expected)
    #expect(NotifyTests.verdicts([parts.last ?? ""]) == [expected])
  }

  @available(macOS 15, *)
  @Test("a corrupt outbox is moved aside, and the new alert is still sent")
  func corruptOutbox() throws {
    let folder = try NotifyTests.folder()
    let expected = try NotifyTests.verdictJSON(in: folder)
    let outbox = folder.appendingPathComponent("readings.csv.outbox.json")
    try Data("[{\"channel\": \"url\", trunc".utf8).write(to: outbox)
    let server = try LoopbackHTTPServer(status: 200, maximumRequests: 1)
    let result = try PlannerProcess.run(
      ["health", "readings.csv", "--notify-url", server.url], directory: folder)
    server.stop()
    let aside = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).first {
        $0.hasPrefix("readings.csv.outbox.json.corrupt-")
      })
    let asidePath = folder.appendingPathComponent(aside).path
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "planner: warning: the outbox '\(outbox.path)' does not parse, so it was moved to '\(asidePath)' "
        + "and a new one is started\n  hint: send the alerts it holds by hand, then remove it\n"
        + "planner: sent the alert to \(server.url)\n")
    #expect(NotifyTests.verdicts(server.received) == [expected])
    #expect(try String(contentsOfFile: asidePath, encoding: .utf8) == "[{\"channel\": \"url\", trunc")
    #expect(NotifyTests.waiting(outbox) == 0)
  }

  @Test("a corrupt outbox is moved aside, and the new alert that fails is saved in a new one")
  func corruptOutboxFailing() throws {
    let folder = try NotifyTests.folder()
    let outbox = folder.appendingPathComponent("readings.csv.outbox.json")
    try Data("not json".utf8).write(to: outbox)
    let result = try PlannerProcess.run(["health", "readings.csv", "--notify", "exit 3"], directory: folder)
    #expect(result.status == 1)
    #expect(
      result.stderr.hasSuffix(
        "planner: error: could not deliver the alert to the notify command: the notify command exited with status 3\n"
          + "planner: the outbox '\(outbox.path)' keeps 1 alert for the next run\n"), "\(result.stderr)")
    #expect(try Self.items(outbox).count == 1)
  }

  @Test("an outbox in a missing folder: the folder is created and the alert saved there")
  func missingFolder() throws {
    let folder = try NotifyTests.folder()
    let outbox = folder.appendingPathComponent("alerts/waiting/outbox.json")
    let result = try PlannerProcess.run(
      ["health", "readings.csv", "--notify", "exit 3", "--outbox", "alerts/waiting/outbox.json"],
      directory: folder)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "planner: error: could not deliver the alert to the notify command: the notify command exited with status 3\n"
        + "planner: the outbox '\(outbox.path)' keeps 1 alert for the next run\n")
    #expect(try Self.items(outbox).count == 1)
  }

  @Test("an outbox that cannot be written: the alert is said NOT saved, exit 74")
  func unwritableOutbox() throws {
    let folder = try NotifyTests.folder()
    // A regular file where the outbox's folder should be: no one, root included, can write under it.
    try Data("a file\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    let outbox = folder.appendingPathComponent("notes.txt/outbox.json")
    let result = try PlannerProcess.run(
      ["health", "readings.csv", "--notify", "exit 3", "--outbox", "notes.txt/outbox.json"], directory: folder
    )
    #expect(result.status == 74)
    #expect(
      result.stderr
        == "planner: error: could not deliver the alert to the notify command: the notify command exited with status 3\n"
        + "planner: error: the alert was NOT saved: the outbox '\(outbox.path)' could not be written (a part of its folder is not a folder)\n"
        + "  hint: make its folder writable, or name another file with --outbox FILE\n")
  }

  @Test("a notify command that ignores SIGTERM is killed (SIGKILL) 2 s after it, and the alert kept")
  func stubbornCommand() throws {
    let folder = try NotifyTests.folder()
    let started = Date()
    let result = try PlannerProcess.run(
      ["health", "readings.csv", "--notify", "trap '' TERM; sleep 1000"], directory: folder,
      environment: ["PLANNER_NOTIFY_TIMEOUT": "1"])
    let elapsed = Date().timeIntervalSince(started)
    let outbox = folder.appendingPathComponent("readings.csv.outbox.json")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "planner: error: could not deliver the alert to the notify command: the notify command did not "
        + "finish within 1 s, nor 2 s after SIGTERM, and was killed (SIGKILL)\n"
        + "planner: the outbox '\(outbox.path)' keeps 1 alert for the next run\n")
    // 1 s, then 2 s of grace; the rest is planner's start and the checks' margin.
    #expect(elapsed < 8, "\(elapsed) s")
    #expect(try Self.items(outbox).count == 1)
  }

  @Test("a notify command that ends at SIGTERM is reported stopped")
  func stoppedCommand() throws {
    let folder = try NotifyTests.folder()
    let result = try PlannerProcess.run(
      ["health", "readings.csv", "--notify", "sleep 1000"], directory: folder,
      environment: ["PLANNER_NOTIFY_TIMEOUT": "0.5"])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "planner: error: could not deliver the alert to the notify command: the notify command did not "
          + "finish within 0.5 s and was stopped (SIGTERM)\n"))
  }

  #if canImport(Glibc)
    @available(macOS 15, *)
    @Test("a server that never answers: the reason is a sentence, not NSURLErrorDomain error -1001")
    func timeout() throws {
      let server = try LoopbackHTTPServer(silent: true, maximumRequests: 1, lifetime: 10)
      defer { server.stop() }
      let helper = try #require(PlannerProcess.executable).deletingLastPathComponent()
        .appendingPathComponent("planner-webhook")
      let measured = try MeasuredRun.run(
        helper.path, ["1", "1", "0", "planner/test", "key-1"], input: Data("{}".utf8),
        environment: ["PLANNER_WEBHOOK_URL": server.url])
      #expect(measured.output == "failed no answer within 1 s\n")
    }
  #endif

  @available(macOS 15, *)
  @Test("nothing listening: the reason is a sentence, not a URL error code")
  func connectionRefused() throws {
    let folder = try NotifyTests.folder()
    // A port that was just free: bound, then closed.
    let closed = try LoopbackHTTPServer(maximumRequests: 0)
    closed.stop()
    let result = try PlannerProcess.run(
      ["health", "readings.csv", "--notify-url", closed.url], directory: folder)
    let reason = "could not connect to 127.0.0.1 (nothing listens there, or it refused)"
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("planner: error: could not deliver the alert to \(closed.url): \(reason)\n"),
      "\(result.stderr)")
    #expect(!result.stderr.contains("rror -"))
  }
}

#if canImport(Glibc)
  import Glibc

  /// A child process whose own peak memory is read when it ends (`wait4`), which `Process` cannot give.
  enum MeasuredRun {
    struct Failure: Error, CustomStringConvertible {
      var description: String
    }

    /// Runs `path` with `arguments`, `input` on its standard input and `environment` added to
    /// the test's; its standard output and its maximum resident set size in KB.
    static func run(
      _ path: String, _ arguments: [String], input: Data, environment: [String: String]
    ) throws -> (output: String, maximumResidentKB: Int) {
      let inputURL = FileManager.default.temporaryDirectory.appendingPathComponent(
        "measured-\(UUID().uuidString)")
      try input.write(to: inputURL)
      defer { try? FileManager.default.removeItem(at: inputURL) }
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else { throw Failure(description: "cannot make a pipe") }
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 0, inputURL.path, O_RDONLY, 0)
      posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
      posix_spawn_file_actions_addclose(&actions, ends[0])
      posix_spawn_file_actions_addclose(&actions, ends[1])
      var merged = ProcessInfo.processInfo.environment
      merged.merge(environment) { _, new in new }
      let argv = ([path] + arguments).map { strdup($0) } + [nil]
      let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
      defer {
        for pointer in argv + envp { free(pointer) }
      }
      var pid: pid_t = 0
      let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
      close(ends[1])
      guard spawned == 0 else {
        close(ends[0])
        throw Failure(description: "cannot start \(path): \(String(cString: strerror(spawned)))")
      }
      var output = [UInt8]()
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(ends[0], &buffer, buffer.count)
        if count <= 0 { break }
        output += buffer[0..<count]
      }
      close(ends[0])
      var status: Int32 = 0
      var usage = rusage()
      guard wait4(pid, &status, 0, &usage) == pid else {
        throw Failure(description: "cannot wait for \(path)")
      }
      return (String(decoding: output, as: UTF8.self), usage.ru_maxrss)
    }
  }
#endif
