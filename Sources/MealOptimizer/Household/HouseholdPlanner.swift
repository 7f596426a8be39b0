import Foundation

/// Solves a ``HouseholdProblem``: one dish per shared slot for everyone who
/// eats it, a portion per member, every member's goals met, at least cost.
///
/// The model (`HouseholdModelBuilder`) goes through the same search as a
/// plan for one person (``MealPlanner``; docs/meals.md "Solving"), with each
/// member's portions counted on the day they are eaten, and the plan is
/// re-checked by `HouseholdPlanVerifier` before it is returned.
///
/// Like ``MealPlanner``, it runs three ways: ``plan(_:)`` from async code
/// and ``start(_:)`` (progress and a stop that keeps the best plan) on a
/// thread of their own, and ``solve(_:)`` on the calling thread.
///
/// ```swift
/// let plan = try await HouseholdPlanner(solver: GLPKSolver()).plan(problem)
/// for member in plan.members { print(member.name, member.cost) }
/// ```
public struct HouseholdPlanner: Sendable {
  /// The solver for every model.
  public let solver: any Solver
  /// Time limit, gap and tie-break tolerance.
  public var options: MealPlannerOptions

  /// Creates a planner that solves with the given backend and options.
  public init(solver: any Solver, options: MealPlannerOptions = MealPlannerOptions()) {
    self.solver = solver
    self.options = options
  }

  /// Plans the household's week on the calling thread, which it blocks
  /// until the plan is ready. Cancelling the task (or Foundation thread)
  /// that runs it stops the search: the plan is the best found by then,
  /// with termination ``TerminationStatus/cancelled``.
  ///
  /// - Parameter problem: the problem.
  /// - Returns: a plan with status ``PlanStatus/optimal`` (proven within
  ///   ``MealPlannerOptions/relativeGap``) or ``PlanStatus/feasible`` (time
  ///   limit), or without meals and with an explanation when no plan exists or
  ///   none was found in time.
  /// - Throws: ``PlanningError/invalidProblem(_:)`` for a malformed problem,
  ///   ``PlanningError/solver(_:)`` for a solver failure,
  ///   and ``PlanningError/verificationFailed(_:)`` for a plan that fails
  ///   `HouseholdPlanVerifier`.
  public func solve(_ problem: HouseholdProblem) throws(PlanningError) -> HouseholdPlan {
    var shared = problem.meals
    shared.goals = problem.household.members.flatMap(\.goals)
    try shared.validateNutrients()
    let clock = ContinuousClock()
    let start = clock.now
    let builder = try HouseholdModelBuilder(problem: problem)
    let built = builder.build()
    let empty = HouseholdPlan(
      status: .infeasible, report: SolveReport(termination: .completed), currency: problem.meals.currency,
      household: problem.household.id, slots: problem.meals.slots, tieBreak: problem.meals.tieBreak)
    if !built.model.conflicts.isEmpty {
      var plan = empty
      do throws(PlanningError) {
        let why = try explainConflicts(problem, reasons: built.model.conflicts)
        plan.report.explanation = why.sentences
        plan.explanation = why
      } catch .cancelled {
        plan.report.recordStoppedExplanation(built.model.conflicts)
      }
      plan.report.seconds = (clock.now - start).seconds
      return plan
    }
    let search = MealPlanSearch(solver: solver, slots: built.model.slots, options: options, start: start)
    let found = try search.solve(
      built.model, tieBreakTolerance: options.tieBreakTolerance, tieBreakSeconds: options.tieBreakTimeLimit)
    var plan: HouseholdPlan
    switch found {
    case .failure(let failure):
      plan = empty
      switch failure {
      case .unbounded:
        plan.status = .unbounded
        plan.report.explanation = ["the cost has no lower bound; check for negative prices"]
      case .infeasible:
        do throws(PlanningError) {
          let why = try explainConflicts(problem, reasons: explainInfeasible(builder: builder, built: built))
          plan.report.explanation = why.sentences
          plan.explanation = why
        } catch .cancelled {
          plan.report.recordStoppedExplanation([])
        }
      case .noPlan(let termination, let message):
        plan.status = .unknown
        plan.report.recordNoPlan(
          termination, message: message, outOfTime: clock.now >= search.deadline, timeLimit: options.timeLimit
        )
      }
      plan.report.seconds = (clock.now - start).seconds
      return plan
    case .success(let outcome):
      plan = HouseholdAssembler(builder: builder, built: built).plan(from: outcome.values)
      plan.status = outcome.record(into: &plan.report)
      plan.tieBreakValue = outcome.tieBreakValue
    }
    plan.report.seconds = (clock.now - start).seconds
    let violations = HouseholdPlanVerifier(problem: problem).verify(plan)
    guard violations.isEmpty else { throw .verificationFailed(violations) }
    return plan
  }

  /// Plans the household's week on a thread of its own, and suspends the
  /// calling task until the plan is ready. Cancelling the task stops the
  /// search, and the call returns the best plan found by then, with
  /// termination ``TerminationStatus/cancelled`` (``RunningSolve``).
  ///
  /// - Parameter problem: the problem.
  /// - Returns: the same plan as ``solve(_:)``.
  /// - Throws: the same errors as ``solve(_:)``.
  public func plan(_ problem: HouseholdProblem) async throws(PlanningError) -> HouseholdPlan {
    try await running(problem, reportsProgress: false).plan
  }

  /// Starts planning the household's week on a thread of its own: its
  /// progress as an `AsyncStream`, its plan to await, and a stop that keeps
  /// the best plan found (``RunningSolve``).
  ///
  /// - Parameter problem: the problem.
  /// - Returns: the running solve; its plan is the one ``solve(_:)`` returns.
  public func start(_ problem: HouseholdProblem) -> RunningSolve<HouseholdPlan> {
    running(problem, reportsProgress: true)
  }

  private func running(_ problem: HouseholdProblem, reportsProgress: Bool) -> RunningSolve<HouseholdPlan> {
    RunningSolve(
      name: "planner household plan", reportsProgress: reportsProgress,
      body: { report throws(PlanningError) in
        var planner = self
        planner.options.progress = options.progress.then(report)
        return try planner.solve(problem)
      }, release: { [solver] in solver.releaseThread() })
  }

  /// Why no plan exists, by arithmetic before the deletion filter
  /// (``explainConflicts(_:reasons:)``): a member's daily goal out of reach
  /// of every choice, or the budget.
  func explainInfeasible(builder: HouseholdModelBuilder, built: HouseholdModelBuilder.Built) -> [String] {
    var reasons: [String] = []
    let week = builder.problem.meals
    let format = { (value: Double) in String(format: "%.2f", value) }
    for (index, member) in builder.problem.household.members.enumerated() {
      goals: for goal in member.goals where goal.period == .day && goal.basis == .absolute {
        let unit = goal.nutrient.definition?.unit.rawValue ?? ""
        for day in 1...week.days {
          var (most, least) = (0.0, 0.0)
          for (slot, who) in zip(built.model.slots, built.eaters) where slot.day == day && who.contains(index)
          {
            let meal = slot.leftoverOf.map { built.model.slots[$0].meal } ?? slot.meal
            let range = builder.base.portions(for: meal).stepRange ?? 1...1
            let amounts = slot.options.map { builder.base.amount(goal.nutrient, $0) * $0.stepSize }
            most += (amounts.max() ?? 0) * Double(range.upperBound)
            least += (amounts.min() ?? 0) * Double(range.lowerBound)
          }
          if let minimum = goal.minimum, most < minimum - 1e-9 {
            reasons.append(
              "\(member.name), day \(day): even the richest allowed choices give at most \(format(most)) \(unit) \(goal.nutrient), below the goal of at least \(format(minimum)) \(unit)"
            )
            continue goals
          }
          if let maximum = goal.maximum, least > maximum + 1e-9 {
            reasons.append(
              "\(member.name), day \(day): even the leanest allowed choices give at least \(format(least)) \(unit) \(goal.nutrient), above the goal of at most \(format(maximum)) \(unit)"
            )
            continue goals
          }
        }
      }
    }
    if reasons.isEmpty, !week.budgets.isEmpty {
      let search = MealPlanSearch(
        solver: solver, slots: built.model.slots, relativeGap: options.relativeGap,
        deadline: ContinuousClock.now + .seconds(min(options.timeLimit ?? 10, 10)))
      if let found = try? search.minimizeCost(built.model.model.dropping([.budget])), found.values != nil {
        reasons.append(
          "the cheapest plan found in \(SolveReport.seconds(min(options.timeLimit ?? 10, 10))) that meets every"
            + " member's goals and every other line costs"
            + " \(format(found.objective)) \(week.currency) for \(week.days) day\(week.days == 1 ? "" : "s"),"
            + " above the budget"
            + MealPlanner.proofPhrase(
              cost: found.objective, bound: found.bound.map { min($0, found.objective) },
              relativeGap: options.relativeGap, currency: week.currency))
      }
    }
    return reasons
  }
}
