import Foundation

/// Solves a ``MealPlanProblem``: builds its model, solves it for cost, then
/// for the tie-break among plans of (nearly) the same cost, and checks the
/// result independently before returning it.
///
/// The tie-break is lexicographic: after the cheapest plan (within the
/// relative gap) costing C is found, a second solve keeps the cost at most
/// C × (1 + ``MealPlannerOptions/tieBreakTolerance``) and minimises the
/// tie-break. If the second solve finds nothing in the time left, the first
/// plan stands.
///
/// ```swift
/// let plan = try MealPlanner(solver: GLPKSolver()).solve(problem)
/// for day in plan.days { print(day.day, day.meals.map(\.name)) }
/// ```
public struct MealPlanner: Sendable {
  /// The solver for every model.
  public let solver: any Solver
  /// Time limit, gap and tie-break tolerance.
  public var options: MealPlannerOptions

  public init(solver: any Solver, options: MealPlannerOptions = MealPlannerOptions()) {
    self.solver = solver
    self.options = options
  }

  /// Plans the week.
  ///
  /// - Parameter problem: the problem.
  /// - Returns: a plan with status ``MealPlanStatus/optimal`` (proven within
  ///   ``MealPlannerOptions/relativeGap``) or ``MealPlanStatus/feasible`` (time
  ///   limit: see ``MealPlan/relativeGap``), or without meals and with an
  ///   explanation when it is infeasible or the solver found no plan in time.
  /// - Throws: ``MealPlanError`` for a malformed problem, a solver failure, or
  ///   a plan that fails ``MealPlanVerifier``.
  public func solve(_ problem: MealPlanProblem) throws(MealPlanError) -> MealPlan {
    let builder = try MealPlanModelBuilder(problem: problem)
    let built = builder.build()
    let empty = MealPlan(
      status: .infeasible, termination: .completed, currency: problem.currency, slots: problem.slots,
      tieBreak: problem.tieBreak)
    if !built.conflicts.isEmpty {
      var plan = empty
      plan.explanation = built.conflicts
      return plan
    }
    let clock = ContinuousClock()
    let start = clock.now
    func remaining() -> Double? {
      options.timeLimit.map { limit in
        let elapsed = clock.now - start
        return max(0.05, limit - Double(elapsed.components.seconds) - Double(elapsed.components.attoseconds) * 1e-18)
      }
    }
    var first = try run(built.model, timeLimit: remaining())
    var seconds = first.seconds
    guard first.status == .optimal || first.status == .feasible, first.values.count == built.model.variables.count
    else {
      var plan = empty
      plan.seconds = seconds
      switch first.status {
      case .unbounded:
        plan.status = .unbounded
        plan.explanation = ["the cost has no lower bound; check for negative prices"]
      case .infeasible:
        plan.explanation = explainInfeasible(builder: builder, built: built)
      default:
        plan.status = .unknown
        plan.termination = first.termination
        plan.explanation = [first.message ?? "the solver stopped before it found a plan"]
      }
      return plan
    }
    var tieBreakValue: Double?
    if let tieBreak = built.tieBreak, var second = built.tieBreakModel, let cost = first.objectiveValue {
      second.addConstraint(
        "cost_cap", built.cost, .lessThan(cost * (1 + options.tieBreakTolerance) + 1e-7))
      second.setObjective(.minimize, tieBreak)
      // The tie-break is a preference among plans that all cost the same: search it
      // within its own looser gap and a short time budget, so it never holds the plan back.
      let budget = [remaining(), options.tieBreakTimeLimit].compactMap { $0 }.min()
      // Start from the cheapest plan: its choices, with the tie-break's own variables
      // completed by an LP with every choice fixed, so GLPK has an incumbent at once.
      let start = try completion(of: first.values, in: second, fixing: built.model)
      let result = try run(
        second, timeLimit: budget, gap: max(options.relativeGap, options.tieBreakGap), start: start)
      seconds += result.seconds
      if result.status == .optimal || result.status == .feasible, result.values.count >= first.values.count {
        tieBreakValue = result.objectiveValue
        let gap = first.relativeGap
        let termination = first.termination
        let status = first.status
        first = result
        // The tie-break model's own variables come after the plan's; keep the plan's.
        first.values = Array(result.values.prefix(built.model.variables.count))
        first.relativeGap = gap
        first.termination = termination
        first.status = status
      } else {
        tieBreakValue = nil
      }
    }
    var plan = MealPlanAssembler(builder: builder, built: built).plan(from: first.values)
    let proven = first.status == .optimal || first.termination == .gapLimit
    plan.status = proven ? .optimal : .feasible
    plan.termination = first.termination
    plan.relativeGap = first.relativeGap
    plan.tieBreakValue = tieBreakValue
    plan.seconds = seconds
    if !proven {
      let gap = first.relativeGap.map { String(format: "%.2f%%", $0 * 100) } ?? "an unknown margin"
      plan.explanation = ["the solver stopped (\(first.termination.rawValue)) before proving this plan cheapest; it is within \(gap) of the best bound"]
    }
    let violations = MealPlanVerifier(problem: problem).verify(plan)
    guard violations.isEmpty else { throw .verificationFailed(violations) }
    return plan
  }

  /// The full solution of `model` that keeps `values` for every integer variable of `base`
  /// (whose variables `model`'s start with), or `nil` when the LP finds none.
  func completion(of values: [Double], in model: LinearModel, fixing base: LinearModel) throws(MealPlanError) -> [Double]? {
    var fixed = model
    for (index, variable) in base.variables.enumerated() where variable.kind != .continuous && index < values.count {
      let value = values[index].rounded()
      fixed.setBounds(VariableRef(index: index), lower: value, upper: value)
    }
    let solution = try run(fixed, timeLimit: 5)
    return solution.status == .optimal && solution.values.count == model.variables.count ? solution.values : nil
  }

  func run(_ model: LinearModel, timeLimit: Double?, gap: Double? = nil, start: [Double]? = nil) throws(MealPlanError)
    -> Solution
  {
    var solverOptions = SolverOptions()
    solverOptions.timeLimit = timeLimit
    solverOptions.relativeGap = gap ?? options.relativeGap
    solverOptions.initialSolution = start
    do {
      return try solver.solve(model, options: solverOptions)
    } catch let error as SolverError {
      throw .solver(error)
    } catch {
      throw .solver(.solverFailure(String(describing: error)))
    }
  }
}

/// Settings for ``MealPlanner``.
public struct MealPlannerOptions: Sendable, Hashable {
  /// Wall-clock seconds for all solves together; `nil` for none.
  public var timeLimit: Double?
  /// The relative gap at which a plan counts as optimal (0.01 is 1%).
  public var relativeGap: Double
  /// How much more than the cheapest cost the tie-break may spend (1e-6 is "the same cost").
  public var tieBreakTolerance: Double
  /// The relative gap at which the tie-break search stops (0.25: within a quarter of the best bound).
  public var tieBreakGap: Double
  /// Wall-clock seconds the tie-break search may take at most; `nil` for no limit of its own.
  public var tieBreakTimeLimit: Double?

  public init(
    timeLimit: Double? = 60, relativeGap: Double = 0.01, tieBreakTolerance: Double = 0.01, tieBreakGap: Double = 0.25,
    tieBreakTimeLimit: Double? = 10
  ) {
    self.timeLimit = timeLimit
    self.relativeGap = relativeGap
    self.tieBreakTolerance = tieBreakTolerance
    self.tieBreakGap = tieBreakGap
    self.tieBreakTimeLimit = tieBreakTimeLimit
  }
}
