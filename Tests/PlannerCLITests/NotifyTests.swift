import Foundation
import Testing

/// `planner health --notify` and `--notify-url`: the verdict JSON reaches the care team, or waits in the outbox.
@Suite("Notifying the care team")
struct NotifyTests {
  /// A folder holding a copy of the example week (which raises alerts).
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-notify-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: PlannerProcess.packageRoot.appendingPathComponent("Examples/readings.csv"),
      to: url.appendingPathComponent("readings.csv"))
    return url
  }

  static func verdictJSON(in folder: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> String
  {
    let result = try PlannerProcess.run(["health", "readings.csv", "--format", "json"], directory: folder)
    #expect(result.status == 1, "\(result.stderr)", sourceLocation: sourceLocation)
    return result.stdout
  }

  @Test("the notify command receives the verdict JSON on its standard input")
  func command() throws {
    let folder = try Self.folder()
    let result = try PlannerProcess.run(
      ["health", "readings.csv", "--notify", "cat > received.json"], directory: folder)
    #expect(result.status == 1)
    #expect(result.stderr == "planner: sent the alert to the notify command\n")
    let received = try String(contentsOf: folder.appendingPathComponent("received.json"), encoding: .utf8)
    #expect(received == (try Self.verdictJSON(in: folder)))
  }

  @Test("a failing notify command leaves the alert in the outbox")
  func failingCommand() throws {
    let folder = try Self.folder()
    let result = try PlannerProcess.run(["health", "readings.csv", "--notify", "exit 3"], directory: folder)
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "could not deliver the alert to the notify command: the notify command exited with status 3"))
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("readings.csv.outbox.json").path))
  }

  @available(macOS 15, *)
  @Test("a webhook on 127.0.0.1 receives the POST")
  func webhook() throws {
    let folder = try Self.folder()
    let server = try LoopbackHTTPServer(status: 200, maximumRequests: 1)
    defer { server.stop() }
    let result = try PlannerProcess.run(
      ["health", "readings.csv", "--notify-url", server.url], directory: folder)
    #expect(result.status == 1)
    #expect(result.stderr == "planner: sent the alert to \(server.url)\n")
    #expect(server.received == [try Self.verdictJSON(in: folder)])
  }

  @available(macOS 15, *)
  @Test("a server that refuses leaves the alert in the outbox, and the next run delivers it")
  func outbox() throws {
    let folder = try Self.folder()
    let expected = try Self.verdictJSON(in: folder)
    let refusing = try LoopbackHTTPServer(status: 503, maximumRequests: 3)
    let first = try PlannerProcess.run(
      ["health", "readings.csv", "--notify-url", refusing.url], directory: folder)
    refusing.stop()
    #expect(first.status == 1)
    #expect(refusing.received.count == 3)
    #expect(first.stderr.contains("the server answered HTTP 503; retrying in 0.5 s"))
    #expect(
      first.stderr.contains("could not deliver the alert to \(refusing.url): the server answered HTTP 503"))
    let outbox = folder.appendingPathComponent("readings.csv.outbox.json")
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: outbox)) as? [[String: Any]])
    #expect(items.count == 1)
    #expect(items.first?["payload"] as? String == expected)
    #expect(items.first?["channel"] as? String == "url")

    let accepting = try LoopbackHTTPServer(status: 200, maximumRequests: 2)
    defer { accepting.stop() }
    let second = try PlannerProcess.run(
      ["health", "readings.csv", "--notify-url", accepting.url], directory: folder)
    #expect(second.status == 1)
    let savedOn = try #require(items.first?["saved_at"] as? String)
    #expect(
      second.stderr == "planner: sent the alert (saved in the outbox on \(savedOn)) to \(accepting.url)\n")
    // The saved alert is this run's alert too: it is sent once.
    #expect(accepting.received == [expected])
    #expect(!FileManager.default.fileExists(atPath: outbox.path))
  }

  @Test("without the planner-webhook program the alert waits in the outbox, and says why")
  func missingHelper() throws {
    let folder = try Self.folder()
    let result = try PlannerProcess.run(
      ["health", "readings.csv", "--notify-url", "http://127.0.0.1:9/hook"], directory: folder,
      environment: ["PLANNER_WEBHOOK": "/nonexistent-planner-dir/planner-webhook"])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "could not deliver the alert to http://127.0.0.1:9/hook: cannot run /nonexistent-planner-dir/planner-webhook"
      ),
      "\(result.stderr)")
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("readings.csv.outbox.json").path))
  }

  @Test("--notify-url takes an http URL")
  func badURL() throws {
    let result = try PlannerProcess.run(["health", "Examples/readings.csv", "--notify-url", "ftp://x"])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix("planner: error: '--notify-url' takes an http or https URL, not 'ftp://x'\n"))
  }
}
