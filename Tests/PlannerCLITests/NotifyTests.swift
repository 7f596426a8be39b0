import Foundation
import Testing

/// `planner health --notify` and `--notify-url`: the verdict JSON reaches the care team, or waits in the outbox.
@Suite("Notifying the care team")
struct NotifyTests {
  /// A folder holding a copy of the example week (which raises alerts), its days moved so that
  /// the last one is today: a notifying run looks at the calendar day.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-notify-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let text = try String(
      contentsOf: PlannerProcess.packageRoot.appendingPathComponent("Examples/readings.csv"), encoding: .utf8)
    try endingToday(text).write(
      to: url.appendingPathComponent("readings.csv"), atomically: true, encoding: .utf8)
    return url
  }

  /// CSV readings with every `yyyy-mm-dd` at a line's start moved by the same number of days, so
  /// that the latest is today (local time).
  static func endingToday(_ text: String) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let formatter = DateFormatter()
    formatter.calendar = calendar
    formatter.timeZone = calendar.timeZone
    formatter.dateFormat = "yyyy-MM-dd"
    let local = Calendar.current.dateComponents([.year, .month, .day], from: Date())
    let today = calendar.date(from: local)!
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let dates = lines.compactMap { formatter.date(from: String($0.prefix(10))) }
    guard let last = dates.max() else { return text }
    let shift = calendar.dateComponents([.day], from: last, to: today).day ?? 0
    for index in lines.indices {
      guard let date = formatter.date(from: String(lines[index].prefix(10))) else { continue }
      let moved = calendar.date(byAdding: .day, value: shift, to: date)!
      lines[index] = formatter.string(from: moved) + lines[index].dropFirst(10)
    }
    return lines.joined(separator: "\n")
  }

  /// The verdict JSON of the folder's readings, normalized (see ``normalized(_:)``).
  static func verdictJSON(in folder: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> String
  {
    let result = try PlannerProcess.run(["health", "readings.csv", "--format", "json"], directory: folder)
    #expect(result.status == 1, "\(result.stderr)", sourceLocation: sourceLocation)
    return normalized(result.stdout)
  }

  /// JSON text parsed and written again with sorted keys, so that two texts of the same value compare equal.
  static func normalized(_ json: String) -> String {
    guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)),
      let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    else { return "not JSON: \(json)" }
    return String(decoding: data, as: UTF8.self)
  }

  /// The verdicts that alert payloads carry, normalized.
  static func verdicts(_ payloads: [String]) -> [String] {
    payloads.map { payload in
      guard let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any],
        let verdict = object["verdict"],
        let data = try? JSONSerialization.data(withJSONObject: verdict, options: [.sortedKeys])
      else { return "no verdict in: \(payload)" }
      return String(decoding: data, as: UTF8.self)
    }
  }

  /// How many alerts of the outbox wait to be delivered (0 when there is no outbox).
  static func waiting(_ outbox: URL) -> Int {
    guard let data = try? Data(contentsOf: outbox),
      let items = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
    else { return 0 }
    return items.filter { $0["delivered_at"] == nil }.count
  }

  @Test("the notify command receives the verdict JSON on its standard input")
  func command() throws {
    let folder = try Self.folder()
    let result = try PlannerProcess.run(
      ["health", "readings.csv", "--notify", "cat > received.json"], directory: folder)
    #expect(result.status == 1)
    #expect(result.stderr == "planner: sent the alert to the notify command\n")
    let received = try String(contentsOf: folder.appendingPathComponent("received.json"), encoding: .utf8)
    #expect(Self.verdicts([received]) == [try Self.verdictJSON(in: folder)])
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
    #expect(Self.verdicts(server.received) == [try Self.verdictJSON(in: folder)])
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
    #expect(Self.verdicts([items.first?["payload"] as? String ?? ""]) == [expected])
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
    #expect(Self.verdicts(accepting.received) == [expected])
    #expect(Self.waiting(outbox) == 0)
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
