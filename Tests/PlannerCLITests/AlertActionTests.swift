import Foundation
import HealthDatabase
import HealthRules
import Testing

/// Issue 44's alerts a care team can act on: who and which rules are in the payload, a delivered
/// alert is not resent, an unacknowledged urgent alert escalates, a patient who stopped measuring
/// raises a `no readings` alert, and the database path notifies and exits as documented.
@Suite("Alerts a care team can act on", .serialized)
struct AlertActionTests {
  /// Urgent pressure rules, and the stale rule, for a folder's `rules.plan`.
  static let rules = """
    rules clinic "Clinic watch" {
      window 7 days
      alert crisis "Blood pressure in the crisis range: call the patient now" urgent
        when systolic.today > 180 mmHg
      alert stopped "No readings for 3 days: call the patient" urgent
        when no readings for 3 days
      otherwise "ok"
    }
    """

  /// A folder with `rules.plan` and `readings.csv` whose last day, `lastBack` days before today,
  /// has systolic `systolic`.
  static func folder(systolic: Int, lastBack: Int = 0) throws -> URL {
    let folder = try NotifyTests.folder()
    try rules.write(to: folder.appendingPathComponent("rules.plan"), atomically: true, encoding: .utf8)
    let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
    let today = Day(year: parts.year!, month: parts.month!, day: parts.day!)!
    var csv = "date,systolic,diastolic\n"
    for back in stride(from: lastBack + 2, through: lastBack, by: -1) {
      csv += "\(today.advanced(by: -back)),\(back == lastBack ? systolic : 130),80\n"
    }
    try csv.write(to: folder.appendingPathComponent("readings.csv"), atomically: true, encoding: .utf8)
    return folder
  }

  /// What `sha256sum FILE` prints.
  static func sha256sum(_ file: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [file.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  static func object(_ json: String) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]) ?? [:]
  }

  @available(macOS 15, *)
  @Test("the payload names the patient, the rule set and its SHA-256, the day, the severity and the evidence")
  func payload() throws {
    let folder = try Self.folder(systolic: 190)
    let server = try LoopbackHTTPServer(status: 200, maximumRequests: 2)
    defer { server.stop() }
    let result = try PlannerProcess.run(
      ["health", "readings.csv", "--rules", "rules.plan", "--patient", "p-17", "--notify-url", server.url],
      directory: folder)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr == "planner: sent the alert to \(server.url)\n")
    let body = Self.object(try #require(server.received.first))
    let ruleSet = try #require(body["rule_set"] as? [String: Any])
    #expect(body["patient_id"] as? String == "p-17")
    #expect(ruleSet["id"] as? String == "clinic")
    #expect(ruleSet["name"] as? String == "Clinic watch")
    // The hash is SHA-256 of the rules' definition text, as sha256sum computes it.
    let definition =
      "rules clinic \"Clinic watch\"\nwindow 7 days\n"
      + "alert crisis \"Blood pressure in the crisis range: call the patient now\" urgent when systolic.today > 180 mmHg\n"
      + "alert stopped \"No readings for 3 days: call the patient\" urgent when no readings for 3 days\n"
      + "otherwise \"ok\"\n"
    let file = folder.appendingPathComponent("definition.txt")
    try definition.write(to: file, atomically: true, encoding: .utf8)
    let summed = try Self.sha256sum(file).prefix(64)
    #expect(ruleSet["sha256"] as? String == String(summed))
    #expect(body["severity"] as? String == "urgent")
    #expect(body["alerts"] as? [String] == ["crisis"])
    #expect(body["messages"] as? [String] == ["Blood pressure in the crisis range: call the patient now"])
    let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
    #expect(body["day"] as? String == "\(Day(year: parts.year!, month: parts.month!, day: parts.day!)!)")
    let verdict = try #require(body["verdict"] as? [String: Any])
    let results = try #require(verdict["results"] as? [[String: Any]])
    let evidence = try #require(results.first?["evidence"] as? [[String: Any]])
    #expect(evidence.first?["comparison"] as? String == "190 mmHg > 180 mmHg")
    #expect(server.requests.first?.idempotencyKey != nil)
    #expect(body["alert_id"] as? String != nil)
  }

  @available(macOS 15, *)
  @Test("a delivered alert is not resent for the same patient, rules and day; a new alert is")
  func notResent() throws {
    let folder = try Self.folder(systolic: 190)
    let server = try LoopbackHTTPServer(status: 200, maximumRequests: 3)
    defer { server.stop() }
    let arguments = ["health", "readings.csv", "--rules", "rules.plan", "--notify-url", server.url]
    let first = try PlannerProcess.run(arguments, directory: folder)
    #expect(first.status == 1)
    let outbox = folder.appendingPathComponent("readings.csv.outbox.json")
    let items = try AlertDeliveryTests.items(outbox)
    let alertID = try #require(items.first?["alert"] as? String)
    let deliveredAt = try #require(items.first?["delivered_at"] as? String)
    for _ in 1...2 {
      let again = try PlannerProcess.run(arguments, directory: folder)
      #expect(again.status == 1)
      #expect(
        again.stderr
          == "planner: the alert for \(Self.today()) was delivered to \(server.url) on \(deliveredAt) "
          + "(alert \(alertID)); it is not sent again\n")
    }
    #expect(server.requests.count == 1)
    #expect(server.requests.first?.idempotencyKey == items.first?["id"] as? String)
  }

  /// A care team's server and an escalation target's, on loopback.
  @available(macOS 15, *)
  static func servers() throws -> (team: LoopbackHTTPServer, escalation: LoopbackHTTPServer) {
    (
      try LoopbackHTTPServer(status: 200, maximumRequests: 3),
      try LoopbackHTTPServer(status: 200, maximumRequests: 3)
    )
  }

  /// `planner health` that sends an alert to `team` and escalates an urgent
  /// one to `escalation` when it is not acknowledged within 1 s.
  @available(macOS 15, *)
  static func escalating(to team: LoopbackHTTPServer, then escalation: LoopbackHTTPServer) -> [String] {
    [
      "health", "readings.csv", "--rules", "rules.plan", "--notify-url", team.url, "--escalate-url",
      escalation.url, "--escalate-after", "1s",
    ]
  }

  static func today() -> Day {
    let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
    return Day(year: parts.year!, month: parts.month!, day: parts.day!)!
  }

  @available(macOS 15, *)
  @Test("an urgent alert not acknowledged in time is sent again to the escalation target, once")
  func escalates() throws {
    let folder = try Self.folder(systolic: 190)
    let (team, escalation) = try Self.servers()
    defer {
      team.stop()
      escalation.stop()
    }
    let arguments = Self.escalating(to: team, then: escalation)
    let first = try PlannerProcess.run(arguments, directory: folder)
    #expect(first.status == 1)
    #expect(first.stderr == "planner: sent the alert to \(team.url)\n")
    #expect(escalation.requests.isEmpty)
    Thread.sleep(forTimeInterval: 1.2)
    let second = try PlannerProcess.run(arguments, directory: folder)
    let outbox = folder.appendingPathComponent("readings.csv.outbox.json")
    let item = try #require(try AlertDeliveryTests.items(outbox).first)
    let alertID = try #require(item["alert"] as? String)
    #expect(second.status == 1)
    #expect(
      second.stderr.hasSuffix(
        "planner: escalated the urgent alert \(alertID) to \(escalation.url): "
          + "not acknowledged within 1 s of its delivery\n"), "\(second.stderr)")
    #expect(item["escalated_at"] as? String != nil)
    let third = try PlannerProcess.run(arguments, directory: folder)
    #expect(third.status == 1)
    #expect(!third.stderr.contains("escalated"))
    #expect(team.requests.count == 1)
    #expect(escalation.requests.count == 1)
    #expect(escalation.requests.first?.idempotencyKey == alertID + "-escalation")
    let body = Self.object(escalation.requests.first?.body ?? "")
    #expect(body["alert_id"] as? String == alertID)
    let reason = (body["escalation"] as? [String: Any])?["reason"] as? String
    #expect(reason == "not acknowledged within 1 s of its delivery")
  }

  @available(macOS 15, *)
  @Test("an urgent alert acknowledged with 'planner alerts ack' is not escalated")
  func acknowledged() throws {
    let folder = try Self.folder(systolic: 190)
    let (team, escalation) = try Self.servers()
    defer {
      team.stop()
      escalation.stop()
    }
    let arguments = Self.escalating(to: team, then: escalation)
    #expect(try PlannerProcess.run(arguments, directory: folder).status == 1)
    let alertID = try #require(Self.object(team.received.first ?? "")["alert_id"] as? String)
    let ack = try PlannerProcess.run(
      ["alerts", "ack", alertID, "--outbox", "readings.csv.outbox.json"], directory: folder)
    #expect(ack.status == 0, "\(ack.stderr)")
    #expect(ack.stdout == "acknowledged alert \(alertID) for readings.csv on \(Self.today())\n")
    let again = try PlannerProcess.run(
      ["alerts", "ack", alertID, "--outbox", "readings.csv.outbox.json"], directory: folder)
    #expect(again.stdout.hasPrefix("alert \(alertID) was acknowledged already, on "))
    let unknown = try PlannerProcess.run(
      ["alerts", "ack", "no-such-alert", "--outbox", "readings.csv.outbox.json"], directory: folder)
    #expect(unknown.status == 65)
    #expect(unknown.stderr == "planner: error: no alert 'no-such-alert' in the outbox\n")
    Thread.sleep(forTimeInterval: 1.2)
    let later = try PlannerProcess.run(arguments, directory: folder)
    #expect(later.status == 1)
    #expect(!later.stderr.contains("escalated"))
    #expect(escalation.requests.isEmpty)
  }

  @Test("a patient who stopped measuring: 'no readings for 3 days' fires against the calendar day")
  func stale() throws {
    let folder = try Self.folder(systolic: 130, lastBack: 4)
    // Without notifying, today is the last reading's day: nothing is stale.
    let plain = try PlannerProcess.run(
      ["health", "readings.csv", "--rules", "rules.plan", "--format", "json"], directory: folder)
    #expect(plain.status == 0, "\(plain.stdout)")
    // Notifying, today is the calendar day: 4 days without a reading.
    let notified = try PlannerProcess.run(
      ["health", "readings.csv", "--rules", "rules.plan", "--notify", "cat > got.json"], directory: folder)
    #expect(notified.status == 1, "\(notified.stdout)")
    let body = Self.object(try String(contentsOf: folder.appendingPathComponent("got.json"), encoding: .utf8))
    #expect(body["alerts"] as? [String] == ["stopped"])
    let verdict = body["verdict"] as? [String: Any]
    let results = verdict?["results"] as? [[String: Any]]
    let stopped = results?.first { $0["id"] as? String == "stopped" }
    let evidence = (stopped?["evidence"] as? [[String: Any]])?.first
    let today = Self.today()
    #expect(
      evidence?["comparison"] as? String == "no readings from \(today.advanced(by: -2)) to \(today)")
    // `--as-of today` says the same without notifying.
    let asOf = try PlannerProcess.run(
      ["health", "readings.csv", "--rules", "rules.plan", "--as-of", "today"], directory: folder)
    #expect(asOf.status == 1)
    #expect(asOf.stdout.contains("No readings for 3 days: call the patient"))
  }
}

extension AlertActionTests {
  @available(macOS 15, *)
  @Test(
    "the database path notifies one alert per patient, once, records acks in planner_alerts, and exits 65 > 1 > 2 > 0",
    .enabled(if: DatabaseInjectionTests.available, "PostgreSQL was not found; the test is skipped"))
  func database() throws {
    try DatabaseInjectionTests.withDatabase { url in
      let server = try LoopbackHTTPServer(status: 200, maximumRequests: 4)
      defer { server.stop() }
      let run = ["health", "--database", url, "--as-of", "2026-03-07", "--notify-url", server.url]
      let first = try PlannerProcess.run(run)
      // p-1 has an alert, p-2 not enough data: 1.
      #expect(first.status == 1, "\(first.stderr)")
      #expect(first.stderr == "planner: sent the alert for p-1 to \(server.url)\n")
      let body = Self.object(try #require(server.received.first))
      #expect(body["patient_id"] as? String == "p-1")
      #expect(body["alerts"] as? [String] == ["sugar_high"])
      #expect(body["day"] as? String == "2026-03-07")
      #expect((body["rule_set"] as? [String: Any])?["sha256"] as? String == RuleSet.baseline.fingerprint)
      // The evidence comes from the Swift engine on the patient's rows, read back from the table.
      let verdict = try #require(body["verdict"] as? [String: Any])
      #expect(verdict["verdict"] as? String == "alert")
      let results = try #require(verdict["results"] as? [[String: Any]])
      let sugar = results.first { $0["id"] as? String == "sugar_high" }
      let evidence = (sugar?["evidence"] as? [[String: Any]])?.first
      #expect(evidence?["comparison"] as? String == "150 mg/dL >= 110 mg/dL")
      let alertID = try #require(body["alert_id"] as? String)
      let second = try PlannerProcess.run(run)
      #expect(second.status == 1)
      #expect(
        second.stderr.hasPrefix(
          "planner: the alert for p-1 for 2026-03-07 was delivered to \(server.url) on "))
      #expect(server.requests.count == 1)
      let ack = try PlannerProcess.run(["alerts", "ack", alertID, "--database", url])
      #expect(ack.status == 0, "\(ack.stderr)")
      #expect(ack.stdout == "acknowledged alert \(alertID) for p-1 on 2026-03-07\n")
      let connection = try PostgresConnection(url: url)
      let stored = try connection.query("SELECT alert_id, item FROM planner_alerts")
      #expect(stored.rows.count == 1)
      #expect(stored.rows.first?[0] == alertID)
      #expect(Self.object(stored.rows.first?[1] ?? "")["acknowledged_at"] as? String != nil)
      // Exit codes: only p-2 (not enough data) is 2; p-3 with two rows for a day makes it 65.
      let onlyP2 = try PlannerProcess.run(["health", "--database", url, "--patients", "p-2"])
      #expect(onlyP2.status == 2, "\(onlyP2.stderr)")
      let healthy = try PlannerProcess.run(["health", "--database", url, "--patients", "p-9"])
      #expect(healthy.status == 0)
      try connection.execute(
        "INSERT INTO readings (patient_id, day, sugar) VALUES ('p-3', '2026-03-07', 90), ('p-3', '2026-03-07', 91)"
      )
      let bad = try PlannerProcess.run(["health", "--database", url])
      #expect(bad.status == 65)
      #expect(bad.stdout.contains("p-3  2026-03-07  error: two readings for 2026-03-07"), "\(bad.stdout)")
      #expect(bad.stdout.contains("p-1  2026-03-07  alert (warning): sugar_high"))
    }
  }
}
