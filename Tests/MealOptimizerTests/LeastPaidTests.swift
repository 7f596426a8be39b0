import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

/// Under `minimize cost eaten` the objective does not see the packages, so
/// the planner solves the purchases of the plan's meals again for the least
/// paid; here against each food's fewest packages computed in the test.
@Suite("Under minimize cost eaten the plan's meals are bought at the least paid", .serialized)
struct LeastPaidTests {
  @Test(
    "each food's packages are the fewest that cover what the meals eat after the pantry", arguments: [2, 3])
  func leastPaid(days: Int) throws {
    var problem = MealTestKitchen.problem(days: days, tieBreak: .none)
    let pantry = ["olive_oil": 20.0, "rice": 100.0]
    problem.purchasing = Purchasing(
      pantry: pantry.sorted(by: { $0.key < $1.key }).map { PantryStock(food: $0.key, grams: $0.value) },
      costBasis: .eaten)
    let plan = try MealTestKitchen.solve(problem)
    try Self.expectLeastPaid(plan, pantry: pantry)
  }

  @Test("a household's meals are bought at the least paid too: the table's servings, everyone's together")
  func householdLeastPaid() throws {
    var week = HouseholdPlannerTests.week(days: 2)
    let pantry = ["olive_oil": 20.0, "rice": 100.0]
    week.purchasing = Purchasing(
      pantry: pantry.sorted(by: { $0.key < $1.key }).map { PantryStock(food: $0.key, grams: $0.value) },
      costBasis: .eaten)
    let plan = try HouseholdPlannerTests.solve(
      HouseholdProblem(meals: week, household: HouseholdPlannerTests.family()))
    #expect(plan.members?.count == 3)
    try Self.expectLeastPaid(plan, pantry: pantry)
  }

  /// Checks that a plan buys each food's fewest packages for what its table eats after the pantry.
  static func expectLeastPaid(
    _ plan: MealPlan, pantry: [String: Double], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(plan.status == .optimal || plan.status == .feasible, sourceLocation: sourceLocation)
    let groceries = try #require(plan.groceries, sourceLocation: sourceLocation)

    // What the meals eat of each food, from the recipes themselves.
    let recipes = Dictionary(uniqueKeysWithValues: MealTestKitchen.recipes.map { ($0.id, $0) })
    var eaten: [String: Double] = [:]
    for day in plan.days {
      for meal in day.meals {
        let recipe = try #require(recipes[meal.id], sourceLocation: sourceLocation)
        for ingredient in recipe.ingredients {
          eaten[ingredient.food, default: 0] += ingredient.grams / recipe.servings * meal.servings
        }
      }
    }
    // Every kitchen food has one offer: the fewest packages cover the rest.
    var expected = 0.0
    var packagesOf: [String: Int] = [:]
    for (food, grams) in eaten.sorted(by: { $0.key < $1.key }) {
      let need = grams - (pantry[food] ?? 0)
      guard need > 1e-6 else { continue }
      let offer = try #require(MealTestKitchen.foodsByID[food]?.offers.first, sourceLocation: sourceLocation)
      let packages = Int((need / offer.packageGrams - 1e-9).rounded(.up))
      packagesOf[food] = packages
      expected += Double(packages) * NSDecimalNumber(decimal: offer.price).doubleValue
    }
    #expect(
      abs(NSDecimalNumber(decimal: groceries.total).doubleValue - expected) < 0.005,
      sourceLocation: sourceLocation)
    var bought: [String: Int] = [:]
    for item in groceries.items { bought[item.food, default: 0] += item.packages }
    #expect(bought.filter { $0.value > 0 } == packagesOf, sourceLocation: sourceLocation)
  }
}
