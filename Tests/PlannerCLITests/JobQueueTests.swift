import Foundation
import HealthDatabase
import Testing

/// Issue 46: the job queue in a real PostgreSQL, with `planner worker` processes.
@Suite("Job queue and workers", .serialized)
struct JobQueueTests {
  static let enabled = DatabaseInjectionTests.available

  /// A `planner` process running in the background, its output going to a file.
  final class Background {
    let process = Process()
    let output: URL

    init(_ arguments: [String]) throws {
      let executable = try #require(PlannerProcess.executable, "the planner binary was not built")
      output = FileManager.default.temporaryDirectory.appendingPathComponent("planner-worker-\(UUID()).txt")
      _ = FileManager.default.createFile(atPath: output.path, contents: nil)
      process.executableURL = executable
      process.arguments = arguments
      process.currentDirectoryURL = PlannerProcess.packageRoot
      var environment = ProcessInfo.processInfo.environment
      environment["NO_COLOR"] = "1"
      process.environment = environment
      let handle = try FileHandle(forWritingTo: output)
      process.standardOutput = handle
      process.standardError = handle
      process.standardInput = FileHandle.nullDevice
      try process.run()
    }

    /// Waits for the process to end (at most `seconds`) and returns its status and output.
    func finish(within seconds: Double = 60) throws -> (status: Int32, output: String) {
      let deadline = Date().addingTimeInterval(seconds)
      while process.isRunning && Date() < deadline { usleep(20_000) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
      let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
      try? FileManager.default.removeItem(at: output)
      return (process.terminationStatus, text)
    }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }
  }

  /// Runs `body` with a fresh database whose queue schema is set up.
  static func withQueue(_ body: (String, PostgresConnection) throws -> Void) throws {
    try DatabaseInjectionTests.withDatabase { url in
      let initialised = try PlannerProcess.run(["db", "init", "--database", url])
      #expect(initialised.status == 0, "\(initialised.stderr)")
      #expect(initialised.stdout == "job queue schema at version 1 (applied 1)\n")
      let again = try PlannerProcess.run(["db", "init", "--database", url])
      #expect(again.stdout == "job queue schema already at version 1; nothing to do\n")
      try body(url, try PostgresConnection(url: url))
    }
  }

  static func value(_ connection: PostgresConnection, _ sql: String) throws -> String? {
    try connection.query(sql).rows.first?.first ?? nil
  }

  /// Waits until `sql` returns `expected` (at most `seconds`).
  static func wait(
    _ connection: PostgresConnection, _ sql: String, is expected: String, within seconds: Double = 30
  ) throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try value(connection, sql) == expected { return true }
      usleep(50_000)
    }
    return false
  }

  /// The JSON with every `…seconds` value replaced, to compare two solves but their timings.
  static func withoutTimings(_ json: String) -> String {
    json.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard let key = line.range(of: "seconds\" : ") else { return String(line) }
      return String(line[..<key.upperBound]) + "T"
    }.joined(separator: "\n")
  }

  @Test(
    "2 workers and 50 jobs give 50 results, none twice",
    .enabled(if: enabled, "PostgreSQL's initdb was not found; the queue tests are skipped"))
  func twoWorkersFiftyJobs() throws {
    try Self.withQueue { url, connection in
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("planner-queue-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let foods = PlannerProcess.packageRoot.appendingPathComponent("Examples/foods.plan").path
      let table =
        "household,file,priority\n" + (1...50).map { "h-\($0),\(foods),\($0 % 3)\n" }.joined()
      let csv = directory.appendingPathComponent("households.csv")
      try table.write(to: csv, atomically: true, encoding: .utf8)
      let added = try PlannerProcess.run(["enqueue", "--database", url, "--households", csv.path])
      #expect(added.status == 0, "\(added.stderr)")
      #expect(added.stdout.hasSuffix("50 jobs queued\n"))
      // One plan source, shared by the 50 jobs.
      #expect(try Self.value(connection, "SELECT count(*) FROM planner_queue.plan_sources") == "1")
      let workers = try (1...2).map { _ in try Background(["worker", "--database", url, "--drain"]) }
      let outputs = try workers.map { try $0.finish() }
      for output in outputs { #expect(output.status == 0, "\(output.output)") }
      let finished = outputs.map {
        $0.output.split(separator: "\n").filter { $0.contains("): optimal in ") }.count
      }
      #expect(finished.reduce(0, +) == 50, "\(outputs.map(\.output))")
      #expect(try Self.value(connection, "SELECT count(*) FROM planner_queue.results") == "50")
      #expect(try Self.value(connection, "SELECT count(DISTINCT job_id) FROM planner_queue.results") == "50")
      #expect(
        try Self.value(
          connection, "SELECT count(*) FROM planner_queue.jobs WHERE state = 'done' AND attempts = 1") == "50"
      )
      #expect(try Self.value(connection, "SELECT count(DISTINCT worker) FROM planner_queue.results") == "2")
      let listed = try PlannerProcess.run(["jobs", "--database", url, "--state", "done", "--limit", "1"])
      #expect(listed.stdout.hasSuffix("0 queued, 0 running, 50 done, 0 parked\n"), "\(listed.stdout)")
      // Higher priority first: every job of priority 2 was claimed before any of priority 0.
      #expect(
        try Self.value(
          connection,
          """
          SELECT (SELECT max(started_at) FROM planner_queue.jobs WHERE priority = 2)
            < (SELECT min(started_at) FROM planner_queue.jobs WHERE priority = 0)
          """) == "t")
    }
  }

  @Test(
    "a worker killed with SIGKILL mid-solve loses no job: it is claimed again after the lease",
    .enabled(if: enabled, "PostgreSQL's initdb was not found; the queue tests are skipped"))
  func killedWorker() throws {
    try Self.withQueue { url, connection in
      let added = try PlannerProcess.run([
        "enqueue", "--database", url, "Examples/week.plan", "--plan", "week", "--time-limit", "20",
      ])
      #expect(added.status == 0, "\(added.stderr)")
      let first = try Background(["worker", "--database", url, "--lease", "1", "--name", "first"])
      #expect(try Self.wait(connection, "SELECT state FROM planner_queue.jobs", is: "running"))
      first.signal(SIGKILL)
      let killed = try first.finish()
      #expect(first.process.terminationReason == .uncaughtSignal && killed.status == SIGKILL)
      #expect(try Self.value(connection, "SELECT count(*) FROM planner_queue.results") == "0")
      let second = try Background(["worker", "--database", url, "--lease", "1", "--name", "second"])
      #expect(try Self.wait(connection, "SELECT state FROM planner_queue.jobs", is: "done", within: 60))
      second.signal(SIGTERM)
      let stopped = try second.finish()
      #expect(stopped.status == 0, "\(stopped.output)")
      #expect(
        stopped.output.hasSuffix("worker second: 1 finished, 0 failed, 0 returned\n"), "\(stopped.output)")
      let row = try connection.query(
        "SELECT j.attempts, r.attempt, r.worker, j.last_error FROM planner_queue.jobs j JOIN planner_queue.results r ON r.job_id = j.id"
      ).rows
      #expect(
        row == [
          [
            "2", "2", "second",
            "attempt 1 of 3 by first: the lease ran out (the worker stopped renewing it)",
          ]
        ])
    }
  }

  @Test(
    "SIGTERM finishes the current job; a second signal returns it",
    .enabled(if: enabled, "PostgreSQL's initdb was not found; the queue tests are skipped"))
  func terminated() throws {
    try Self.withQueue { url, connection in
      _ = try PlannerProcess.run([
        "enqueue", "--database", url, "Examples/week.plan", "--plan", "week", "--time-limit", "20",
      ])
      let worker = try Background(["worker", "--database", url, "--name", "w"])
      #expect(try Self.wait(connection, "SELECT state FROM planner_queue.jobs", is: "running"))
      worker.signal(SIGTERM)
      let finished = try worker.finish()
      #expect(finished.status == 0, "\(finished.output)")
      #expect(finished.output.hasSuffix("worker w: 1 finished, 0 failed, 0 returned\n"), "\(finished.output)")
      #expect(
        try Self.value(connection, "SELECT state || ' ' || attempts FROM planner_queue.jobs") == "done 1")
      #expect(try Self.value(connection, "SELECT count(*) FROM planner_queue.results") == "1")

      _ = try PlannerProcess.run([
        "enqueue", "--database", url, "Examples/week.plan", "--plan", "week", "--time-limit", "20",
      ])
      let second = try Background(["worker", "--database", url, "--name", "w2"])
      #expect(
        try Self.wait(connection, "SELECT state FROM planner_queue.jobs WHERE id = 2", is: "running"))
      second.signal(SIGTERM)
      usleep(100_000)
      second.signal(SIGTERM)
      let returned = try second.finish(within: 5)
      #expect(returned.status == 0, "\(returned.output)")
      #expect(returned.output.contains("returned to the queue: job 2\n"), "\(returned.output)")
      #expect(
        try Self.value(connection, "SELECT state || ' ' || attempts FROM planner_queue.jobs WHERE id = 2")
          == "queued 0")
      #expect(try Self.value(connection, "SELECT count(*) FROM planner_queue.results") == "1")
    }
  }

  @Test(
    "a job that fails each attempt is parked with its error",
    .enabled(if: enabled, "PostgreSQL's initdb was not found; the queue tests are skipped"))
  func poisonJob() throws {
    try Self.withQueue { url, connection in
      let added = try PlannerProcess.run([
        "enqueue", "--database", url, "Examples/foods.plan", "--patient", "p-1", "--readings-table", "gone",
        "--attempts", "2",
      ])
      #expect(added.status == 0, "\(added.stderr)")
      let worker = try Background(["worker", "--database", url, "--drain", "--name", "w"])
      let result = try worker.finish()
      #expect(result.status == 0, "\(result.output)")
      let error =
        "cannot read the readings: the database refused the query (SQLSTATE 42P01): ERROR:  relation \"gone\" does not exist"
      #expect(
        result.output.contains("job 1 (Examples/foods.plan): attempt 1 failed, queued again: \(error)"),
        "\(result.output)")
      #expect(result.output.contains("job 1 (Examples/foods.plan): parked after attempt 2: \(error)"))
      let row = try #require(
        try connection.query("SELECT state, attempts, last_error FROM planner_queue.jobs").rows.first)
      #expect(row[0] == "parked")
      #expect(row[1] == "2")
      #expect(row[2]?.hasPrefix("attempt 2 of 2 by w: \(error)\n") == true, "\(row)")
      let listed = try PlannerProcess.run(["jobs", "--database", url, "--state", "parked"])
      #expect(
        listed.stdout.hasPrefix(
          "id  state   attempts  household            file                 plan  detail\n 1  parked       2/2  Examples/foods.plan  Examples/foods.plan        attempt 2 of 2 by w: cannot read the readings"
        ), "\(listed.stdout)")
    }
  }

  @Test(
    "a worker's result equals planner solve's, readings from the readings table included",
    .enabled(if: enabled, "PostgreSQL's initdb was not found; the queue tests are skipped"))
  func sameAnswers() throws {
    try Self.withQueue { url, connection in
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("planner-queue-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let examples = PlannerProcess.packageRoot.appendingPathComponent("Examples").path
      let plan = directory.appendingPathComponent("adapted.plan")
      try """
      include "\(examples)/foods.plan"
      include "\(examples)/home.plan"
      adapt cheap_day when home.sugar_high { sodium <= 2000 mg per day }
      """.write(to: plan, atomically: true, encoding: .utf8)
      // The readings table holds p-1: sugar 100 then 150 (sugar_high fires), and p-2: 90.
      let readings = directory.appendingPathComponent("p-1.csv")
      try "date,sugar\n2026-03-06,100\n2026-03-07,150\n".write(
        to: readings, atomically: true, encoding: .utf8)
      let cases: [(enqueue: [String], solve: [String])] = [
        (
          ["Examples/week.plan", "--plan", "week", "--time-limit", "30"],
          ["Examples/week.plan", "--plan", "week", "--time-limit", "30"]
        ),
        ([plan.path, "--patient", "p-1"], [plan.path, "--readings", readings.path]),
        ([plan.path], [plan.path]),
      ]
      for (index, entry) in cases.enumerated() {
        let added = try PlannerProcess.run(["enqueue", "--database", url] + entry.enqueue)
        #expect(added.status == 0, "\(added.stderr)")
        let worker = try PlannerProcess.run(["worker", "--database", url, "--drain"])
        #expect(worker.status == 0, "\(worker.stderr)")
        #expect(worker.stdout.contains(", 0 failed, "), "\(worker.stdout)")
        let stored = try #require(
          try Self.value(
            connection, "SELECT plan_json FROM planner_queue.results WHERE job_id = \(index + 1)"))
        let solved = try PlannerProcess.run(["solve", "--format", "json"] + entry.solve)
        #expect(solved.status == 0, "\(solved.stderr)")
        #expect(Self.withoutTimings(stored) == Self.withoutTimings(solved.stdout))
        #expect(stored != solved.stdout || stored.contains("seconds") == false)
      }
      #expect(
        try Self.value(
          connection,
          "SELECT plan_json::jsonb -> 'adaptations' -> 0 ->> 'state' FROM planner_queue.results WHERE job_id = 2"
        )
          == "applied")
      #expect(
        try Self.value(
          connection, "SELECT shopping_list ->> 'total' FROM planner_queue.results WHERE job_id = 3")
          == Self.value(
            connection,
            "SELECT (plan_json::jsonb -> 'groceries' ->> 'total') FROM planner_queue.results WHERE job_id = 3"
          ))
    }
  }
}
