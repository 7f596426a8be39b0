import Foundation

extension MealPlanSearch {
  /// ``Step/weekTotals``: on a model with purchases, a bound from the
  /// purchase relaxation (``PurchaseRelaxation``), solved with at most
  /// ``Tuning/stepShare`` of the remaining time.
  ///
  /// Whole packages are what keeps the LP relaxation far below the plans;
  /// whole meals add less: on issue 41's family of weeks (HiGHS, 10 s a
  /// model, `Benchmarks/weeks/relaxations.py`) the relaxation with only the
  /// meals whole closes a median 12% of the distance from the LP to the
  /// best known plan, the one with only the purchases whole 41%. So the
  /// bound comes from the week with its meals in fractions and its
  /// purchases whole. With a plan
  /// in hand, each model gets a cutoff row asking for less than the plan's
  /// cost by more than the gap: then "infeasible" proves the plan within the
  /// gap, and otherwise the tree's bound (or the cutoff, when lower) holds.
  /// The relaxation's own points are not plans of the week and are not kept.
  ///
  /// When the trees already run on a thread of their own
  /// (``startWeekTotals(_:_:)``, ``worksBeside``), the step only
  /// waits for them, at most the same share of the remaining time, and keeps
  /// their bound when they have ended; otherwise, or without a plan to
  /// prove (then it does not wait), ``finishWeekTotals(_:)`` takes it when
  /// the cost steps are done.
  func weekTotals(_ model: LinearModel, _ progress: inout Progress) throws(PlanningError) {
    if proveByStoreSets(&progress) { return }
    if progress.weekTotalsTree != nil {
      // Without a plan a bound ends nothing: the steps that look for one go
      // on at once, and the trees' bound counts when the cost steps are done.
      guard progress.values != nil else { return }
      // Started with the search: wait for it as long as the step would have run.
      let until = deadline(share: tuning.stepShare)
      if let result = waitForWeekTotals(until: until, &progress) { try absorbWeekTotals(result, &progress) }
      return
    }
    guard !model.constraints(in: .purchases).isEmpty else { return }
    var relaxation = purchaseRelaxation(model, summed: WeekTotals(model, slots: slots, deadline: deadline))
    let best = progress.objective
    let cutoff = best.isFinite ? self.cutoff(below: best) : Double.infinity
    if best.isFinite { relaxation.addCutoff(cutoff) }
    var inner = self
    inner.deadline = deadline(share: tuning.stepShare)
    let options = inner.weekTotalsOptions()
    let weekLP = progress.root?.objectiveValue
    let result = try inner.counted(&progress) { () throws(SolverError) in
      try inner.solve(relaxation, options: options) { weekLP }
    }
    // The relaxation's time limit is not the search's.
    if result.termination == .timeLimit { progress.timedOut = isPastDeadline }
    keepWeekTotalsBound(result, cutoff: cutoff, &progress)
  }

  /// The models of ``Step/weekTotals``: relaxations of the week that keep
  /// its purchases whole and let its meals be fractions.
  struct PurchaseRelaxation: Sendable {
    /// The week with every pick and portion variable continuous: every row
    /// kept; the packages, store visits and `bought` and `cooked` flags whole.
    var week: LinearModel
    /// The week summed over its days (``WeekTotals``) with its class sums
    /// continuous, when the week sums: a relaxation of ``week`` with one
    /// meal variable where the week has one a day, whose tree goes deeper
    /// in the same time, and nearly as strong when summing loses little of
    /// what the LP sees.
    var summed: LinearModel?

    /// Adds to each model a row asking for an objective of at most `cutoff`.
    mutating func addCutoff(_ cutoff: Double) {
      week.addConstraint("cutoff", week.objective, .lessThan(cutoff), group: .cutoff)
      if let model = summed {
        var changed = model
        changed.addConstraint("cutoff", model.objective, .lessThan(cutoff), group: .cutoff)
        summed = changed
      }
    }
  }

  /// The purchase relaxation of a model with purchases, and of its summed week when it has one.
  func purchaseRelaxation(_ model: LinearModel, summed: WeekTotals?) -> PurchaseRelaxation {
    var week = model
    week.relaxIntegrality(of: slots.flatMap { $0.options.flatMap(\.variables) })
    var sums = summed?.model
    if let totals = summed { sums?.relaxIntegrality(of: totals.sums) }
    return PurchaseRelaxation(week: week, summed: sums)
  }

  /// Solves the purchase relaxation: its summed week first when summing
  /// loses no more of what the LP sees than the search's gap (its LP
  /// optimum is at most that far under the week's), then, when that tree
  /// ends with time left or summing loses more, the whole week. The answer
  /// is the last tree's, its bound raised to the summed week's optimum when
  /// that is higher; its seconds are those of every solve. Only the whole
  /// week's tree reports to `options.observer`: a point of the summed week
  /// under the bound already proven does not make that tree useless.
  ///
  /// - Parameters:
  ///   - relaxation: the models.
  ///   - options: the trees' options, their time limit shared.
  ///   - summedObserver: the summed week's tree's observer.
  ///   - weekLP: the week's LP optimum (``Step/relaxation``'s), which it
  ///     may wait for; `nil` when there is none (then the whole week's tree
  ///     runs alone).
  func solve(
    _ relaxation: PurchaseRelaxation, options: SolverOptions, summedObserver: SolveObserver? = nil,
    weekLP: () -> Double?
  ) throws(SolverError) -> Solution {
    let end = clock.now + .seconds(options.timeLimit ?? .infinity)
    var spent = 0.0
    var first: Double?
    func limited(_ base: SolverOptions) -> SolverOptions {
      var changed = base
      if options.timeLimit != nil { changed.timeLimit = max(0.05, (end - clock.now).seconds) }
      return changed
    }
    if let summed = relaxation.summed {
      let lp = try solver.solve(summed.relaxingIntegrality(), options: limited(SolverOptions()))
      spent += lp.seconds
      if lp.status == .optimal, let sum = lp.objectiveValue, let whole = weekLP(),
        sum >= whole - max(relativeGap * abs(whole), 1e-6 * max(1, abs(whole)))
      {
        var own = limited(options)
        own.observer = summedObserver
        let tree = try solver.solve(summed, options: own)
        spent += tree.seconds
        guard tree.status == .optimal, tree.termination == .completed, let value = tree.objectiveValue,
          clock.now < end
        else {
          var answer = tree
          answer.seconds = spent
          return answer
        }
        first = value
      }
    }
    // The whole week's tree without cuts: its node LPs are the week's size.
    // On family weeks w12 and w26, `glpsol --pcost --bestb --nopresol`
    // proved it in 7.0 and 5.9 s; `--pcost --bestb --mir --cover`, 16.6 and 4.8 s.
    var weekOptions = limited(options)
    weekOptions.backendSettings["cuts"] = nil
    var answer = try solver.solve(relaxation.week, options: weekOptions)
    answer.seconds += spent
    if let first {
      let own =
        answer.bound
        ?? (answer.status == .optimal && answer.termination == .completed
          ? answer.objectiveValue : nil)
      if answer.status != .infeasible { answer.bound = max(first, own ?? -.infinity) }
    }
    return answer
  }

  /// With a plan in hand, proves it within the gap, when it can, on the
  /// summed week split by the set of stores visited (``StoreSetSplit``,
  /// ``StoreSetProof``): one tree per set, each asking for a summed week
  /// cheaper than the plan by more than the gap, depth first, the most
  /// stores first. When every tree ends without one, the cutoff is a bound.
  ///
  /// The proof starts beside the search as soon as a plan makes it worth
  /// trying (``offerProof(_:beside:)``), on the thread of
  /// ``startWeekTotals(_:_:)``'s tree, which stops meanwhile; here the search
  /// has nothing else to do, so the proof gets a thread on every processor,
  /// for at most ``Tuning/stepShare`` of the remaining time. A proof
  /// that fails (a part has a week under the cutoff, which no later proof
  /// with a higher cutoff can beat) gives the thread back to the tree.
  ///
  /// Depth first with a cutoff is the quickest way GLPK proves a set empty,
  /// and a part's fixed stores let ``StoreSetSplit`` drop the packages that
  /// others do better: on issue 9's benchmark week the three-store part
  /// takes about 1.9 s and the six others 0.4 s, where the summed week's
  /// best-bound tree needs about 7 s to reach the same bound
  /// (docs/performance.md).
  ///
  /// - Returns: whether the plan is now proven within the gap.
  func proveByStoreSets(_ progress: inout Progress) -> Bool {
    absorbProof(&progress)
    offerProof(progress, beside: false)
    guard let proof = progress.work.proof else { return isProven(progress.objective, bound: progress.bound) }
    helpAndWait(proof, until: deadline(share: tuning.stepShare))
    absorbProof(&progress)
    return isProven(progress.objective, bound: progress.bound)
  }

  /// Starts a proof by store sets for the best plan, in place of one with a
  /// higher cutoff, when that may succeed: not when the summed week has a
  /// point under the cutoff already (``SummedWeekWork/isWorthTrying(_:)``).
  /// `beside` says the search goes on meanwhile: the proof then needs a
  /// processor of its own (``worksBeside``).
  func offerProof(_ progress: Progress, beside: Bool) {
    guard !beside || worksBeside, progress.values != nil,
      progress.objective.isFinite, !isProven(progress.objective, bound: progress.bound),
      let summed = progress.work.summed
    else { return }
    let cutoff = self.cutoff(below: progress.objective)
    guard progress.work.isWorthTrying(cutoff), let split = StoreSetSplit(summed, cutoff: cutoff) else {
      return
    }
    // A part proves itself empty only when its whole tree is closed, and
    // with no point under the cutoff no incumbent prunes a node, so the
    // order does not shrink the tree: depth first keeps the fewest nodes
    // open, and reaches a point soonest when there is one (which ends the proof).
    let options = treeOptions(gap: 0, nodeSelection: "depth_first")
    // Until the owning search's deadline: an inner search's comes sooner.
    progress.work.start(
      StoreSetProof(
        split: split, cutoff: cutoff, solver: solver, options: options,
        deadline: progress.work.deadline ?? deadline))
  }

  /// Between steps, with a proof by store sets running for the best plan:
  /// the proof gets a thread on every processor and the search waits for
  /// it, at most ``Tuning/stepShare`` of the remaining time. A proof
  /// that succeeds ends the cost steps (the plan is within the gap); one
  /// that fails gives the time back at once. The steps after a good plan
  /// rarely find a cheaper one, and on two processors they would take one
  /// of the proof's: on issue 9's benchmark week with a 60 s limit the
  /// dive and `improve_days` of `without_budget` ran beside the proof, which
  /// ended 5.3 s in instead of 4.5 s.
  func waitForProof(_ progress: inout Progress) {
    guard progress.values != nil, !isProven(progress.objective, bound: progress.bound),
      let proof = progress.work.proof, !isPastDeadline
    else { return }
    helpAndWait(proof, until: deadline(share: tuning.stepShare))
    absorbProof(&progress)
  }

  /// Raises the bound to the cutoff proven by store sets, if any, and counts the proofs' solver calls.
  func absorbProof(_ progress: inout Progress) {
    if let cutoff = progress.work.provenCutoff { progress.raise(cutoff) }
    let counts = progress.work.takeCounts()
    progress.solves += counts.solves
    progress.seconds += counts.seconds
  }

  /// Gives a proof a thread on every processor and waits for its answer until `until`.
  private func helpAndWait(_ proof: StoreSetProof, until: ContinuousClock.Instant) {
    proof.addThreads(upTo: max(1, ProcessInfo.processInfo.activeProcessorCount))
    _ = proof.wait(until: until)
  }

  /// Readies the work on the summed week for a search of its own: the
  /// summed model, for proofs, and the tree on its thread
  /// (``startWeekTotals(_:_:)``), when the search has ``Step/weekTotals``
  /// and the model purchases.
  func prepareWork(_ model: LinearModel, _ work: SummedWeekWork) {
    // Summing a large week takes seconds of its own: none of it past the deadline.
    guard steps.contains(.weekTotals), !isPastDeadline, !model.constraints(in: .purchases).isEmpty else {
      return
    }
    let totals = WeekTotals(model, slots: slots, deadline: deadline)
    guard !isPastDeadline else { return }
    let relaxation = purchaseRelaxation(model, summed: totals)
    let search = self
    let summed = totals.flatMap { StoreSetSplit($0.model, cutoff: 0) != nil ? $0.model : nil }
    work.prepare(summed: summed, restart: { search.startWeekTotals(relaxation, work) }, deadline: deadline)
    work.tree = startWeekTotals(relaxation, work)
  }

  /// The options of ``Step/weekTotals``'s tree, from now to the deadline.
  /// Its answer is a bound: the tree runs to its end (or the cutoff), not to
  /// the search's gap.
  func weekTotalsOptions() -> SolverOptions { treeOptions(gap: 0) }

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

  /// Starts ``Step/weekTotals``'s trees on the purchase relaxation, on a
  /// thread of their own, when ``worksBeside`` is on; `nil`
  /// otherwise (``prepareWork(_:_:)`` calls it for a model with purchases).
  ///
  /// With no plan yet there is no cutoff: the trees prove the relaxation's
  /// own minimum, or bound it when the deadline stops them, and either is a
  /// bound on the week.
  /// The whole week's LP optimum comes from the search's
  /// ``Step/relaxation`` through `work` (``SummedWeekWork/noteRelaxation(_:)``):
  /// the trees' thread waits for it rather than solve the LP a second time.
  func startWeekTotals(_ relaxation: PurchaseRelaxation, _ work: SummedWeekWork) -> BackgroundSolve? {
    guard worksBeside else { return nil }
    // The least point of either tree, for the proofs by store sets
    // (``SummedWeekWork``); the whole week's points alone for the check
    // that its tree can still raise the bound (a point of the whole week
    // summed by class is one of the summed week).
    let points = SolveObserver()
    let least: @Sendable (Double) -> Void = { value in
      if value < points.incumbent ?? .infinity { points.record(incumbent: value) }
    }
    let summedObserver = SolveObserver(onIncumbent: least)
    let observer = SolveObserver(onIncumbent: least)
    var options = weekTotalsOptions()
    options.observer = observer
    let search = self
    let settings = options
    let end = deadline
    return BackgroundSolve(
      name: relaxation.week.name + "_purchases", solver: solver, observer: observer, points: points
    ) { () throws(SolverError) in
      try search.solve(relaxation, options: settings, summedObserver: summedObserver) {
        work.relaxation(waitingUntil: end)
      }
    }
  }

  /// After the cost steps: when the tree started with the search still runs
  /// and the plan is not proven, waits for it (its time limit is the
  /// search's deadline) and keeps its bound, recorded as a last
  /// ``Step/weekTotals``.
  func finishWeekTotals(_ progress: inout Progress) throws(PlanningError) {
    // A proof by store sets still running has every processor until the deadline.
    if let proof = progress.work.proof, progress.failure == nil,
      !isProven(progress.objective, bound: progress.bound)
    {
      let solves = progress.solves
      let seconds = progress.seconds
      report(.weekTotals, &progress)
      helpAndWait(proof, until: deadline)
      absorbProof(&progress)
      progress.records.append(
        StepRecord(
          step: .weekTotals, solves: progress.solves - solves, seconds: progress.seconds - seconds,
          bound: progress.bound, objective: progress.objective))
      report(nil, &progress)
    }
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
    // Its time limit is the search's deadline, which the solver's callback
    // keeps to within a round of cuts; a second more covers that.
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
      // The caller stopped the search: the tree's bound is not waited for.
      if StopRequest.isRequested {
        tree.stop()
        progress.weekTotalsTree = nil
        return nil
      }
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
