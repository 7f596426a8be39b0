import Foundation

/// Solves a ``MealPlanProblem``: builds its model, runs the meal-plan
/// search on it, and checks the result independently before returning it.
///
/// The search (`MealPlanSearch`, see docs/meals.md "Solving") is a fixed
/// list of named steps on top of the `Solver` protocol: bounds from the LP
/// relaxation and from relaxations that keep one hard part of the week
/// whole (each day's meals, by column generation over day plans, or the
/// purchases, in GLPK's trees); plans from the week priced per gram with its
/// purchases then solved exactly, a local search over dishes priced at the
/// till, a fix-and-resolve dive, relax-and-fix and day-by-day re-planning;
/// and, only while the proven gap is above the target, the full MIP for the
/// remaining time. Then the tie-break, lexicographic: among plans whose cost stays
/// under a cap that keeps the plan within ``MealPlannerOptions/relativeGap``
/// of the proven bound (and within `MealPlannerOptions.tieBreakTolerance`
/// of the cheapest plan found), slot by slot, for a fixed number of solves.
/// The gap reported is that of the plan returned, against the proven bound.
///
/// A person's week and a household's go through one pipeline in it (the
/// household's through ``Planner/solve(_:)``).
/// Its `solve` blocks the calling thread until the plan is ready; from async
/// code, ``Planner/plan(_:)`` runs it on a thread of its own, never on
/// Swift's cooperative pool, and ``Planner/start(_:)`` gives its progress
/// as an `AsyncStream` and a way to stop it (``RunningSolve``).
///
/// ```swift
/// let plan = try MealPlanner().solve(problem)   // import GLPKBackend
/// for day in plan.days { print(day.day, day.meals.map(\.name)) }
/// ```
///
/// A plan is ``PlanStatus/optimal`` when the search proved it within
/// ``MealPlannerOptions/relativeGap`` of its bound (``SolveReport/bound``),
/// ``PlanStatus/feasible`` when the time limit (or a stop) came first, and
/// ``PlanStatus/unknown`` when the time limit (or a stop) came before any
/// plan. A stopped search says so: its termination is
/// ``TerminationStatus/cancelled``.
package struct MealPlanner: Sendable {
  /// The solver for every model.
  package let solver: any Solver
  /// Time limit, gap and tie-break tolerance.
  package var options: MealPlannerOptions

  /// Creates a planner that solves with the given backend and options.
  package init(solver: any Solver, options: MealPlannerOptions = MealPlannerOptions()) {
    self.solver = solver
    self.options = options
  }

  /// Plans the week on the calling thread, which it blocks until the plan
  /// is ready (seconds, up to ``MealPlannerOptions/timeLimit``): one
  /// person's, or a household's when it has one (the household search). From async
  /// code, use ``Planner/plan(_:)`` or ``Planner/start(_:)``, which run it on
  /// a thread of their own. Cancelling the task that runs this call (or the Foundation
  /// thread) stops the search as ``RunningSolve/stop()`` does: the plan is
  /// the best found by then, with termination ``TerminationStatus/cancelled``.
  ///
  /// - Parameter problem: the problem.
  /// - Returns: a plan with status ``PlanStatus/optimal`` (proven within
  ///   ``MealPlannerOptions/relativeGap``) or ``PlanStatus/feasible`` (time
  ///   limit: see ``SolveReport/relativeGap``), or without meals and with an
  ///   explanation when it is infeasible or the solver found no plan in time
  ///   (``PlanStatus/unknown``). An infeasible week's ``MealPlan/explanation``
  ///   names a minimal set of conflicting lines; finding it takes up to
  ///   `explanationTotalSeconds` more (docs/solver.md, "Explanations").
  /// - Throws: ``PlanningError/invalidProblem(_:)`` for a malformed problem,
  ///   ``PlanningError/solver(_:)`` for a solver failure,
  ///   and ``PlanningError/verificationFailed(_:)`` for a plan that fails
  ///   `MealPlanVerifier`.
  package func solve(_ problem: MealPlanProblem) throws(PlanningError) -> MealPlan {
    if let household = problem.householdProblem { return try solve(household) }
    try problem.validateNutrients()
    let start = ContinuousClock.now
    return try solve(PersonWeek(problem: problem), start: start)
  }

  /// The one pipeline of every week, one person's or a household's: the
  /// builder's conflicts explained before any solve; the search; a week
  /// with no plan explained; the plan assembled from the search's values
  /// and checked by the week's verifier before it is returned.
  func solve<Week: PlannedWeek>(_ week: Week, start: ContinuousClock.Instant) throws(PlanningError)
    -> MealPlan
  {
    let clock = ContinuousClock()
    let built = week.model
    let empty = week.emptyPlan()
    if !built.conflicts.isEmpty {
      var plan = empty
      do throws(PlanningError) {
        (plan.report.explanation, plan.explanation) = try explain(week, built.conflicts)
      } catch .cancelled {
        plan.report.recordStoppedExplanation(DaySentences.collapse(built.conflicts))
      }
      plan.report.seconds = (clock.now - start).seconds
      return plan
    }
    let search = MealPlanSearch(solver: solver, slots: built.slots, options: options, start: start)
    let found = try search.solve(
      built, tieBreakTolerance: options.tieBreakTolerance,
      tieBreakSeconds: options.tieBreakTimeLimit)
    var plan: MealPlan
    switch found {
    case .failure(let failure):
      plan = empty
      switch failure {
      case .unbounded:
        plan.status = .unbounded
        plan.report.explanation = ["the cost has no lower bound; check for negative prices"]
      case .infeasible:
        do throws(PlanningError) {
          (plan.report.explanation, plan.explanation) = try explain(week, nil)
        } catch .cancelled {
          plan.report.recordStoppedExplanation([])
        }
      case .noPlan(let termination, let message):
        plan.status = .unknown
        plan.report.recordNoPlan(
          termination, message: message, outOfTime: clock.now >= search.deadline, timeLimit: options.timeLimit
        )
      }
      plan.report.seconds = (clock.now - start).seconds
      return plan
    case .success(let outcome):
      // A stopped search's plan keeps the purchases it found.
      let values =
        StopRequest.isRequested
        ? outcome.values : try week.leastPaid(outcome.values, planner: self, search: search) ?? outcome.values
      plan = week.plan(from: values)
      plan.status = outcome.record(into: &plan.report)
      plan.tieBreakValue = outcome.tieBreakValue
    }
    plan.report.seconds = (clock.now - start).seconds
    let violations = week.verify(plan)
    guard violations.isEmpty else { throw .verificationFailed(violations) }
    return plan
  }

  /// Under `minimize cost eaten` the objective does not see what is paid, so
  /// the search's purchases are any that cover the week (a package of a
  /// food nobody eats keeps every row). With the plan's meals fixed, its
  /// purchases are solved again for the least paid at the till, within what
  /// is left of the time limit (at most 5 s); `nil` when the plan is paid
  /// for by its cost, or that solve finds nothing cheaper in time.
  func leastPaid(
    _ values: [Double], problem: MealPlanProblem, built: MealPlanModel, search: MealPlanSearch
  ) throws(PlanningError) -> [Double]? {
    guard let purchasing = problem.purchasing, purchasing.costBasis != .paid,
      let paid = built.purchaseRows?.objective
    else { return nil }
    var fixed: [VariableRef: Double] = [:]
    for variable in search.dayBlocks.joined() { fixed[variable] = values[variable.index].rounded() }
    var model = built.model.settling(fixed)
    model.setObjective(.minimize, paid)
    var solve = SolverOptions()
    solve.relativeGap = 0
    solve.timeLimit = min(5, search.remaining)
    let result: Solution
    do {
      result = try solver.solve(model, options: solve)
    } catch {
      throw PlanningError(error)
    }
    guard MealPlanSearch.hasValues(result, count: values.count),
      built.model.isFeasible(result.values, tolerance: search.feasibilityTolerance),
      paid.value(result.values) < paid.value(values) - 1e-9
    else { return nil }
    return result.values
  }
}

extension MealPlanner {
  /// Why a week has no plan, the same way for one person and a household:
  /// the sentences with those that differ only by day merged, and the
  /// explanation for the plan when it found a conflict.
  func explain<Week: PlannedWeek>(_ week: Week, _ reasons: [String]?) throws(PlanningError)
    -> (sentences: [String], explanation: PlanExplanation?)
  {
    let why = try week.explain(reasons, planner: self)
    return (DaySentences.collapse(why.sentences), why.conflicts.isEmpty ? nil : why)
  }
}

/// A week ``MealPlanner``'s pipeline plans: its model, how it explains a
/// week without a plan, how its plan is assembled and verified.
protocol PlannedWeek {
  /// The model, with its slots and the conflicts the builder found.
  var model: MealPlanModel { get }
  /// A plan without meals: status infeasible, the search not yet run.
  func emptyPlan() -> MealPlan
  /// Why no plan exists: from the builder's `reasons`, or, when the search
  /// proved the week infeasible (`nil`), from the week's own arithmetic
  /// first (each diner's daily goals against the slots they eat).
  func explain(_ reasons: [String]?, planner: MealPlanner) throws(PlanningError) -> PlanExplanation
  /// The search's values with the purchases re-solved for the least paid, or `nil` to keep them.
  func leastPaid(_ values: [Double], planner: MealPlanner, search: MealPlanSearch) throws(PlanningError)
    -> [Double]?
  /// The plan a solution's values give.
  func plan(from values: [Double]) -> MealPlan
  /// Every goal or rule the plan breaks, by a verifier of its own.
  func verify(_ plan: MealPlan) -> [PlanViolation]
}

/// One person's week for ``MealPlanner``'s pipeline.
struct PersonWeek: PlannedWeek {
  let problem: MealPlanProblem
  let builder: MealPlanModelBuilder
  let model: MealPlanModel

  init(problem: MealPlanProblem) throws(PlanningError) {
    self.problem = problem
    builder = try MealPlanModelBuilder(problem: problem)
    model = builder.build()
  }

  func emptyPlan() -> MealPlan {
    MealPlan(
      status: .infeasible, report: SolveReport(termination: .completed), currency: problem.currency,
      slots: problem.slots, tieBreak: problem.tieBreak)
  }

  func explain(_ reasons: [String]?, planner: MealPlanner) throws(PlanningError) -> PlanExplanation {
    if let reasons {
      return try planner.explainConflicts(problem, reasons: reasons, budgetReach: nil)
    }
    return try planner.explainInfeasibleLines(
      problem, built: model,
      dailyReasons: planner.dailyBoundReasons(
        builder: builder, slots: model.slots,
        diners: [MealPlanner.DailyDiner(prefix: "", goals: problem.goals, eats: nil, anyStep: false)]))
  }

  func leastPaid(_ values: [Double], planner: MealPlanner, search: MealPlanSearch) throws(PlanningError)
    -> [Double]?
  {
    try planner.leastPaid(values, problem: problem, built: model, search: search)
  }

  func plan(from values: [Double]) -> MealPlan {
    MealPlanAssembler(builder: builder, built: model).plan(from: values)
  }

  func verify(_ plan: MealPlan) -> [PlanViolation] { MealPlanVerifier(problem: problem).verify(plan) }
}

/// Settings for ``Planner``: the time limit of every kind of plan, and the
/// gap at which a week of meals counts as optimal.
public struct MealPlannerOptions: Sendable {
  /// Wall-clock seconds for all solves together; `nil` for none.
  public var timeLimit: Double?
  /// The relative gap at which a plan counts as optimal (0.01 is 1%).
  public var relativeGap: Double
  /// How much more than the cheapest cost found the tie-break may spend, as a
  /// fraction (0.01 is 1%). The tie-break never spends more than keeps the
  /// plan within ``relativeGap`` of the proven bound, so this can only narrow
  /// the allowance (docs/meals.md, "Tie-break").
  package var tieBreakTolerance: Double
  /// A safety limit in seconds for the tie-break, within ``timeLimit``. The
  /// tie-break normally ends at its work limit (a fixed number of solves),
  /// which gives the same plan on every run; if this limit stops it first,
  /// the best tie-break found by then is kept and the termination is
  /// ``TerminationStatus/timeLimit``.
  package var tieBreakTimeLimit: Double
  /// Called from the solving thread when a search step starts and when the
  /// best plan or the proven bound improves (at most once per solver call);
  /// nil for none. It must return quickly.
  /// ``Planner/start(_:)`` delivers the same snapshots as an
  /// `AsyncStream` (``RunningSolve/progress``).
  package var progress: SolveProgressHandler?
  /// Called from the solving thread as an explanation moves through its
  /// phases: before each test of the deletion filter for an infeasible week,
  /// and before each re-solve of ``Planner/explainCosts(_:solveSeconds:)``; nil for
  /// none. It must return quickly.
  package var explanationProgress: ExplanationProgressHandler?
  /// The meal-plan search's tuning constants (``MealPlanSearch/Tuning``):
  /// the defaults, unless a benchmark sets others (`meals-bench --tuning`).
  package var tuning = MealPlanSearch.Tuning()

  /// Creates options; the defaults suit a week of meals.
  ///
  /// - Parameters:
  ///   - timeLimit: wall-clock seconds for all solves together; `nil` for none.
  ///   - relativeGap: the relative gap at which a plan counts as optimal (0.01 is 1%).
  public init(timeLimit: Double? = 60, relativeGap: Double = 0.01) {
    self.init(timeLimit: timeLimit, relativeGap: relativeGap, tieBreakTolerance: 0.01)
  }

  /// Creates options with the tie-break's tolerance and time limit and the progress hooks.
  package init(
    timeLimit: Double? = 60, relativeGap: Double = 0.01, tieBreakTolerance: Double = 0.01,
    tieBreakTimeLimit: Double = 20, progress: SolveProgressHandler? = nil,
    explanationProgress: ExplanationProgressHandler? = nil
  ) {
    self.explanationProgress = explanationProgress
    self.timeLimit = timeLimit
    self.relativeGap = relativeGap
    self.tieBreakTolerance = tieBreakTolerance
    self.tieBreakTimeLimit = tieBreakTimeLimit
    self.progress = progress
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
