import Foundation

extension DietProblem {
  /// The one-day problem that solves this one exactly when its days are
  /// interchangeable; `nil` when they are not, or when aggregating them
  /// would not be exact.
  ///
  /// A plan in grams (an LP) whose days carry the same rows, bounds and
  /// costs, and whose whole-plan rows give each day's amount of a food the
  /// same coefficient, has an optimum that eats the same every day: if *x* is
  /// an optimal plan of *D* days, the plan whose every day is the average of
  /// *x*'s days meets every daily row (each is convex, and the average of
  /// points that meet it meets it), gives every whole-plan row the same sum
  /// (the sum of *D* copies of the average is the sum of *x*'s days), and
  /// costs the same (the objective is such a sum too). So the optimum is *D*
  /// times the optimum of one day in which each whole-plan row
  /// `Σ_d a·x[f,d] (≤, ≥, =) b` becomes `a·x[f] (≤, ≥, =) b / D`, and that
  /// day repeated *D* times is an optimal plan. An infeasible or unbounded
  /// day means an infeasible or unbounded plan, by the same argument.
  ///
  /// A ``DietProblem`` has nothing that tells one day from another (goals,
  /// group limits and the budget apply to each day alike or to the sum over
  /// all days, food limits to each day), so the days are interchangeable
  /// unless:
  /// - some food is eaten in ``wholeServings`` (a MIP: the average of whole
  ///   servings need not be whole);
  /// - the problem has ``purchasing`` (packages, stores and a pantry whose
  ///   stock runs out on given days);
  /// - it has one day, where there is nothing to aggregate.
  ///
  /// Any field added to ``DietProblem`` that can differ between days must
  /// make this `nil`.
  ///
  /// In the day, a whole-plan limit on one food in grams becomes a bound on
  /// its amount (a food limit), which is the same row; when that bound
  /// contradicts the food's daily limit the problem is not aggregated, so
  /// that the whole model reports it infeasible and explains why.
  ///
  /// - Returns: The day's problem (``days`` 1), whose goals, group limits and
  ///   budget keep their period, so the model's rows keep their names.
  package var identicalDay: DietProblem? { identicalDay(index: IdentifierTable(foods: foods)) }

  /// ``identicalDay`` with the foods already indexed (the day has the same foods).
  func identicalDay(index: IdentifierTable) -> DietProblem? {
    guard
      days >= 2, purchasing == nil,
      wholeServings.isEmpty || !foods.contains(where: { wholeServings.contains($0.id) })
    else {
      return nil
    }
    let share = Double(days)
    var day = self
    day.days = 1
    day.goals = goals.map { goal in
      // A share of energy is a row with bound 0 on each side: the same for a day.
      guard goal.period == .week, goal.basis == .absolute else { return goal }
      var goal = goal
      goal.minimum = goal.minimum.map { $0 / share }
      goal.maximum = goal.maximum.map { $0 / share }
      return goal
    }
    day.groupLimits = []
    day.foodLimits.reserveCapacity(foodLimits.count + groupLimits.count)
    // Read in place (a plan may hold a whole-plan limit per food); copied only when kept as a group.
    groupLimits.withUnsafeBufferPointer { limits in
      for l in limits.indices {
        let week = limits[l].period == .week
        let minimum = week ? limits[l].minimum.map { $0 / share } : limits[l].minimum
        let maximum = week ? limits[l].maximum.map { $0 / share } : limits[l].maximum
        let foods = limits[l].foods
        if let food = foods.first, foods.allSatisfy({ $0 == food }), limits[l].unit == .grams {
          day.foodLimits.append(
            FoodLimit(food: food, minimumGrams: minimum, maximumGrams: maximum, source: limits[l].source))
        } else {
          var limit = limits[l]
          (limit.minimum, limit.maximum) = (minimum, maximum)
          day.groupLimits.append(limit)
        }
      }
    }
    if let budget, budget.period == .week {
      day.budget = Budget(Money(budget.amount / Decimal(days)), per: .week, source: budget.source)
    }
    guard day.foodLimitsAreConsistent(index: index) else { return nil }
    return day
  }

  /// Whether every food's limits leave some amount: the largest minimum is
  /// at most the smallest maximum.
  private func foodLimitsAreConsistent(index: IdentifierTable) -> Bool {
    // By the food's position; a food the problem lacks (an invalid problem) by its id.
    var bounds = [(lower: Double, upper: Double)](repeating: (0, .infinity), count: index.count)
    var unknown: [String: (lower: Double, upper: Double)] = [:]
    for limit in foodLimits {
      let position = index[limit.food]
      var bound = position.map { bounds[$0] } ?? unknown[limit.food] ?? (0, .infinity)
      if let minimum = limit.minimumGrams { bound.lower = max(bound.lower, minimum) }
      if let maximum = limit.maximumGrams { bound.upper = min(bound.upper, maximum) }
      guard bound.lower <= bound.upper else { return false }
      if let position { bounds[position] = bound } else { unknown[limit.food] = bound }
    }
    return true
  }
}
