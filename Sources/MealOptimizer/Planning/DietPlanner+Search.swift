import Foundation

extension DietPlanner {
  /// The steps of the meal-plan search that plan a food plan in whole
  /// servings: the LP relaxation (its bound, and infeasibility found early),
  /// day patterns (the bound of the days each kept whole, and the best week
  /// of the patterns found), day-by-day re-planning of that week, and the
  /// whole MIP for whatever time is left.
  static let searchSteps: [MealPlanSearch.Step] = [.relaxation, .dayPatterns, .improveDays, .fullModel]

  /// Whether the plan goes to the day-by-day search rather than to one
  /// branch-and-cut over the whole week: a model with whole servings over
  /// two days or more, minimised, with no purchases (a plan costed at the
  /// till buys for the week, which ties the days in ways the search does not split).
  static func usesSearch(_ problem: DietProblem, _ built: DietModel) -> Bool {
    built.model.isMixedInteger && problem.purchasing == nil && problem.days >= 2
      && built.model.sense == .minimize
  }

  /// Runs the meal-plan search (``MealPlanSearch``) on a food plan's model,
  /// each day's foods one block, and returns what it found as the solver's
  /// answer for the whole model: the plan, the proven bound, and the gap
  /// between them.
  func searchSolution(_ built: DietModel) throws(PlanningError) -> Solution {
    let start = ContinuousClock.now
    var search = MealPlanSearch(
      solver: solver, slots: [], relativeGap: options.relativeGap,
      deadline: start + .seconds(options.timeLimit ?? 86_400))
    search.givenBlocks = (1...built.days).map { day in
      built.foodIDs.indices.map { built.variable(foodIndex: $0, dayIndex: day - 1) }
    }
    search.steps = Self.searchSteps
    // Every plan the search keeps must pass the verifier, whose tolerance is tighter than the meal plans'.
    search.feasibilityTolerance = min(verifier.relativeTolerance, verifier.absoluteTolerance) / 2
    search.started = start
    search.onProgress = progress
    let found = try search.minimizeCost(built.model)
    let seconds = (ContinuousClock.now - start).seconds
    switch found.failure {
    case .infeasible: return Solution(termination: .completed, status: .infeasible, seconds: seconds)
    case .unbounded: return Solution(termination: .completed, status: .unbounded, seconds: seconds)
    case .noPlan(let termination, let message):
      return Solution(
        termination: termination, status: .unknown, bound: found.bound, seconds: seconds, message: message)
    case nil: break
    }
    guard let values = found.values else {
      return Solution(termination: .failed, status: .unknown, seconds: seconds)
    }
    let proven = search.isProven(found.objective, bound: found.bound)
    let termination: TerminationStatus
    if proven {
      let exact = found.bound.map { found.objective - $0 <= 1e-9 * max(1, abs(found.objective)) } ?? false
      termination = exact ? .completed : .gapLimit
    } else {
      termination = search.unprovenTermination(found)
    }
    return Solution(
      termination: termination, status: proven ? .optimal : .feasible, objectiveValue: found.objective,
      values: values, relativeGap: found.gap, bound: found.bound, seconds: seconds)
  }
}
