import Foundation
import PlanDSL

/// The command line: parse, run, catch, exit. The `planner` executable
/// calls ``main()``; tests and the fuzz-cli target call ``run(_:console:)``.
package enum Planner {
  package static let version = "0.1.0"

  /// Every subcommand, in the order `--help` lists them.
  static var commands: [any Command.Type] {
    [
      SolveCommand.self, CheckCommand.self, TestCommand.self, HealthCommand.self, LogCommand.self,
      ReportCommand.self, FoodsCommand.self, RecipesCommand.self, RecipeCommand.self, ExportCommand.self,
      ExportReadingsCommand.self,
      CatalogCommand.self, RulesCommand.self, AlertsCommand.self, DatabaseCommand.self, EnqueueCommand.self,
      JobsCommand.self, WorkerCommand.self, CompletionCommand.self,
    ]
  }

  package static func main() -> Never {
    ProcessMemory.configure()
    // The Swift runtime's backtracer catches SIGQUIT and prints "Program
    // crashed"; a user who sends SIGQUIT (Ctrl-\) means "quit now".
    // A parent may also have left it blocked (the mask is inherited across exec).
    signal(SIGQUIT, SIG_DFL)
    var quit = sigset_t()
    sigemptyset(&quit)
    sigaddset(&quit, SIGQUIT)
    sigprocmask(SIG_UNBLOCK, &quit, nil)
    StandardStream.reserveClosedDescriptors()
    let console = Console()
    let code = run(Array(CommandLine.arguments.dropFirst()), console: console)
    exit(code.rawValue)
  }

  /// Runs one invocation and returns its exit code. Never traps on user input.
  package static func run(_ arguments: [String], console: Console) -> CLIError.ExitCode {
    do throws(CLIError) {
      try dispatch(arguments, console: console)
      return .success
    } catch {
      console.err(error.message(colors: console.errorIsTerminal))
      return error.exitCode
    }
  }

  static func dispatch(_ arguments: [String], console: Console) throws(CLIError) {
    guard let first = arguments.first else {
      console.err(HelpText.overview(commands))
      throw .usage("missing command", hint: "try 'planner solve Examples/week.plan'")
    }
    switch first {
    case "--help", "-h", "help":
      if arguments.count > 1, let command = commands.first(where: { $0.info.name == arguments[1] }) {
        console.out(HelpText.help(for: command))
      } else {
        console.out(HelpText.overview(commands))
      }
      return
    case "--version":
      console.out("planner \(version)\n")
      return
    default:
      break
    }
    guard let command = commands.first(where: { $0.info.name == first }) else {
      throw .usage(
        "unknown command '\(first)'",
        hint: closestMatch(to: first, in: commands.map { $0.info.name }).map { "did you mean '\($0)'?" }
          ?? "see 'planner --help'")
    }
    try runCommand(command, Array(arguments.dropFirst()), console: console)
  }

  /// Runs a command, or the subcommand its first argument names, with the arguments after its name.
  static func runCommand(_ command: any Command.Type, _ arguments: [String], console: Console)
    throws(CLIError)
  {
    let subcommands = command.subcommands
    if !subcommands.isEmpty, let first = arguments.first, !first.hasPrefix("-") {
      guard let subcommand = subcommands.first(where: { $0.info.leafName == first }) else {
        let names = subcommands.map { $0.info.leafName }
        throw .usage(
          "unknown subcommand '\(first.escapedForTerminal)' for 'planner \(command.info.name)'",
          hint: closestMatch(to: first, in: names).map { "did you mean '\($0)'?" }
            ?? "one of: " + names.joined(separator: ", "))
      }
      try runCommand(subcommand, Array(arguments.dropFirst()), console: console)
      return
    }
    let parsed = try ParsedArguments(arguments, options: command.info.options, command: command.info.name)
    if parsed.flag("help") {
      console.out(HelpText.help(for: command))
      return
    }
    try command.run(parsed, console: console)
  }
}
