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

  /// Why no plan exists, by arithmetic before the deletion filter
  /// (``explainConflicts(_:reasons:budgetReach:)``): a member's daily goal out of reach
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

  func explain(_ reasons: [String]?, planner: MealPlanner) throws(PlanningError)
    -> (sentences: [String], explanation: PlanExplanation?)
  {
    let why = try planner.explainConflicts(
      problem.problem, reasons: reasons ?? planner.explainInfeasible(builder: builder, built: built),
      budgetReach: nil)
    return (why.sentences, why)
  }

  func stoppedReasons(_ reasons: [String]) -> [String] { reasons }

  /// A household's purchases are kept as the search found them.
  func leastPaid(_ values: [Double], planner: MealPlanner, search: MealPlanSearch) throws(PlanningError)
    -> [Double]?
  { nil }

  func plan(from values: [Double]) -> MealPlan {
    MealPlanAssembler(builder: builder, built: built).householdPlan(
      from: values, household: problem.household.id)
  }

  func verify(_ plan: MealPlan) -> [PlanViolation] {
    MealPlanVerifier(problem: problem).verify(plan)
  }
}
