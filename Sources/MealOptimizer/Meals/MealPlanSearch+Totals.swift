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
  ///
  /// When the tree already runs on a thread of its own
  /// (``startWeekTotals(_:)``, ``Tuning/weekTotalsThread``), the step only
  /// waits for it, at most the same share of the remaining time, and keeps
  /// its bound when it has ended; otherwise ``finishWeekTotals(_:)`` takes
  /// it when the cost steps are done.
  func weekTotals(_ model: LinearModel, _ progress: inout Progress) throws(PlanningError) {
    if progress.weekTotalsTree != nil {
      // Started with the search: wait for it as long as the step would have run.
      let until = min(deadline, clock.now + .seconds(remaining * tuning.weekTotalsShare))
      if let result = waitForWeekTotals(until: until, &progress) { try absorbWeekTotals(result, &progress) }
      return
    }
    guard !model.constraints(in: .purchases).isEmpty, var summed = WeekTotals(model, slots: slots)?.model
    else { return }
    let best = progress.objective
    let cutoff = best.isFinite ? best - max(relativeGap * abs(best), 1e-6) : Double.infinity
    if best.isFinite {
      summed.addConstraint("cutoff", summed.objective, .lessThan(cutoff), group: .cutoff)
    }
    var inner = self
    inner.deadline = min(deadline, clock.now + .seconds(remaining * tuning.weekTotalsShare))
    let result = try inner.run(summed, &progress, inner.weekTotalsOptions())
    // The summed model's time limit is not the search's.
    if result.termination == .timeLimit { progress.timedOut = isPastDeadline }
    keepWeekTotalsBound(result, cutoff: cutoff, &progress)
  }

  /// The options of ``Step/weekTotals``'s tree, from now to the deadline.
  /// Its answer is a bound: the tree runs to its end (or the cutoff), not to
  /// the search's gap.
  func weekTotalsOptions() -> SolverOptions {
    solveOptions(
      gap: 0, cuts: tuning.weekTotalsCuts, tree: (tuning.weekTotalsBranching, tuning.weekTotalsNodeSelection),
      mipPresolve: tuning.weekTotalsPresolve)
  }

  /// Raises the bound by what the summed week's tree proved: with a cutoff
  /// (infinity for none), "infeasible" proves no week costs less than it,
  /// and otherwise the tree's bound, or its optimum, counts up to the cutoff.
  private func keepWeekTotalsBound(_ result: Solution, cutoff: Double, _ progress: inout Progress) {
    if result.status == .infeasible, result.termination == .completed {
      // No week costs less than the cutoff (without one: no week exists,
      // which the other steps say).
      if cutoff.isFinite { progress.raise(cutoff) }
    } else if result.status != .unbounded {
      if let treeBound = result.bound {
        progress.raise(min(treeBound, cutoff))
      } else if result.status == .optimal, result.termination == .completed, let value = result.objectiveValue
      {
        progress.raise(min(value, cutoff))
      }
    }
  }

  /// Starts ``Step/weekTotals``'s tree on a thread of its own, when the
  /// search runs the step on a model with purchases and
  /// ``Tuning/weekTotalsThread`` is on; `nil` otherwise.
  ///
  /// With no plan yet there is no cutoff: the tree proves the summed model's
  /// own minimum, or bounds it when the deadline stops it, and either is a
  /// bound on the week.
  func startWeekTotals(_ model: LinearModel) -> BackgroundSolve? {
    guard tuning.weekTotalsThread, steps.contains(.weekTotals), !model.constraints(in: .purchases).isEmpty,
      let summed = WeekTotals(model, slots: slots)?.model
    else { return nil }
    var options = weekTotalsOptions()
    options.observer = SolveObserver()
    return BackgroundSolve(solver: solver, model: summed, options: options)
  }

  /// After the cost steps: when the tree started with the search still runs
  /// and the plan is not proven, waits for it (its time limit is the
  /// search's deadline) and keeps its bound, recorded as a last
  /// ``Step/weekTotals``.
  func finishWeekTotals(_ progress: inout Progress) throws(PlanningError) {
    guard let tree = progress.weekTotalsTree else { return }
    guard progress.failure == nil, progress.values != nil,
      !isProven(progress.objective, bound: progress.bound)
    else {
      tree.stop()
      progress.weekTotalsTree = nil
      return
    }
    let solves = progress.solves
    let seconds = progress.seconds
    report(.weekTotals, &progress)
    // Its time limit is the search's deadline; a second more covers GLPK's own clock.
    if let result = waitForWeekTotals(until: deadline + .seconds(1), &progress) {
      try absorbWeekTotals(result, &progress)
    } else if progress.weekTotalsTree === tree {
      try absorbWeekTotals(tree.wait(), &progress)
    }
    progress.records.append(
      StepRecord(
        step: .weekTotals, solves: progress.solves - solves, seconds: progress.seconds - seconds,
        bound: progress.bound, objective: progress.objective))
    report(nil, &progress)
  }

  /// Waits for the tree on its own thread until `until`: its answer, or
  /// `nil` when it still runs then or has been stopped as of no use.
  ///
  /// A tree that has found a solution of the summed week costing no more
  /// than the bound already proven can raise nothing: its optimum, and so
  /// any bound it could prove, is at most that solution. It is then stopped
  /// (and forgotten) instead of waited for; what the search keeps is the
  /// same either way, only sooner.
  private func waitForWeekTotals(
    until: ContinuousClock.Instant, _ progress: inout Progress
  ) -> Result<Solution, SolverError>? {
    guard let tree = progress.weekTotalsTree else { return nil }
    while true {
      if let best = tree.observer?.incumbent, let bound = progress.bound,
        best <= bound + 1e-9 * max(1, abs(bound))
      {
        tree.stop()
        progress.weekTotalsTree = nil
        progress.solves += 1
        return nil
      }
      let now = clock.now
      guard now < until else { return tree.result }
      if let result = tree.wait(until: min(until, now + .milliseconds(20))) { return result }
    }
  }

  /// Keeps the bound of the tree that ran on its own thread (no cutoff).
  private func absorbWeekTotals(
    _ result: Result<Solution, SolverError>, _ progress: inout Progress
  ) throws(PlanningError) {
    progress.weekTotalsTree = nil
    let solution: Solution
    switch result {
    case .success(let value): solution = value
    case .failure(let error): throw PlanningError(error)
    }
    progress.solves += 1
    progress.seconds += solution.seconds
    keepWeekTotalsBound(solution, cutoff: .infinity, &progress)
  }
}
