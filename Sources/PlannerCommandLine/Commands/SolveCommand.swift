import Foundation
import GLPKBackend
import MealOptimizer
import PlanDSL

/// When `planner worker` loaded a job's plan and readings (the rest of its time is the solve).
final class SolveClock: @unchecked Sendable {
  var loaded: Date?
}

/// `planner solve FILE`: the cheapest plan that meets every goal.
enum SolveCommand: TypedCommand {
  static let name = "solve"
  static let abstract = "Solve a plan: the cheapest foods, or week of meals, that meet every goal."
  static let discussion = """
    Prints each day's foods with amounts, totals against every goal and the cost.
    Every plan is re-checked against its goals by independent code before it is shown.
    '--format csv' prints only the shopping list, one row per line to buy, trip,
    pantry use and leftover, and the total.
    Exits 1 when there is no plan: none meets every goal (infeasible), the
    objective has no bound (unbounded), or the time limit came before any
    plan (unknown). Exits 65 for a mistake in the plan, 70 for a solver failure.
    """

  struct Options: CommandOptions {
    var file: String?
    var plan: String?
    var format = OutputFormat.text
    var timeLimit: Seconds?
    var pantryOut: String?
    var explain = false
    var fullModel = false
    var readings: [String] = []
    var asOf: String?
    /// Set by `planner worker`, never by an option: the plan's files as texts, loaded instead
    /// of the disk with relative paths relative to `storedDirectory` (``PlanLoader/load(path:files:directory:)``).
    var storedFiles: [String: String]?
    var storedDirectory = "/"
    /// Set by `planner worker`: readings read from the database instead of `--readings` files.
    var storedReadings: SolveAdaptations.Readings?
    /// Set by `planner worker`: told when the plan is loaded and its readings evaluated.
    var clock: SolveClock?

    static var declarations: [OptionDeclaration<Options>] {
      [
        .argument("file", \.file, missing: "a .plan file", "The .plan file to solve."),
        .option("plan", short: "p", \.plan, value: "NAME", "Which plan to solve when the file has several."),
        .format(\.format, [.text, .json, .markdown, .csv]),
        .option(
          "time-limit", \.timeLimit, value: "SECONDS",
          "Stop the solver after this many seconds and show the best plan found (default: 60, for food plans and meal plans alike)."
        ),
        .option(
          "pantry-out", \.pantryOut, value: "FILE",
          "Write the pantry after the plan (stock left and the rest of opened packages) as a pantry file that another plan can include."
        ),
        .flag(
          "explain", \.explain,
          "Also say what each goal, limit and budget costs (a week of meals: by solving again with each bound moved a step), and at what price each unused food would enter (food-level plans)."
        ),
        .flag(
          "full-model", \.fullModel,
          "Solve a food plan's whole model, a variable per food and day, even when its days are interchangeable (by default such a plan is solved as one day and repeated: the same optimum, exactly, in a fraction of the time)."
        ),
        .option(
          "readings", \.readings, value: "FILE",
          "Health readings for the plan's 'adapt' blocks (MEMBER=FILE for one member of a household); goals of alerts that fire are added."
        ),
        .option(
          "as-of", \.asOf, value: "DATE", "The day the rules are evaluated for (default: the latest reading)."
        ),
      ]
    }
  }

  static func run(_ arguments: Options, console: Console) throws(CLIError) {
    guard let path = arguments.file else { throw .internalError("solve ran without its file") }
    let format = arguments.format
    var options = SolverOptions()
    options.timeLimit = arguments.timeLimit?.value
    let program = try ProgramLoading.load(
      path, files: arguments.storedFiles, directory: arguments.storedDirectory, console: console)
    let spec = try choosePlan(program, name: arguments.plan, path: path)
    let pantryOut = arguments.pantryOut
    if let pantryOut {
      guard program.purchasing(for: spec) != nil else {
        throw .usage(
          "'--pantry-out' needs a plan that buys food: one that says 'minimize cost', has a budget, or names a pantry",
          hint: nil)
      }
      try OutputFile.checkTarget(pantryOut, option: "--pantry-out")
    }
    let title = "Plan '\(spec.name)'" + (spec.displayName.map { " (\($0))" } ?? "")
    let adaptations: [PlanAdaptation]
    if let readings = arguments.storedReadings {
      adaptations = try SolveAdaptations.evaluate(
        program, plan: spec, readings: readings, asOf: arguments.asOf, console: console)
    } else {
      adaptations = try SolveAdaptations.evaluate(
        program, plan: spec, readings: arguments.readings, asOf: arguments.asOf, console: console)
    }
    arguments.clock?.loaded = Date()
    // One problem of the plan's kind (food-level, one person's week, a household's), one planner.
    let problem = Program.applying(adaptations, to: program.problem(for: spec))
    var plan: SolvedPlan
    do {
      let line = ProgressLine.make(
        console: console, format: format, name: spec.name, currency: problem.currency, phase: "glpk")
      plan = try ProgressLine.running(line) { () throws(PlanningError) in
        try solve(problem, timeLimit: options.timeLimit, fullModel: arguments.fullModel, progress: line)
      }
    } catch {
      throw CLIError(error, about: "plan '\(spec.name)'")
    }
    if arguments.explain && plan.hasPlan {
      let line = ProgressLine.make(
        console: console, format: format, name: spec.name, currency: nil, phase: "explain")
      plan.explanation = try explainCosts(
        problem, timeLimit: options.timeLimit, about: spec.name, progress: line)
    }
    if !adaptations.isEmpty { plan.adaptations = adaptations }
    console.out(try render(plan, of: problem, format: format, title: title, adaptations: adaptations))
    if !plan.hasPlan { throw .negativeResult }
    if let pantryOut {
      let text = PantryFile.text(
        name: "after_\(spec.name)", plan: spec.name, leftovers: plan.groceries?.leftovers ?? [])
      try OutputFile.write(Data(text.utf8), to: pantryOut, option: "--pantry-out")
    }
  }

  /// A solved plan as `format` shows it, with the problem it answers (for names of foods and stores).
  static func render(
    _ plan: SolvedPlan, of problem: PlanProblem, format: OutputFormat, title: String,
    adaptations: [PlanAdaptation]
  ) throws(CLIError) -> String {
    let explanation = { (text: (ExplanationRenderer) -> String) in
      plan.hasPlan ? plan.explanation.map { text(ExplanationRenderer(explanation: $0)) } ?? "" : ""
    }
    switch (plan, problem, format) {
    case (_, _, .csv):
      // The shopping list a person takes to the store, for a spreadsheet.
      let stores: [Store] =
        switch problem {
        case .foods(let problem): problem.stores
        case .meals(let problem): problem.stores
        }
      let names = Dictionary(stores.map { ($0.id, $0.name) }) { a, _ in a }
      return plan.groceries.map { $0.csvText(storeNames: names) } ?? ""
    case (_, _, .json): return try JSONText.encode(plan)
    case (.foods(let plan), .foods(let problem), .markdown):
      return DietPlanMarkdown(plan, title: title, foods: problem.foods, stores: problem.stores).render()
        + SolveAdaptations.markdown(adaptations)
        + (plan.explanation.map { ExplanationRenderer(explanation: $0).markdown() } ?? "")
    case (.meals(let plan), .meals(let problem), .markdown):
      return MealPlanMarkdown(plan, title: title, problem: problem).render()
        + SolveAdaptations.markdown(adaptations) + explanation { $0.markdown() }
    case (.foods(let plan), .foods(let problem), _):
      return SolveAdaptations.text(adaptations)
        + DietPlanText(plan, title: title, foods: problem.foods, stores: problem.stores).render()
        + budgetLine(problem.budget.map { [$0] } ?? [], days: problem.days, plan.groceries, plan.currency)
        + explanation { $0.text() }
    case (.meals(let plan), .meals(let problem), _):
      return SolveAdaptations.text(adaptations)
        + MealPlanText(plan, title: title, problem: problem).render()
        + budgetLine(problem.budgets, days: problem.days, plan.groceries, plan.currency)
        + explanation { $0.text() }
    default: break
    }
    throw .internalError("a \(plan.kind.rawValue) plan for a \(problem.kind.rawValue) problem")
  }

  /// "Budget 80.00 USD per week: 80.00 USD for these 7 days, 61.40 USD paid at the till", for a plan that buys.
  static func budgetLine(_ budgets: [Budget], days: Int, _ groceries: GroceryList?, _ currency: String)
    -> String
  {
    guard let groceries, groceries.stores != nil else { return "" }
    return budgets.map { budget in
      let limit = budget.amount * Decimal(days) / (budget.period == .week ? 7 : 1)
      return "Budget " + Quantities.money(budget.amount, currency) + " per \(budget.period.rawValue): "
        + Quantities.money(limit, currency) + " for these \(days) days, "
        + Quantities.money(groceries.total, currency) + " paid at the till\n"
    }.joined()
  }

  /// Seconds a solve may take when `--time-limit` is not given, for every kind of plan.
  static let defaultTimeLimit: Double = MealPlannerOptions().timeLimit ?? 60

  /// The planner `planner solve` uses: GLPK, the time limit (60 s unless
  /// given, food plans and weeks of meals alike: a whole-servings food
  /// model can otherwise search for many minutes), and progress to `progress`.
  static func planner(timeLimit: Double?, fullModel: Bool = false, progress: ProgressLine? = nil)
    -> MealOptimizer.Planner
  {
    var options = MealPlannerOptions()
    options.timeLimit = timeLimit ?? defaultTimeLimit
    if let progress {
      options.progress = { progress.update($0) }
      options.explanationProgress = { progress.update($0) }
    }
    var planner = MealOptimizer.Planner(options: options)
    planner.foods.aggregatesIdenticalDays = !fullModel
    // PLANNER_SIFT=0 gives the solver a wide LP whole (to measure the difference).
    planner.foods.siftsWideModels = ProgramLoading.isOn("PLANNER_SIFT")
    return planner
  }

  /// Solves a problem of any kind with GLPK; a meal plan's search reports to `progress`.
  static func solve(
    _ problem: PlanProblem, timeLimit: Double?, fullModel: Bool = false, progress: ProgressLine? = nil
  ) throws(PlanningError) -> SolvedPlan {
    try planner(timeLimit: timeLimit, fullModel: fullModel, progress: progress).solve(problem)
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
