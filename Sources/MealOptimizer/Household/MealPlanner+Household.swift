import Foundation

extension MealPlanner {
  /// Plans a household's week on the calling thread, which it blocks until
  /// the plan is ready: one dish per shared slot for everyone who eats it, a
  /// portion per member, every member's goals met, at least cost. From
  /// async code, use ``Planner/plan(_:)`` or ``Planner/start(_:)``.
  /// Cancelling the task (or Foundation thread) that runs it stops the
  /// search: the plan is the best found by then, with termination
  /// ``TerminationStatus/cancelled``.
  ///
  /// The model (``HouseholdModelBuilder``) goes through the same search as
  /// a plan for one person (docs/meals.md "Solving"), with each member's
  /// portions counted on the day they are eaten, and the plan is re-checked
  /// by ``MealPlanVerifier`` before it is returned.
  ///
  /// ```swift
  /// let plan = try MealPlanner(solver: GLPKSolver()).solve(problem)   // or Planner().solve(.meals(problem.problem))
  /// for member in plan.members ?? [] { print(member.name, member.cost) }
  /// ```
  ///
  /// - Parameter problem: the problem.
  /// - Returns: a plan with status ``PlanStatus/optimal`` (proven within
  ///   ``MealPlannerOptions/relativeGap``) or ``PlanStatus/feasible`` (time
  ///   limit), or without meals and with an explanation when no plan exists or
  ///   none was found in time.
  /// - Throws: ``PlanningError/invalidProblem(_:)`` for a malformed problem,
  ///   ``PlanningError/solver(_:)`` for a solver failure,
  ///   and ``PlanningError/verificationFailed(_:)`` for a plan that fails
  ///   ``MealPlanVerifier``.
  package func solve(_ problem: HouseholdProblem) throws(PlanningError) -> MealPlan {
    var shared = problem.meals
    shared.goals = problem.household.members.flatMap(\.goals)
    try shared.validateNutrients()
    let start = ContinuousClock.now
    return try solve(HouseholdWeek(problem: problem), start: start)
  }
}

/// A household's week for ``MealPlanner``'s pipeline.
struct HouseholdWeek: PlannedWeek {
  let problem: HouseholdProblem
  let builder: HouseholdModelBuilder
  let built: HouseholdModelBuilder.Built
  var model: MealPlanModel { built.model }

  init(problem: HouseholdProblem) throws(PlanningError) {
    self.problem = problem
    builder = try HouseholdModelBuilder(problem: problem)
    built = builder.build()
  }

  func emptyPlan() -> MealPlan {
    MealPlan(
      status: .infeasible, report: SolveReport(termination: .completed), currency: problem.meals.currency,
      household: problem.household.id, slots: problem.meals.slots, tieBreak: problem.meals.tieBreak)
  }

  func explain(_ reasons: [String]?, planner: MealPlanner) throws(PlanningError) -> PlanExplanation {
    if let reasons {
      return try planner.explainConflicts(problem.problem, reasons: reasons, budgetReach: nil)
    } else {
      // Each member's daily goals against the slots they eat, their portions any allowed step.
      let diners = problem.household.members.enumerated().map { index, member in
        MealPlanner.DailyDiner(
          prefix: "\(member.name), ", goals: member.goals,
          eats: Set(built.eaters.indices.filter { built.eaters[$0].contains(index) }), anyStep: true)
      }
      return try planner.explainInfeasibleLines(
        problem.problem, built: built.model,
        dailyReasons: planner.dailyBoundReasons(
          builder: builder.base, slots: built.model.slots, diners: diners))
    }
  }

  func leastPaid(_ values: [Double], planner: MealPlanner, search: MealPlanSearch) throws(PlanningError)
    -> [Double]?
  {
    try planner.leastPaid(values, problem: problem.meals, built: built.model, search: search)
  }

  func plan(from values: [Double]) -> MealPlan {
    MealPlanAssembler(builder: builder, built: built).plan(from: values)
  }

  func verify(_ plan: MealPlan) -> [PlanViolation] {
    MealPlanVerifier(problem: problem).verify(plan)
  }
}
