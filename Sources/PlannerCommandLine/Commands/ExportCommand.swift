import Foundation
import MealOptimizer
import PlanDSL

/// `planner export FILE --to lp|mps`: the optimisation model of a plan, for other solvers.
enum ExportCommand: TypedCommand {
  static let name = "export"
  static let abstract = "Write a plan's optimisation model as a CPLEX LP or MPS file."
  static let discussion = """
    Variables and constraints keep readable names (x[oats,day3], serve[overnight_oats,day3,breakfast]),
    so the file reads like the plan. Any LP/MIP solver can read it (glpsol --lp FILE, HiGHS, CBC).
    """

  struct Options: CommandOptions {
    var file: String?
    var plan: String?
    var target = "lp"
    var output: String?

    static var declarations: [OptionDeclaration<Options>] {
      [
        .argument("file", \.file, missing: "a .plan file", "The .plan file."),
        .option("plan", short: "p", \.plan, value: "NAME", "Which plan, when the file has several."),
        .option("to", \.target, value: "FORMAT", "lp (CPLEX LP, the default) or mps (free MPS)."),
        .option("output", short: "o", \.output, value: "FILE", "Write to FILE instead of standard output."),
      ]
    }

    mutating func validate() throws(CLIError) {
      guard target == "lp" || target == "mps" else {
        throw .usage(
          "unknown model format '\(target.escapedForTerminal)'; expected lp or mps",
          hint: closestMatch(to: target, in: ["lp", "mps"]).map { "did you mean '\($0)'?" })
      }
    }
  }

  static func run(_ options: Options, console: Console) throws(CLIError) {
    guard let path = options.file else { throw .internalError("export ran without its file") }
    let target = options.target
    let program = try ProgramLoading.load(path, console: console)
    let spec = try SolveCommand.choosePlan(program, name: options.plan, path: path)
    let text: String
    do {
      // What `planner solve` solves: for a household, every member's portions and goals.
      let model = try program.problem(for: spec).model()
      text = target == "lp" ? try model.lpFileText() : try model.mpsFileText()
    } catch {
      throw .invalidInput("cannot export plan '\(spec.name)': \(error)")
    }
    if let output = options.output {
      try OutputFile.write(Data(text.utf8), to: output, option: "output")
      console.err("wrote \(output.escapedForTerminal)\n")
    } else {
      console.out(text)
    }
  }
}
