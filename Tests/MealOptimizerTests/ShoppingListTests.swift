import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

/// The shopping list's CSV and categories, and the cooking plan, on lists and
/// plans whose figures are worked out by hand in each test.
@Suite struct ShoppingListTests {
  static let rice = Food(
    id: "rice", name: "Rice, brown, long-grain, raw",
    offers: [Offer(store: "aldi", price: 2.5, packageGrams: 1000)],
    group: "Cereal Grains and Pasta")
  static let oil = Food(
    id: "oil", name: "Olive oil", offers: [Offer(store: "market", price: 6, packageGrams: 500)],
    group: "Fats and Oils")
  static let stores = [
    Store(id: "aldi", name: "Discount, grocer", tripCost: 2), Store(id: "market", name: "Market"),
  ]

  /// 1,200 g of rice over two days (two 1 kg bags, 800 g left), 60 g of oil
  /// of which the pantry's 50 g lot ("oils") covers 50 g (one 500 g bottle, 490 g left).
  static func list() -> GroceryList {
    let purchases = [
      Purchase(food: "rice", offer: rice.offers[0], packages: 2, grams: 2000),
      Purchase(food: "oil", offer: oil.offers[0], packages: 1, grams: 500),
    ]
    return GroceryList(
      eaten: ["rice": [700, 500], "oil": [30, 30]], purchases: purchases,
      purchasing: Purchasing(pantry: [
        PantryStock(food: "oil", grams: 50, category: "oils", useBy: "2027-01-01")
      ]),
      foods: ["rice": rice, "oil": oil], stores: stores)
  }

  @Test func eachLineHasItsCategoryThePantrysFirst() {
    let list = Self.list()
    #expect(list.items.map(\.food) == ["rice", "oil"])
    #expect(list.items.map(\.category) == ["Cereal Grains and Pasta", "oils"])
    #expect(list.items.map(\.name) == ["Rice", "Olive oil"])
    #expect(list.total == Decimal(string: "13"))
  }

  @Test func theCSVHasOneRowPerLineTripPantryUseAndLeftover() {
    let expected = """
      kind,store,store_name,category,food,name,grams_needed,packages,package_grams,package,price,cost,grams_left,use_by
      item,aldi,"Discount, grocer",Cereal Grains and Pasta,rice,Rice,1200,2,1000,,2.5,5,800,
      item,market,Market,oils,oil,Olive oil,10,1,500,,6,6,490,
      trip,aldi,"Discount, grocer",,,,,,,,,2,,
      trip,market,Market,,,,,,,,,0,,
      pantry,,,oils,oil,Olive oil,50,,,,,,,2027-01-01
      left,,,,oil,Olive oil,,,500,,,,490,
      left,,,,rice,Rice,,,1000,,,,800,
      total,,,,,,,,,,,13,,

      """
    #expect(Self.list().csvText() == expected)
  }

  @Test func theCookingPlanSharesWhatIsPaidOverTheMealsThatUseIt() throws {
    // Day 1 is locked to "a" (200 g of x, sold in 400 g packages at 4); day 2
    // cooks "b" (the other 200 g). Each cooking eats half the package: 2.00.
    let x = Food(
      id: "x", name: "Food x", nutrientsPer100g: [.energy: 100],
      offers: [Offer(store: "shop", price: 4, packageGrams: 400)])
    let recipes = ["a", "b"].map {
      Recipe(id: $0, name: $0, servings: 2, meals: [.dinner], ingredients: [.init(food: "x", grams: 400)])
    }
    let problem = MealPlanProblem(
      foods: [x], stores: [Store(id: "shop", name: "Shop")], recipes: recipes, days: 2, slots: [.dinner],
      portions: PortionOptions(minimum: 0.5, maximum: 0.5, step: 0.5),
      repetition: RepetitionLimits(maximumPerWeek: 1), locks: [SlotLock(day: 1, meal: .dinner, recipe: "a")],
      tieBreak: .none, purchasing: Purchasing())
    let plan = try MealPlanner(solver: GLPKSolver()).solve(problem)
    #expect(plan.status == .optimal)
    #expect(plan.cost == 4)
    let cooking = CookingPlan(plan: plan, recipes: recipes, foods: [x])
    #expect(cooking.sessions.map(\.id) == ["a", "b"])
    #expect(cooking.sessions.map(\.servings) == [0.5, 0.5])
    #expect(cooking.sessions.map(\.scale) == [0.25, 0.25])
    #expect(cooking.sessions.map(\.cost) == [2, 2])
    #expect(cooking.sessions.map(\.costPerServing) == [4, 4])
    #expect(cooking.sessions.flatMap { $0.ingredients.map(\.grams) } == [100, 100])
    #expect(cooking.dayCosts == [2, 2])
    #expect(cooking.weekCosts == [4])
    #expect(cooking.total == plan.groceries?.total)
  }

  @Test func leftoversAreCookedWithTheirSource() {
    let recipe = Recipe(
      id: "stew", name: "Stew", servings: 4, meals: [.dinner, .lunch],
      ingredients: [.init(food: "x", grams: 800)])
    let x = Food(id: "x", name: "Food x", offers: [Offer(price: 1, packageGrams: 1000)])
    let meals = [
      PlannedMeal(meal: .dinner, kind: .recipe, id: "stew", name: "Stew", servings: 2, cost: 0),
      PlannedMeal(
        meal: .lunch, kind: .recipe, id: "stew", name: "Stew", servings: 2, leftoverFromDay: 1,
        leftoverFromMeal: .dinner, cost: 0),
    ]
    let plan = MealPlan(
      status: .optimal, report: SolveReport(termination: .completed), currency: "USD",
      slots: [.dinner, .lunch],
      days: [
        MealPlanDay(day: 1, meals: [meals[0]], cost: 0, goals: [], nutrients: [:]),
        MealPlanDay(day: 2, meals: [meals[1]], cost: 0, goals: [], nutrients: [:]),
      ])
    let cooking = CookingPlan(plan: plan, recipes: [recipe], foods: [x])
    #expect(cooking.sessions.count == 1)
    #expect(cooking.sessions.first?.servings == 4)
    #expect(cooking.sessions.first?.leftoverServings == 2)
    #expect(cooking.sessions.first?.scale == 1)
    // Without purchases: 800 g at the cheapest 0.001 USD a gram.
    #expect(cooking.sessions.first?.ingredients.first?.grams == 800)
    #expect(cooking.sessions.first?.cost == Decimal(string: "0.8"))
    #expect(cooking.dayCosts == [Decimal(string: "0.8"), 0])
  }
}
