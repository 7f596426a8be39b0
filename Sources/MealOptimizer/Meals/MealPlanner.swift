import Foundation

/// Solves a ``MealPlanProblem``: builds its model, finds the cheapest week
/// (within the relative gap), then the best week by the tie-break among weeks
/// of (nearly) the same cost, and checks the result independently before
/// returning it.
///
/// Both stages run a search on top of the ``Solver`` protocol (see
/// docs/meals.md): lower bounds from the LP relaxation, from each day solved
/// alone, and from a Lagrangian relaxation of the rows that tie days
/// together; plans from the days side by side, a fix-and-resolve dive and
/// day-by-day re-planning; and, only while the proven gap is above the
/// target, the full MIP with a cutoff for the remaining time.
///
/// The tie-break is lexicographic: with the cheapest cost found C, the second
/// stage keeps the cost at most C × (1 + ``MealPlannerOptions/tieBreakTolerance``)
/// and minimises the tie-break for at most
/// ``MealPlannerOptions/tieBreakTimeLimit`` seconds, starting from the
/// cheapest week, which stands if nothing better is found.
///
/// ```swift
/// let plan = try await MealPlanner(solver: GLPKSolver()).solve(problem)
/// for day in plan.days { print(day.day, day.meals.map(\.name)) }
/// ```
///
/// A plan is ``PlanStatus/optimal`` when the search proved it within
/// ``MealPlannerOptions/relativeGap`` of its bound (``SolveReport/bound``),
/// ``PlanStatus/feasible`` when the time limit came first, and
/// ``PlanStatus/unknown`` when the time limit came before any plan.
public struct MealPlanner: Sendable {
  /// The solver for every model.
  public let solver: any Solver
  /// Time limit, gap and tie-break tolerance.
  public var options: MealPlannerOptions

  /// Creates a planner that solves with the given backend and options.
  public init(solver: any Solver, options: MealPlannerOptions = MealPlannerOptions()) {
    self.solver = solver
    self.options = options
  }

  /// Plans the week.
  ///
  /// - Parameter problem: the problem.
  /// - Returns: a plan with status ``PlanStatus/optimal`` (proven within
  ///   ``MealPlannerOptions/relativeGap``) or ``PlanStatus/feasible`` (time
  ///   limit: see ``SolveReport/relativeGap``), or without meals and with an
  ///   explanation when it is infeasible or the solver found no plan in time
  ///   (``PlanStatus/unknown``).
  /// - Throws: ``PlanningError/invalidProblem(_:)`` for a malformed problem,
  ///   ``PlanningError/solver(_:)`` for a solver failure,
  ///   ``PlanningError/verificationFailed(_:)`` for a plan that fails
  ///   ``MealPlanVerifier``, and ``PlanningError/cancelled`` when the task
  ///   running the call is cancelled.
  public func solve(_ problem: MealPlanProblem) throws(PlanningError) -> MealPlan {
    try problem.validateNutrients()
    let start = ContinuousClock.now
    let builder = try MealPlanModelBuilder(problem: problem)
    let built = builder.build()
    let empty = MealPlan(
      status: .infeasible, report: SolveReport(termination: .completed), currency: problem.currency,
      slots: problem.slots, tieBreak: problem.tieBreak)
    if !built.conflicts.isEmpty {
      var plan = empty
      plan.report.explanation = built.conflicts
      return plan
    }
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(options.timeLimit ?? 86_400)
    let search = MealPlanSearch(
      solver: solver, slots: built.slots, relativeGap: options.relativeGap, deadline: deadline)
    // A budget that does not bind costs nothing to check: solve without the
    // budget rows first (in at most half the time); if that week is within
    // budget it is the answer, with the same bound.
    var unbudgeted: MealPlanSearch.Outcome?
    if !problem.budgets.isEmpty {
      let free = MealPlanSearch.dropping(built.model) { $0.name.hasPrefix("budget[") }
      let half = clock.now + .seconds((options.timeLimit ?? 86_400) / 2)
      let quick = MealPlanSearch(
        solver: solver, slots: built.slots, relativeGap: options.relativeGap, deadline: min(deadline, half))
      if case .success(let outcome) = try quick.minimize(free),
        MealPlanSearch.satisfies(built.model, outcome.values)
      {
        unbudgeted = outcome
      }
    }
    let first: MealPlanSearch.Outcome
    var found: Result<MealPlanSearch.Outcome, MealPlanSearch.Failure>
    if let unbudgeted, let gap = unbudgeted.gap, gap <= options.relativeGap {
      found = .success(unbudgeted)
    } else {
      found = try search.minimize(built.model)
      // The week without budget rows, when within budget, is a plan too, and
      // its bound holds for the budgeted week: keep the better of each.
      if let unbudgeted {
        if case .success(var outcome) = found {
          if unbudgeted.objective < outcome.objective {
            let bound = outcome.bound
            outcome = unbudgeted
            outcome.bound = bound
          }
          outcome.bound = [outcome.bound, unbudgeted.bound].compactMap { $0 }.max()
          found = .success(outcome)
        } else {
          found = .success(unbudgeted)
        }
      }
    }
    switch found {
    case .success(let outcome):
      first = outcome
    case .failure(let failure):
      var plan = empty
      switch failure {
      case .unbounded:
        plan.status = .unbounded
        plan.report.explanation = ["the cost has no lower bound; check for negative prices"]
      case .infeasible:
        plan.report.explanation = explainInfeasible(builder: builder, built: built)
      case .noPlan(let termination, let message):
        // A search that ran out of time says so, whatever its last solver call said.
        let outOfTime = clock.now >= deadline
        plan.status = .unknown
        plan.report.termination = termination == .completed && outOfTime ? .timeLimit : termination
        plan.report.explanation = [
          message
            ?? (outOfTime
              ? "the time limit came before any plan" : "the solver stopped before it found a plan")
        ]
      }
      plan.report.seconds = (clock.now - start).seconds
      return plan
    }
    var values = first.values
    var tieBreakValue: Double?
    if let tieBreak = built.tieBreak {
      var second = built.model
      let cap = first.objective * (1 + options.tieBreakTolerance) + 1e-7
      second.addConstraint("cost_cap", built.cost, .lessThan(cap))
      second.setObjective(.minimize, tieBreak)
      let tieBreakSearch = MealPlanSearch(
        solver: solver, slots: built.slots, relativeGap: options.relativeGap,
        deadline: min(deadline, clock.now + .seconds(options.tieBreakTimeLimit)))
      if case .success(let outcome) = try tieBreakSearch.minimize(
        second, start: first.values, integral: problem.tieBreak == .variety)
      {
        values = outcome.values
      }
      tieBreakValue = tieBreak.value(values)
    }
    var plan = MealPlanAssembler(builder: builder, built: built).plan(from: values)
    let proven = first.gap.map { $0 <= options.relativeGap + 1e-12 } ?? false
    plan.status = proven ? .optimal : .feasible
    plan.report.termination = proven ? (first.gap == 0 ? .completed : .gapLimit) : first.termination
    plan.report.relativeGap = first.gap
    plan.report.bound = first.bound
    plan.tieBreakValue = tieBreakValue
    plan.report.seconds = (clock.now - start).seconds
    if !proven {
      let gap = first.gap.map { String(format: "%.2f%%", $0 * 100) } ?? "an unknown margin"
      plan.report.explanation = [
        "the solver stopped (\(first.termination.rawValue)) before proving this plan cheapest;"
          + " it is within \(gap) of the best bound"
      ]
    }
    let violations = MealPlanVerifier(problem: problem).verify(plan)
    guard violations.isEmpty else { throw .verificationFailed(violations) }
    if Task.isCancelled { throw .cancelled }
    return plan
  }

  /// Plans the week in a task that can be cancelled.
  ///
  /// The search runs on the caller's executor (nonisolated: the global
  /// concurrent executor, never the main actor). It checks for cancellation
  /// before every solver call, and GLPK's branch-and-cut checks at every step
  /// of its own search, so a cancelled task ends the call within moments with
  /// ``PlanningError/cancelled``. In an asynchronous context Swift picks this
  /// overload: write `try await`.
  ///
  /// - Parameter problem: the problem.
  /// - Returns: the same plan as the synchronous `solve(_:)`.
  /// - Throws: the same errors, and ``PlanningError/cancelled`` on cancellation.
  public func solve(_ problem: MealPlanProblem) async throws(PlanningError) -> MealPlan {
    let solveNow: (MealPlanProblem) throws(PlanningError) -> MealPlan = self.solve
    let plan = try solveNow(problem)
    // Steps that only explain (an infeasible week solved without its budget)
    // may have stopped early: a cancelled task never gets a partial answer.
    if Task.isCancelled { throw .cancelled }
    return plan
  }
}

/// Settings for ``MealPlanner``.
public struct MealPlannerOptions: Sendable, Hashable {
  /// Wall-clock seconds for all solves together; `nil` for none.
  public var timeLimit: Double?
  /// The relative gap at which a plan counts as optimal (0.01 is 1%).
  public var relativeGap: Double
  /// How much more than the cheapest cost found the tie-break may spend, as a
  /// fraction (0.01 is 1%, the default gap: plans within the gap count as equally cheap).
  public var tieBreakTolerance: Double
  /// Seconds the tie-break search may use, within ``timeLimit``; the best
  /// tie-break found by then is kept.
  public var tieBreakTimeLimit: Double

  /// Creates options; the defaults suit a week of meals.
  public init(
    timeLimit: Double? = 60, relativeGap: Double = 0.01, tieBreakTolerance: Double = 0.01,
    tieBreakTimeLimit: Double = 5
  ) {
    self.timeLimit = timeLimit
    self.relativeGap = relativeGap
    self.tieBreakTolerance = tieBreakTolerance
    self.tieBreakTimeLimit = tieBreakTimeLimit
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
