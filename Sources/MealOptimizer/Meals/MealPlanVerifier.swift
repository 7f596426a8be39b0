import Foundation

/// Re-checks a ``MealPlan`` against its ``MealPlanProblem`` by recomputing
/// everything from the recipes and foods, without the model builder's
/// coefficients.
///
/// It checks that every slot holds one allowed recipe or food in an allowed
/// portion; each day's and week's nutrients are within the goals; the cost is
/// within the budgets; every recipe has the diet's labels and nothing the plan
/// avoids; repetition limits, locks and leftovers hold; and the totals the plan
/// reports match the recomputed ones.
package struct MealPlanVerifier: Sendable {
  /// The problem the plans are checked against.
  package let problem: MealPlanProblem
  let foods: [String: Food]
  let recipes: [String: Recipe]

  /// Creates a verifier for plans of a problem.
  package init(problem: MealPlanProblem) {
    self.problem = problem
    self.foods = Dictionary(problem.foods.map { ($0.id, $0) }) { a, _ in a }
    self.recipes = Dictionary(problem.recipes.map { ($0.id, $0) }) { a, _ in a }
  }

  /// Grams of each food in a slot's servings, from the recipe or food serving itself.
  func grams(of meal: PlannedMeal) -> [String: Double]? {
    switch meal.kind {
    case .recipe:
      guard let recipe = recipes[meal.id], recipe.servings > 0 else { return nil }
      var grams: [String: Double] = [:]
      for ingredient in recipe.ingredients {
        grams[ingredient.food, default: 0] += ingredient.grams * meal.servings / recipe.servings
      }
      return grams
    case .food:
      let serving = problem.slotChoices[meal.meal]?.foods.first { $0.food == meal.id }
      return serving.map { [meal.id: $0.grams * meal.servings] }
    }
  }

  func nutrients(of grams: [String: Double]) -> [Nutrient: Double] {
    var totals: [Nutrient: Double] = [:]
    for (id, amount) in grams {
      for (nutrient, per100) in foods[id]?.nutrientsPer100g ?? [:] {
        totals[nutrient, default: 0] += per100 / 100 * amount
      }
    }
    return totals
  }

  func cost(of grams: [String: Double]) -> Double {
    grams.reduce(0) { sum, entry in
      let perGram = foods[entry.key]?.offers.filter { $0.packageGrams > 0 }.map(\.pricePerGram).min() ?? 0
      return sum + perGram * entry.value
    }
  }

  /// Checks a plan.
  ///
  /// - Parameter plan: a plan with status optimal or feasible (others have nothing to check).
  /// - Returns: every violation found; empty when the plan keeps every rule.
  /// - Complexity: O(days × slots × ingredients × nutrients).
  package func verify(_ plan: MealPlan) -> [PlanViolation] {
    guard plan.hasPlan else { return [] }
    var violations: [PlanViolation] = []
    func fail(_ rule: String, _ message: String) {
      violations.append(PlanViolation(rule: rule, message: message))
    }
    var dayTotals: [Int: [Nutrient: Double]] = [:]
    var dayCosts: [Int: Double] = [:]
    var eaten: [String: [Double]] = [:]
    guard plan.days.map(\.day) == Array(1...max(problem.days, 1)), problem.days >= 1 else {
      fail("slot", "the plan has days \(plan.days.map(\.day)), not 1...\(problem.days)")
      return violations
    }
    for day in plan.days {
      for meal in problem.slots {
        let served = day.meals.filter { $0.meal == meal }
        guard served.count == 1, let item = served.first else {
          fail("slot", "day \(day.day) \(meal) holds \(served.count) dishes instead of one")
          continue
        }
        violations += check(item, day: day.day)
        guard let grams = grams(of: item) else {
          fail("slot", "day \(day.day) \(meal) serves unknown '\(item.id)'")
          continue
        }
        for (food, amount) in grams {
          eaten[food, default: Array(repeating: 0, count: problem.days)][day.day - 1] += amount
        }
        for (nutrient, amount) in nutrients(of: grams) {
          dayTotals[day.day, default: [:]][nutrient, default: 0] += amount
        }
        dayCosts[day.day, default: 0] += cost(of: grams)
      }
      let reported = day.nutrients[Nutrient.energy.name] ?? 0
      let recomputed = dayTotals[day.day]?[.energy] ?? 0
      if abs(reported - recomputed) > 1e-6 * max(1, recomputed) {
        fail("total", "day \(day.day) reports \(reported) kcal but its meals hold \(recomputed) kcal")
      }
    }
    violations += checkGoalsAndBudgets(dayTotals: dayTotals, dayCosts: dayCosts)
    violations += checkRepetition(plan)
    violations += checkPurchases(plan, eaten: eaten)
    return violations
  }
}
