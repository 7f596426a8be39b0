import Foundation
import MealOptimizer
import PlanDSL

/// `planner export FILE --to lp|mps`: the optimisation model of a plan, for other solvers.
enum ExportCommand: Command {
  static let info = CommandInfo(
    name: "export",
    abstract: "Write a plan's optimisation model as a CPLEX LP or MPS file.",
    usage: "planner export <file> [--plan NAME] [--to lp|mps] [--output FILE]",
    discussion: """
      Variables and constraints keep readable names (x[oats,day3], serve[overnight_oats,day3,breakfast]),
      so the file reads like the plan. Any LP/MIP solver can read it (glpsol --lp FILE, HiGHS, CBC).
      """,
    arguments: [("<file>", "The .plan file.")],
    options: [
      .option("plan", short: "p", value: "NAME", "Which plan, when the file has several."),
      .option("to", value: "FORMAT", "lp (CPLEX LP, the default) or mps (free MPS)."),
      .option("output", short: "o", value: "FILE", "Write to FILE instead of standard output."),
    ]
  )

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
    let path = try arguments.positionals(exactly: ["a .plan file"], command: info.name)[0]
    let target = arguments.value("to") ?? "lp"
    guard target == "lp" || target == "mps" else {
      throw .usage(
        "unknown model format '\(target)'; expected lp or mps",
        hint: closestMatch(to: target, in: ["lp", "mps"]).map { "did you mean '\($0)'?" })
    }
    let program = try ProgramLoading.load(path, console: console)
    let spec = try SolveCommand.choosePlan(program, name: arguments.value("plan"), path: path)
    let text: String
    do {
      let model: LinearModel
      switch program.problem(for: spec) {
      case .meals(let problem): model = try MealPlanModelBuilder(problem: problem).build().model
      case .foods(let problem): model = try DietModelBuilder().build(problem).model
      }
      text = target == "lp" ? try model.lpFileText() : try model.mpsFileText()
    } catch {
      throw .invalidInput("cannot export plan '\(spec.name)': \(error)")
    }
    if let output = arguments.value("output") {
      try OutputFile.write(Data(text.utf8), to: output, option: "output")
      console.err("wrote \(output.escapedForTerminal)\n")
    } else {
      console.out(text)
    }
  }
}
