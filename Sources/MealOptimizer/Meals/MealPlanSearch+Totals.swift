extension MealPlanSearch {
  /// ``Step/weekTotals``: on a model with purchases, a bound from the week
  /// summed over its days (``WeekTotals``), solved as a MIP with at most
  /// ``Tuning/weekTotalsShare`` of the remaining time.
  ///
  /// Package rounding is a cost of the whole week, which no split by days
  /// sees, while the summed model keeps every purchase row and drops only
  /// what makes one day differ from another. With a plan in hand, the summed
  /// model gets a cutoff row asking for less than the plan's cost by more
  /// than the gap: then "infeasible" proves the plan within the gap, and
  /// otherwise the tree's bound (or the cutoff, when lower) holds. The summed
  /// model's own plans are not plans of the week and are not kept.
  func weekTotals(_ model: LinearModel, _ progress: inout Progress) throws(PlanningError) {
    guard !model.constraints(in: .purchases).isEmpty, var summed = WeekTotals(model, slots: slots)?.model
    else { return }
    let best = progress.objective
    let cutoff = best.isFinite ? best - max(relativeGap * abs(best), 1e-6) : Double.infinity
    if best.isFinite {
      summed.addConstraint("cutoff", summed.objective, .lessThan(cutoff), group: .cutoff)
    }
    var inner = self
    inner.deadline = min(deadline, clock.now + .seconds(remaining * tuning.weekTotalsShare))
    // Its answer is a bound: the tree runs to its end (or the cutoff), not to the search's gap.
    let result = try inner.run(
      summed, &progress, gap: 0, cuts: tuning.weekTotalsCuts,
      tree: (tuning.weekTotalsBranching, tuning.weekTotalsNodeSelection))
    // The summed model's time limit is not the search's.
    if result.termination == .timeLimit { progress.timedOut = isPastDeadline }
    if result.status == .infeasible, result.termination == .completed {
      // No week costs less than the cutoff (without a plan: no week exists,
      // which the other steps say).
      if best.isFinite { progress.raise(cutoff) }
    } else if result.status != .unbounded {
      if let treeBound = result.bound {
        progress.raise(min(treeBound, cutoff))
      } else if result.status == .optimal, result.termination == .completed, let value = result.objectiveValue
      {
        progress.raise(min(value, cutoff))
      }
    }
  }
}
