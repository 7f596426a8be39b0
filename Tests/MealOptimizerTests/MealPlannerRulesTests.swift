import Foundation
import MealOptimizer
import Testing

/// More rules on real GLPK: single foods in a slot, weekly goals, daily
/// budgets and the goal-centre tie-break.
@Suite("Meal planner rules on GLPK", .serialized)
struct MealPlannerRulesTests {
  typealias Kitchen = MealTestKitchen

  /// The cost of a planned meal at the cheapest price per gram, computed here.
  static func cost(_ meal: PlannedMeal, problem: MealPlanProblem) -> Double {
    let grams: [(String, Double)]
    if let recipe = Kitchen.recipes.first(where: { $0.id == meal.id }), meal.kind == .recipe {
      grams = recipe.ingredients.map { ($0.food, $0.grams / recipe.servings * meal.servings) }
    } else {
      let serving = problem.slotChoices[meal.meal]?.foods.first { $0.food == meal.id }
      grams = [(meal.id, (serving?.grams ?? 0) * meal.servings)]
    }
    return grams.reduce(0) { sum, item in
      let offer = Kitchen.foodsByID[item.0]?.offers.first
      let perGram = offer.map { NSDecimalNumber(decimal: $0.price).doubleValue / $0.packageGrams } ?? 0
      return sum + perGram * item.1
    }
  }

  @Test("a slot that allows only single foods serves one of them in every day")
  func singleFoodsInASlot() throws {
    var problem = Kitchen.problem()
    problem.slotChoices[.snack] = SlotChoice(
      recipes: .none,
      foods: [FoodServing(food: "apple", grams: 180), FoodServing(food: "almonds", grams: 28)])
    let plan = try Kitchen.solve(problem)
    try #require(plan.hasPlan)
    for day in plan.days {
      let snack = try #require(day.meals.first { $0.meal == .snack })
      #expect(snack.kind == .food)
      #expect(["apple", "almonds"].contains(snack.id))
    }
  }

  @Test("a weekly goal and a daily budget both hold")
  func weeklyGoalAndDailyBudget() throws {
    var problem = Kitchen.problem(budgets: [Budget(2.85, per: .day)])
    problem.goals.append(NutrientGoal(.fiber, minimum: 260, period: .week))
    let plan = try Kitchen.solve(problem)
    try #require(plan.hasPlan)
    var fiber = 0.0
    for day in plan.days {
      #expect(day.meals.reduce(0) { $0 + Self.cost($1, problem: problem) } <= 2.85 + 1e-6)
      fiber += day.nutrients["fiber"] ?? 0
    }
    #expect(fiber >= 260 - 1e-6)
    #expect(plan.weeks.first?.goals.contains { $0.nutrient == .fiber && $0.status != .violated } == true)
  }

  @Test("the goal-centre tie-break brings totals no further from the middle than no tie-break")
  func goalCentre() throws {
    let plain = try Kitchen.solve(Kitchen.problem(tieBreak: .none))
    let centred = try Kitchen.solve(Kitchen.problem(tieBreak: .goalCenter))
    try #require(plain.hasPlan && centred.hasPlan)
    func distance(_ plan: MealPlan) -> Double {
      // Energy is the only daily goal with both bounds: 1800...2600, middle 2200, half-width 400.
      plan.days.reduce(0) { $0 + abs(($1.nutrients["energy"] ?? 0) - 2200) / 400 }
    }
    #expect(distance(centred) <= distance(plain) + 1e-6)
    #expect(abs((centred.tieBreakValue ?? -1) - distance(centred)) < 1e-6)
  }
}
