extension MealPlanSearch {
  /// What the whole search found for a meal-plan model.
  package struct Outcome: Sendable {
    /// The plan's values, for every variable of the model.
    package var values: [Double]
    /// The plan's cost.
    package var cost: Double
    /// The best proven lower bound on the cost of any plan, when known.
    package var bound: Double?
    /// Whether the plan's cost is proven within the gap of the bound.
    package var isProven: Bool
    /// Why the search stopped: ``TerminationStatus/completed`` (gap 0) or
    /// ``TerminationStatus/gapLimit`` when proven; ``TerminationStatus/timeLimit``
    /// whenever the deadline (or the tie-break's time budget) passed before
    /// the last step; ``TerminationStatus/cancelled`` when the caller stopped it.
    package var termination: TerminationStatus
    /// The cost the tie-break stage kept to, when it ran.
    package var costCap: Double?
    /// The tie-break's value in the plan, when the problem has a tie-break.
    package var tieBreakValue: Double?
    /// What each step did, in order.
    package var records: [StepRecord]
    /// What each step of the search without budget rows did (``Step/withoutBudget``).
    package var unbudgetedRecords: [StepRecord]
    /// Solver calls in all.
    package var solves: Int
    /// Seconds from the search's start until the cost stage proved its
    /// plan within the gap, when it did (``Progress/provenSeconds``).
    package var provenSeconds: Double?

    /// The relative gap of the plan returned: (cost − bound) / cost.
    package var gap: Double? {
      guard let bound else { return nil }
      return max(0, cost - bound) / max(abs(cost), 1e-9)
    }
  }

  /// The whole search on a meal-plan model: ``costSteps``, then, when the
  /// model has a tie-break, ``Step/tieBreak`` under the cost cap.
  ///
  /// - Parameters:
  ///   - built: the model from ``MealPlanModelBuilder/build()``.
  ///   - tieBreakTolerance: how far above the cheapest plan found the
  ///     tie-break may go, as a share of its cost; see ``costCap(cost:bound:tolerance:)``.
  ///   - tieBreakSeconds: the tie-break stage's own time budget, counted from
  ///     its start (a safety limit; the work limit ``Tuning/moves``
  ///     normally stops it first).
  /// - Returns: the plan and its bound, or why there is none.
  package func solve(
    _ built: MealPlanModel, tieBreakTolerance: Double, tieBreakSeconds: Double
  ) throws(PlanningError) -> Result<Outcome, Failure> {
    var progress = try minimizeCost(built.model)
    if let failure = progress.failure { return .failure(failure) }
    guard var values = progress.values else { return .failure(.noPlan(.failed, nil)) }
    let cost = progress.objective
    let proven = isProven(cost, bound: progress.bound)
    var termination: TerminationStatus
    if proven {
      let exact = progress.bound.map { cost - $0 <= 1e-9 * max(1, abs(cost)) } ?? false
      termination = exact ? .completed : .gapLimit
    } else {
      termination = unprovenTermination(progress)
    }
    var cap: Double?
    var tieBreakValue: Double?
    if let objective = built.tieBreak, StopRequest.isRequested {
      // Stopped: the tie-break does not start, and the plan is the cheapest found.
      termination = .cancelled
      tieBreakValue = objective.value(values)
    } else if let objective = built.tieBreak {
      let limit = costCap(cost: cost, bound: progress.bound, tolerance: tieBreakTolerance)
      var stage = self
      stage.deadline = min(deadline, clock.now + .seconds(max(0, tieBreakSeconds)))
      report(.tieBreak, &progress)
      let found = try stage.breakTies(
        built.model, objective: objective, cost: built.cost, cap: limit, from: values,
        holding: Self.paidPurchases(of: built, in: values), &progress)
      values = found.values
      if found.timedOut { termination = StopRequest.isRequested ? .cancelled : .timeLimit }
      cap = limit
      tieBreakValue = objective.value(values)
    }
    let finalCost = built.cost.value(values)
    return .success(
      Outcome(
        values: values, cost: finalCost, bound: progress.bound,
        isProven: isProven(finalCost, bound: progress.bound), termination: termination, costCap: cap,
        tieBreakValue: tieBreakValue, records: progress.records, unbudgetedRecords: progress.unbudgeted,
        solves: progress.solves, provenSeconds: progress.provenSeconds))
  }

  /// The most the tie-break stage may let the cost rise to.
  ///
  /// The smaller of `cost × (1 + tolerance)` and the highest cost still
  /// within the gap of the proven bound, `bound / (1 − gap)` (less 1e-6 for
  /// rounding), but never below `cost`: a plan not proven within the gap gets
  /// no allowance at all, and a proven plan stays proven, so "optimal" keeps
  /// its meaning after the tie-break.
  ///
  /// - Parameters:
  ///   - cost: the cheapest plan's cost.
  ///   - bound: the proven lower bound, when known.
  ///   - tolerance: the allowance asked for, as a share of the cost.
  /// - Returns: the cap.
  package func costCap(cost: Double, bound: Double?, tolerance: Double) -> Double {
    guard let bound, relativeGap < 1, isProven(cost, bound: bound) else { return cost }
    let withinGap = bound / (1 - relativeGap) - 1e-6
    return max(cost, min(cost + max(0, tolerance) * abs(cost), withinGap))
  }

  /// Under `minimize cost` with purchases, what a plan buys and the stores
  /// it visits (the variables of ``PurchaseRows`` in the cost), at the
  /// plan's values: the tie-break keeps them (``breakTies(_:objective:cost:cap:from:holding:_:)``).
  /// Empty when the cost does not count purchases (`minimize cost eaten`),
  /// whose purchases ``MealPlanner`` solves again afterwards.
  static func paidPurchases(of built: MealPlanModel, in values: [Double]) -> [VariableRef: Double] {
    guard let rows = built.purchaseRows else { return [:] }
    let paid = Set(built.cost.terms.map(\.variable))
    var held: [VariableRef: Double] = [:]
    for line in rows.lines where paid.contains(line.variable) {
      let value = values[line.variable.index]
      held[line.variable] = line.offer.soldLoose ? value : value.rounded()
    }
    for visit in rows.visits where paid.contains(visit.variable) {
      held[visit.variable] = values[visit.variable.index].rounded()
    }
    return held
  }

  /// ``Step/tieBreak``: lowers the tie-break from a plan, keeping the cost at
  /// most `cap` (a `cost_cap` row) and the variables in `held` at their values.
  ///
  /// First an LP with every day's choices fixed sets the tie-break's own
  /// variables to their least values for the plan; then the slots are
  /// re-planned one at a time with the tie-break as the objective (the slot's
  /// dish and portion free, and the portions of its day's other slots: a
  /// small MIP, solved to optimality), until a round finds
  /// nothing better, the tie-break reaches 0 (both tie-breaks are sums of
  /// non-negative variables), or ``Tuning/moves`` solves have run.
  /// That work limit, not the clock, is what normally ends the step, so the
  /// same plan comes out of every run.
  ///
  /// - Returns: the plan, and whether the deadline stopped the step.
  func breakTies(
    _ model: LinearModel, objective: LinearExpression, cost: LinearExpression, cap: Double,
    from start: [Double], holding held: [VariableRef: Double] = [:],
    _ progress: inout Progress
  ) throws(PlanningError) -> (values: [Double], timedOut: Bool) {
    let solves = progress.solves
    let seconds = progress.seconds
    var capped = model.fixing(held)
    capped.addConstraint("cost_cap", cost, .lessThan(cap + 1e-7), group: .costCap)
    capped.setObjective(.minimize, objective)
    var values = start
    var days: [VariableRef: Double] = [:]
    for variable in dayBlocks.joined() { days[variable] = start[variable.index].rounded() }
    let least = try run(capped.fixing(days).relaxingIntegrality(), &progress)
    if least.status == .optimal, least.values.count == start.count { values = least.values }
    let improved = try improve(
      capped, objective: objective, from: values, blocks: slotBlocks,
      solves: max(0, tuning.moves - 1),
      nodeLimit: model.constraints(in: .purchases).isEmpty ? nil : tuning.moveNodeLimit, &progress
    ) { $0 <= 1e-9 }
    // Keep the result only when it is an exact point of the capped model (see `accept`).
    var kept = Progress()
    kept.objective = .infinity
    try accept(improved.values, in: capped, &kept)
    let result = (values: kept.values ?? start, timedOut: improved.timedOut)
    progress.solves += kept.solves
    progress.seconds += kept.seconds
    progress.records.append(
      StepRecord(
        step: .tieBreak, solves: progress.solves - solves, seconds: progress.seconds - seconds,
        bound: progress.bound, objective: cost.value(result.values)))
    return result
  }
}
