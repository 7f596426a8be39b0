import Foundation

/// A step of the meal-plan search, as docs/meals.md ("Solving") names it:
/// the step a ``SolveProgress`` reports. The raw value is that name
/// (`eaten_week`).
package enum SolveStep: String, Sendable, Hashable, CaseIterable {
  /// Bound and plan: the other cost steps on the model without its budget rows.
  case withoutBudget = "without_budget"
  /// Bound: the LP relaxation's optimum, within half of the remaining time.
  case relaxation
  /// Plan: with purchases, the week cheapest by the food eaten, its purchases completed.
  case eatenWeek = "eaten_week"
  /// Plan: fix-and-resolve from the LP relaxation.
  case dive
  /// Plan: re-plan one day at a time with the others fixed.
  case improveDays = "improve_days"
  /// Plan: with purchases, a local search over the slots' dishes, priced at the till.
  case dishSearch = "dish_search"
  /// Plan: relax-and-fix, one day whole at a time with later days relaxed.
  case relaxAndFix = "relax_and_fix"
  /// Bound: with purchases, the purchase relaxation (the week with its meals
  /// in fractions and its purchases whole), as a MIP.
  case weekTotals = "week_totals"
  /// Plan and bound: the whole MIP, with a cutoff, for the remaining time.
  case fullModel = "full_model"
  /// Plan: the tie-break, one slot at a time, under the cost cap, for a fixed number of solves.
  case tieBreak = "tie_break"
  /// Bound and plan: column generation over day patterns, identical days
  /// aggregated, then the best week from the patterns found.
  case dayPatterns = "day_patterns"
}

/// A snapshot of a running solve, for a progress display: the step running,
/// the best plan's cost and the proven bound so far, and the gap between them.
///
/// The meal-plan search reports one when a step starts and when its best
/// plan or its proven bound improves (at most once per solver call). The
/// asynchronous API delivers them as an `AsyncStream`
/// (``RunningSolve/progress``); the synchronous one calls
/// `MealPlannerOptions.progress`. Within one solve ``seconds`` never
/// falls and ``bestCost``, once known, never rises: a plan is only ever
/// replaced by a cheaper one.
///
/// ```swift
/// let running = Planner().start(.meals(problem))
/// for await event in running.progress {
///   print(event.seconds, event.stepName, event.bestCost ?? .nan, event.bound ?? .nan)
/// }
/// let plan = try await running.plan
/// ```
public struct SolveProgress: Sendable, Hashable {
  /// Seconds since the solve started.
  public var seconds: Double
  /// The step running.
  package var step: SolveStep
  /// While ``step`` is ``SolveStep/withoutBudget`` (the search on the week
  /// without its budget rows), the step of that inner search; otherwise `nil`.
  package var innerStep: SolveStep?
  /// The best plan's cost so far, when there is a plan. The inner search
  /// of `SolveStep/withoutBudget` shows none: its plans may break the budget.
  public var bestCost: Double?
  /// The best proven lower bound on the cost so far, when known.
  public var bound: Double?

  /// Creates a snapshot.
  package init(
    seconds: Double, step: SolveStep, innerStep: SolveStep? = nil, bestCost: Double? = nil,
    bound: Double? = nil
  ) {
    self.seconds = seconds
    self.step = step
    self.innerStep = innerStep
    self.bestCost = bestCost
    self.bound = bound
  }

  /// The relative gap between ``bestCost`` and ``bound`` (0.01 is 1%), when both are known.
  public var gap: Double? {
    guard let bestCost, let bound else { return nil }
    return max(0, bestCost - bound) / max(abs(bestCost), 1e-9)
  }

  /// The step as a display names it: `eaten_week`, or
  /// `without_budget/eaten_week` for a step of the inner search.
  public var stepName: String {
    innerStep.map { step.rawValue + "/" + $0.rawValue } ?? step.rawValue
  }
}

/// A progress hook: called with each ``SolveProgress`` from the thread that solves.
package typealias SolveProgressHandler = @Sendable (SolveProgress) -> Void

extension MealPlanSearch {
  /// Reports the state to ``onProgress`` at the start of `step`, or, with
  /// `step` nil, only when the best plan or bound changed since the last report.
  func report(_ step: Step?, _ progress: inout Progress) {
    offerProof(progress, beside: true)
    guard let onProgress else { return }
    let objective = progress.objective.isFinite ? progress.objective : nil
    if step == nil, objective == progress.reportedObjective, progress.bound == progress.reportedBound {
      return
    }
    if let step { progress.reportedStep = step }
    progress.reportedObjective = objective
    progress.reportedBound = progress.bound
    onProgress(
      SolveProgress(
        seconds: (clock.now - started).seconds, step: progress.reportedStep ?? .relaxation,
        bestCost: objective, bound: progress.bound))
  }
}
