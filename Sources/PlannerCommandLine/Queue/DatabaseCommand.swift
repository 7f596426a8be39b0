import HealthDatabase
import PlanQueue

/// `planner db`: the job queue's tables in PostgreSQL, through the `init` subcommand.
enum DatabaseCommand: CommandGroup {
  static let name = "db"
  static let abstract = "Create or upgrade the job queue's tables in PostgreSQL."
  static var subcommands: [any Command.Type] { [DatabaseInit.self] }
}

/// `planner db init --database URL`: creates the queue's schema or applies the migrations it lacks.
enum DatabaseInit: TypedCommand {
  static let name = "db init"
  static let abstract = "Create the job queue's tables, or upgrade them; running it again changes nothing."
  static let discussion = """
    Creates the schema planner_queue (plan_sources, jobs, results, schema_migrations) or
    applies the migrations it lacks, in one transaction. Prints the version the schema is at.
    Exits 65 when the schema was made by a newer planner.
    """

  struct Options: CommandOptions {
    var database: String?

    static var declarations: [OptionDeclaration<Options>] {
      [QueueOptions.database(\.database)]
    }
  }

  static func run(_ options: Options, console: Console) throws(CLIError) {
    guard let url = options.database else { throw .internalError("db init ran without --database") }
    let applied = try QueueOptions.calling { () throws(QueueError) in
      let connection = try QueueOptions.connect(url)
      return try QueueSchema.migrate(on: connection)
    }
    let version = QueueSchema.currentVersion
    if applied.isEmpty {
      console.out("job queue schema already at version \(version); nothing to do\n")
    } else {
      console.out(
        "job queue schema at version \(version) (applied "
          + applied.map { "\($0)" }.joined(separator: ", ") + ")\n")
    }
  }
}

/// Options and errors shared by the queue's commands.
enum QueueOptions {
  /// `--database URL`, required.
  static func database<Options>(_ keyPath: WritableKeyPath<Options, String?>) -> OptionDeclaration<Options> {
    .option(
      "database", keyPath, value: "URL", required: true,
      "The PostgreSQL database of the job queue (postgresql://user@host/db); the password comes from PGPASSWORD or ~/.pgpass."
    )
  }

  /// Connects, with libpq's message as the error.
  static func connect(_ url: String) throws(QueueError) -> PostgresConnection {
    do throws(DatabaseError) {
      return try PostgresConnection(url: url)
    } catch {
      throw .database(error)
    }
  }

  /// Runs queue calls, turning their errors into the command line's: a database that cannot be
  /// reached is a temporary failure (exit 75, a service manager tries again), anything else bad input.
  static func calling<Value>(_ body: () throws(QueueError) -> Value) throws(CLIError) -> Value {
    do throws(QueueError) {
      return try body()
    } catch {
      throw cliError(error)
    }
  }

  static func cliError(_ error: QueueError) -> CLIError {
    switch error {
    case .database(.connection): return .busy(error.description)
    case .database(.unexpectedResult): return .internalError(error.description)
    default: return .invalidInput(error.description)
    }
  }
}
