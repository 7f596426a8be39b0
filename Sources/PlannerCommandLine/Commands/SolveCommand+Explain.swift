import GLPKBackend
import MealOptimizer

extension SolveCommand {
  /// `--explain`: the plan gains what its goals, limits and budget cost. A
  /// food-level plan's figures come from ``DietExplainer/explainCosts(_:)``
  /// (duals, or re-solves for whole servings); a meal plan's from
  /// ``MealPlanner/explainCosts(_:solveSeconds:totalSeconds:)`` (re-solves).
  /// On a terminal, `progress` shows which bound is being re-solved.
  static func explainCosts(
    _ solved: SolvedPlan, timeLimit: Double?, about name: String, progress: ProgressLine? = nil
  ) throws(CLIError) -> SolvedPlan {
    guard solved.status.hasPlan else { return solved }
    do {
      return try ProgressLine.running(progress) { () throws(PlanningError) -> SolvedPlan in
        switch solved {
        case .foods(var plan, let problem):
          var options = SolverOptions()
          options.timeLimit = timeLimit ?? defaultTimeLimit
          var explainer = DietExplainer(options: options)
          if let progress { explainer.progress = { progress.update($0) } }
          plan.explanation = try explainer.explainCosts(problem)
          return .foods(plan, problem)
        case .meals(var plan, let problem):
          var options = MealPlannerOptions()
          if let progress { options.explanationProgress = { progress.update($0) } }
          // Each re-solve stops at 10 s, and all of them within the time limit (60 s unless given).
          plan.explanation = try MealPlanner(options: options).explainCosts(
            problem, solveSeconds: min(10, timeLimit ?? 10), totalSeconds: timeLimit ?? defaultTimeLimit)
          return .meals(plan, problem)
        }
      }
    } catch {
      throw CLIError(error, about: "plan '\(name)'")
    }
  }
}
