import MealOptimizer
import PlanDSL

/// `planner solve FILE`: the cheapest plan that meets every goal.
enum SolveCommand: Command {
  static let info = CommandInfo(
    name: "solve",
    abstract: "Solve a plan: the cheapest foods and amounts that meet every goal.",
    usage: "planner solve <file> [--plan NAME] [--format text|json|markdown]",
    arguments: [("<file>", "The .plan file to solve.")],
    options: [
      .option("plan", short: "p", value: "NAME", "Which plan to solve when the file has several."),
      OutputFormat.option([.text, .json, .markdown]),
    ]
  )

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
    _ = try arguments.format([.text, .json, .markdown])
    let path = try arguments.positionals(exactly: ["a .plan file"], command: info.name)[0]
    _ = try ProgramLoading.load(path, console: console)
    throw .internalError("solving is not wired yet")
  }
}
