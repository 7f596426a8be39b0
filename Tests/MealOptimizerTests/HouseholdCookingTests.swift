import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

/// A household plan's cooking plan, on real GLPK: each dish cooked once for
/// everyone at the table, figures worked out by hand in each test.
@Suite struct HouseholdCookingTests {
  /// Rice at 2.00 for 500 g; a stew for 2 uses 300 g, a soup for 4 uses 300 g.
  static let rice = Food(
    id: "rice", name: "Rice, white, long-grain", nutrientsPer100g: [.energy: 100],
    offers: [Offer(store: "shop", price: 2, packageGrams: 500)])
  static let recipes = [
    Recipe(
      id: "stew", name: "Stew", servings: 2, meals: [.dinner], ingredients: [.init(food: "rice", grams: 300)]),
    Recipe(
      id: "soup", name: "Soup", servings: 4, meals: [.lunch], ingredients: [.init(food: "rice", grams: 300)]),
  ]

  static func problem() -> HouseholdProblem {
    let meals = MealPlanProblem(
      foods: [rice], stores: [Store(id: "shop", name: "Shop", tripCost: 1)], recipes: recipes, days: 1,
      slots: [.lunch, .dinner], portions: PortionOptions(minimum: 1, maximum: 1, step: 1), tieBreak: .none,
      purchasing: Purchasing())
    // Ana and Ben eat both meals; Cy eats only dinner.
    let household = Household(
      id: "home",
      members: [
        HouseholdMember(id: "ana"), HouseholdMember(id: "ben"), HouseholdMember(id: "cy", meals: [.dinner]),
      ])
    return HouseholdProblem(meals: meals, household: household)
  }

  @Test func eachDishIsCookedForEveryoneWithItsShareOfWhatIsPaid() throws {
    let plan = try MealPlanner(solver: GLPKSolver()).solve(Self.problem())
    #expect(plan.status.hasPlan && plan.report.metGapTarget)
    // Lunch: 2 servings of soup (0.5 × the recipe, 150 g of rice); dinner: 3
    // of stew (1.5 ×, 450 g). 600 g eaten: two 500 g bags, 4.00, plus the
    // 1.00 trip. Rice costs 4.00 / 600 g: 1.00 for the soup, 3.00 for the stew.
    #expect(plan.cost == 5)
    let cooking = try #require(plan.cooking)
    #expect(cooking.sessions.map(\.id) == ["soup", "stew"])
    #expect(cooking.sessions.map(\.servings) == [2, 3])
    #expect(cooking.sessions.map(\.scale) == [0.5, 1.5])
    #expect(cooking.sessions.map(\.recipeServings) == [4, 2])
    #expect(cooking.sessions.flatMap { $0.ingredients.map(\.grams) } == [150, 450])
    #expect(cooking.sessions.flatMap { $0.ingredients.map(\.name) } == ["Rice", "Rice"])
    #expect(cooking.sessions.map(\.cost) == [1, 3])
    #expect(cooking.sessions.map(\.costPerServing) == [Decimal(string: "0.5"), 1])
    #expect(cooking.dayCosts == [4])
    #expect(cooking.weekCosts == [4])
    #expect(cooking.total == (plan.groceries?.total ?? 0) - 1)
  }

  @Test func thePlanWithoutPurchasesHasNoCookingPlan() throws {
    var problem = Self.problem()
    problem.meals.purchasing = nil
    let plan = try MealPlanner(solver: GLPKSolver()).solve(problem)
    #expect(plan.status == .optimal)
    #expect(plan.cooking == nil)
  }

  @Test func theCookingPlanIsInTheJSON() throws {
    let plan = try MealPlanner(solver: GLPKSolver()).solve(Self.problem())
    let data = try JSONEncoder().encode(plan)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let cooking = try #require(object["cooking"] as? [String: Any])
    let sessions = try #require(cooking["sessions"] as? [[String: Any]])
    #expect(sessions.map { $0["servings"] as? Double } == [2, 3])
    #expect(try JSONDecoder().decode(MealPlan.self, from: data) == plan)
  }
}
