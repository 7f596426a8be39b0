import GLPKBackend
import MealOptimizer
import PlanDSL

/// `planner solve FILE`: the cheapest plan that meets every goal.
enum SolveCommand: Command {
  static let info = CommandInfo(
    name: "solve",
    abstract: "Solve a plan: the cheapest foods, or week of meals, that meet every goal.",
    usage: "planner solve <file> [--plan NAME] [--format text|json|markdown] [--time-limit SECONDS]",
    discussion: """
      Prints each day's foods with amounts, totals against every goal and the cost.
      Every plan is re-checked against its goals by independent code before it is shown.
      Exits 1 when no plan meets every goal.
      """,
    arguments: [("<file>", "The .plan file to solve.")],
    options: [
      .option("plan", short: "p", value: "NAME", "Which plan to solve when the file has several."),
      OutputFormat.option([.text, .json, .markdown]),
      .option(
        "time-limit", value: "SECONDS",
        "Stop the solver after this many seconds and show the best plan found (default: none for food plans, 60 for meal plans)."
      ),
    ]
  )

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
    let format = try arguments.format([.text, .json, .markdown])
    let path = try arguments.positionals(exactly: ["a .plan file"], command: info.name)[0]
    var options = SolverOptions()
    if let text = arguments.value("time-limit") {
      guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
        throw .usage("'--time-limit' takes a positive number of seconds, not '\(text)'", hint: nil)
      }
      options.timeLimit = seconds
    }
    let program = try ProgramLoading.load(path, console: console)
    let spec = try choosePlan(program, name: arguments.value("plan"), path: path)
    let title = "Plan '\(spec.name)'" + (spec.displayName.map { " (\($0))" } ?? "")
    if let problem = program.mealPlanProblem(for: spec) {
      try solveMeals(problem, title: title, format: format, timeLimit: options.timeLimit, console: console)
      return
    }
    let problem = program.dietProblem(for: spec)
    let plan: DietPlan
    do {
      plan = try DietPlanner(options: options).solve(problem)
    } catch let error as DietProblemError {
      throw .invalidInput("plan '\(spec.name)': \(error)")
    } catch let error as SolverError {
      if case .invalidModel = error { throw .invalidInput("plan '\(spec.name)': \(error)") }
      throw .internalError("\(error)")
    } catch {
      throw .internalError("\(error)")
    }
    switch format {
    case .json: console.out(try JSONText.encode(plan))
    case .markdown: console.out(DietPlanMarkdown(plan, title: title, foods: problem.foods).render())
    default:
      console.out(DietPlanText(plan, title: title, foods: problem.foods, stores: problem.stores).render())
    }
    if plan.status == .infeasible || plan.status == .unbounded { throw .negativeResult }
  }

  /// Solves a weekly plan of meals and prints it.
  static func solveMeals(
    _ problem: MealPlanProblem, title: String, format: OutputFormat, timeLimit: Double?, console: Console
  ) throws(CLIError) {
    var options = MealPlannerOptions()
    if let timeLimit { options.timeLimit = timeLimit }
    let plan: MealPlan
    do {
      plan = try MealPlanner(solver: GLPKSolver(), options: options).solve(problem)
    } catch {
      switch error {
      case .solver, .verificationFailed: throw .internalError(error.description)
      default: throw .invalidInput(error.description)
      }
    }
    switch format {
    case .json: console.out(try JSONText.encode(plan))
    case .markdown: console.out(MealPlanMarkdown(plan, title: title, stores: problem.stores).render())
    default: console.out(MealPlanText(plan, title: title, stores: problem.stores).render())
    }
    if !plan.hasPlan { throw .negativeResult }
  }

  /// The plan named on the command line, or the only one in the file.
  static func choosePlan(_ program: Program, name: String?, path: String) throws(CLIError) -> PlanSpec {
    if let plan = program.plan(named: name) { return plan }
    let names = program.plans.map(\.name)
    if let name {
      throw .usage(
        "no plan named '\(name)' in \(path)",
        hint: closestMatch(to: name, in: names).map { "did you mean '\($0)'?" }
          ?? (names.isEmpty ? nil : "plans: " + names.joined(separator: ", ")))
    }
    if names.isEmpty { throw .invalidInput("\(path) declares no plan; add 'plan NAME { … }'") }
    throw .usage(
      "\(path) has several plans; choose one with '--plan'", hint: "plans: " + names.joined(separator: ", "))
  }
}
