import GLPKBackend
import MealOptimizer

extension SolveCommand {
  /// `--explain`: a food-level plan gains what its goals, limits and budget
  /// cost (``DietExplainer/explainCosts(_:)``); a meal plan is returned as it is,
  /// with a sentence that the figures cover food-level plans.
  static func explainCosts(_ solved: SolvedPlan, timeLimit: Double?, about name: String) throws(CLIError)
    -> SolvedPlan
  {
    guard solved.status.hasPlan else { return solved }
    switch solved {
    case .foods(var plan, let problem):
      var options = SolverOptions()
      options.timeLimit = timeLimit ?? defaultTimeLimit
      do {
        plan.explanation = try DietExplainer(options: options).explainCosts(problem)
      } catch {
        throw CLIError(error, about: "plan '\(name)'")
      }
      return .foods(plan, problem)
    case .meals(var plan, let problem):
      plan.report.explanation.append("'--explain' gives marginal costs for food-level plans only")
      return .meals(plan, problem)
    }
  }
}
