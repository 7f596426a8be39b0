import Foundation
import HealthDatabase

/// Where a job stands.
package enum JobState: String, Sendable, Hashable, Codable, CaseIterable {
  /// Waiting for a worker.
  case queued
  /// Claimed by a worker whose lease has not run out (or has, and no worker re-claimed it yet).
  case running
  /// Solved; its result is in `results`.
  case done
  /// Failed ``NewJob/maxAttempts`` times; its last error is kept and no worker claims it again.
  case parked
}

/// A job to add: which plan of which source, for which household, with which readings.
package struct NewJob: Sendable, Hashable {
  /// The plan source (``JobQueue/store(_:)``).
  package var sourceID: Int64
  /// The plan's name, or `nil` when the source declares one plan.
  package var plan: String?
  /// A label for the household (a row id of the households table, a file name).
  package var household: String
  /// The patient whose readings the plan's `adapt` blocks read, or `nil` for none.
  package var patient: String?
  /// A household member's own patient id, by member (for `adapt MEMBER` blocks).
  package var memberPatients: [String: String] = [:]
  /// The readings table (`readings`, `clinic.readings`); `nil` for `readings`.
  package var readingsTable: String?
  /// The day the rules are evaluated for, `YYYY-MM-DD`; `nil` for each patient's latest reading.
  package var asOf: String?
  /// The solver's time limit in seconds; `nil` for `planner solve`'s default.
  package var timeLimit: Double?
  /// Higher runs first; equal priorities run in the order added.
  package var priority: Int = 0
  /// How many attempts before the job is parked.
  package var maxAttempts: Int = 3

  /// Creates a job description.
  package init(sourceID: Int64, plan: String?, household: String) {
    self.sourceID = sourceID
    self.plan = plan
    self.household = household
  }
}

/// A job a worker holds under a lease.
package struct ClaimedJob: Sendable, Hashable {
  /// The job's id.
  package var id: Int64
  /// Which attempt this is, from 1.
  package var attempt: Int
  /// The plan source's id.
  package var sourceID: Int64
  /// The plan source.
  package var source: PlanSource
  /// The plan's name, or `nil` for the source's only plan.
  package var plan: String?
  /// The household's label.
  package var household: String
  /// The readings table, `nil` for `readings`.
  package var readingsTable: String?
  /// The patient for the plan's `adapt` blocks.
  package var patient: String?
  /// Members' own patients.
  package var memberPatients: [String: String]
  /// The day the rules are evaluated for.
  package var asOf: String?
  /// The solver's time limit in seconds.
  package var timeLimit: Double?
}

/// What a worker produced for a job.
package struct JobResult: Sendable, Hashable {
  /// The plan's status word (`optimal`, `feasible`, `infeasible`, …).
  package var status: String
  /// The plan as `planner solve --format json` prints it.
  package var planJSON: String
  /// Warnings and notes the solve printed, one a line; empty when none.
  package var messages: String
  /// Seconds spent loading and checking the plan (and reading the readings).
  package var loadSeconds: Double
  /// Seconds spent solving and writing the JSON.
  package var solveSeconds: Double

  /// Creates a result.
  package init(status: String, planJSON: String, messages: String, loadSeconds: Double, solveSeconds: Double)
  {
    self.status = status
    self.planJSON = planJSON
    self.messages = messages
    self.loadSeconds = loadSeconds
    self.solveSeconds = solveSeconds
  }
}

/// One row of `planner jobs`.
package struct JobSummary: Sendable, Hashable, Codable {
  /// The job's id.
  package var id: Int64
  /// Its state.
  package var state: JobState
  /// The household's label.
  package var household: String
  /// The plan's name, if given.
  package var plan: String?
  /// The root file of its source.
  package var file: String
  /// Attempts made so far.
  package var attempts: Int
  /// Attempts allowed.
  package var maxAttempts: Int
  /// Its priority.
  package var priority: Int
  /// The worker holding it (running) or that finished it (done).
  package var worker: String?
  /// The plan's status, when done.
  package var status: String?
  /// The last attempt's error, if any.
  package var lastError: String?

  enum CodingKeys: String, CodingKey {
    case id, state, household, plan, file, attempts, priority, worker, status
    case maxAttempts = "max_attempts"
    case lastError = "last_error"
  }
}

/// The job queue in PostgreSQL (``QueueSchema``): adds jobs, lists them, and gives workers
/// the claim, lease, result and failure operations.
///
/// ```swift
/// let queue = try JobQueue(url: "postgresql:///meals")
/// let source = try queue.store(PlanSource(root: "week.plan", files: ["week.plan": text]))
/// let ids = try queue.enqueue([NewJob(sourceID: source, plan: nil, household: "h-001")])
/// if let job = try queue.claim(worker: "host:1234", lease: 60) { … }
/// ```
///
/// A queue holds one connection and is used from one thread at a time.
package final class JobQueue {
  /// The connection.
  package let connection: PostgresConnection

  /// Connects and checks that the schema is at ``QueueSchema/currentVersion``.
  ///
  /// - Throws: ``QueueError/database(_:)`` or ``QueueError/schema(_:)``.
  package convenience init(url: String) throws(QueueError) {
    let connection = try QueueError.wrap { () throws(DatabaseError) in try PostgresConnection(url: url) }
    try self.init(connection: connection)
  }

  /// Uses an open connection, after checking the schema's version.
  package init(connection: PostgresConnection) throws(QueueError) {
    try QueueSchema.requireCurrent(on: connection)
    self.connection = connection
  }

  /// Stores a plan source once: the same texts give the same id.
  ///
  /// - Returns: The source's id.
  /// - Throws: ``QueueError/invalidJob(_:)`` for a path that is not relative; ``QueueError/database(_:)``.
  package func store(_ source: PlanSource) throws(QueueError) -> Int64 {
    try source.validate()
    let rows = try run(
      """
      INSERT INTO planner_queue.plan_sources (digest, root, directory, files)
      VALUES (encode(sha256(convert_to($1, 'UTF8')), 'hex'), $2, $3, ($1::jsonb) -> 'files')
      ON CONFLICT (digest) DO UPDATE SET digest = EXCLUDED.digest
      RETURNING id
      """, [source.canonicalJSON(), source.root, source.directory])
    return try Self.int64(rows.rows.first?.first ?? nil, "a plan source id")
  }

  /// Adds jobs in one transaction; idle workers are woken when it commits.
  ///
  /// - Returns: The new jobs' ids, in order.
  /// - Throws: ``QueueError/invalidJob(_:)`` before anything is written; ``QueueError/database(_:)``.
  @discardableResult
  package func enqueue(_ jobs: [NewJob]) throws(QueueError) -> [Int64] {
    for job in jobs {
      guard job.maxAttempts > 0 else { throw .invalidJob("a job needs at least 1 attempt") }
      if let limit = job.timeLimit, !(limit > 0 && limit.isFinite) {
        throw .invalidJob("a time limit is a positive number of seconds")
      }
    }
    try execute("BEGIN")
    do throws(QueueError) {
      var ids: [Int64] = []
      for job in jobs {
        let members = String(
          decoding: (try? JSONEncoder.sorted.encode(job.memberPatients)) ?? Data("{}".utf8), as: UTF8.self)
        let rows = try run(
          """
          INSERT INTO planner_queue.jobs
            (source_id, plan, household, readings_table, patient, member_patients, as_of, time_limit,
             priority, max_attempts)
          VALUES ($1::bigint, $2, $3, $4, $5, $6::jsonb, $7::date, $8::double precision, $9::integer, $10::integer)
          RETURNING id
          """,
          [
            String(job.sourceID), job.plan, job.household, job.readingsTable, job.patient, members, job.asOf,
            job.timeLimit.map { String($0) }, String(job.priority), String(job.maxAttempts),
          ])
        ids.append(try Self.int64(rows.rows.first?.first ?? nil, "a job id"))
      }
      try execute("COMMIT")
      return ids
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// The jobs, oldest first, optionally only those in one state.
  package func jobs(state: JobState? = nil, limit: Int? = nil) throws(QueueError) -> [JobSummary] {
    let rows = try run(
      """
      SELECT j.id, j.state, j.household, j.plan, s.root, j.attempts, j.max_attempts, j.priority,
        coalesce(j.worker, r.worker), r.status, j.last_error
      FROM planner_queue.jobs AS j
        JOIN planner_queue.plan_sources AS s ON s.id = j.source_id
        LEFT JOIN planner_queue.results AS r ON r.job_id = j.id
      WHERE $1::text IS NULL OR j.state = $1
      ORDER BY j.id
      LIMIT $2::bigint
      """, [state?.rawValue, limit.map { String($0) }])
    return try rows.rows.map { row throws(QueueError) in
      JobSummary(
        id: try Self.int64(row[0], "a job id"), state: JobState(rawValue: row[1] ?? "") ?? .queued,
        household: row[2] ?? "", plan: row[3], file: row[4] ?? "", attempts: Int(row[5] ?? "") ?? 0,
        maxAttempts: Int(row[6] ?? "") ?? 0, priority: Int(row[7] ?? "") ?? 0, worker: row[8], status: row[9],
        lastError: row[10])
    }
  }

  /// How many jobs are in each state.
  package func counts() throws(QueueError) -> [JobState: Int] {
    let rows = try run("SELECT state, count(*) FROM planner_queue.jobs GROUP BY state", [])
    var counts: [JobState: Int] = [:]
    for row in rows.rows {
      if let state = JobState(rawValue: row[0] ?? ""), let count = Int(row[1] ?? "") { counts[state] = count }
    }
    return counts
  }

  /// Claims the job that should run next, under a lease of `lease` seconds.
  ///
  /// A queued job, or a running one whose lease ran out (its worker died), is claimed with
  /// `SELECT … FOR UPDATE SKIP LOCKED`, so two workers never claim the same job; the claim
  /// counts an attempt. A job whose lease ran out on its last attempt is parked first.
  ///
  /// - Parameter sources: Plan sources already read, by id: a source among them is not read again.
  /// - Returns: The job, or `nil` when none is ready.
  package func claim(worker: String, lease: Double, sources: [Int64: PlanSource] = [:]) throws(QueueError)
    -> ClaimedJob?
  {
    _ = try run(
      """
      UPDATE planner_queue.jobs
      SET state = 'parked', finished_at = now(), lease_until = NULL,
        last_error = format('attempt %s of %s by %s: the lease ran out (the worker stopped renewing it)',
          attempts, max_attempts, worker)
      WHERE state = 'running' AND lease_until < now() AND attempts >= max_attempts
      """, [])
    let rows = try run(
      """
      WITH next AS (
        SELECT id FROM planner_queue.jobs
        WHERE state = 'queued' OR (state = 'running' AND lease_until < now())
        ORDER BY priority DESC, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED)
      UPDATE planner_queue.jobs AS j
      SET state = 'running', attempts = j.attempts + 1, worker = $1, started_at = now(),
        lease_until = now() + make_interval(secs => $2::double precision),
        last_error = CASE WHEN j.state = 'running'
          THEN format('attempt %s of %s by %s: the lease ran out (the worker stopped renewing it)',
            j.attempts, j.max_attempts, j.worker)
          ELSE j.last_error END
      FROM next
      WHERE j.id = next.id
      RETURNING j.id, j.attempts, j.source_id, j.plan, j.household, j.readings_table, j.patient,
        j.member_patients::text, j.as_of::text, j.time_limit
      """, [worker, String(lease)])
    guard let row = rows.rows.first else { return nil }
    let sourceID = try Self.int64(row[2], "a plan source id")
    let source: PlanSource
    if let known = sources[sourceID] {
      source = known
    } else {
      source = try self.source(sourceID)
    }
    var members: [String: String] = [:]
    if let text = row[7] {
      members = (try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))) ?? [:]
    }
    return ClaimedJob(
      id: try Self.int64(row[0], "a job id"), attempt: Int(row[1] ?? "") ?? 0, sourceID: sourceID,
      source: source,
      plan: row[3], household: row[4] ?? "", readingsTable: row[5], patient: row[6], memberPatients: members,
      asOf: row[8], timeLimit: row[9].flatMap { Double($0) })
  }

  /// A stored plan source.
  package func source(_ id: Int64) throws(QueueError) -> PlanSource {
    let rows = try run(
      "SELECT json_build_object('root', root, 'directory', directory, 'files', files)::text FROM planner_queue.plan_sources WHERE id = $1::bigint",
      [String(id)])
    guard let text = rows.rows.first?.first ?? nil,
      let source = try? JSONDecoder().decode(PlanSource.self, from: Data(text.utf8))
    else {
      throw .database(.unexpectedResult("plan source \(id) is missing or unreadable"))
    }
    return source
  }

  /// Extends the leases of jobs this worker holds.
  ///
  /// - Returns: The jobs whose lease was extended; a job missing from it is no longer this worker's.
  @discardableResult
  package func renew(_ jobs: [(id: Int64, attempt: Int)], worker: String, lease: Double) throws(QueueError)
    -> [Int64]
  {
    guard !jobs.isEmpty else { return [] }
    let rows = try run(
      """
      UPDATE planner_queue.jobs SET lease_until = now() + make_interval(secs => $2::double precision)
      WHERE state = 'running' AND worker = $1
        AND (id, attempts) IN (SELECT * FROM unnest($3::bigint[], $4::integer[]))
      RETURNING id
      """,
      [
        worker, String(lease), "{" + jobs.map { String($0.id) }.joined(separator: ",") + "}",
        "{" + jobs.map { String($0.attempt) }.joined(separator: ",") + "}",
      ])
    return rows.rows.compactMap { $0.first.flatMap { $0.flatMap { Int64($0) } } }
  }

  /// Writes a job's result and marks it done, in one statement (one transaction).
  ///
  /// - Returns: `false`, with nothing written, when the job is no longer this worker's attempt
  ///   (its lease ran out and another worker claimed it, or it was returned).
  @discardableResult
  package func complete(_ job: ClaimedJob, worker: String, result: JobResult) throws(QueueError) -> Bool {
    let rows = try run(
      """
      WITH done AS (
        UPDATE planner_queue.jobs
        SET state = 'done', finished_at = now(), lease_until = NULL
        WHERE id = $1::bigint AND attempts = $2::integer AND worker = $3 AND state = 'running'
        RETURNING id, attempts)
      INSERT INTO planner_queue.results
        (job_id, attempt, status, plan_json, messages, load_seconds, solve_seconds, worker)
      SELECT id, attempts, $4, $5, $6, $7::double precision, $8::double precision, $3 FROM done
      RETURNING job_id
      """,
      [
        String(job.id), String(job.attempt), worker, result.status, result.planJSON, result.messages,
        String(result.loadSeconds), String(result.solveSeconds),
      ])
    return !rows.rows.isEmpty
  }

  /// Records a failed attempt: the job is queued again, or parked when it has had its attempts.
  ///
  /// - Returns: The job's new state, or `nil` when it was no longer this worker's attempt.
  @discardableResult
  package func fail(_ job: ClaimedJob, worker: String, error: String) throws(QueueError) -> JobState? {
    let rows = try run(
      """
      UPDATE planner_queue.jobs
      SET state = CASE WHEN attempts >= max_attempts THEN 'parked' ELSE 'queued' END,
        finished_at = CASE WHEN attempts >= max_attempts THEN now() END,
        last_error = format('attempt %s of %s by %s: %s', attempts, max_attempts, worker, $4::text),
        lease_until = NULL
      WHERE id = $1::bigint AND attempts = $2::integer AND worker = $3 AND state = 'running'
      RETURNING state
      """, [String(job.id), String(job.attempt), worker, error])
    return rows.rows.first.flatMap { $0.first.flatMap { $0.flatMap { JobState(rawValue: $0) } } }
  }

  /// Gives jobs back without counting the attempt (the worker is stopping).
  ///
  /// - Returns: The jobs given back.
  @discardableResult
  package func release(_ jobs: [(id: Int64, attempt: Int)], worker: String) throws(QueueError) -> [Int64] {
    guard !jobs.isEmpty else { return [] }
    let rows = try run(
      """
      UPDATE planner_queue.jobs SET state = 'queued', attempts = attempts - 1, lease_until = NULL
      WHERE state = 'running' AND worker = $1
        AND (id, attempts) IN (SELECT * FROM unnest($2::bigint[], $3::integer[]))
      RETURNING id
      """,
      [
        worker, "{" + jobs.map { String($0.id) }.joined(separator: ",") + "}",
        "{" + jobs.map { String($0.attempt) }.joined(separator: ",") + "}",
      ])
    return rows.rows.compactMap { $0.first.flatMap { $0.flatMap { Int64($0) } } }
  }

  /// Seconds until the first lease of a running job runs out (0 when one already has), or `nil`.
  package func secondsToNextExpiry() throws(QueueError) -> Double? {
    let rows = try run(
      """
      SELECT greatest(0, extract(epoch FROM min(lease_until) - now()))::double precision
      FROM planner_queue.jobs WHERE state = 'running'
      """, [])
    return rows.rows.first?.first.flatMap { $0.flatMap { Double($0) } }
  }

  /// Starts listening for ready jobs on this connection (``QueueSchema/channel``).
  package func listen() throws(QueueError) {
    try execute("LISTEN planner_jobs")
  }

  /// Waits until a job may be ready: a notification, `timeout` seconds, or one of `wake` readable.
  package func waitForWork(timeout: Double, wake: [Int32] = []) throws(QueueError) {
    _ = try QueueError.wrap { () throws(DatabaseError) in
      try connection.waitForNotifications(timeout: timeout, wake: wake)
    }
  }

  private func execute(_ sql: String) throws(QueueError) {
    try QueueError.wrap { () throws(DatabaseError) in try connection.execute(sql) }
  }

  private func run(_ sql: String, _ parameters: [String?]) throws(QueueError) -> QueryRows {
    try QueueError.wrap { () throws(DatabaseError) in try connection.query(sql, parameters: parameters) }
  }

  private static func int64(_ text: String?, _ what: String) throws(QueueError) -> Int64 {
    guard let text, let value = Int64(text) else {
      throw .database(.unexpectedResult("\(what) that is not a number: \(text ?? "NULL")"))
    }
    return value
  }
}

extension JSONEncoder {
  /// Keys sorted, slashes unescaped.
  static var sorted: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}
