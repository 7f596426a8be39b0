import Foundation
import HealthDatabase
import Testing

/// Issue 43's reproducers: `--patients` values that once rewrote the query, run through the
/// command line against a real PostgreSQL.
@Suite("Patient ids cannot rewrite the query", .serialized)
struct DatabaseInjectionTests {
  /// A server to run against: `PLANNER_TEST_DATABASE` (CI's cluster), else one started with
  /// `Scripts/postgres-cluster.sh` for the test and stopped after it.
  static var available: Bool {
    let environment = ProcessInfo.processInfo.environment
    return environment["PLANNER_TEST_DATABASE"] != nil || environment["PLANNER_REQUIRE_POSTGRES"] == "1"
      || FileManager.default.fileExists(atPath: "/usr/lib/postgresql") || environment["PLANNER_PG_BIN"] != nil
  }

  /// Runs `body` with the connection string of a fresh database holding the readings table.
  static func withDatabase(_ body: (String) throws -> Void) throws {
    let cluster = PlannerProcess.packageRoot.appendingPathComponent("Scripts/postgres-cluster.sh").path
    var server = ProcessInfo.processInfo.environment["PLANNER_TEST_DATABASE"] ?? ""
    var stop: [String] = []
    if server.isEmpty {
      let started = try shell(
        "source '\(cluster)' && postgres_cluster_start && printf '%s\\n%s\\n' \"$PLANNER_PG_DIR\" \"$PLANNER_PG_BIN_DIR\""
      )
      stop = started.split(separator: "\n").map(String.init)
      try #require(stop.count == 2, "the cluster did not start: \(started)")
      server = "host=\(stop[0]) user=postgres dbname=postgres"
    }
    defer {
      if stop.count == 2 {
        _ = try? shell(
          "source '\(cluster)' && PLANNER_PG_DIR='\(stop[0])' PLANNER_PG_BIN_DIR='\(stop[1])' postgres_cluster_stop"
        )
      }
    }
    let admin = try PostgresConnection(url: server)
    let name = "planner_cli_\(UUID().uuidString.prefix(8).lowercased())"
    try admin.execute("CREATE DATABASE \(name)")
    defer { _ = try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
    let url = server + " dbname=\(name)"
    let connection = try PostgresConnection(url: url)
    try connection.execute(
      """
      CREATE TABLE readings (patient_id text, day date, weight numeric, systolic numeric, diastolic numeric,
        sugar numeric, symptoms text);
      INSERT INTO readings (patient_id, day, sugar) VALUES
        ('p-1', '2026-03-06', 100), ('p-1', '2026-03-07', 150), ('p-2', '2026-03-07', 90);
      """)
    try body(url)
  }

  /// Runs a bash script with posix_spawn and waits for it; its output goes through a file,
  /// since the server that `pg_ctl` starts keeps a pipe (and Foundation's `Process`) waiting.
  private static func shell(_ script: String) throws -> String {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-cluster-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: output) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv: [String] = ["/bin/bash", "-c", script]
    let arguments = argv.map { strdup($0) } + [nil]
    defer { for pointer in arguments { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/bash", &actions, nil, arguments, environ)
    try #require(spawned == 0, "cannot start bash: error \(spawned)")
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
  }

  @Test(
    "a quote joined to U+0600 selects no other patient and runs no statement",
    .enabled(if: available, "PostgreSQL's initdb was not found; the database command tests are skipped"))
  func reproducers() throws {
    try Self.withDatabase { url in
      let selected = try PlannerProcess.run([
        "health", "--database", url, "--patients", "p-1\u{0600}') OR true --",
      ])
      #expect(selected.status == 0, "\(selected.stderr)")
      #expect(selected.stdout == "0 patients\n")
      #expect(selected.stderr.isEmpty)
      let dropped = try PlannerProcess.run([
        "health", "--database", url, "--patients", "p-2\u{0600}'); DROP TABLE readings; --",
      ])
      #expect(dropped.status == 0, "\(dropped.stderr)")
      #expect(dropped.stdout == "0 patients\n")
      let rest = try PlannerProcess.run(["health", "--database", url, "--patients", "p-1,p-2"])
      #expect(rest.status == 1, "\(rest.stderr)")
      let missing =
        "missing weight days 4...7: needs 1 reading, found 0; missing day 4 (2026-03-04), day 5 (2026-03-05), "
        + "day 6 (2026-03-06), day 7 (2026-03-07); weight days 1...3: needs 1 reading, found 0; missing day 1 "
        + "(2026-03-01), day 2 (2026-03-02), day 3 (2026-03-03); "
      let pressures =
        "systolic today: no reading on day 7 (2026-03-07); systolic yesterday: no reading on day 6 (2026-03-06); "
        + "diastolic today: no reading on day 7 (2026-03-07); diastolic yesterday: no reading on day 6 (2026-03-06)"
      #expect(
        rest.stdout == "p-1  2026-03-07  alert (warning): sugar_high; \(missing)\(pressures)\n"
          + "p-2  2026-03-07  not_enough_data; \(missing)sugar yesterday: no reading on day 6 (2026-03-06); "
          + "\(pressures)\n2 patients: 1 alert, 1 not_enough_data\n")
    }
  }

  @Test(
    "the printed query quotes the same ids per Unicode scalar",
    .enabled(if: available, "PostgreSQL's initdb was not found; the database command tests are skipped"))
  func printedQuery() throws {
    let result = try PlannerProcess.run([
      "rules", "sql", "baseline", "--patients", "p-1\u{0600}') OR true --",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("= ANY (ARRAY['p-1\u{0600}'') OR true --']::text[])"))
    // A table name whose quote a combining mark joins into one character is still quoted whole.
    let table = try PlannerProcess.run([
      "rules", "sql", "baseline", "--table", "r\"\u{0301}; DROP TABLE readings; --", "--columns",
      "day=d\"\u{0301}",
    ])
    #expect(table.status == 0, "\(table.stderr)")
    #expect(table.stdout.contains("FROM \"r\"\"\u{0301}; DROP TABLE readings; --\" AS r\n"))
    #expect(table.stdout.contains("CAST(r.\"d\"\"\u{0301}\" AS date) AS day"))
    try Self.withDatabase { url in
      let connection = try PostgresConnection(url: url)
      #expect(try connection.query(result.stdout).rows.isEmpty)
      #expect(throws: DatabaseError.self) { try connection.query(table.stdout) }
      #expect(try connection.query("SELECT count(*) FROM readings").rows == [["3"]])
    }
  }
}
