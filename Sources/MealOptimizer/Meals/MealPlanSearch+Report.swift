import Foundation

extension MealPlanSearch.Outcome {
  /// Writes what the search found into a plan's report and returns the
  /// plan's status: ``PlanStatus/optimal`` when proven within
  /// ``PlanStatus/optimalGap``, otherwise ``PlanStatus/feasible``, with a
  /// sentence on how far from the bound it may be when the search stopped
  /// before its gap target. Meal plans and household plans share it.
  package func record(into report: inout SolveReport) -> PlanStatus {
    report.termination = termination
    report.relativeGap = gap
    report.bound = bound
    report.provenSeconds = isProven ? provenSeconds : nil
    let status = isProven ? PlanStatus.ofPlan(provenGap: gap) : .feasible
    if isProven, status == .feasible, let bound {
      report.explanation = [
        "the search stopped once this plan was proven within its gap target (gap_limit): no plan costs less"
          + " than " + String(format: "%.2f", bound)
      ]
    }
    if !isProven {
      let gap = self.gap.map { String(format: "%.2f%%", $0 * 100) } ?? "an unknown margin"
      report.explanation = [
        "the solver stopped (\(termination.rawValue)) before proving this plan cheapest;"
          + " it is within \(gap) of the best bound"
      ]
    }
    return status
  }
}

extension SolveReport {
  /// Records a search that ended without a plan. A search that ran out of
  /// time says so, with its time limit, whatever its last solver call said.
  package mutating func recordNoPlan(
    _ termination: TerminationStatus, message: String?, outOfTime: Bool, timeLimit: Double?
  ) {
    self.termination = termination == .completed && outOfTime ? .timeLimit : termination
    if self.termination == .timeLimit {
      let limit = timeLimit.map { " of \(Self.seconds($0))" } ?? ""
      explanation = ["no plan was found within the time limit\(limit); a longer time limit may find one"]
    } else if self.termination == .cancelled {
      explanation = ["the solve was stopped before it found a plan"]
    } else {
      explanation = [message ?? "the solver stopped before it found a plan"]
    }
  }

  /// Records that the caller stopped the solve while it explained why no
  /// plan exists: the week is infeasible (proven), and `known` are the
  /// reasons found before the explanation started.
  package mutating func recordStoppedExplanation(_ known: [String]) {
    termination = .cancelled
    explanation =
      known + ["no plan meets every line; the solve was stopped before it named the lines in conflict"]
  }

  /// Seconds as a person writes them: `60 s`, `0.5 s`.
  static func seconds(_ value: Double) -> String {
    let whole = value.rounded()
    if abs(value - whole) < 1e-9, whole < 1e15 { return "\(Int64(whole)) s" }
    return "\(value) s"
  }
}

extension MealPlanSearch {
  /// A planner's search: its options' gap and progress hook, stopping at
  /// their time limit counted from `start` (a day without one). Meal plans
  /// and household plans share it.
  package init(
    solver: any Solver, slots: [ModelSlot], options: MealPlannerOptions, start: ContinuousClock.Instant
  ) {
    self.init(
      solver: solver, slots: slots, relativeGap: options.relativeGap,
      deadline: start + .seconds(options.timeLimit ?? 86_400))
    started = start
    onProgress = options.progress
    tuning = options.tuning
  }
}
