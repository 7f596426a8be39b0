/// A diet problem's ``LinearModel`` and the way back from its variables to
/// foods and days.
package struct DietModel: Sendable, Hashable {
  /// The model to solve.
  package var model: LinearModel
  /// Food identifiers, in the problem's order.
  package let foodIDs: [String]
  /// How many days the model covers.
  package let days: Int
  /// Grams in one unit of each food's variable: 1 for foods in grams, the
  /// serving's grams for foods eaten in whole servings.
  package let gramsPerUnit: [Double]
  /// The constraints of each goal: one per goal and day (or for the whole
  /// plan), two for a percent-of-energy goal with both bounds. Read their
  /// duals with ``Solution/dual(_:)``.
  package internal(set) var goalConstraints: [GoalKey: [ConstraintRef]] = [:]
  /// The purchase part of the model, when the problem has ``DietProblem/purchasing``.
  var purchaseRows: PurchaseRows?

  /// What a solution buys, when the problem has ``DietProblem/purchasing``.
  package func purchases(from solution: Solution) -> [Purchase]? {
    purchaseRows?.purchases(from: solution.values)
  }

  /// A goal of the problem on one day, or over the whole plan.
  package struct GoalKey: Sendable, Hashable {
    /// The goal's position in ``DietProblem/goals``.
    package var goal: Int
    /// The day (from 1) for a daily goal; `nil` for a goal over the whole plan.
    package var day: Int?

    /// Creates a key.
    package init(goal: Int, day: Int?) {
      self.goal = goal
      self.day = day
    }
  }

  /// The variable for a food on a day, both counted from 0: `foodIndex` is the food's
  /// position in ``foodIDs`` (the problem's foods), `dayIndex` is the day's position
  /// (day 1 of the plan is `dayIndex` 0), as in ``grams(from:)``'s `[dayIndex][foodIndex]`.
  package func variable(foodIndex: Int, dayIndex: Int) -> VariableRef {
    VariableRef(index: dayIndex * foodIDs.count + foodIndex)
  }

  /// The variable for a food (counted from 0) on a day (counted from 1).
  @available(
    *, deprecated,
    message:
      "counts foods from 0 and days from 1; use variable(foodIndex:dayIndex:), which counts both from 0"
  )
  package func variable(food: Int, day: Int) -> VariableRef {
    variable(foodIndex: food, dayIndex: day - 1)
  }

  /// Grams of each food on each day, `[dayIndex][foodIndex]` (both from 0), from a solution's values.
  ///
  /// Values within 1e-9 g of zero, including tiny negative ones left by the
  /// solver's tolerances, become exactly zero. Empty when the solution has no values.
  package func grams(from solution: Solution) -> [[Double]] {
    guard solution.values.count == model.variables.count, solution.values.count >= foodIDs.count * days else {
      return []
    }
    return (1...days).map { day in
      foodIDs.indices.map { food in
        let grams = solution.values[variable(foodIndex: food, dayIndex: day - 1).index] * gramsPerUnit[food]
        return abs(grams) < 1e-9 ? 0 : grams
      }
    }
  }
}
