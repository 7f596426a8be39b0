import Foundation
import HealthDatabase
import HealthRules
import PlanQueue

/// `planner worker --database URL`: claims jobs from the queue and solves them until stopped.
enum WorkerCommand: TypedCommand {
  static let name = "worker"
  static let abstract = "Solve the queue's jobs from PostgreSQL, on N threads, until stopped."
  static let discussion = """
    Claims one job per thread (SELECT ... FOR UPDATE SKIP LOCKED) under a lease it renews
    while the plan is solved, writes the plan's JSON (as 'planner solve --format json' prints it)
    and marks the job done in one transaction. A job whose worker stopped renewing its lease
    (killed, or cut off from the database) is claimed again when the lease runs out; a job that
    fails its attempts is parked with its error. Idle threads wait for NOTIFY planner_jobs.
    SIGTERM or SIGINT: claim nothing more, finish the current jobs and exit 0; a second signal
    gives the current jobs back to the queue (their attempts not counted) and exits 0 at once.
    Prints a line per job finished or failed. Exits 75 when the database cannot be reached.
    """

  struct Options: CommandOptions {
    var database: String?
    var concurrency: Int?
    var lease: Seconds?
    var name: String?
    var drain = false

    static var declarations: [OptionDeclaration<Options>] {
      [
        QueueOptions.database(\.database),
        .option("concurrency", short: "j", \.concurrency, value: "N", "Jobs solved at once (default: 1)."),
        .option(
          "lease", \.lease, value: "SECONDS",
          "How long a claim lasts unless renewed; renewed every third of it (default: 60)."),
        .option("name", \.name, value: "NAME", "The worker's name in the jobs table (default: HOST:PID)."),
        .flag("drain", \.drain, "Exit when no job is ready instead of waiting for more."),
      ]
    }

    mutating func validate() throws(CLIError) {
      if let concurrency, !(1...256).contains(concurrency) {
        throw .usage("'--concurrency' takes a number from 1 to 256", hint: nil)
      }
    }
  }

  static func run(_ options: Options, console: Console) throws(CLIError) {
    guard let url = options.database else { throw .internalError("worker ran without --database") }
    // A worker loads plan after plan: each program is freed when its job ends.
    ProgramLoading.keepsUntilExit = false
    let control = WorkerControl()
    let output = SharedConsole(console)
    Signals.forward(to: control, output: output)
    let name = options.name ?? "\(ProcessInfo.processInfo.hostName):\(getpid())"
    var settings = QueueWorker.Settings(name: name)
    settings.concurrency = options.concurrency ?? 1
    settings.lease = options.lease?.value ?? 60
    settings.drain = options.drain
    output.out(
      "worker \(name): \(settings.concurrency) thread\(settings.concurrency == 1 ? "" : "s"), "
        + "lease \(String(format: "%g s", settings.lease))\n")
    let worker = QueueWorker(
      url: url, settings: settings, control: control, onEvent: { output.out(describe($0)) },
      solve: { job in solve(job, url: url) })
    let summary = try QueueOptions.calling { () throws(QueueError) in try worker.run() }
    output.out(
      "worker \(name): \(summary.finished) finished, \(summary.failed) failed, \(summary.returned) returned"
        + (summary.lost > 0 ? ", \(summary.lost) lost to an expired lease" : "") + "\n")
  }

  /// One line of the worker's log.
  static func describe(_ event: WorkerEvent) -> String {
    func label(_ job: ClaimedJob) -> String { "job \(job.id) (\(job.household.escapedForTerminal))" }
    switch event {
    case .claimed: return ""
    case .finished(let job, let status, let seconds):
      return "\(label(job)): \(status) in \(String(format: "%.2f s", seconds))\n"
    case .failed(let job, let error, let state):
      let what =
        state == .parked
        ? "parked after attempt \(job.attempt)" : "attempt \(job.attempt) failed, queued again"
      return "\(label(job)): \(what): \(error.escapedForTerminal)\n"
    case .lost(let job):
      return "\(label(job)): lease lost (another worker has it); result not written\n"
    case .returned(let ids):
      return "returned to the queue: job" + (ids.count == 1 ? " " : "s ")
        + ids.map { String($0) }.joined(separator: ", ") + "\n"
    }
  }

  /// Solves a job as `planner solve FILE --format json` solves a file.
  static func solve(_ job: ClaimedJob, url: String) -> JobOutcome {
    var options = SolveCommand.Options()
    options.file = job.source.root
    options.plan = job.plan
    options.format = .json
    options.timeLimit = job.timeLimit.map { Seconds(value: $0) }
    options.storedFiles = job.source.files
    options.storedDirectory = job.source.directory
    options.asOf = job.asOf
    let clock = SolveClock()
    options.clock = clock
    let started = Date()
    if job.patient != nil || !job.memberPatients.isEmpty {
      do throws(QueueError) {
        options.storedReadings = try readings(for: job, url: url)
      } catch {
        return .failed("cannot read the readings: \(error.description)")
      }
    }
    let captured = Captured()
    let console = Console { stream, text in captured.append(stream, text) }
    do throws(CLIError) {
      try SolveCommand.run(options, console: console)
    } catch {
      // No plan (infeasible, unbounded, no plan in time) is an answer, stored like a plan.
      if case .negativeResult = error {
      } else {
        var message = error.message(colors: false)
        while message.hasSuffix("\n") { message.removeLast() }
        return .failed(message)
      }
    }
    let finished = Date()
    let loaded = clock.loaded ?? started
    let (json, messages) = captured.texts
    return .solved(
      JobResult(
        status: status(of: json), planJSON: json, messages: messages,
        loadSeconds: loaded.timeIntervalSince(started), solveSeconds: finished.timeIntervalSince(loaded)))
  }

  /// The plan's `status` in its JSON.
  static func status(of json: String) -> String {
    guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
      let status = object["status"] as? String
    else { return "unknown" }
    return status
  }

  /// The readings of the job's patient and members, from the readings table.
  static func readings(for job: ClaimedJob, url: String) throws(QueueError) -> SolveAdaptations.Readings {
    let connection = try QueueOptions.connect(url)
    var table = ReadingsTable.default
    if let name = job.readingsTable {
      let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
      if parts.count == 2 {
        table.schema = parts[0]
        table.name = parts[1]
      } else {
        table.name = name
      }
    }
    let shared = try job.patient.map { patient throws(QueueError) in
      try QueueReadings.load(patient: patient, table: table, on: connection)
    }
    var members: [String: [Reading]] = [:]
    for (member, patient) in job.memberPatients {
      members[member] = try QueueReadings.load(patient: patient, table: table, on: connection)
    }
    return SolveAdaptations.Readings(shared: shared, members: members)
  }
}

/// What a solve printed, kept apart by stream.
private final class Captured: @unchecked Sendable {
  private let lock = NSLock()
  private var output = ""
  private var error = ""

  func append(_ stream: Console.Stream, _ text: String) {
    lock.withLock {
      if stream == .output { output += text } else { error += text }
    }
  }

  var texts: (output: String, error: String) { lock.withLock { (output, error) } }
}

/// The console, written from the worker's threads one line at a time.
final class SharedConsole: @unchecked Sendable {
  private let lock = NSLock()
  private let console: Console

  init(_ console: Console) { self.console = console }

  func out(_ text: String) {
    guard !text.isEmpty else { return }
    lock.withLock { console.out(text) }
  }
}

/// SIGTERM and SIGINT, taken by a thread of their own: the first stops the worker after its
/// current jobs, the second gives them back and stops it at once.
enum Signals {
  static func forward(to control: WorkerControl, output: SharedConsole) {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTERM)
    sigaddset(&set, SIGINT)
    // Blocked before any thread starts, so every thread inherits the mask and only sigwait sees them.
    pthread_sigmask(SIG_BLOCK, &set, nil)
    let thread = Thread { [set] in
      var set = set
      var received: Int32 = 0
      var count = 0
      while sigwait(&set, &received) == 0 {
        count += 1
        if count == 1 {
          output.out(
            "signal \(received): finishing the current jobs, then stopping (again: return them and stop now)\n"
          )
          control.stop()
        } else {
          output.out("signal \(received): returning the current jobs and stopping now\n")
          control.abandon()
          return
        }
      }
    }
    thread.start()
  }
}
