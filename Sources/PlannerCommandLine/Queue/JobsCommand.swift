import PlanQueue

/// `planner jobs --database URL`: the queue's jobs and their state.
enum JobsCommand: TypedCommand {
  static let name = "jobs"
  static let abstract = "List the jobs of the queue in PostgreSQL with their state."
  static let discussion = """
    One line per job: its id, state, attempts, household, file and plan, then the plan's status
    (done), the worker (running, done) or the last error (parked, or queued after a failed
    attempt). Ends with the count in each state.
    """

  struct Options: CommandOptions {
    var database: String?
    var state: String?
    var limit: Int?
    var format = OutputFormat.text

    static var declarations: [OptionDeclaration<Options>] {
      [
        QueueOptions.database(\.database),
        .option(
          "state", \.state, value: "STATE", "Only jobs in this state: queued, running, done or parked."),
        .option("limit", \.limit, value: "N", "At most N jobs, oldest first."),
        .format(\.format, [.text, .json]),
      ]
    }

    mutating func validate() throws(CLIError) {
      if let state, JobState(rawValue: state) == nil {
        throw .usage(
          "unknown state '\(state.escapedForTerminal)'",
          hint: "one of: " + JobState.allCases.map(\.rawValue).joined(separator: ", "))
      }
      if let limit, limit < 1 { throw .usage("'--limit' takes a number of at least 1", hint: nil) }
    }
  }

  static func run(_ options: Options, console: Console) throws(CLIError) {
    guard let url = options.database else { throw .internalError("jobs ran without --database") }
    let (jobs, counts) = try QueueOptions.calling { () throws(QueueError) in
      let queue = try JobQueue(connection: QueueOptions.connect(url))
      return (
        try queue.jobs(state: options.state.flatMap(JobState.init(rawValue:)), limit: options.limit),
        try queue.counts()
      )
    }
    if options.format == .json {
      console.out(try JSONText.encode(jobs))
      return
    }
    var table = TextTable([.right, .left, .right, .left, .left, .left, .left])
    table.indent = ""
    table.add(["id", "state", "attempts", "household", "file", "plan", "detail"])
    for job in jobs {
      let detail: String
      switch job.state {
      case .done: detail = (job.status ?? "?") + (job.worker.map { " by \($0)" } ?? "")
      case .running: detail = job.worker.map { "on \($0)" } ?? ""
      case .parked, .queued: detail = job.lastError ?? ""
      }
      table.add(
        [
          String(job.id), job.state.rawValue, "\(job.attempts)/\(job.maxAttempts)", job.household, job.file,
          job.plan ?? "", detail,
        ].map(\.escapedForTerminal))
    }
    console.out(table.render())
    console.out(
      JobState.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ") + "\n")
  }
}
