import MealOptimizer

extension DietPlanner {
  /// Creates a food-level planner that solves with GLPK (``Planner``'s, for the package's tests and tools).
  package init() {
    self.init(solver: GLPKSolver(), options: SolverOptions(), verifier: DietPlanVerifier())
  }

  /// Creates a planner that solves with GLPK, with the given solver settings and verifier.
  package init(options: SolverOptions, verifier: DietPlanVerifier = DietPlanVerifier()) {
    self.init(solver: GLPKSolver(), options: options, verifier: verifier)
  }
}

extension MealPlanner {
  /// Creates a meal planner that solves with GLPK (``Planner``'s, for the package's tests and tools).
  package init(options: MealPlannerOptions = MealPlannerOptions()) {
    self.init(solver: GLPKSolver(), options: options)
  }
}

extension Planner {
  /// Creates a planner that solves every kind of plan with GLPK.
  ///
  /// ```swift
  /// import GLPKBackend
  /// let plan = try await Planner().plan(program.problem(for: spec))
  /// ```
  public init(options: MealPlannerOptions = MealPlannerOptions()) {
    self.init(solver: GLPKSolver(), options: options)
  }
}
