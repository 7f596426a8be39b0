import Foundation

/// A food-level model with every goal, limit and budget of the problem as
/// rows that can be dropped, relaxed or moved one line at a time.
///
/// Built from ``DietModelBuilder``'s model; limits on single foods, which the
/// builder writes as variable bounds, become rows here so that they can take
/// part in a conflict like any other line.
struct DietLineModel {
  /// One line of the problem and its rows.
  struct Line {
    var line: PlanLine
    /// Row indices in ``DietLineModel/model``.
    var rows: [Int]
    /// The days each row covers (for a percent-of-energy row's energy total).
    var rowDays: [[Int]]
    var minimum: Double?
    var maximum: Double?
    var unit: String
    var period: Period
    /// Display units per row unit (grams per serving, budget per row bound).
    var factor: Double
    /// Set for a percent-of-energy goal: the energy of each row's days, as an expression.
    var energy: [LinearExpression]?
    /// Row units per unit of relative change, for the elastic model's weights.
    var scale: [PlanLine.Side: Double]

    func bound(_ side: PlanLine.Side) -> Double? { side == .minimum ? minimum : maximum }
    var sides: [PlanLine.Side] { (minimum != nil ? [.minimum] : []) + (maximum != nil ? [.maximum] : []) }
  }

  let problem: DietProblem
  let built: DietModel
  /// The model, objective as the problem's, single-food limits as rows.
  var model: LinearModel
  var lines: [Line] = []
  /// Rows that belong to no line (purchases): they always hold.
  var structural: Set<Int> = []

  init(_ problem: DietProblem) throws(PlanningError) {
    self.problem = problem
    built = try DietModelBuilder().build(problem)
    model = built.model
    let days = problem.days
    let index = Dictionary(problem.foods.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
    var owned = Set<Int>()

    for (g, goal) in problem.goals.enumerated() where goal.minimum != nil || goal.maximum != nil {
      var rows: [Int] = []
      var rowDays: [[Int]] = []
      let keys: [Int?] = goal.period == .day ? (1...days).map { $0 } : [nil]
      for day in keys {
        for row in built.goalConstraints[DietModel.GoalKey(goal: g, day: day)] ?? [] {
          rows.append(row.index)
          rowDays.append(day.map { [$0] } ?? Array(1...days))
        }
      }
      owned.formUnion(rows)
      let percent = goal.basis == .percentOfEnergy
      let unit = percent ? "%" : goal.nutrient.definition?.unit.rawValue ?? ""
      let scaleFactor = { (bound: Double?, rowLength: Int) -> Double in
        guard let bound else { return 1 }
        if percent { return 2000 * Double(rowLength) * max(bound, 0.01) }
        return max(abs(bound), 1)
      }
      let length = goal.period == .day ? 1 : days
      var line = Line(
        line: PlanLine(
          kind: .goal, index: g,
          statement: Self.statement(
            String(describing: goal.nutrient), goal.minimum.map { percent ? $0 * 100 : $0 },
            goal.maximum.map { percent ? $0 * 100 : $0 }, unit, goal.period),
          subject: String(describing: goal.nutrient), source: goal.source),
        rows: rows, rowDays: rowDays, minimum: goal.minimum.map { percent ? $0 * 100 : $0 },
        maximum: goal.maximum.map { percent ? $0 * 100 : $0 }, unit: unit, period: goal.period, factor: 1,
        scale: [
          .minimum: scaleFactor(goal.minimum, length), .maximum: scaleFactor(goal.maximum, length),
        ])
      if percent { line.energy = rowDays.map(energyExpression) }
      lines.append(line)
    }

    // Group limits: the builder writes `group[...]` rows in the order of the limits.
    var groupRows = model.constraints.indices.filter { model.constraints[$0].name.hasPrefix("group[") }[...]
    for (l, limit) in problem.groupLimits.enumerated() where limit.minimum != nil || limit.maximum != nil {
      let count = limit.period == .day ? days : 1
      let rows = Array(groupRows.prefix(count))
      groupRows = groupRows.dropFirst(count)
      owned.formUnion(rows)
      let unit = limit.unit == .grams ? "g" : "servings"
      lines.append(
        Line(
          line: PlanLine(
            kind: .groupLimit, index: l,
            statement: Self.statement(
              limit.foods.joined(separator: " + "), limit.minimum, limit.maximum, unit, limit.period),
            subject: limit.foods.joined(separator: " + "), source: limit.source),
          rows: rows, rowDays: rows.indices.map { limit.period == .day ? [$0 + 1] : Array(1...days) },
          minimum: limit.minimum, maximum: limit.maximum, unit: unit, period: limit.period, factor: 1,
          scale: [.minimum: max(abs(limit.minimum ?? 1), 1), .maximum: max(abs(limit.maximum ?? 1), 1)]))
    }

    if let budget = problem.budget {
      let amount = NSDecimalNumber(decimal: budget.amount).doubleValue
      let rows = model.constraints.indices.filter {
        let name = model.constraints[$0].name
        return name == "budget" || name.hasPrefix("budget[")
      }
      owned.formUnion(rows)
      let factors = rows.map { row -> Double in
        let bound = model.constraints[row].set.upper ?? amount
        return bound > 0 ? amount / bound : 1
      }
      let statement = "budget " + Self.money(amount, problem.currency) + " per \(budget.period.rawValue)"
      lines.append(
        Line(
          line: PlanLine(
            kind: .budget, index: 0, statement: statement, subject: "cost", source: budget.source),
          rows: rows, rowDays: rows.map { _ in Array(1...days) }, minimum: nil, maximum: amount,
          unit: problem.currency, period: budget.period, factor: factors.first ?? 1,
          scale: [.maximum: max(abs(model.constraints[rows.first ?? 0].set.upper ?? amount), 0.01)]))
    }

    // Single-food limits: bounds in the builder, rows here.
    for (l, limit) in problem.foodLimits.enumerated() {
      guard let f = index[limit.food], limit.minimumGrams != nil || limit.maximumGrams != nil else {
        continue
      }
      let perUnit = built.gramsPerUnit[f]
      var rows: [Int] = []
      for day in 1...days {
        let variable = built.variable(foodIndex: f, dayIndex: day - 1)
        model.variables[variable.index].lower = 0
        model.variables[variable.index].upper = nil
        let set: ConstraintSet
        switch (limit.minimumGrams, limit.maximumGrams) {
        case (let lo?, let hi?):
          set = lo == hi ? .equalTo(lo / perUnit) : .interval(lo / perUnit, hi / perUnit)
        case (let lo?, nil): set = .greaterThan(lo / perUnit)
        case (nil, let hi?): set = .lessThan(hi / perUnit)
        case (nil, nil): continue
        }
        rows.append(
          model.addConstraint("limit[\(limit.food),day\(day)]", LinearExpression([(variable, 1)]), set).index)
      }
      owned.formUnion(rows)
      lines.append(
        Line(
          line: PlanLine(
            kind: .foodLimit, index: l,
            statement: Self.statement(limit.food, limit.minimumGrams, limit.maximumGrams, "g", .day),
            subject: limit.food, source: limit.source),
          rows: rows, rowDays: (1...days).map { [$0] }, minimum: limit.minimumGrams,
          maximum: limit.maximumGrams, unit: "g", period: .day, factor: perUnit,
          scale: [
            .minimum: max(abs(limit.minimumGrams ?? 1), 1) / perUnit,
            .maximum: max(abs(limit.maximumGrams ?? 1), 1) / perUnit,
          ]))
    }
    // Re-apply single-food bounds of foods whose limits have no bound left (none today), and mark the rest.
    structural = Set(model.constraints.indices).subtracting(owned)
  }

  /// Energy over some days, as an expression of the model's variables.
  func energyExpression(_ days: [Int]) -> LinearExpression {
    var expression = LinearExpression()
    for day in days {
      for (f, food) in problem.foods.enumerated() {
        let kcal = (food.nutrientsPer100g[.energy] ?? 0) / 100 * built.gramsPerUnit[f]
        if kcal != 0 { expression.add(built.variable(foodIndex: f, dayIndex: day - 1), kcal) }
      }
    }
    return expression
  }

  /// The model with only the structural rows and the rows of some lines; the
  /// objective is zero when `feasibilityOnly`.
  func model(keeping kept: Set<Int>, feasibilityOnly: Bool) -> LinearModel {
    var keepRows = structural
    for l in kept { keepRows.formUnion(lines[l].rows) }
    var copy = model
    copy.constraints = model.constraints.indices.filter(keepRows.contains).map { model.constraints[$0] }
    if feasibilityOnly { copy.setObjective(.minimize, LinearExpression()) }
    return copy
  }

  /// The model with a slack on some sides of some lines, each slack a
  /// variable that moves that side's bound on every row of the line by the
  /// same amount (in row units), and the objective the weighted sum of the
  /// slacks over their scales.
  func elastic(
    relaxing sides: [(line: Int, side: PlanLine.Side)], weight: (Int, PlanLine.Side) -> Double
  ) -> (model: LinearModel, slacks: [VariableRef]) {
    model.elastic(
      sides.map { l, side in
        ElasticSide(rows: lines[l].rows, side: side, cost: weight(l, side) / (lines[l].scale[side] ?? 1))
      })
  }

  /// The value of a line's side at a point, in display units, on its worst
  /// row: the least row value for a minimum, the most for a maximum. A
  /// percent-of-energy goal's value is the share of energy, in percent.
  func value(of l: Int, side: PlanLine.Side, at point: [Double]) -> Double? {
    let line = lines[l]
    var values: [Double] = []
    for (k, row) in line.rows.enumerated() {
      let constraint = model.constraints[row]
      guard (side == .minimum ? constraint.set.lower : constraint.set.upper) != nil else { continue }
      let rowValue = constraint.expression.value(point)
      if let energy = line.energy?[k] {
        let kcal = energy.value(point)
        guard kcal > 1e-9, let share = line.bound(side) else { continue }
        values.append(share + rowValue / kcal * 100)
      } else {
        values.append(rowValue * rowFactor(l, row: row))
      }
    }
    guard !values.isEmpty else { return nil }
    return side == .minimum ? values.min() : values.max()
  }

  /// Display units per row unit for one row of a line.
  func rowFactor(_ l: Int, row: Int) -> Double {
    let line = lines[l]
    if line.line.kind == .budget, let bound = model.constraints[row].set.upper, bound > 0,
      let amount = line.maximum
    {
      return amount / bound
    }
    return line.factor
  }

  /// `protein at least 250 g a day`, `oats between 10 g and 100 g a day`.
  static func statement(
    _ subject: String, _ minimum: Double?, _ maximum: Double?, _ unit: String, _ period: Period
  )
    -> String
  {
    let per = period == .day ? "a day" : "over the plan"
    let amount = { (value: Double) in Self.quantity(value, unit) }
    switch (minimum, maximum) {
    case (let lo?, let hi?) where lo == hi: return "\(subject) exactly \(amount(lo)) \(per)"
    case (let lo?, let hi?): return "\(subject) between \(amount(lo)) and \(amount(hi)) \(per)"
    case (let lo?, nil): return "\(subject) at least \(amount(lo)) \(per)"
    case (nil, let hi?): return "\(subject) at most \(amount(hi)) \(per)"
    case (nil, nil): return subject
    }
  }

  /// `250 g`, `12.5 %`, `2 servings`.
  static func quantity(_ value: Double, _ unit: String) -> String {
    unit == "%" ? number(value) + "%" : number(value) + " " + unit
  }

  /// A number with at most two decimals, trailing zeros dropped: `112`, `112.5`, `0.04`.
  static func number(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded() { return String(format: "%.0f", rounded == 0 ? 0 : rounded) }
    var text = String(format: "%.2f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }

  /// `6.80 USD`.
  static func money(_ value: Double, _ currency: String) -> String {
    String(format: "%.2f", abs(value) < 0.005 ? 0 : value) + " " + currency
  }
}
