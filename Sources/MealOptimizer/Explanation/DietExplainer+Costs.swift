import Foundation

extension DietExplainer {
  /// What each goal, limit and budget of a plan costs, and what each unused
  /// food would have to cost to enter it.
  ///
  /// For a plan in grams (an LP) each side of each line gets the sum of its
  /// rows' duals: how much the objective changes when the bound moves up by
  /// one of its units (one percentage point for a share of energy), exact for
  /// small steps. For a plan in whole servings or whole packages (a MIP) the
  /// problem is solved again with each bound moved up by
  /// ``resolveStep(for:)`` and the difference is reported. Foods the plan
  /// does not use get, from the LP's reduced costs, the price at or below
  /// which they would enter (plans that minimise cost, in grams).
  ///
  /// - Parameter problem: A problem that has a plan.
  /// - Returns: The explanation with ``PlanExplanation/marginalCosts``,
  ///   ``PlanExplanation/reducedCosts`` and sentences for them.
  /// - Throws: ``PlanningError/invalidProblem(_:)``, ``PlanningError/solver(_:)``
  ///   or ``PlanningError/cancelled``.
  /// - Complexity: One solve for a plan in grams; one more per side of each
  ///   line for a plan in whole servings.
  package func explainCosts(_ problem: DietProblem) throws(PlanningError) -> PlanExplanation {
    let lines = try DietLineModel(problem)
    let deadline = ContinuousClock.now + .seconds(totalSeconds)
    let base = try solve(lines.model, until: deadline)
    guard base.status.hasValues, base.values.count == lines.model.variables.count,
      let objective = base.objectiveValue
    else {
      return PlanExplanation(sentences: ["no plan to explain: the plan is \(base.status.rawValue)"])
    }
    let objectiveUnit: String
    switch problem.objective {
    case .minimizeCost: objectiveUnit = problem.currency
    case .minimize(let nutrient), .maximize(let nutrient):
      objectiveUnit = (nutrient.definition?.unit.rawValue ?? "") + " of \(nutrient)"
    }
    var costs: [MarginalCost] = []
    let integer = lines.model.isMixedInteger
    let started = ContinuousClock.now
    let total = lines.lines.reduce(0) { $0 + $1.sides.count }
    for l in lines.lines.indices {
      for side in lines.lines[l].sides {
        let line = lines.lines[l]
        let bound = line.bound(side) ?? 0
        if integer {
          progress?(
            ExplanationProgress(
              seconds: (ContinuousClock.now - started).seconds, phase: .marginalCosts, done: costs.count,
              total: total))
          let step = Self.resolveStep(for: bound)
          var change: Double?
          var unmeasured = false
          if let moved = lines.moving(l, side: side, by: step) {
            let again = try solve(moved, until: deadline)
            if again.status.hasValues, let other = again.objectiveValue { change = other - objective }
            unmeasured = again.status == .unknown
          }
          costs.append(
            marginal(
              lines, l, side, method: .resolve, step: step, change: change, unmeasured: unmeasured,
              objectiveUnit: objectiveUnit, currency: problem.currency))
        } else {
          let change = lines.dualChange(l, side: side, solution: base)
          costs.append(
            marginal(
              lines, l, side, method: .dual, step: 1, change: change,
              objectiveUnit: objectiveUnit, currency: problem.currency))
        }
      }
    }
    let reduced = integer ? [] : reducedCosts(lines, base)
    var sentences = costs.map(\.message) + reduced.map(\.message)
    if integer {
      sentences.append(
        "(the plan is in whole servings or packages, so each figure comes from solving again with the bound moved a step)"
      )
    }
    return PlanExplanation(sentences: sentences, marginalCosts: costs, reducedCosts: reduced)
  }

  private func marginal(
    _ lines: DietLineModel, _ l: Int, _ side: PlanLine.Side, method: MarginalCost.Method, step: Double,
    change: Double?, unmeasured: Bool = false, objectiveUnit: String, currency: String
  ) -> MarginalCost {
    let line = lines.lines[l]
    let bound = line.bound(side) ?? 0
    let binding = change.map { abs($0) > 1e-7 * max(1, abs(bound)) } ?? false
    let clean = change.map { binding ? $0 : 0 }
    let placeText = line.line.source.map { " (\($0))" } ?? ""
    let period = Self.per(line.period, budget: line.line.kind == .budget)
    let what =
      line.line.kind == .budget
      ? "the budget" : "\(line.line.subject) \(side == .minimum ? "minimum" : "maximum")"
    let amountText = { (value: Double) in Self.amount(line, value, currency: currency) }
    let objective = { (delta: Double) -> String in
      let size =
        objectiveUnit == currency
        ? DietLineModel.money(abs(delta), currency) : DietLineModel.number(abs(delta)) + " " + objectiveUnit
      if objectiveUnit == currency { return (delta > 0 ? "adds " : "saves ") + size }
      return (delta > 0 ? "raises the objective by " : "lowers the objective by ") + size
    }
    var message = line.line.statement + placeText + ": "
    if let change = clean {
      if !binding {
        message += "not binding"
      } else if method == .dual {
        // A step of 1, 10, 100 … units, the first whose change shows in cents.
        var shown = 1.0
        while abs(change * shown) < 0.01, shown < 1e6 { shown *= 10 }
        let unit =
          line.line.kind == .budget
          ? DietLineModel.money(shown, currency) : DietLineModel.quantity(shown, line.unit)
        message += "each extra \(unit) \(period) on the \(what) \(objective(change * shown))"
      } else {
        message += "raising the \(what) to \(amountText(bound + step)) \(period) \(objective(change))"
      }
    } else if unmeasured {
      message += "not measured: the time limit came before the re-solve finished"
    } else {
      message += "raising the \(what) to \(amountText(bound + step)) \(period) leaves no plan"
    }
    return MarginalCost(
      line: line.line, side: side, bound: bound, unit: line.unit, period: line.period, binding: binding,
      method: method, step: step, change: clean, objectiveUnit: objectiveUnit, message: message)
  }

  /// What each unused food would have to cost to enter a plan in grams that minimises cost.
  private func reducedCosts(_ lines: DietLineModel, _ base: Solution) -> [ReducedCost] {
    let problem = lines.problem
    guard case .minimizeCost = problem.objective, problem.purchasing?.costBasis != .paid,
      base.reducedCosts.count == lines.model.variables.count
    else { return [] }
    var costs: [ReducedCost] = []
    for (f, food) in problem.foods.enumerated() {
      guard let offer = food.cheapestOffer else { continue }
      let variables = (1...problem.days).map { lines.built.variable(foodIndex: f, dayIndex: $0 - 1) }
      guard variables.allSatisfy({ abs(base.values[$0.index]) < 1e-9 }) else { continue }
      let drop = variables.map { base.reducedCosts[$0.index] / lines.built.gramsPerUnit[f] }.min() ?? 0
      let perGram = offer.pricePerGram
      let entering = perGram - max(0, drop)
      let per = Self.packageText(offer.packageGrams)
      let now = perGram * offer.packageGrams
      let message: String
      let price: Double?
      if entering > 1e-12 {
        price = entering * offer.packageGrams
        message =
          "\(food.id) would be used at \(DietLineModel.money(entering * offer.packageGrams, problem.currency)) per \(per) or less"
          + " (now \(DietLineModel.money(now, problem.currency)))"
      } else {
        price = nil
        message = "\(food.id) would not be used even at no cost: another goal or limit keeps it out"
      }
      costs.append(
        ReducedCost(
          food: food.id, name: food.name, price: now, enteringPrice: price, per: per,
          currency: problem.currency,
          message: message))
    }
    // Closest to entering first.
    return costs.sorted { ($0.enteringPrice ?? 0) / $0.price > ($1.enteringPrice ?? 0) / $1.price }
  }

  /// `kg`, `lb`, `454 g`.
  static func packageText(_ grams: Double) -> String {
    if abs(grams - 1000) < 1e-6 { return "kg" }
    let pounds = grams / 453.59237
    if abs(pounds - pounds.rounded()) < 0.001 {
      return pounds.rounded() == 1 ? "lb" : "\(Int(pounds.rounded())) lb"
    }
    let ounces = grams / 28.349523125
    if abs(ounces - ounces.rounded()) < 0.001 { return "\(Int(ounces.rounded())) oz" }
    return DietLineModel.number(grams.rounded()) + " g"
  }
}

extension DietLineModel {
  /// How much the objective changes when a side's bound moves up by one
  /// display unit, from the duals of its rows; `nil` without duals.
  func dualChange(_ l: Int, side: PlanLine.Side, solution: Solution) -> Double? {
    guard solution.rowDuals.count == model.constraints.count else { return nil }
    let line = lines[l]
    var change = 0.0
    for (k, row) in line.rows.enumerated() {
      let constraint = model.constraints[row]
      let set = constraint.set
      guard let bound = side == .minimum ? set.lower : set.upper else { continue }
      if let lower = set.lower, let upper = set.upper, lower != upper {
        // A ranged row: its dual belongs to the side it sits on.
        let value = constraint.expression.value(solution.values)
        let other = side == .minimum ? upper : lower
        if abs(value - bound) > abs(value - other) { continue }
      }
      let dual = solution.rowDuals[row]
      if let energy = line.energy?[k] {
        change += dual * energy.value(solution.values) / 100
      } else {
        change += dual / rowFactor(l, row: row)
      }
    }
    return change
  }

  /// The model with one side of a line moved up by `step` display units; `nil`
  /// when the move would put a minimum above its maximum.
  func moving(_ l: Int, side: PlanLine.Side, by step: Double) -> LinearModel? {
    let line = lines[l]
    if side == .minimum, let minimum = line.minimum, let maximum = line.maximum, minimum != maximum,
      minimum + step > maximum
    {
      return nil
    }
    var copy = model
    for (k, row) in line.rows.enumerated() {
      let set = model.constraints[row].set
      if let energy = line.energy?[k] {
        // k·amount − share·energy: a share raised by step percent subtracts step/100 of the energy.
        guard (side == .minimum ? set.lower : set.upper) != nil else { continue }
        for term in energy.terms {
          copy.constraints[row].expression.add(term.variable, -term.coefficient * step / 100)
        }
        continue
      }
      let delta = step / rowFactor(l, row: row)
      switch set {
      case .equalTo(let b): copy.constraints[row].set = .equalTo(b + delta)
      case .greaterThan(let b): if side == .minimum { copy.constraints[row].set = .greaterThan(b + delta) }
      case .lessThan(let b): if side == .maximum { copy.constraints[row].set = .lessThan(b + delta) }
      case .interval(let lo, let hi):
        copy.constraints[row].set = side == .minimum ? .interval(lo + delta, hi) : .interval(lo, hi + delta)
      }
    }
    return copy
  }
}
