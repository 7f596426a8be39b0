import Foundation

extension MealPlanner {
  /// What each goal, budget and `repeat at most` limit of a week of meals
  /// costs, one person's or a household's (each member's goals), by solving
  /// again with its bound moved a step.
  ///
  /// A week of meals is an integer model, so there are no duals to read: the
  /// problem is solved once as it is and once per side of each line with the
  /// bound moved up by `DietExplainer/resolveStep(for:)` (1 for `repeat at
  /// most`), each time by this planner's search with its gap
  /// (``MealPlannerOptions/relativeGap``), the tie-break off and at most
  /// `solveSeconds`. A figure is the difference of the two costs, reported
  /// only when both solves are proven optimal within the gap; otherwise the
  /// line says it could not be proven in the time. With a gap above zero each
  /// cost is known only down to its proven bound, so the figure also carries
  /// the range the true change lies in (`MarginalCost/changeAtLeast` and
  /// `MarginalCost/changeAtMost`): from the moved plan's bound minus the
  /// plan's cost to the moved plan's cost minus the plan's bound. A line whose
  /// two costs are the same to the cent is not binding at that step.
  ///
  /// ```swift
  /// let costs = try MealPlanner(solver: GLPKSolver()).explainCosts(problem)
  /// for cost in costs.marginalCosts { print(cost.message) }
  /// ```
  ///
  /// - Parameters:
  ///   - problem: a problem that has a plan.
  ///   - solveSeconds: the most seconds one solve may take.
  ///   - totalSeconds: the most seconds all solves together may take.
  /// - Returns: the explanation with `PlanExplanation/marginalCosts` and a sentence each.
  /// - Throws: ``PlanningError`` as ``solve(_:)`` does.
  /// - Complexity: One solve, and one more per side of each bounded line.
  package func explainCosts(_ problem: MealPlanProblem, solveSeconds: Double = 10, totalSeconds: Double = 60)
    throws(PlanningError) -> PlanExplanation
  {
    var untied = problem
    untied.tieBreak = .none
    let weekLines = MealPlanLines(untied)
    let lines = weekLines.lines
    let currency = problem.currency
    let days = problem.days
    let started = ContinuousClock.now
    let deadline = started + .seconds(totalSeconds)
    typealias Proven = (cost: Double, bound: Double)
    func solveCost(_ problem: MealPlanProblem) throws(PlanningError) -> (proven: Proven?, status: PlanStatus)
    {
      let left = (deadline - ContinuousClock.now).seconds
      guard left > 0.01 else { return (nil, .unknown) }
      var settings = options
      settings.timeLimit = min(solveSeconds, left)
      settings.progress = nil
      settings.explanationProgress = nil
      let plan = try MealPlanner(solver: solver, options: settings).solve(problem)
      guard plan.status.hasPlan, plan.report.metGapTarget, let cost = plan.cost else {
        return (nil, plan.status)
      }
      let value = NSDecimalNumber(decimal: cost).doubleValue
      return ((value, min(plan.report.bound ?? value, value)), plan.status)
    }
    let moves = lines.indices.flatMap { l -> [(Int, PlanLine.Side)] in
      let line = lines[l]
      switch line.part {
      case .budget, .goal, .memberGoal, .maximumPerWeek: return line.sides.map { (l, $0) }
      default: return []
      }
    }
    let report = { (done: Int) in
      options.explanationProgress?(
        ExplanationProgress(
          seconds: (ContinuousClock.now - started).seconds, phase: .marginalCosts, done: done,
          total: moves.count + 1))
    }
    report(0)
    let gap = DietLineModel.number(options.relativeGap * 100) + "%"
    guard let base = try solveCost(untied).proven else {
      return PlanExplanation(sentences: [
        "no figures: the plan could not be proven optimal within \(DietLineModel.number(solveSeconds)) s"
          + " at a gap of \(gap)"
      ])
    }
    var costs: [MarginalCost] = []
    for (done, (l, side)) in moves.enumerated() {
      report(done + 1)
      let line = lines[l]
      let bound = line.bound(side) ?? 0
      let step = line.part == .maximumPerWeek ? 1 : DietExplainer.resolveStep(for: bound)
      var again: Proven?
      var outcome: PlanStatus = .unknown
      if let moved = weekLines.moving(l, side: side, by: step) {
        let solved = try solveCost(moved)
        outcome = solved.status
        again = solved.proven
      } else {
        outcome = .infeasible
      }
      var cost = marginalCost(
        lines, l, side, step: step, change: again.map { $0.cost - base.cost }, outcome: outcome,
        currency: currency, days: days)
      if let again, again.bound < again.cost || base.bound < base.cost {
        let low = again.bound - base.cost
        let high = again.cost - base.bound
        cost.changeAtLeast = low
        cost.changeAtMost = high
        cost.message +=
          "; both costs are proven within \(gap), so the true change is between "
          + DietLineModel.money(low, currency) + " and " + DietLineModel.money(high, currency)
      }
      costs.append(cost)
    }
    let note =
      "(a week of meals is in whole servings, so each figure comes from solving again with the bound moved a"
      + " step; both solves proven optimal within \(gap))"
    return PlanExplanation(sentences: costs.map(\.message) + [note], marginalCosts: costs)
  }

  private func marginalCost(
    _ lines: [MealPlanLines.Line], _ l: Int, _ side: PlanLine.Side, step: Double, change: Double?,
    outcome: PlanStatus,
    currency: String, days: Int
  ) -> MarginalCost {
    let line = lines[l]
    let bound = line.bound(side) ?? 0
    let binding = change.map { abs($0) >= 0.005 } ?? false
    let clean = change.map { binding ? $0 : 0 }
    let place = line.line.source.map { " (\($0))" } ?? ""
    let what: String
    switch line.part {
    case .budget: what = "the budget"
    case .maximumPerWeek: what = "the repeat limit"
    default:
      // "the protein minimum", but "Ana's protein minimum" (a household member's).
      what =
        (line.line.subject.contains("'s ") ? "" : "the ")
        + "\(line.line.subject) \(side == .minimum ? "minimum" : "maximum")"
    }
    let raised =
      line.line.kind == .budget
      ? DietLineModel.money(bound + step, currency) + " per \(line.period.rawValue)"
      : line.part == .maximumPerWeek
        ? DietLineModel.number(bound + step) + " times a week"
        : DietLineModel.quantity(bound + step, line.unit) + (line.period == .day ? " a day" : " a week")
    let over = days == 7 ? "a week" : "over the \(days) days"
    var message = line.line.statement + place + ": "
    if let clean {
      message +=
        binding
        ? "raising \(what) to \(raised) \(clean > 0 ? "adds" : "saves") "
          + DietLineModel.money(abs(clean), currency) + " \(over)"
        : "not binding: raising \(what) to \(raised) changes nothing"
    } else if outcome == .infeasible {
      message += "raising \(what) to \(raised) leaves no plan"
    } else {
      message += "not measured: the plan with \(what) at \(raised) was not proven optimal in the time"
    }
    return MarginalCost(
      line: line.line, side: side, bound: bound, unit: line.unit, period: line.period, binding: binding,
      method: .resolve, step: step, change: clean, objectiveUnit: currency, message: message)
  }
}

extension MealPlanLines {
  /// The problem with one side of a line moved up by `step` (its display units);
  /// `nil` when that puts a minimum above its maximum.
  func moving(_ l: Int, side: PlanLine.Side, by step: Double) -> MealPlanProblem? {
    let line = lines[l]
    if side == .minimum, let minimum = line.minimum, let maximum = line.maximum, minimum + step > maximum {
      return nil
    }
    var copy = problem
    switch line.part {
    case .budget(let b):
      copy.budgets[b].amount += Decimal(step)
    case .goal, .memberGoal:
      Self.change(line.part, in: &copy) { goal in
        let scale = goal.basis == .percentOfEnergy ? 0.01 : 1
        if side == .minimum {
          goal.minimum = (goal.minimum ?? 0) + step * scale
        } else {
          goal.maximum = (goal.maximum ?? 0) + step * scale
        }
      }
    case .maximumPerWeek:
      copy.repetition.maximumPerWeek = (copy.repetition.maximumPerWeek ?? 0) + Int(step)
    default:
      return nil
    }
    return copy
  }
}
