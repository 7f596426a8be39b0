import Foundation

extension DietProblem {
  /// Whether cost enters the model, through the objective or a budget.
  var usesCost: Bool {
    if budget != nil { return true }
    if case .minimizeCost = objective { return true }
    return false
  }

  /// Grams in one serving of a food, from its `serving` measure.
  func servingGrams(of food: Food) -> Double? {
    food.measure(named: Self.servingMeasure).map(\.grams).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
  }

  /// Grams in one whole serving of a food: its `serving` measure, or
  /// ``DietProblem/defaultServingGrams`` when it has none.
  func wholeServingGrams(of food: Food) -> Double {
    servingGrams(of: food) ?? Self.defaultServingGrams
  }

  /// Checks the whole problem and reports every mistake at once.
  ///
  /// Nutrient names are checked against ``NutrientTable`` and the foods: a goal on
  /// `"protien"` is the issue "unknown nutrient 'protien'; did you mean
  /// 'protein'?", not a plan that comes back infeasible.
  ///
  /// - Throws: ``PlanningError/invalidProblem(_:)`` listing each ``PlanIssue``.
  /// - Complexity: O(*f* × *n*) for *f* foods with *n* nutrient figures each.
  package func validate() throws(PlanningError) {
    try validate(index: IdentifierTable(foods: foods))
  }

  /// ``validate()`` with the foods already indexed (``DietPlanner`` makes one
  /// index for every step of a solve).
  func validate(index byID: IdentifierTable) throws(PlanningError) {
    var issues: [PlanIssue] = []
    if days < 1 { issues.append(.noDays(days)) }
    // Foods read in place: a `Food` copied out of the array retains each of its fields.
    let usesCost = usesCost
    var repeats = byID.repeats[...]
    foods.withUnsafeBufferPointer { foods in
      for f in foods.indices {
        let id = foods[f].id
        if let repeated = repeats.first, repeated.position == f {
          issues.append(.duplicateIdentifier(id))
          repeats.removeFirst()
        }
        let figures = foods[f].nutrientsPer100g
        // Sorted (for a stable order of the issues) only when a figure is wrong.
        let allValid = figures.values.allSatisfy { $0.isFinite && $0 >= 0 }
        for (nutrient, value) in allValid ? [] : figures.sorted(by: { $0.key < $1.key })
        where !(value.isFinite && value >= 0) {
          issues.append(
            .invalidNumber("food '\(id)': \(nutrient) must be a non-negative number, not \(value)"))
        }
        let offers = foods[f].offers
        for offer in offers
        where !(offer.price >= 0 && offer.packageGrams.isFinite && offer.packageGrams > 0) {
          issues.append(
            .invalidNumber("food '\(id)': an offer needs a non-negative price and a positive package weight"))
        }
        if usesCost && offers.isEmpty { issues.append(.missingPrice(food: id)) }
      }
    }
    var unknownNutrients: Set<Nutrient> = []
    for nutrient in goals.map(\.nutrient) + objective.nutrients
    where unknownNutrients.insert(nutrient).inserted {
      if let issue = PlanIssue.unknownNutrient(nutrient, foods: foods) { issues.append(issue) }
    }
    for goal in goals {
      let label = "goal on \(goal.nutrient)"
      Self.appendBoundIssues(goal.minimum, goal.maximum, label, to: &issues)
      if goal.basis == .percentOfEnergy && goal.nutrient.definition != nil
        && goal.nutrient.definition?.kilocaloriesPerUnit == nil
      {
        issues.append(.noEnergyFactor(goal.nutrient))
      }
    }
    if let budget, !(budget.amount >= 0) {
      issues.append(.invalidNumber("the budget must not be negative"))
    }
    // Limits read in place (a plan may have one or two per food): a limit
    // copied out of its array retains each of its fields.
    foodLimits.withUnsafeBufferPointer { limits in
      for l in limits.indices {
        let food = limits[l].food
        if byID[food] == nil { issues.append(.unknownFood(food, usedBy: "a food limit")) }
        Self.appendBoundIssues(
          limits[l].minimumGrams, limits[l].maximumGrams, "limit on food '\(food)'", to: &issues)
      }
    }
    groupLimits.withUnsafeBufferPointer { groups in
      for g in groups.indices {
        if groups[g].foods.isEmpty { issues.append(.emptyGroup(groups[g].name)) }
        Self.appendBoundIssues(
          groups[g].minimum, groups[g].maximum, "food group limit '\(groups[g].name)'", to: &issues)
        let servings = groups[g].unit == .servings
        for id in groups[g].foods {
          guard let f = byID[id] else {
            issues.append(.unknownFood(id, usedBy: "food group limit '\(groups[g].name)'"))
            continue
          }
          if servings && servingGrams(of: foods[f]) == nil {
            issues.append(.missingServing(food: id))
          }
        }
      }
    }
    for id in wholeServings.sorted() {
      // A food without a 'serving' measure is eaten in servings of 100 g.
      if byID[id] == nil { issues.append(.unknownFood(id, usedBy: "whole servings")) }
    }
    if !issues.isEmpty { throw .invalidProblem(issues) }
  }

  /// Appends the mistakes in a pair of bounds to `issues` (nothing, and no
  /// list made, when they have none: a plan may hold a limit or two per food);
  /// the label, made only for a mistake, names what they bound.
  private static func appendBoundIssues(
    _ minimum: Double?, _ maximum: Double?, _ label: @autoclosure () -> String, to issues: inout [PlanIssue]
  ) {
    let valid = { (value: Double?) in value.map { $0.isFinite && $0 >= 0 } ?? true }
    if valid(minimum) && valid(maximum)
      && !(minimum.map { low in maximum.map { low > $0 } ?? false } ?? false)
    {
      return
    }
    for (name, value) in [("minimum", minimum), ("maximum", maximum)] {
      if let value, !(value.isFinite && value >= 0) {
        issues.append(.invalidNumber("\(label()): the \(name) must be a non-negative number, not \(value)"))
      }
    }
    if let minimum, let maximum, minimum > maximum { issues.append(.invertedBounds(label())) }
  }
}

extension DietObjective {
  /// The nutrient the objective minimises or maximises; empty for cost.
  var nutrients: [Nutrient] {
    switch self {
    case .minimizeCost: []
    case .minimize(let nutrient), .maximize(let nutrient): [nutrient]
    }
  }
}
