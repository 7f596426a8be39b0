import Foundation

/// A snapshot of a running solve, for a progress display
/// (``MealPlannerOptions/progress``).
///
/// The meal-plan search reports one when a step starts and when its best
/// plan or its proven bound improves; a caller shows it (the CLI draws one
/// updating line on a terminal) and must return quickly.
public struct SolveProgress: Sendable, Hashable {
  /// Seconds since the solve started.
  public var seconds: Double
  /// The step (phase) running, as docs/meals.md ("Solving") names it, such as `separate_days`.
  public var step: String
  /// The best plan's objective so far (its cost), when there is a plan.
  public var objective: Double?
  /// The best proven lower bound on the objective so far, when known.
  public var bound: Double?

  /// Creates a snapshot.
  public init(seconds: Double, step: String, objective: Double? = nil, bound: Double? = nil) {
    self.seconds = seconds
    self.step = step
    self.objective = objective
    self.bound = bound
  }

  /// The relative gap between ``objective`` and ``bound`` (0.01 is 1%), when both are known.
  public var gap: Double? {
    guard let objective, let bound else { return nil }
    return max(0, objective - bound) / max(abs(objective), 1e-9)
  }
}

/// A progress hook: called with each ``SolveProgress`` from the thread that solves.
public typealias SolveProgressHandler = @Sendable (SolveProgress) -> Void

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
        seconds: (clock.now - started).seconds, step: (progress.reportedStep ?? .relaxation).rawValue,
        objective: objective, bound: progress.bound))
  }
}
