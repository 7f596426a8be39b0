import HealthDatabase

/// The queue's tables in PostgreSQL, created and upgraded by numbered migrations.
///
/// Everything lives in the schema `planner_queue`:
///
/// - `schema_migrations`: one row per migration applied (`version`, `description`, `applied_at`);
/// - `plan_sources`: a `.plan` file and the files it includes, stored once and shared by every
///   job that solves it (`digest` is the SHA-256 of `files`' text, so the same texts are stored once);
/// - `jobs`: which source and plan, the household's label, the readings to adapt to, the options,
///   priority, attempts, state (`queued`, `running`, `done`, `parked`) and lease;
/// - `results`: one row per finished job, keyed by job *and* attempt, unique per job: the plan's JSON
///   as `planner solve --format json` prints it, its shopping list, timings and the worker.
///
/// A trigger sends `NOTIFY planner_jobs` whenever a job becomes `queued`, which wakes idle workers.
///
/// ```swift
/// let connection = try PostgresConnection(url: "postgresql:///meals")
/// let applied = try QueueSchema.migrate(on: connection)  // [1] the first time, [] after
/// ```
package enum QueueSchema {
  /// The schema's name in the database.
  package static let schema = "planner_queue"
  /// The channel the trigger notifies when a job is ready.
  package static let channel = "planner_jobs"

  /// A numbered change to the schema, applied once, in order, in one transaction.
  struct Migration {
    let version: Int
    let description: String
    let sql: String
  }

  /// Every migration, oldest first. Never edit one that has shipped: add the next.
  static let migrations: [Migration] = [
    Migration(
      version: 1, description: "plan sources, jobs, results, and the ready notification",
      sql: """
        CREATE TABLE planner_queue.plan_sources (
          id bigserial PRIMARY KEY,
          digest text NOT NULL UNIQUE,
          root text NOT NULL,
          directory text NOT NULL,
          files jsonb NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE planner_queue.jobs (
          id bigserial PRIMARY KEY,
          source_id bigint NOT NULL REFERENCES planner_queue.plan_sources (id),
          plan text,
          household text NOT NULL,
          readings_table text,
          patient text,
          member_patients jsonb NOT NULL DEFAULT '{}',
          as_of date,
          time_limit double precision CHECK (time_limit > 0),
          priority integer NOT NULL DEFAULT 0,
          state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'parked')),
          attempts integer NOT NULL DEFAULT 0,
          max_attempts integer NOT NULL DEFAULT 3 CHECK (max_attempts > 0),
          worker text,
          lease_until timestamptz,
          last_error text,
          created_at timestamptz NOT NULL DEFAULT now(),
          started_at timestamptz,
          finished_at timestamptz
        );
        CREATE INDEX jobs_ready ON planner_queue.jobs (priority DESC, id) WHERE state = 'queued';
        CREATE INDEX jobs_leases ON planner_queue.jobs (lease_until) WHERE state = 'running';
        CREATE TABLE planner_queue.results (
          job_id bigint NOT NULL REFERENCES planner_queue.jobs (id) ON DELETE CASCADE,
          attempt integer NOT NULL,
          status text NOT NULL,
          plan_json text NOT NULL,
          shopping_list jsonb GENERATED ALWAYS AS ((plan_json::jsonb) -> 'groceries') STORED,
          messages text NOT NULL DEFAULT '',
          load_seconds double precision NOT NULL,
          solve_seconds double precision NOT NULL,
          worker text NOT NULL,
          finished_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (job_id, attempt),
          UNIQUE (job_id)
        );
        CREATE FUNCTION planner_queue.notify_ready() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_notify('planner_jobs', '');
          RETURN NULL;
        END
        $$;
        CREATE TRIGGER jobs_ready AFTER INSERT OR UPDATE OF state ON planner_queue.jobs
          FOR EACH ROW WHEN (NEW.state = 'queued') EXECUTE FUNCTION planner_queue.notify_ready();
        """)
  ]

  /// The newest version this library knows.
  package static var currentVersion: Int { migrations.last?.version ?? 0 }

  /// Creates the schema or brings it up to ``currentVersion``; running it again changes nothing.
  ///
  /// Runs in one transaction under an advisory lock, so two callers at once apply each
  /// migration once.
  ///
  /// - Returns: The versions applied now, oldest first (empty when the schema was up to date).
  /// - Throws: ``QueueError/database(_:)``; ``QueueError/schema(_:)`` when the database's
  ///   schema is newer than this library (a newer planner migrated it).
  @discardableResult
  package static func migrate(on connection: PostgresConnection) throws(QueueError) -> [Int] {
    try QueueError.wrap { () throws(DatabaseError) in try connection.execute("BEGIN") }
    do throws(QueueError) {
      try QueueError.wrap { () throws(DatabaseError) in
        _ = try connection.query("SELECT pg_advisory_xact_lock(hashtext('planner_queue.migrate'))")
        try connection.execute(
          """
          CREATE SCHEMA IF NOT EXISTS planner_queue;
          CREATE TABLE IF NOT EXISTS planner_queue.schema_migrations (
            version integer PRIMARY KEY,
            description text NOT NULL,
            applied_at timestamptz NOT NULL DEFAULT now()
          );
          """)
      }
      let existing = try appliedVersion(on: connection)
      if existing > currentVersion { throw newerSchema(existing) }
      var applied: [Int] = []
      try QueueError.wrap { () throws(DatabaseError) in
        for migration in migrations where migration.version > existing {
          try connection.execute(migration.sql)
          _ = try connection.query(
            "INSERT INTO planner_queue.schema_migrations (version, description) VALUES ($1::integer, $2)",
            parameters: [String(migration.version), migration.description])
          applied.append(migration.version)
        }
        try connection.execute("COMMIT")
      }
      return applied
    } catch {
      try? connection.execute("ROLLBACK")
      throw error
    }
  }

  /// The version the database's schema is at: 0 when the queue was never set up.
  package static func appliedVersion(on connection: PostgresConnection) throws(QueueError) -> Int {
    try QueueError.wrap { () throws(DatabaseError) in try version(on: connection) }
  }

  private static func version(on connection: PostgresConnection) throws(DatabaseError) -> Int {
    let exists = try connection.query(
      "SELECT to_regclass('planner_queue.schema_migrations') IS NOT NULL")
    guard exists.rows.first?.first == "t" else { return 0 }
    let rows = try connection.query("SELECT coalesce(max(version), 0) FROM planner_queue.schema_migrations")
    return rows.rows.first?.first.flatMap { $0.flatMap { Int($0) } } ?? 0
  }

  /// Checks that the schema is exactly at ``currentVersion`` before the queue is used.
  ///
  /// - Throws: ``QueueError/schema(_:)`` saying to run `planner db init`, or that
  ///   a newer planner set the schema up.
  package static func requireCurrent(on connection: PostgresConnection) throws(QueueError) {
    let version = try appliedVersion(on: connection)
    if version > currentVersion { throw newerSchema(version) }
    if version < currentVersion {
      throw .schema(
        version == 0
          ? "the database has no job queue; create it with 'planner db init --database URL'"
          : "the job queue's schema is at version \(version), this planner needs \(currentVersion); "
            + "upgrade it with 'planner db init --database URL'")
    }
  }

  private static func newerSchema(_ version: Int) -> QueueError {
    .schema(
      "the job queue's schema is at version \(version), newer than this planner's \(currentVersion); "
        + "run a newer planner")
  }
}
