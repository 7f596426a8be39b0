import Foundation

/// Turns a ``DietProblem`` into a ``LinearModel`` with readable names.
///
/// There is one variable per food and day, `x[oats,day3]`: grams of the
/// food, or servings for foods in ``DietProblem/wholeServings`` (an integer
/// variable). Constraints are named after what they mean: `goal[protein,day3]`,
/// `goal[protein,week]`, `goal[saturated_fat,day1,max]` for one side of a
/// percent-of-energy goal, `group[dairy,day2]`, `budget` (weekly) or
/// `budget[day2]` (daily).
///
/// A goal stated as a percent of energy stays linear: "saturated fat at most
/// 10% of energy" is `9 × saturated_fat − 0.10 × energy ≤ 0`, with the
/// nutrient's ``NutrientDefinition/kilocaloriesPerUnit``.
///
/// ```swift
/// let built = try DietModelBuilder().build(problem)
/// let solution = try GLPKSolver().solve(built.model, options: SolverOptions())
/// let grams = built.grams(from: solution)   // [day][food]
/// ```
package struct DietModelBuilder: Sendable {
  package init() {}

  /// Builds the model for a problem.
  ///
  /// - Parameter problem: The problem; it is validated first.
  /// - Returns: The model and the mapping from its variables back to foods and days.
  /// - Throws: ``PlanningError/invalidProblem(_:)`` listing every mistake in the problem.
  /// - Complexity: O(*d* × *f* × *g*) for *d* days, *f* foods and *g* goals.
  package func build(_ problem: DietProblem) throws(PlanningError) -> DietModel {
    try problem.validate()
    return buildValidated(problem)
  }

  /// Builds the model for a problem that ``DietProblem/validate()`` accepts,
  /// its foods indexed by `index` when the caller has one.
  func buildValidated(_ problem: DietProblem, index: IdentifierTable? = nil) -> DietModel {
    let foods = problem.foods
    var model = LinearModel(name: "diet")
    let ids = Self.perFood(foods) { $0.id }
    let whole = ids.map { problem.wholeServings.contains($0) }
    let gramsPerUnit = Self.perFood(foods) { food in
      problem.wholeServings.contains(food.id) ? problem.wholeServingGrams(of: food) : 1
    }
    var lower = [Double](repeating: 0, count: foods.count)
    var upper = [Double?](repeating: nil, count: foods.count)
    let index = index ?? IdentifierTable(ids)
    // Limits read in place (a plan may have one or two per food).
    problem.foodLimits.withUnsafeBufferPointer { limits in
      for l in limits.indices {
        guard let f = index[limits[l].food] else { continue }
        if let minimum = limits[l].minimumGrams { lower[f] = max(lower[f], minimum / gramsPerUnit[f]) }
        if let maximum = limits[l].maximumGrams {
          upper[f] = min(upper[f] ?? .infinity, maximum / gramsPerUnit[f])
        }
      }
    }
    model.variables.reserveCapacity(problem.days * foods.count)
    for day in 1...problem.days {
      for f in ids.indices {
        model.addVariable(
          Self.variableName(ids[f], day: day), lower: lower[f], upper: upper[f],
          kind: whole[f] ? .integer : .continuous)
      }
    }
    let built = DietModel(model: model, foodIDs: ids, days: problem.days, gramsPerUnit: gramsPerUnit)
    var result = built
    (result.model, result.goalConstraints) = addRows(to: model, problem: problem, built: built, index: index)
    if let purchasing = problem.purchasing {
      addPurchases(purchasing, problem: problem, to: &result)
    }
    return result
  }

  private func addRows(
    to model: LinearModel, problem: DietProblem, built: DietModel, index: IdentifierTable
  ) -> (LinearModel, [DietModel.GoalKey: [ConstraintRef]]) {
    var model = model
    var goalConstraints: [DietModel.GoalKey: [ConstraintRef]] = [:]
    let foods = problem.foods
    let dayGroups: [(label: String, days: [Int])] = (1...problem.days).map { ("day\($0)", [$0]) }
    let dayOfGroup = { (label: String) in label == "week" ? nil : Int(label.dropFirst(3)) }
    let weekGroup: [(label: String, days: [Int])] = [("week", Array(1...problem.days))]

    /// Sum over the given days and foods (all foods by default) of
    /// weight(food) × variable, in the variable's own unit.
    func expression(days: [Int], foods members: [Int]? = nil, weight: (Int) -> Double) -> LinearExpression {
      let members = members ?? Array(foods.indices)
      // Each food's coefficient once, not once a day (the weight looks the nutrient up).
      let coefficients = members.map { f in weight(f) * built.gramsPerUnit[f] }
      var expression = LinearExpression()
      expression.terms.reserveCapacity(days.count * members.count)
      for day in days {
        for (f, coefficient) in zip(members, coefficients) where coefficient != 0 {
          expression.add(built.variable(foodIndex: f, dayIndex: day - 1), coefficient)
        }
      }
      return expression
    }
    // Every nutrient the rows and the objective need, per gram, read in one
    // pass over the foods (each food's figures once, the food not copied).
    let columns = Self.perGramColumns(
      foods, [.energy] + problem.goals.map(\.nutrient) + problem.objective.nutrients)
    func perGram(_ nutrient: Nutrient) -> (Int) -> Double {
      let column = columns[nutrient] ?? []
      return { f in column[f] }
    }

    let energy = perGram(.energy)
    for (index, goal) in problem.goals.enumerated() where goal.minimum != nil || goal.maximum != nil {
      let groups = goal.period == .day ? dayGroups : weekGroup
      // The goal's nutrient column, read once for all its days.
      let amount = perGram(goal.nutrient)
      for group in groups {
        let name = "goal[\(goal.nutrient),\(group.label)]"
        let key = DietModel.GoalKey(goal: index, day: dayOfGroup(group.label))
        switch goal.basis {
        case .absolute:
          let set = Self.set(goal.minimum, goal.maximum)
          goalConstraints[key, default: []].append(
            model.addConstraint(name, expression(days: group.days, weight: amount), set))
        case .percentOfEnergy:
          let factor = goal.nutrient.definition?.kilocaloriesPerUnit ?? 0
          let sides = [("min", goal.minimum, true), ("max", goal.maximum, false)]
          for (side, bound, isMinimum) in sides {
            guard let share = bound else { continue }
            let rowName =
              goal.minimum != nil && goal.maximum != nil
              ? "goal[\(goal.nutrient),\(group.label),\(side)]" : name
            let row = expression(days: group.days) { f in factor * amount(f) - share * energy(f) }
            goalConstraints[key, default: []].append(
              model.addConstraint(rowName, row, isMinimum ? .greaterThan(0) : .lessThan(0)))
          }
        }
      }
    }
    for limit in problem.groupLimits where limit.minimum != nil || limit.maximum != nil {
      let members = Array(Set(limit.foods.compactMap { index[$0] })).sorted()
      let groups = limit.period == .day ? dayGroups : weekGroup
      for group in groups {
        let row = expression(days: group.days, foods: members) { f in
          limit.unit == .grams ? 1 : 1 / (problem.servingGrams(of: foods[f]) ?? 1)
        }
        model.addConstraint(
          "group[\(limit.name),\(group.label)]", row, Self.set(limit.minimum, limit.maximum))
      }
    }
    let pricePerGram = foods.withUnsafeBufferPointer { buffer in
      // The offers read in place, not through a copy of each food or a list of prices.
      buffer.indices.map { f in
        buffer[f].offers.withUnsafeBufferPointer { offers in
          var cheapest = Double.infinity
          for o in offers.indices { cheapest = min(cheapest, offers[o].pricePerGram) }
          return offers.isEmpty ? 0 : cheapest
        }
      }
    }
    if let budget = problem.budget {
      let limit = NSDecimalNumber(decimal: budget.amount).doubleValue
      if budget.period == .week {
        model.addConstraint(
          "budget", expression(days: weekGroup[0].days) { pricePerGram[$0] }, .lessThan(limit))
      } else {
        for group in dayGroups {
          model.addConstraint(
            "budget[\(group.label)]", expression(days: group.days) { pricePerGram[$0] }, .lessThan(limit))
        }
      }
    }
    let all = weekGroup[0].days
    switch problem.objective {
    case .minimizeCost: model.setObjective(.minimize, expression(days: all) { pricePerGram[$0] })
    case .minimize(let nutrient):
      model.setObjective(.minimize, expression(days: all, weight: perGram(nutrient)))
    case .maximize(let nutrient):
      model.setObjective(.maximize, expression(days: all, weight: perGram(nutrient)))
    }
    return (model, goalConstraints)
  }

  /// Adds the purchase part (``PurchaseRows``), bounds what is paid by the
  /// budget, and makes the till total the objective when the problem minimises
  /// cost paid.
  private func addPurchases(_ purchasing: Purchasing, problem: DietProblem, to built: inout DietModel) {
    var eaten: [String: [Int: LinearExpression]] = [:]
    var most: [String: Double] = [:]
    for (f, food) in problem.foods.enumerated() {
      for day in 1...problem.days {
        eaten[food.id, default: [:]][day] = LinearExpression([
          (built.variable(foodIndex: f, dayIndex: day - 1), built.gramsPerUnit[f])
        ])
      }
      most[food.id] = Self.mostGrams(of: food, problem: problem)
    }
    var model = built.model
    let rows = PurchaseRows(
      adding: &model, foods: problem.foods, stores: problem.stores, purchasing: purchasing,
      days: problem.days,
      eaten: eaten, maximumGrams: most)
    if let budget = problem.budget {
      model.constraints.removeAll { $0.name == "budget" || $0.name.hasPrefix("budget[") }
      model.addConstraint(
        "budget[paid]", rows.paid, .lessThan(PurchaseRows.limit(of: budget, days: problem.days)),
        group: .budget)
    }
    if case .minimizeCost = problem.objective, purchasing.costBasis == .paid {
      model.setObjective(.minimize, rows.objective)
    }
    built.model = model
    built.purchaseRows = rows
  }

  /// An upper bound on the grams of a food over the whole plan: from its
  /// daily limit, or the tightest daily or whole-plan maximum of a nutrient it
  /// holds, or 100 kg a day when nothing bounds it.
  static func mostGrams(of food: Food, problem: DietProblem) -> Double {
    let days = Double(problem.days)
    var most = 100_000 * days
    for limit in problem.foodLimits where limit.food == food.id {
      if let maximum = limit.maximumGrams { most = min(most, maximum * days) }
    }
    for goal in problem.goals where goal.basis == .absolute {
      guard let maximum = goal.maximum, let per100 = food.nutrientsPer100g[goal.nutrient], per100 > 0 else {
        continue
      }
      most = min(most, maximum / per100 * 100 * (goal.period == .day ? days : 1))
    }
    return most
  }

  /// A variable's name, `x[oats,day3]`, written byte by byte (a plan of
  /// thousands of foods names a variable for each food and day; interpolation
  /// took several times as long).
  static func variableName(_ id: String, day: Int) -> String {
    var id = id
    let day = max(0, day)
    var digits = 1
    var rest = day / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    return id.withUTF8 { id in
      String(unsafeUninitializedCapacity: id.count + digits + 7) { name in
        var end = 0
        func put(_ byte: UInt8) {
          name[end] = byte
          end += 1
        }
        put(UInt8(ascii: "x"))
        put(UInt8(ascii: "["))
        for byte in id { put(byte) }
        for byte in ",day".utf8 { put(byte) }
        var value = day
        for digit in stride(from: end + digits - 1, through: end, by: -1) {
          name[digit] = UInt8(ascii: "0") + UInt8(value % 10)
          value /= 10
        }
        end += digits
        put(UInt8(ascii: "]"))
        return end
      }
    }
  }

  /// One value for each food, read in place: a `Food` copied out of the
  /// array (as `map` and `for … in` do) retains each of its fields.
  static func perFood<Value>(_ foods: [Food], _ read: (Food) -> Value) -> [Value] {
    foods.withUnsafeBufferPointer { buffer in
      var values: [Value] = []
      values.reserveCapacity(buffer.count)
      for f in buffer.indices { values.append(read(buffer[f])) }
      return values
    }
  }

  /// Grams of each nutrient in one gram of each food, by nutrient.
  static func perGramColumns(_ foods: [Food], _ nutrients: [Nutrient]) -> [Nutrient: [Double]] {
    var order: [Nutrient] = []
    for nutrient in nutrients where !order.contains(nutrient) { order.append(nutrient) }
    // The columns one after another: column n, food f at n × foods + f.
    var values = [Double](repeating: 0, count: order.count * foods.count)
    // The last food's nutrients in the order its table lists them, each with
    // its column (-1: not wanted). Foods made alike (a plan's foods list the
    // same nutrients, and their tables come out in the same order) then find
    // each column by one comparison with the name in the same place.
    var keys: [Nutrient] = []
    var wanted: [Int] = []
    let stride = foods.count
    foods.withUnsafeBufferPointer { buffer in
      values.withUnsafeMutableBufferPointer { columns in
        for f in buffer.indices {
          let figures = buffer[f].nutrientsPer100g
          // A food that lists far more nutrients than are wanted: each wanted one looked up.
          guard figures.count <= 4 * order.count else {
            for (n, nutrient) in order.enumerated() {
              if let figure = figures[nutrient] { columns[n * stride + f] = figure / 100 }
            }
            continue
          }
          var place = 0
          for (nutrient, figure) in figures {
            let n: Int
            if place < keys.count && keys[place] == nutrient {
              n = wanted[place]
            } else {
              // Matched by name against the few wanted, not hashed for a lookup.
              n =
                order.firstIndex(where: { $0.name.utf8.count == nutrient.name.utf8.count && $0 == nutrient })
                ?? -1
              if place < keys.count {
                (keys[place], wanted[place]) = (nutrient, n)
              } else {
                keys.append(nutrient)
                wanted.append(n)
              }
            }
            if n >= 0 { columns[n * stride + f] = figure / 100 }
            place += 1
          }
        }
      }
    }
    let columns = order.indices.map { n in Array(values[n * stride..<(n + 1) * stride]) }
    return Dictionary(uniqueKeysWithValues: zip(order, columns))
  }

  private static func set(_ minimum: Double?, _ maximum: Double?) -> ConstraintSet {
    switch (minimum, maximum) {
    case (let lo?, let hi?): lo == hi ? .equalTo(lo) : .interval(lo, hi)
    case (let lo?, nil): .greaterThan(lo)
    case (nil, let hi?): .lessThan(hi)
    case (nil, nil): .greaterThan(-.infinity)
    }
  }
}
