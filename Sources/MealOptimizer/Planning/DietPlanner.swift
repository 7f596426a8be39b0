import Foundation

/// Solves a ``DietProblem`` end to end: builds the model, solves it, checks
/// the answer against the original goals and returns a ``DietPlan``.
///
/// ```swift
/// import GLPKBackend
///
/// let plan = try DietPlanner().solve(problem)   // from async code: Planner().plan(.foods(problem))
/// switch plan.status {
/// case .optimal, .feasible: print(plan.cost ?? 0, plan.groceries?.total ?? 0)
/// case .infeasible, .unbounded, .unknown: print(plan.report.explanation)
/// }
/// ```
///
/// A plan is never returned unchecked: `DietPlanVerifier` recomputes every
/// total from the foods, and any bound the solver's answer breaks becomes
/// ``PlanningError/verificationFailed(_:)``. An infeasible or unbounded
/// problem, or a time limit reached before any plan, is a result (a plan with
/// that status and an explanation), not an error.
///
/// A plan is ``PlanStatus/optimal`` when the solver proved it within
/// `SolverOptions.relativeGap` of the best bound, and
/// ``PlanStatus/feasible`` when a time limit stopped the solver before that.
/// For a plan in grams (an LP), each goal check carries the goal's marginal
/// cost from the LP duals (`GoalCheck/marginalCost`).
///
/// A plan in grams without purchases, over two days or more, has
/// interchangeable days; it is solved as one day, with each whole-plan
/// bound shared out over the days, and that day repeated
/// (`aggregatesIdenticalDays`, `DietProblem/identicalDay`). The optimum
/// is the same, exactly, and the repeated plan is verified against the
/// whole problem like any other.
///
/// An LP with many more foods than goals (that day of 8,000 foods against
/// nine goals) is solved by sifting (`siftsWideModels`): the solver sees
/// the foods that give each goal most per unit of cost, and the others join
/// only when the duals say they would lower the cost; the optimum is the
/// whole model's, proven by every food's reduced cost.
package struct DietPlanner: Sendable {
  /// The solver (`GLPKSolver` from the `GLPKBackend` library).
  package var solver: any Solver
  /// Solver settings; the measured defaults of ``SolverOptions`` unless changed.
  package var options: SolverOptions
  /// The independent check every plan passes before it is returned.
  package var verifier: DietPlanVerifier
  /// Whether an infeasible plan comes back with a ``DietPlan/explanation``
  /// from ``DietExplainer`` (a few more solves); on by default.
  package var explainsInfeasibility = true
  /// Called with the search's progress (its step, best plan and proven
  /// bound) while a plan in whole servings is searched day by day; `nil` for
  /// none. ``Planner/start(_:)`` delivers the same snapshots as an `AsyncStream`.
  package var progress: SolveProgressHandler?
  /// Whether a plan in grams whose days are interchangeable is solved as one
  /// day and that day repeated (``DietProblem/identicalDay`` says when, and
  /// why the optimum is the same, exactly); on by default. The day's model is
  /// a *D*-th of the whole one for *D* days, and the plan eats the same each
  /// day. Off, the model of every day is solved, whose optimum costs the same
  /// but may spread the foods differently over the days.
  package var aggregatesIdenticalDays = true
  /// Whether a wide LP (2,000 columns or more, 50 or more a row: a day of
  /// thousands of foods against a few goals) is solved by sifting: the
  /// solver sees the few hundred foods that give each goal most per unit of
  /// cost, the others are priced against its duals, and those that would
  /// lower the cost join until none would, which proves the optimum of the
  /// whole model (docs/solver.md, "Wide LPs: sifting"). On by default;
  /// anything unusual (a part without a plan, many rounds) solves the whole
  /// model instead. Off, the solver is given the whole model at once.
  package var siftsWideModels = true
  /// Called from the solving thread as the explanation of an infeasible
  /// plan moves through its phases (``DietExplainer/progress``); nil for none.
  package var explanationProgress: ExplanationProgressHandler?

  /// Creates a planner that solves with the given backend and settings.
  package init(
    solver: any Solver, options: SolverOptions = SolverOptions(),
    verifier: DietPlanVerifier = DietPlanVerifier()
  ) {
    self.solver = solver
    self.options = options
    self.verifier = verifier
  }

  /// Builds, solves and verifies a plan on the calling thread, which it
  /// blocks until the plan is ready. From async code, use ``Planner/plan(_:)``
  /// or ``Planner/start(_:)``, which run it on a thread of their own.
  ///
  /// - Parameter problem: The foods, goals, limits and objective.
  /// - Returns: An optimal or feasible plan with every total recomputed, or a
  ///   plan with status infeasible, unbounded or unknown, no days, and an
  ///   explanation in its report.
  /// - Throws: ``PlanningError/invalidProblem(_:)`` for mistakes in the
  ///   problem, ``PlanningError/solver(_:)`` when the solver cannot run or
  ///   fails, ``PlanningError/verificationFailed(_:)`` when its answer fails
  ///   verification, and ``PlanningError/cancelled`` when the task (or
  ///   Foundation thread) running the call is cancelled during a solve that
  ///   keeps no plan of its own: see ``Planner/plan(_:)``.
  /// - Complexity: One solver call (a few for a wide LP:
  ///   `siftsWideModels`), and O(*d* × *f* × *g*) around it for *d* days,
  ///   *f* foods and *g* goals.
  package func solve(_ problem: DietProblem) throws(PlanningError) -> DietPlan {
    try solvePlan(problem)
  }

  private func solvePlan(_ problem: DietProblem) throws(PlanningError) -> DietPlan {
    if StopRequest.isRequested { throw .cancelled }
    // The foods by id, once for every step below (a large plan finds thousands of foods by id in each).
    let index = IdentifierTable(foods: problem.foods)
    // Interchangeable days are solved as one day, repeated: the same optimum
    // (DietProblem.identicalDay). Finding that day reads the problem and
    // traps on nothing, so it runs while the problem is validated; the model
    // is built only from a valid problem.
    let (validation, oneDay) = BothAtOnce.run(
      { () -> PlanningError? in
        do throws(PlanningError) {
          try problem.validate(index: index)
          return nil
        } catch {
          return error
        }
      },
      { aggregatesIdenticalDays ? problem.identicalDay(index: index) : nil })
    if let validation { throw validation }
    let built = DietModelBuilder().buildValidated(oneDay ?? problem, index: index)
    let copies = oneDay == nil ? 1 : problem.days
    var solution: Solution
    if Self.usesSearch(problem, built) {
      solution = try searchSolution(built)
    } else {
      do throws(SolverError) {
        let start = ContinuousClock.now
        if siftsWideModels, let sifted = try Sifting.solve(built.model, solver: solver, options: options) {
          solution = sifted
        } else {
          // The whole model gets what sifting, if it ran, left of the time limit.
          var rest = options
          rest.timeLimit = options.timeLimit.map { max(0.001, $0 - (ContinuousClock.now - start).seconds) }
          solution = try solver.solve(built.model, options: rest)
        }
      } catch {
        throw PlanningError(error)
      }
    }
    if copies > 1 {
      solution.objectiveValue = solution.objectiveValue.map { $0 * Double(copies) }
      solution.bound = solution.bound.map { $0 * Double(copies) }
    }
    var report = SolveReport(
      termination: solution.termination, relativeGap: solution.relativeGap, bound: solution.bound,
      seconds: solution.seconds)
    let status: PlanStatus
    switch solution.status {
    case .optimal:
      // GLPK calls a MIP optimal once its gap target is met: only a gap
      // within PlanStatus.optimalGap is proven optimal.
      status = PlanStatus.ofPlan(provenGap: solution.relativeGap ?? 0)
    case .feasible:
      status = PlanStatus.ofPlan(provenGap: solution.relativeGap)
    case .infeasible:
      var explainer = DietExplainer(solver: solver, options: options)
      explainer.progress = explanationProgress
      let why =
        explainsInfeasibility
        ? try? explainer.explainInfeasible(problem) : nil
      if why == nil, StopRequest.isRequested { report.termination = .cancelled }
      report.explanation =
        why?.sentences ?? (["no plan meets every goal and limit"] + (solution.message.map { [$0] } ?? []))
      var plan = DietPlan(status: .infeasible, report: report, currency: problem.currency)
      plan.explanation = why
      return plan
    case .unbounded:
      report.explanation = ["the objective can improve without end; add a limit or a budget"]
      return DietPlan(status: .unbounded, report: report, currency: problem.currency)
    case .unknown:
      if solution.termination == .failed {
        throw .solver(.solverFailure(solution.message ?? "the solver failed without a plan"))
      }
      report.explanation = [solution.message ?? "the solver stopped before it found a plan"]
      return DietPlan(status: .unknown, report: report, currency: problem.currency)
    }
    if status == .feasible {
      let gap = solution.relativeGap.map { String(format: "%.2f%%", $0 * 100) } ?? "an unknown margin"
      report.explanation = [
        "the solver stopped (\(solution.termination.rawValue)) before proving this plan best;"
          + " it is within \(gap) of the best bound"
      ]
    }
    let grams =
      copies == 1
      ? built.grams(from: solution) : built.grams(from: solution).flatMap { repeatElement($0, count: copies) }
    let purchases = built.purchases(from: solution)
    let verification = verifier.verify(
      problem, grams: grams, objectiveValue: solution.objectiveValue, purchases: purchases, index: index)
    guard verification.isValid else { throw .verificationFailed(verification.violations) }
    let marginal = MarginalCosts(
      problem: problem, model: built, solution: solution, grams: grams, solvedAsOneDay: copies > 1)
    let days = verification.days.map { day in
      var day = day
      day.goals = marginal.apply(to: day.goals, day: day.day)
      return day
    }
    // The foods the lists name: those eaten, or all of them when the plan
    // buys (its pantry may hold others); a plan may choose from thousands.
    var foods: [String: Food] = [:]
    if problem.purchasing == nil {
      for total in verification.foodTotals where foods[total.food] == nil {
        if let f = index[total.food] { foods[total.food] = problem.foods[f] }
      }
    } else {
      for f in problem.foods.indices where foods[problem.foods[f].id] == nil {
        foods[problem.foods[f].id] = problem.foods[f]
      }
    }
    var groceries = GroceryList(
      grams: Dictionary(verification.foodTotals.map { ($0.food, $0.grams) }, uniquingKeysWith: +),
      foods: foods, stores: problem.stores)
    var cost = verification.cost
    var exactCost = NSDecimalNumber(decimal: cost).doubleValue
    if let purchasing = problem.purchasing, let purchases {
      var eaten: [String: [Double]] = [:]
      for (f, food) in problem.foods.enumerated() { eaten[food.id] = grams.map { $0[f] } }
      groceries = GroceryList(
        eaten: eaten, purchases: purchases, purchasing: purchasing, foods: foods, stores: problem.stores)
      if purchasing.costBasis == .paid, let paid = verification.paid, let exact = verification.exactPaid {
        cost = paid
        exactCost = NSDecimalNumber(decimal: exact).doubleValue
      }
    }
    var plan = DietPlan(
      status: status, report: report, currency: problem.currency, cost: cost.rounded(places: 2),
      exactCost: exactCost,
      objectiveValue: solution.objectiveValue,
      days: days, weeklyGoals: marginal.apply(to: verification.weeklyGoals, day: nil),
      foodTotals: verification.foodTotals, groceries: groceries)
    if let purchasing = problem.purchasing, purchasing.creditsLeftovers {
      plan.leftoverCredit = groceries.leftoverCredit(purchasing, foods: foods)
    }
    return plan
  }
}

/// Each goal's marginal cost, from the duals of its constraints.
private struct MarginalCosts {
  let problem: DietProblem
  let model: DietModel
  let solution: Solution
  let grams: [[Double]]
  /// Whether the model is the problem's one day (``DietProblem/identicalDay``),
  /// whose rows stand for every day's: the one-day model's duals are duals of
  /// the whole model (each day's row takes the day's row's dual, each
  /// whole-plan row its own), so they are read for every day from day 1.
  let solvedAsOneDay: Bool

  /// The checks with ``GoalCheck/marginalCost`` set when the solution has duals.
  ///
  /// Checks come in the order of the problem's goals of their period. For a
  /// percent-of-energy goal the row is `k × amount − share × energy ≤ 0`:
  /// raising the share by one moves the row's bound by the energy total, so
  /// the marginal cost is the dual times the energy.
  func apply(to checks: [GoalCheck], day: Int?) -> [GoalCheck] {
    guard !solution.rowDuals.isEmpty else { return checks }
    let goals = problem.goals.indices.filter { problem.goals[$0].period == (day == nil ? .week : .day) }
    guard goals.count == checks.count else { return checks }
    return zip(goals, checks).map { index, check in
      var check = check
      let rows =
        model.goalConstraints[DietModel.GoalKey(goal: index, day: solvedAsOneDay ? day.map { _ in 1 } : day)]
        ?? []
      let duals = rows.compactMap(solution.dual)
      guard duals.count == rows.count else { return check }
      let dual = duals.reduce(0, +)
      check.marginalCost = check.basis == .percentOfEnergy ? dual * energy(day: day) : dual
      return check
    }
  }

  private func energy(day: Int?) -> Double {
    let days = day.map { grams.indices.contains($0 - 1) ? [grams[$0 - 1]] : [] } ?? grams
    return days.reduce(0) { sum, amounts in
      sum + zip(problem.foods, amounts).reduce(0) { $0 + $1.0.amount(of: .energy, inGrams: $1.1) }
    }
  }
}
