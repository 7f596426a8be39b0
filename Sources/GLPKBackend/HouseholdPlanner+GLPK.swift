import MealOptimizer

extension HouseholdPlanner {
  /// Creates a household planner that solves with GLPK.
  public init(options: MealPlannerOptions = MealPlannerOptions()) {
    self.init(solver: GLPKSolver(), options: options)
  }
}
