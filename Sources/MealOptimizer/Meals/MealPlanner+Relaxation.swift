import Foundation

extension MealPlanner {
  /// The smallest weighted relaxation of a meal plan's goals, budgets and
  /// weekly repetition limit.
  ///
  /// The problem's model (without a tie-break) gets a slack on each side of
  /// each goal, each budget and the `repeat at most` limit, through the same
  /// elastic construction as food-level plans (``LinearModel/elastic(_:)``),
  /// each slack weighted by ``DietExplainer/weight(of:side:)`` over the size
  /// of its bound. Diet labels, avoid rules, locks and leftovers stay as
  /// written: they decide which recipes a slot may hold, not a number.
  ///
  /// The elastic model is an integer program; it is solved once by GLPK's
  /// branch-and-cut, capped at ``explanationSolveSeconds`` and the
  /// explanation's deadline. A change found but not proven least is
  /// returned with `proven` false.
  struct MealRelaxation {
    /// The lines that move, with what each reaches.
    var changes: [LineRelaxation] = []
    /// Whether the change is proven the smallest (or, with ``impossible``, that none exists).
    var proven = false
    /// Whether the elastic model had a solution at all (false: no change to
    /// goals, budgets and the repetition limit alone gives a plan, or none was
    /// found in time).
    var found = false
    /// Whether the solve proved that no such change exists.
    var impossible = false
    /// The elastic model's plan: its first variables are a plan of the
    /// week with the changed bounds.
    var point: [Double]?
  }

  /// One relaxable side of one line, as rows of the meal-plan model.
  private struct RelaxableSide {
    var line: Int
    var side: PlanLine.Side
    var rows: [Int]
    /// Row units per line unit, per row.
    var coefficients: [Double]
    /// The line's units per unit of relative change.
    var scale: Double
    /// For a percent-of-energy goal: the energy of each row's days.
    var energy: [LinearExpression]?
  }

  /// What the elastic model needs to know of a built week (a meal plan's or a household's).
  struct RelaxationInput {
    /// Every line, by position; goals, budgets and `repeat at most` can move.
    var lines: [MealPlanLines.Line]
    /// For each goal line, by position in ``lines``: the goal and its rows in ``built``.
    var goals: [Int: (goal: NutrientGoal, rows: Range<Int>)]
    /// The energy that a goal line (by position) counts over some days, for a share of energy.
    var energy: (Int, ClosedRange<Int>) -> LinearExpression
    /// The built model, without a tie-break.
    var built: MealPlanModel
    /// The week: its days, budgets, purchasing and currency.
    var week: MealPlanProblem
    /// The week's seven-day blocks.
    var blocks: [(number: Int, days: ClosedRange<Int>, share: Double)]
  }

  /// Solves the elastic model of `problem` over `lines` (see
  /// ``MealRelaxation``): one person's week, or a household's, whose
  /// members' goals are rows of their own portions.
  func smallestRelaxation(
    _ problem: MealPlanProblem, lines: MealPlanLines, deadline: ContinuousClock.Instant
  ) throws(PlanningError) -> MealRelaxation {
    var untied = problem
    untied.tieBreak = .none
    let base: MealPlanModelBuilder
    let built: MealPlanModel
    let energy: (Int, ClosedRange<Int>) -> LinearExpression
    if let household = untied.householdProblem {
      guard let builder = try? HouseholdModelBuilder(problem: household) else { return MealRelaxation() }
      let week = builder.build()
      let diners = builder.diners(eaters: week.eaters)
      (base, built) = (builder.base, week.model)
      energy = { l, days in
        var diner = 0
        if case .memberGoal(let m, _) = lines.lines[l].part { diner = m }
        return builder.base.total(over: week.model.slots, days: days, diner: diner, diners: diners) {
          builder.base.amount(.energy, $0)
        }
      }
    } else {
      guard let builder = try? MealPlanModelBuilder(problem: untied) else { return MealRelaxation() }
      let week = builder.build()
      (base, built) = (builder, week)
      energy = { _, days in builder.total(over: week.slots, days: days) { builder.amount(.energy, $0) } }
    }
    guard built.conflicts.isEmpty else { return MealRelaxation(proven: true, impossible: true) }
    var goals: [Int: (goal: NutrientGoal, rows: Range<Int>)] = [:]
    for (l, line) in lines.lines.enumerated() {
      if let goal = lines.goal(line.part), let rows = lines.goalRows(line.part, in: built) {
        goals[l] = (goal, rows)
      }
    }
    let input = RelaxationInput(
      lines: lines.lines, goals: goals, energy: energy, built: built, week: untied,
      blocks: base.weekBlocks())
    return try smallestRelaxation(input, deadline: deadline)
  }

  /// Solves the elastic model described by `input`.
  func smallestRelaxation(_ input: RelaxationInput, deadline: ContinuousClock.Instant) throws(PlanningError)
    -> MealRelaxation
  {
    let built = input.built
    let problem = input.week
    let sides = relaxableSides(input)
    guard !sides.isEmpty else { return MealRelaxation(proven: true, impossible: true) }
    let (elastic, slacks) = built.model.elastic(
      sides.map {
        ElasticSide(
          rows: $0.rows, side: $0.side, coefficients: $0.coefficients,
          cost: DietExplainer.weight(of: input.lines[$0.line].line.kind, side: $0.side) / $0.scale)
      })
    // First the meal planner's search (plans from dives and day-by-day
    // solves, bounds from relaxations), at most one solve's cap; then, unless
    // it proved its plan, GLPK's branch-and-cut on the whole elastic model for
    // what is left of the cap, keeping the better plan.
    let cap = min(deadline, ContinuousClock.now + .seconds(Self.explanationSolveSeconds))
    let search = MealPlanSearch(solver: solver, slots: built.slots, relativeGap: 1e-6, deadline: cap)
    let found = try search.minimizeCost(elastic)
    var point = found.values.flatMap { $0.count == elastic.variables.count ? $0 : nil }
    var objective = point.map { elastic.objective.value($0) } ?? .infinity
    var proven = point != nil && search.isProven(objective, bound: found.bound)
    if !proven {
      let solution = try capped(elastic, until: cap, relativeGap: 0)
      if solution.status == .infeasible {
        return MealRelaxation(proven: true, impossible: true)
      }
      if solution.status.hasValues, solution.values.count == elastic.variables.count {
        let value = elastic.objective.value(solution.values)
        if value < objective - 1e-9 || solution.status == .optimal {
          point = solution.values
          objective = value
        }
        proven = solution.status == .optimal
      }
    }
    guard let point else { return MealRelaxation() }
    var result = MealRelaxation(proven: proven, found: true, point: point)
    for (k, side) in sides.enumerated() {
      let slack = point[slacks[k].index]
      guard slack > 1e-6 * side.scale else { continue }
      let line = input.lines[side.line]
      guard let bound = line.bound(side.side) else { continue }
      var values: [Double] = []
      for (r, row) in side.rows.enumerated() {
        let constraint = built.model.constraints[row]
        guard (side.side == .minimum ? constraint.set.lower : constraint.set.upper) != nil else { continue }
        let value = constraint.expression.value(point)
        if let energy = side.energy?[r] {
          let kcal = energy.value(point)
          guard kcal > 1e-9 else { continue }
          values.append(bound + value / kcal * 100)
        } else {
          values.append(value / side.coefficients[r])
        }
      }
      guard let worst = side.side == .minimum ? values.min() : values.max() else { continue }
      let reached = side.side == .minimum ? min(worst, bound) : max(worst, bound)
      // `repeat at most`'s unit is "times a week": its period is said once.
      let amount =
        line.line.kind == .budget
        ? DietLineModel.money(reached, problem.currency)
        : line.line.kind == .repetition
          ? DietLineModel.number(reached) + " times" : DietLineModel.quantity(reached, line.unit)
      let per = line.period == .day ? "a day" : "a week"
      result.changes.append(
        LineRelaxation(
          line: line.line, side: side.side, bound: bound, reachable: reached,
          relaxation: abs(bound - reached),
          unit: line.unit, period: line.period,
          message: DietExplainer.changePhrase(line.line, side.side, amount, per: per)))
    }
    return result
  }

  /// The goals, budgets and the weekly repetition limit as rows of the built model.
  private func relaxableSides(_ input: RelaxationInput) -> [RelaxableSide] {
    let problem = input.week
    let model = input.built.model
    let days = problem.days
    let blocks = input.blocks
    var sides: [RelaxableSide] = []
    // Budget rows, in the order of the budgets: one per day or per seven-day
    // block, or one `budget[paid,…]` row over the plan when purchases are modelled.
    var budgetRows = model.constraints.indices.filter { model.constraints[$0].group == .budget }[...]
    let repeatRows = model.constraints.indices.filter { model.constraints[$0].name.hasPrefix("repeat[") }
    for (l, line) in input.lines.enumerated() {
      switch line.part {
      case .goal, .memberGoal:
        guard let (goal, range) = input.goals[l] else { continue }
        let rows = Array(range)
        let periods: [ClosedRange<Int>] =
          goal.period == .day ? (1...days).map { $0...$0 } : blocks.map(\.days)
        for side in line.sides {
          guard let bound = line.bound(side) else { continue }
          if goal.basis == .percentOfEnergy {
            // Rows alternate minimum and maximum per period when the goal has both.
            let perPeriod = line.sides.count
            let offset = perPeriod > 1 && side == .maximum ? 1 : 0
            let own = stride(from: offset, to: rows.count, by: perPeriod).map { rows[$0] }
            let energy = periods.prefix(own.count).map { input.energy(l, $0) }
            let length = goal.period == .day ? 1.0 : 7.0
            sides.append(
              RelaxableSide(
                line: l, side: side, rows: own, coefficients: own.map { _ in 1 },
                scale: 2000 * length * max(bound / 100, 0.01), energy: energy))
          } else {
            let coefficients = rows.map { row -> Double in
              let rowBound =
                side == .minimum ? model.constraints[row].set.lower : model.constraints[row].set.upper
              guard let rowBound, bound != 0 else { return 1 }
              return rowBound / bound
            }
            sides.append(
              RelaxableSide(
                line: l, side: side, rows: rows, coefficients: coefficients, scale: max(abs(bound), 1)))
          }
        }
      case .budget(let b):
        let budget = problem.budgets[b]
        let amount = NSDecimalNumber(decimal: budget.amount).doubleValue
        let coefficients: [Double]
        if problem.purchasing != nil {
          coefficients = [budget.period == .week ? Double(days) / 7 : Double(days)]
        } else {
          coefficients = budget.period == .day ? (1...days).map { _ in 1 } : blocks.map(\.share)
        }
        let rows = Array(budgetRows.prefix(coefficients.count))
        budgetRows = budgetRows.dropFirst(coefficients.count)
        guard rows.count == coefficients.count else { continue }
        sides.append(
          RelaxableSide(
            line: l, side: .maximum, rows: rows, coefficients: coefficients, scale: max(amount, 0.01)))
      case .maximumPerWeek:
        guard !repeatRows.isEmpty, let most = line.maximum else { continue }
        sides.append(
          RelaxableSide(
            line: l, side: .maximum, rows: repeatRows, coefficients: repeatRows.map { _ in 1 },
            scale: max(most, 1)))
      default: continue
      }
    }
    return sides
  }
}

extension MealPlanner {
  /// What to say when the elastic model found no change: a conflict of
  /// rules alone says it already; otherwise either no change to numbers
  /// alone gives a plan (proven) or none was found in the time.
  static func relaxationSentences(_ relaxed: MealRelaxation, conflicts: [LineRelaxation]) -> [String] {
    guard !relaxed.found else { return [] }
    let numeric: Set<PlanLine.Kind> = [.goal, .budget, .repetition]
    guard conflicts.contains(where: { numeric.contains($0.line.kind) }) else { return [] }
    return [
      relaxed.impossible
        ? "no change to the goals, budgets and repetition limit alone gives a plan (proven): a diet label,"
          + " avoid rule, lock or leftover rule must change too"
        : "no change to the goals, budgets and repetition limit was found within the time"
    ]
  }
}
