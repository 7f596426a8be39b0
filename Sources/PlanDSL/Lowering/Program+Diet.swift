import MealOptimizer

extension Program {
  /// The food-level diet problem a checked plan describes.
  ///
  /// - Parameter plan: A plan of this program (see ``plan(named:)``).
  /// - Returns: Foods, goals, limits and objective in canonical units, ready for ``DietPlanner``.
  public func dietProblem(for plan: PlanSpec) -> DietProblem {
    let foods = plan.foodNames.map { names in names.compactMap { food($0) } } ?? self.foods
    let goals = goals(of: plan)
    var foodLimits: [FoodLimit] = []
    var groupLimits: [FoodGroupLimit] = []
    for limit in plan.limits {
      if limit.foods.count == 1, limit.period == .day, !limit.inServings {
        foodLimits.append(
          FoodLimit(food: limit.foods[0], minimumGrams: limit.minimum, maximumGrams: limit.maximum))
      } else {
        groupLimits.append(
          FoodGroupLimit(
            limit.foods.joined(separator: "+"), foods: limit.foods, minimum: limit.minimum,
            maximum: limit.maximum,
            unit: limit.inServings ? .servings : .grams, period: limit.period))
      }
    }
    let wholeServings = plan.wholeServings ? Set(foods.map(\.id)) : []
    let stores = self.stores.filter { store in foods.contains { $0.offers.contains { $0.store == store.id } }
    }
    return DietProblem(
      foods: foods, stores: stores, days: plan.days, goals: goals, budget: plan.budget,
      foodLimits: foodLimits,
      groupLimits: groupLimits, wholeServings: wholeServings, objective: plan.objective,
      currency: currency ?? "USD")
  }
}
