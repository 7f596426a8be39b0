import Foundation

/// Solves a ``DietProblem`` end to end: builds the model, solves it, checks
/// the answer against the original goals and returns a ``DietPlan``.
///
/// ```swift
/// let plan = try DietPlanner(solver: GLPKSolver()).solve(problem)
/// switch plan.status {
/// case .optimal, .feasible: print(plan.cost)
/// case .infeasible, .unbounded: print(plan.message ?? "")
/// }
/// ```
///
/// A plan is never returned unchecked: ``DietPlanVerifier`` recomputes every
/// total from the foods, and any bound the solver's answer breaks becomes
/// ``DietPlanError/verificationFailed(_:)``. An infeasible or unbounded
/// problem is a result (a plan with that status), not an error.
public struct DietPlanner: Sendable {
  /// The solver (``GLPKSolver`` from the `GLPKBackend` library, or any other backend).
  public var solver: any Solver
  /// Solver settings; the measured defaults of ``SolverOptions`` unless changed.
  public var options: SolverOptions
  /// The independent check every plan passes before it is returned.
  public var verifier: DietPlanVerifier

  public init(
    solver: any Solver, options: SolverOptions = SolverOptions(),
    verifier: DietPlanVerifier = DietPlanVerifier()
  ) {
    self.solver = solver
    self.options = options
    self.verifier = verifier
  }

  /// Builds, solves and verifies a plan.
  ///
  /// - Parameter problem: The foods, goals, limits and objective.
  /// - Returns: An optimal or feasible plan with every total recomputed, or a
  ///   plan with status infeasible or unbounded and no days.
  /// - Throws: ``DietProblemError`` for mistakes in the problem,
  ///   ``SolverError`` when the solver cannot run, and ``DietPlanError`` when
  ///   the solver stopped without an answer or its answer fails verification.
  public func solve(_ problem: DietProblem) throws -> DietPlan {
    let built = try DietModelBuilder().build(problem)
    let solution = try solver.solve(built.model, options: options)
    let stats = DietPlan.SolverStats(
      termination: solution.termination, seconds: solution.seconds, relativeGap: solution.relativeGap,
      message: solution.message)
    let status: DietPlan.Status
    switch solution.status {
    case .optimal: status = .optimal
    case .feasible: status = .feasible
    case .infeasible, .unbounded:
      let infeasible = solution.status == .infeasible
      return DietPlan(
        status: infeasible ? .infeasible : .unbounded, cost: 0, exactCost: 0, currency: problem.currency,
        objectiveValue: nil, days: [], weeklyGoals: [], foodTotals: [], solver: stats,
        message: infeasible
          ? "no plan meets every goal and limit"
          : "the objective can improve without end; add a limit or a budget")
    case .unknown:
      throw DietPlanError.noSolution(solution.termination, solution.message ?? "the solver gave no plan")
    }
    let grams = built.grams(from: solution)
    let verification = verifier.verify(problem, grams: grams, objectiveValue: solution.objectiveValue)
    guard verification.isValid else { throw DietPlanError.verificationFailed(verification.violations) }
    let exactCost = NSDecimalNumber(decimal: verification.cost).doubleValue
    return DietPlan(
      status: status, cost: verification.cost.rounded(places: 2), exactCost: exactCost,
      currency: problem.currency, objectiveValue: solution.objectiveValue, days: verification.days,
      weeklyGoals: verification.weeklyGoals, foodTotals: verification.foodTotals, solver: stats,
      message: status == .feasible ? solution.message ?? "the plan is feasible but not proven optimal" : nil)
  }
}

/// Why ``DietPlanner`` could not return a plan.
public enum DietPlanError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The solver stopped (time limit, numerical failure) without a plan.
  case noSolution(TerminationStatus, String)
  /// The solver's answer breaks goals or limits when recomputed from the foods.
  case verificationFailed([String])

  public var description: String {
    switch self {
    case .noSolution(let termination, let why): "no plan (\(termination.rawValue)): \(why)"
    case .verificationFailed(let violations):
      "the solver's plan failed verification: " + violations.joined(separator: "; ")
    }
  }
}
