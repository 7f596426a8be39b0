import GLPKBackend
import MealOptimizer

extension SolveCommand {
  /// `--explain`: what a plan's goals, limits and budget cost
  /// (``Planner/explainCosts(_:solveSeconds:)``): a food-level plan's from
  /// its duals, or re-solves for whole servings; a week of meals', of one
  /// person or a household, from re-solves, each at most 10 s and all within
  /// the time limit (60 s unless given). On a terminal, `progress` shows
  /// which bound is being re-solved.
  static func explainCosts(
    _ problem: PlanProblem, timeLimit: Double?, about name: String, progress: ProgressLine? = nil
  ) throws(CLIError) -> PlanExplanation {
    var options = MealPlannerOptions()
    options.timeLimit = timeLimit ?? defaultTimeLimit
    if let progress { options.explanationProgress = { progress.update($0) } }
    let planner = MealOptimizer.Planner(options: options)
    do {
      return try ProgressLine.running(progress) { () throws(PlanningError) -> PlanExplanation in
        try planner.explainCosts(problem, solveSeconds: min(10, timeLimit ?? 10))
      }
    } catch {
      throw CLIError(error, about: "plan '\(name)'")
    }
  }
}
