import Foundation
import Testing

/// `planner rules sql` and `planner health --database` as a clinic's engineer runs them.
@Suite("Rules for a database")
struct DatabaseCommandTests {
  @Test("rules sql prints one query with every alert of the rule set")
  func printsQuery() throws {
    let result = try PlannerProcess.run(["rules", "sql", "Examples/home.plan", "--dialect", "postgresql"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("WITH source AS NOT MATERIALIZED"))
    for id in ["weight_gain", "sugar_high", "bp_high", "sugar_very_high", "dizzy"] {
      #expect(result.stdout.contains("'\(id)'"), "\(id)")
    }
    let explained = try PlannerProcess.run(["health", "--explain", "--rules", "Examples/home.plan"])
    #expect(explained.status == 0 && explained.stdout == result.stdout)
  }

  @Test(
    "bad options are usage errors",
    arguments: [
      (["rules", "sql", "baseline", "--dialect", "mysql"], "unknown dialect 'mysql'"),
      (["rules", "sql", "baseline", "--columns", "weight=w:mmHg"], "column 'w' holds weight"),
      (["rules", "sql", "baseline", "--columns", "wieght=w"], "did you mean 'weight'?"),
      (["rules", "sql", "baseline", "--columns", "sugar=g:stone"], "unknown unit 'stone'"),
      (["rules", "tables", "baseline"], "unknown subcommand 'tables'"),
    ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try PlannerProcess.run(arguments)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test("a server that cannot be reached is a clear error, and the password is not printed")
  func unreachable() throws {
    let result = try PlannerProcess.run([
      "health", "--database", "host=/nonexistent-planner-dir user=clinic password=hunter2 dbname=health",
    ])
    #expect(result.status == 65)
    #expect(result.stderr.contains("cannot connect to the database"), "\(result.stderr)")
    #expect(!result.stderr.contains("hunter2") && !result.stdout.contains("hunter2"))
  }

  @Test(
    "a malformed connection string is shown with its password replaced by ***",
    arguments: [
      (
        "postgres:/clinic:hunter2@db",
        "planner: error: cannot connect to the database: missing \"=\" after \"postgres:/clinic:***@db\" in connection info string\n"
      ),
      (
        "postgresql://clinic:hunter2@[::1/health",
        "planner: error: cannot connect to the database: end of string reached when looking for matching \"]\" in IPv6 host address in URI: \"postgresql://clinic:***@[::1/health\"\n"
      ),
      (
        "postgresql://clinic:hunt%zzer2@db/health",
        "planner: error: cannot connect to the database: invalid percent-encoded token: \"***\"\n"
      ),
    ])
  func malformedURL(url: String, message: String) throws {
    let result = try PlannerProcess.run(["health", "--database", url])
    #expect(result.status == 65)
    #expect(result.stderr == message)
    #expect(result.stdout.isEmpty)
  }

  @Test("libpq is loaded when a connection is first made, and a missing one is a clear error")
  func missingLibpq() throws {
    let result = try PlannerProcess.run(
      ["health", "--database", "host=/nonexistent-planner-dir dbname=health"],
      environment: ["PLANNER_LIBPQ": "/nonexistent-planner-dir/libpq.so.5"])
    #expect(result.status == 65)
    #expect(
      result.stderr.contains(
        "cannot connect to the database: PLANNER_LIBPQ=/nonexistent-planner-dir/libpq.so.5 could not be loaded"
      ),
      "\(result.stderr)")
    // Commands that need no database start without it.
    let check = try PlannerProcess.run(
      ["check", "Examples/foods.plan"], environment: ["PLANNER_LIBPQ": "/nonexistent-planner-dir/libpq.so.5"])
    #expect(check.status == 0, "\(check.stderr)")
  }
}

extension DatabaseCommandTests {
  @Test("a rule that SQL cannot express is reported at its alert in the file")
  func locatedRefusal() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-sql-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("fever.plan")
    try """
    rules fever "Fever" {
      window 7 days
      alert fievre "Fièvre"
        when symptoms mention "fièvre" in today
      otherwise "ok"
    }
    """.write(to: file, atomically: true, encoding: .utf8)
    let result = try PlannerProcess.run(["rules", "sql", file.path])
    #expect(result.status == 65)
    #expect(
      result.stderr.contains("fever.plan:3:3: error: rule set 'fever' cannot be written as SQL"),
      "\(result.stderr)")
    #expect(result.stderr.contains("outside ASCII"))
  }
}
