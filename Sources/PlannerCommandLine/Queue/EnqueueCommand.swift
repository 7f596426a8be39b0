import Diagnostics
import Foundation
import HealthRules
import PlanDSL
import PlanQueue

/// `planner enqueue --database URL FILE…` or `--households TABLE.csv`: adds jobs to the queue.
enum EnqueueCommand: TypedCommand {
  static let name = "enqueue"
  static let abstract = "Add plans to solve to the job queue in PostgreSQL, one job per file or household."
  static let discussion = """
    Each file is loaded and checked as 'planner check' does, then stored with the files it
    includes (once, however many jobs solve it) and a job is added for it. With --households,
    one job per row of a CSV table with the columns household and file, and optionally plan,
    patient, members (MEMBER=PATIENT;…), priority, time_limit and as_of; files are relative to
    the table's folder. Prints one line per job: its id, household and file.
    """

  struct Options: CommandOptions {
    var database: String?
    var files: [String] = []
    var households: String?
    var plan: String?
    var patient: String?
    var members: [String] = []
    var readingsTable: String?
    var asOf: Day?
    var timeLimit: Seconds?
    var priority: Int?
    var attempts: Int?

    static var declarations: [OptionDeclaration<Options>] {
      [
        .arguments("file", \.files, required: false, "The .plan files to solve, one job each."),
        QueueOptions.database(\.database),
        .option(
          "households", \.households, value: "TABLE.csv", "A CSV table of households, one job per row."),
        .option("plan", short: "p", \.plan, value: "NAME", "Which plan to solve when a file has several."),
        .option(
          "patient", \.patient, value: "ID",
          "The patient whose readings, in the readings table, the plan's 'adapt' blocks read."),
        .option("member", \.members, value: "MEMBER=ID", "A household member's own patient id."),
        .option(
          "readings-table", \.readingsTable, value: "NAME",
          "The readings table, optionally schema-qualified (default: readings)."),
        .option(
          "as-of", \.asOf, value: "DATE", "The day the rules are evaluated for (default: the latest reading)."
        ),
        .option(
          "time-limit", \.timeLimit, value: "SECONDS",
          "The solver's time limit (default: planner solve's, 60)."),
        .option("priority", \.priority, value: "N", "Higher runs first (default: 0)."),
        .option("attempts", \.attempts, value: "N", "Attempts before a failing job is parked (default: 3)."),
      ]
    }

    mutating func validate() throws(CLIError) {
      if files.isEmpty && households == nil {
        throw .usage("'planner enqueue' needs .plan files or '--households TABLE.csv'", hint: nil)
      }
      if !files.isEmpty && households != nil {
        throw .usage("give .plan files or '--households', not both", hint: nil)
      }
      if asOf != nil && patient == nil && members.isEmpty && households == nil {
        throw .usage("'--as-of' needs '--patient ID' or '--member MEMBER=ID'", hint: nil)
      }
      if let attempts, attempts < 1 { throw .usage("'--attempts' takes a number of at least 1", hint: nil) }
    }
  }

  /// One job to add, before its source is stored.
  struct Entry {
    var household: String
    var file: String
    var plan: String?
    var patient: String?
    var members: [String: String]
    var priority: Int
    var timeLimit: Double?
    var asOf: String?
    /// Where the entry came from, for messages (`households.csv:3`).
    var origin: String
  }

  static func run(_ options: Options, console: Console) throws(CLIError) {
    guard let url = options.database else { throw .internalError("enqueue ran without --database") }
    let members = try parseMembers(options.members, origin: "--member")
    var entries: [Entry] = []
    if let table = options.households {
      entries = try HouseholdTable.read(table, defaults: options, members: members)
    } else {
      for file in options.files {
        entries.append(
          Entry(
            household: file, file: file, plan: options.plan, patient: options.patient, members: members,
            priority: options.priority ?? 0, timeLimit: options.timeLimit?.value,
            asOf: options.asOf?.description,
            origin: file))
      }
    }
    // Every file is loaded and checked before anything is written.
    var loaded: [String: (program: Program, source: PlanSource)] = [:]
    var jobs: [(entry: Entry, source: PlanSource)] = []
    for entry in entries {
      let program: Program
      let source: PlanSource
      if let known = loaded[entry.file] {
        (program, source) = known
      } else {
        program = try ProgramLoading.load(entry.file, console: console)
        source = try planSource(program, root: entry.file)
        // The stored texts must load as the files did (an include read twice, say, would not).
        do throws(DiagnosticList) {
          _ = try ProgramLoading.loader.load(
            path: source.root, files: source.files, directory: source.directory)
        } catch {
          throw .invalidInput("\(entry.file): cannot be stored with its includes: \(error.description)")
        }
        loaded[entry.file] = (program, source)
      }
      _ = try SolveCommand.choosePlan(program, name: entry.plan, path: entry.origin)
      jobs.append((entry, source))
    }
    let ids = try QueueOptions.calling { () throws(QueueError) -> [Int64] in
      let queue = try JobQueue(connection: QueueOptions.connect(url))
      var stored: [PlanSource: Int64] = [:]
      var new: [NewJob] = []
      for (entry, source) in jobs {
        let id: Int64
        if let known = stored[source] {
          id = known
        } else {
          id = try queue.store(source)
          stored[source] = id
        }
        var job = NewJob(sourceID: id, plan: entry.plan, household: entry.household)
        job.patient = entry.patient
        job.memberPatients = entry.members
        job.readingsTable = options.readingsTable
        job.asOf = entry.asOf
        job.timeLimit = entry.timeLimit
        job.priority = entry.priority
        job.maxAttempts = options.attempts ?? 3
        new.append(job)
      }
      return try queue.enqueue(new)
    }
    for (id, job) in zip(ids, jobs) {
      console.out(
        "job \(id): \(job.entry.household.escapedForTerminal) (\(job.entry.file.escapedForTerminal))\n")
    }
    console.out("\(ids.count) job\(ids.count == 1 ? "" : "s") queued\n")
  }

  /// `MEMBER=ID` pairs.
  static func parseMembers(_ pairs: [String], origin: String) throws(CLIError) -> [String: String] {
    var members: [String: String] = [:]
    for pair in pairs {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
        throw .usage("\(origin) takes MEMBER=PATIENT, not '\(pair.escapedForTerminal)'", hint: nil)
      }
      members[parts[0]] = parts[1]
    }
    return members
  }

  /// The `.plan` files a loaded program was read from, by the paths it read them by,
  /// with the working directory they are relative to. Its tests' readings files are not
  /// among them: they are read only when the tests run, and a worker solves, never tests.
  static func planSource(_ program: Program, root: String) throws(CLIError) -> PlanSource {
    var files: [String: String] = [:]
    for file in program.sources.files { files[file.path] = file.text }
    return PlanSource(root: root, files: files, directory: FileManager.default.currentDirectoryPath)
  }
}
