import Foundation
import HealthDatabase
import Testing

/// A throwaway PostgreSQL cluster for one test: `initdb` in a temporary directory, a server
/// listening only on a Unix socket in that directory, stopped and deleted at the end.
///
/// When the test runs as root (as in CI containers), the cluster is created and run as the
/// `postgres` user, since PostgreSQL refuses to run as root.
struct PostgresServer {
  /// Where `initdb`, `pg_ctl` and `postgres` are: `PLANNER_PG_BIN`, else the newest
  /// `/usr/lib/postgresql/*/bin`, else `nil`.
  static let binaries: URL? = {
    let manager = FileManager.default
    if let path = ProcessInfo.processInfo.environment["PLANNER_PG_BIN"] {
      return URL(fileURLWithPath: path)
    }
    let root = "/usr/lib/postgresql"
    let versions = ((try? manager.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted()
    for version in versions.reversed() where manager.isExecutableFile(atPath: "\(root)/\(version)/bin/initdb")
    {
      return URL(fileURLWithPath: "\(root)/\(version)/bin")
    }
    for directory in ["/usr/local/bin", "/opt/homebrew/bin", "/usr/bin"]
    where manager.isExecutableFile(atPath: "\(directory)/initdb") {
      return URL(fileURLWithPath: directory)
    }
    return nil
  }()

  /// Whether a server can be tried here; CI sets `PLANNER_REQUIRE_POSTGRES=1` so that a
  /// missing server fails instead of skipping.
  static var isAvailable: Bool {
    let environment = ProcessInfo.processInfo.environment
    return binaries != nil || environment["PLANNER_REQUIRE_POSTGRES"] == "1"
      || environment["PLANNER_TEST_DATABASE"] != nil
  }

  /// The note shown when the tests are skipped.
  static let skipNote: Comment =
    "PostgreSQL's initdb and pg_ctl were not found (Debian: apt-get install postgresql, or set PLANNER_PG_BIN); the database tests are skipped"

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let directory: URL
  private let bin: URL
  private let asPostgresUser: Bool

  /// A libpq connection string for the server's superuser and default database.
  var connectionString: String {
    "host=\(directory.path) port=5432 user=postgres dbname=postgres"
  }

  /// Starts a server; stop it with ``stop()``.
  static func start() throws -> PostgresServer {
    guard let bin = binaries else { throw Failure(description: "PostgreSQL binaries not found") }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-pg-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let server = PostgresServer(directory: directory, bin: bin, asPostgresUser: getuid() == 0)
    if server.asPostgresUser {
      try server.runTool("/bin/chown", ["postgres", directory.path], asPostgres: false)
    }
    let data = directory.appendingPathComponent("data").path
    try server.runTool(
      bin.appendingPathComponent("initdb").path,
      ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"])
    let settings = "-k \(directory.path) -c listen_addresses='' -c fsync=off -c full_page_writes=off"
    try server.runTool(
      bin.appendingPathComponent("pg_ctl").path,
      ["-D", data, "-o", settings, "-l", directory.appendingPathComponent("log").path, "-w", "start"])
    return server
  }

  /// Stops the server and deletes its directory.
  func stop() {
    _ = try? runTool(
      bin.appendingPathComponent("pg_ctl").path,
      ["-D", directory.appendingPathComponent("data").path, "-m", "immediate", "-w", "stop"])
    try? FileManager.default.removeItem(at: directory)
  }

  /// Runs `body` with a connection to a fresh database, then drops it: in the server that
  /// `PLANNER_TEST_DATABASE` names (CI's throwaway cluster), else in a server started for it.
  static func withConnection<Result>(_ body: (PostgresConnection) throws -> Result) throws -> Result {
    if let shared = ProcessInfo.processInfo.environment["PLANNER_TEST_DATABASE"], !shared.isEmpty {
      let admin = try PostgresConnection(url: shared)
      let name = "planner_test_\(UUID().uuidString.prefix(8).lowercased())"
      try admin.execute("CREATE DATABASE \(name)")
      defer { _ = try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
      let connection = try PostgresConnection(url: shared + " dbname=\(name)")
      return try body(connection)
    }
    let server = try start()
    defer { server.stop() }
    let connection = try PostgresConnection(url: server.connectionString)
    return try body(connection)
  }

  /// Runs a tool with posix_spawn and waits for it; its output goes to a file (a pipe would be
  /// kept open by the server that pg_ctl starts).
  @discardableResult
  private func runTool(_ tool: String, _ arguments: [String], asPostgres: Bool? = nil) throws -> String {
    let argv =
      (asPostgres ?? asPostgresUser)
      ? ["/usr/sbin/runuser", "-u", "postgres", "--", tool] + arguments : [tool] + arguments
    let outputFile = directory.appendingPathComponent("tool-output.txt").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { for pointer in cArguments { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ)
    guard spawned == 0 else { throw Failure(description: "cannot start \(argv[0]): error \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let text = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
    let exited = (status & 0x7f) == 0
    guard exited && (status >> 8) & 0xff == 0 else {
      throw Failure(description: "\(tool) failed (status \(status)): \(text)")
    }
    return text
  }
}
