import Foundation

/// Solves a ``PlanProblem`` of any kind: the one entry point for food-level
/// plans, a week of meals for one person, and a week for a household.
///
/// A person is a household of one: a person's week and a household's are
/// one problem type (``MealPlanProblem``, with or without a ``Household``)
/// and go through one pipeline: the same rows for what is eaten (goals,
/// cost, budgets, purchases), the same search, and the same steps around it
/// (conflicts explained, the plan verified). A food-level plan comes back
/// with the same outcome types: ``PlanStatus``, ``SolveReport``, ``PlanViolation``
/// and ``PlanExplanation``.
///
/// Three ways to run it: ``plan(_:)`` from async code (the solve runs on a
/// thread of its own, never on Swift's cooperative pool), ``start(_:)`` for
/// its progress as an `AsyncStream` and a stop that keeps the best plan
/// found (``RunningSolve``), and ``solve(_:)``, which blocks the calling
/// thread until the plan is ready.
///
/// ```swift
/// let planner = Planner()   // import GLPKBackend: solves with GLPK
/// let plan = try await planner.plan(program.problem(for: spec))
/// print(plan.kind, plan.status, plan.cost ?? 0)
/// ```
public struct Planner: Sendable {
  /// The planner of weeks of meals, for one person or a household: its
  /// solver, time limit, gap, tie-break tolerance and progress hooks.
  package var meals: MealPlanner
  /// The planner of food-level plans: its solver, options, verifier and
  /// model choices (`DietPlanner/aggregatesIdenticalDays`).
  package var foods: DietPlanner

  /// Creates a planner that solves every kind of plan with one backend.
  ///
  /// A food-level plan takes the time limit and the progress hooks of
  /// `options`; its other settings are ``foods``'s.
  ///
  /// - Parameters:
  ///   - solver: the backend for every model.
  ///   - options: time limit, gap, tie-break tolerance and progress hooks.
  package init(solver: any Solver, options: MealPlannerOptions = MealPlannerOptions()) {
    meals = MealPlanner(solver: solver, options: options)
    var solve = SolverOptions()
    solve.timeLimit = options.timeLimit
    foods = DietPlanner(solver: solver, options: solve)
    foods.progress = options.progress
    foods.explanationProgress = options.explanationProgress
  }

  /// Solves a problem on the calling thread, which it blocks until the plan
  /// is ready. From async code, use ``plan(_:)`` or ``start(_:)``. Cancelling
  /// the task (or Foundation thread) that runs it stops the search as
  /// ``RunningSolve/stop()`` does.
  ///
  /// - Parameter problem: the problem, of any kind.
  /// - Returns: a plan of the problem's kind: ``SolvedPlan/foods(_:)`` for a
  ///   ``DietProblem``, ``SolvedPlan/meals(_:)`` for a week of meals (with
  ///   ``MealPlan/members`` for a week with a household). Its status is
  ///   ``PlanStatus/optimal`` when proven within the gap (for a week,
  ///   ``MealPlannerOptions/relativeGap``), ``PlanStatus/feasible`` when the
  ///   time limit or a stop came first (``SolveReport/relativeGap`` says how
  ///   far it may be from the cheapest), and otherwise infeasible, unbounded
  ///   or unknown, with no days and an explanation in its report (an
  ///   infeasible week's `explanation` names a minimal set of conflicting
  ///   lines).
  /// - Throws: ``PlanningError`` for a malformed problem, a solver failure,
  ///   or a plan that fails its verifier.
  public func solve(_ problem: PlanProblem) throws(PlanningError) -> SolvedPlan {
    switch problem {
    case .foods(let problem): .foods(try foods.solve(problem))
    case .meals(let problem): .meals(try meals.solve(problem))
    }
  }

  /// Solves a problem on a thread of its own, and suspends the calling task
  /// until the plan is ready: no thread of Swift's cooperative pool waits
  /// for the solver.
  ///
  /// Cancelling the calling task stops the search, and the call returns the
  /// best plan found by then, with the bound and gap proven by then and
  /// termination ``TerminationStatus/cancelled`` (``RunningSolve``); a
  /// food-level plan solved in one branch-and-cut call keeps no plan when
  /// stopped, and the call throws ``PlanningError/cancelled``.
  ///
  /// ```swift
  /// let task = Task { try await Planner().plan(.meals(week)) }
  /// task.cancel()
  /// let plan = try await task.value   // the best plan found, or status .unknown
  /// ```
  ///
  /// - Parameter problem: the problem, of any kind.
  /// - Returns: the same plan as ``solve(_:)``.
  /// - Throws: the same errors as ``solve(_:)``.
  public func plan(_ problem: PlanProblem) async throws(PlanningError) -> SolvedPlan {
    try await running(problem, reportsProgress: false).plan
  }

  /// Starts solving a problem on a thread of its own, and returns at once:
  /// the search's progress as an `AsyncStream`, its plan to await, and
  /// ``RunningSolve/stop()``, which keeps the best plan found.
  ///
  /// ```swift
  /// let running = Planner().start(.meals(family))   // family: a MealPlanProblem with a household
  /// Task {
  ///   for await event in running.progress { print(event.stepName, event.bestCost ?? .nan) }
  /// }
  /// let plan = try await running.plan
  /// ```
  ///
  /// The progress hooks of `meals` and `foods`, when set, are called
  /// too, from the solving thread. A food-level plan solved in one call
  /// reports no progress.
  ///
  /// - Parameter problem: the problem, of any kind.
  /// - Returns: the running solve; its plan is the one ``solve(_:)`` returns.
  public func start(_ problem: PlanProblem) -> RunningSolve<SolvedPlan> {
    running(problem, reportsProgress: true)
  }

  private func running(_ problem: PlanProblem, reportsProgress: Bool) -> RunningSolve<SolvedPlan> {
    let names: [PlanKind: String] = [
      .foods: "planner food plan", .meals: "planner meal plan", .household: "planner household plan",
    ]
    return RunningSolve(
      name: names[problem.kind] ?? "planner plan", reportsProgress: reportsProgress,
      body: { report throws(PlanningError) in
        var planner = self
        planner.meals.options.progress = meals.options.progress.then(report)
        planner.foods.progress = foods.progress.then(report)
        return try planner.solve(problem)
      },
      release: { [solver = problem.kind == .foods ? foods.solver : meals.solver] in solver.releaseThread() })
  }

  /// What each goal, limit and budget of a problem with a plan costs.
  ///
  /// A food-level plan's figures come from the LP's duals, or from
  /// re-solves for whole servings (`DietExplainer/explainCosts(_:)`, with
  /// `foods`'s solver, options and explanation hook); a week of meals,
  /// of one person or a household, re-solves with each bound moved a step,
  /// each solve at most `solveSeconds` and all within
  /// ``MealPlannerOptions/timeLimit``, with the tie-break off.
  ///
  /// - Parameters:
  ///   - problem: a problem that has a plan.
  ///   - solveSeconds: the most seconds one re-solve of a week may take.
  /// - Returns: the explanation with `PlanExplanation/marginalCosts` and a sentence each.
  /// - Throws: ``PlanningError`` as ``solve(_:)`` does.
  public func explainCosts(_ problem: PlanProblem, solveSeconds: Double = 10) throws(PlanningError)
    -> PlanExplanation
  {
    let total = meals.options.timeLimit ?? 60
    switch problem {
    case .foods(let problem):
      var explainer = DietExplainer(solver: foods.solver, options: foods.options)
      explainer.progress = foods.explanationProgress
      return try explainer.explainCosts(problem)
    case .meals(let problem):
      return try meals.explainCosts(problem, solveSeconds: min(solveSeconds, total), totalSeconds: total)
    }
  }
}
