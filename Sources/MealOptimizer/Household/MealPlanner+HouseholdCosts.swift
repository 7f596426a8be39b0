import Foundation

extension MealPlanner {
  /// What each member's goal, each budget and the `repeat at most` limit of
  /// a household plan costs, by solving again with its bound moved a step:
  /// the same re-solves as a meal plan's
  /// (``MealPlanner/explainCosts(_:solveSeconds:totalSeconds:)``), each by
  /// this planner with its gap, the tie-break off and at most `solveSeconds`.
  ///
  /// ```swift
  /// let costs = try MealPlanner(solver: GLPKSolver()).explainCosts(problem)
  /// for cost in costs.marginalCosts { print(cost.message) }
  /// ```
  ///
  /// - Parameters:
  ///   - problem: a problem that has a plan.
  ///   - solveSeconds: the most seconds one solve may take.
  ///   - totalSeconds: the most seconds all solves together may take.
  /// - Returns: the explanation with `PlanExplanation/marginalCosts` and a sentence each.
  /// - Throws: ``PlanningError`` as ``solve(_:)`` does.
  /// - Complexity: One solve, and one more per side of each bounded line.
  package func explainCosts(_ problem: HouseholdProblem, solveSeconds: Double = 10, totalSeconds: Double = 60)
    throws(PlanningError) -> PlanExplanation
  {
    var untied = problem
    untied.meals.tieBreak = .none
    let lines = HouseholdLines(untied)
    var all = lines.week.lines
    for (k, memberGoal) in lines.goals.enumerated() {
      let goal = untied.household.members[memberGoal.member].goals[memberGoal.goal]
      let percent = goal.basis == .percentOfEnergy
      all.append(
        MealPlanLines.Line(
          part: .goal(k), line: memberGoal.line, minimum: goal.minimum.map { percent ? $0 * 100 : $0 },
          maximum: goal.maximum.map { percent ? $0 * 100 : $0 },
          unit: percent ? "%" : goal.nutrient.definition?.unit.rawValue ?? "", period: goal.period))
    }
    let weekCount = lines.week.lines.count
    let moving = { (l: Int, side: PlanLine.Side, step: Double) -> HouseholdProblem? in
      var copy = untied
      if l < weekCount {
        guard let meals = lines.week.moving(l, side: side, by: step) else { return nil }
        copy.meals = meals
        return copy
      }
      let line = all[l]
      if side == .minimum, let minimum = line.minimum, let maximum = line.maximum, minimum + step > maximum {
        return nil
      }
      let memberGoal = lines.goals[l - weekCount]
      var goal = copy.household.members[memberGoal.member].goals[memberGoal.goal]
      let scale = goal.basis == .percentOfEnergy ? 0.01 : 1
      if side == .minimum {
        goal.minimum = (goal.minimum ?? 0) + step * scale
      } else {
        goal.maximum = (goal.maximum ?? 0) + step * scale
      }
      copy.household.members[memberGoal.member].goals[memberGoal.goal] = goal
      return copy
    }
    let meals = MealPlanner(solver: solver, options: options)
    return try meals.explainCosts(
      lines: all, base: untied, moving: moving,
      solvePlan: { (problem, settings) throws(PlanningError) in
        let plan = try MealPlanner(solver: solver, options: settings).solve(problem)
        return (plan.cost, plan.status, plan.report.bound, plan.report.metGapTarget)
      }, currency: problem.meals.currency, days: problem.meals.days, solveSeconds: solveSeconds,
      totalSeconds: totalSeconds)
  }
}
