import MealOptimizer

extension DietExplainer {
  /// Creates an explainer that solves with GLPK.
  ///
  /// ```swift
  /// import GLPKBackend
  /// let costs = try DietExplainer().explainCosts(problem)
  /// for cost in costs.marginalCosts { print(cost.message) }
  /// ```
  package init(options: SolverOptions = SolverOptions()) {
    self.init(solver: GLPKSolver(), options: options)
  }
}
