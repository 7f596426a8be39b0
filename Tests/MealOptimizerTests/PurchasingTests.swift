import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

/// Purchases inside the model, on real GLPK. Every expected figure is
/// computed inside the test by brute force over package counts and store
/// subsets, not by the model.
@Suite struct PurchasingTests {
  /// A food with one nutrient figure and its offers.
  static func food(_ id: String, _ nutrient: Nutrient, per100g: Double, offers: [Offer]) -> Food {
    Food(id: id, name: id.capitalized, nutrientsPer100g: [nutrient: per100g], offers: offers)
  }

  /// Brute force: the cheapest till total over every store subset and every
  /// package count from 0 to `most`, for offers whose grams must cover each
  /// food's need (`need[food]` grams), plus the trips of the stores used.
  static func cheapest(
    need: [String: Double], offers: [(food: String, offer: Offer)], trips: [String: Decimal],
    maximumStores: Int? = nil,
    most: Int = 6
  ) -> (cost: Decimal, stores: Set<String>) {
    var best: (cost: Decimal, stores: Set<String>)?
    var counts = [Int](repeating: 0, count: offers.count)
    func visit(_ k: Int) {
      if k == offers.count {
        var grams: [String: Double] = [:]
        var cost = Decimal()
        var stores: Set<String> = []
        for (index, count) in counts.enumerated() where count > 0 {
          grams[offers[index].food, default: 0] += Double(count) * offers[index].offer.packageGrams
          cost += offers[index].offer.price * Decimal(count)
          if let store = offers[index].offer.store { stores.insert(store) }
        }
        guard need.allSatisfy({ grams[$0.key, default: 0] >= $0.value - 1e-9 }) else { return }
        if let maximumStores, stores.count > maximumStores { return }
        cost += stores.reduce(Decimal()) { $0 + (trips[$1] ?? 0) }
        if best == nil || cost < best?.cost ?? 0 { best = (cost, stores) }
        return
      }
      for count in 0...most {
        counts[k] = count
        visit(k + 1)
      }
    }
    visit(0)
    return best ?? (-1, [])
  }

  static func solve(_ problem: DietProblem, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> DietPlan
  {
    let plan = try DietPlanner(solver: GLPKSolver()).solve(problem)
    #expect(plan.status == .optimal, sourceLocation: sourceLocation)
    return plan
  }

  /// Checks the plan's cost against an expected till total, and that it equals the shopping list's total.
  static func expectPaid(
    _ plan: DietPlan, _ expected: Decimal, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(plan.cost == expected, sourceLocation: sourceLocation)
    #expect(plan.groceries?.total == expected, sourceLocation: sourceLocation)
  }

  @Test func roundingUpToWholePackagesIsPaidFor() throws {
    let offer = Offer(store: "shop", price: 1, packageGrams: 400)
    let rice = Self.food("rice", .energy, per100g: 100, offers: [offer])
    let problem = DietProblem(
      foods: [rice], stores: [Store(id: "shop", name: "Shop")], goals: [NutrientGoal(.energy, minimum: 950)],
      purchasing: Purchasing())
    let expected = Self.cheapest(need: ["rice": 950], offers: [("rice", offer)], trips: [:])
    #expect(expected.cost == 3)
    let plan = try Self.solve(problem)
    Self.expectPaid(plan, expected.cost)
    let line = try #require(plan.groceries?.items.first)
    #expect(line.packages == 3)
    let eaten = plan.foodTotals.reduce(0) { $0 + $1.grams }
    #expect(eaten >= 950 - 1e-6)
    #expect(abs((line.gramsNeeded ?? 0) - eaten) < 1e-6)
    #expect(abs((line.gramsLeft ?? 0) - (1200 - eaten)) < 1e-6)
  }

  @Test func pantryStockIsUsedBeforeBuying() throws {
    let offer = Offer(store: "shop", price: 1, packageGrams: 400)
    let rice = Self.food("rice", .energy, per100g: 100, offers: [offer])
    let pantry = [PantryStock(food: "rice", grams: 500, category: "dry goods")]
    let problem = DietProblem(
      foods: [rice], stores: [Store(id: "shop", name: "Shop")], goals: [NutrientGoal(.energy, minimum: 950)],
      purchasing: Purchasing(pantry: pantry))
    let expected = Self.cheapest(need: ["rice": 950 - 500], offers: [("rice", offer)], trips: [:])
    #expect(expected.cost == 2)
    let plan = try Self.solve(problem)
    Self.expectPaid(plan, expected.cost)
    let used = plan.groceries?.fromPantry?.reduce(0) { $0 + $1.grams } ?? 0
    #expect(abs(used - 500) < 1e-6)
    #expect(plan.groceries?.fromPantry?.first?.category == "dry goods")
  }

  @Test func expiredStockIsNotUsed() throws {
    let offer = Offer(store: "shop", price: 1, packageGrams: 400)
    let rice = Self.food("rice", .energy, per100g: 100, offers: [offer])
    // 900 g good through day 1 of 2 (500 g a day), and 300 g already past its date.
    let pantry = [
      PantryStock(food: "rice", grams: 900, lastDay: 1), PantryStock(food: "rice", grams: 300, lastDay: 0),
    ]
    let problem = DietProblem(
      foods: [rice], stores: [Store(id: "shop", name: "Shop")], days: 2,
      goals: [NutrientGoal(.energy, minimum: 500)], purchasing: Purchasing(pantry: pantry))
    // Independently: day 1 eats 500 g of the first lot; day 2 can use no stock.
    let usable = min(900, 500.0)
    let expected = Self.cheapest(need: ["rice": 1000 - usable], offers: [("rice", offer)], trips: [:])
    #expect(expected.cost == 2)
    let plan = try Self.solve(problem)
    Self.expectPaid(plan, expected.cost)
    let used = plan.groceries?.fromPantry?.reduce(0) { $0 + $1.grams } ?? 0
    #expect(abs(used - usable) < 1e-6)
  }

  /// Two foods, two stores with trips: A is cheap at north, B at south.
  static func twoStores(maximumStores: Int? = nil) -> (
    DietProblem, [(food: String, offer: Offer)], [String: Decimal]
  ) {
    let offers: [(food: String, offer: Offer)] = [
      ("a", Offer(store: "north", price: 2, packageGrams: 500)),
      ("a", Offer(store: "south", price: 3.5, packageGrams: 500)),
      ("b", Offer(store: "north", price: 3, packageGrams: 400)),
      ("b", Offer(store: "south", price: 1.5, packageGrams: 400)),
    ]
    let trips: [String: Decimal] = ["north": 2.5, "south": 2]
    let a = Self.food("a", .protein, per100g: 20, offers: offers.filter { $0.food == "a" }.map(\.offer))
    let b = Self.food("b", .fiber, per100g: 10, offers: offers.filter { $0.food == "b" }.map(\.offer))
    let problem = DietProblem(
      foods: [a, b],
      stores: [
        Store(id: "north", name: "North", tripCost: 2.5), Store(id: "south", name: "South", tripCost: 2),
      ],
      goals: [NutrientGoal(.protein, minimum: 150), NutrientGoal(.fiber, minimum: 50)],
      purchasing: Purchasing(maximumStores: maximumStores))
    return (problem, offers, trips)
  }

  @Test func twoStoresWithTripsAreChosenAsCheaplyAsPossible() throws {
    let (problem, offers, trips) = Self.twoStores()
    let expected = Self.cheapest(need: ["a": 750, "b": 500], offers: offers, trips: trips)
    #expect(expected.cost == 11.5)
    let plan = try Self.solve(problem)
    Self.expectPaid(plan, expected.cost)
    #expect(Set(plan.groceries?.stores?.map(\.id) ?? []) == expected.stores)
  }

  @Test func aStoreLimitIsKept() throws {
    let (problem, offers, trips) = Self.twoStores(maximumStores: 1)
    let expected = Self.cheapest(need: ["a": 750, "b": 500], offers: offers, trips: trips, maximumStores: 1)
    #expect(expected.cost == 12)
    let plan = try Self.solve(problem)
    Self.expectPaid(plan, expected.cost)
    #expect(Set(plan.groceries?.stores?.map(\.id) ?? []) == expected.stores)
  }

  @Test func allowedStoresAreKept() throws {
    var (problem, offers, trips) = Self.twoStores()
    problem.purchasing?.stores = ["north"]
    let expected = Self.cheapest(
      need: ["a": 750, "b": 500], offers: offers.filter { $0.offer.store == "north" }, trips: trips)
    #expect(expected.cost == 12.5)
    let plan = try Self.solve(problem)
    Self.expectPaid(plan, expected.cost)
  }

  @Test func mixingPackageSizesBeatsOneSize() throws {
    let gallon = Offer(store: "shop", price: 3, packageGrams: 3785, packageName: "gallon")
    let half = Offer(store: "shop", price: 2, packageGrams: 1893, packageName: "half gallon")
    let milk = Self.food("milk", .energy, per100g: 50, offers: [gallon, half])
    let problem = DietProblem(
      foods: [milk], stores: [Store(id: "shop", name: "Shop")], goals: [NutrientGoal(.energy, minimum: 4500)],
      purchasing: Purchasing())
    let offers: [(food: String, offer: Offer)] = [("milk", gallon), ("milk", half)]
    let expected = Self.cheapest(need: ["milk": 9000], offers: offers, trips: [:])
    let gallonsOnly = Self.cheapest(need: ["milk": 9000], offers: [("milk", gallon)], trips: [:])
    let halvesOnly = Self.cheapest(need: ["milk": 9000], offers: [("milk", half)], trips: [:])
    #expect(expected.cost == 8)
    #expect(expected.cost < min(gallonsOnly.cost, halvesOnly.cost))
    let plan = try Self.solve(problem)
    Self.expectPaid(plan, expected.cost)
    let packages = Dictionary((plan.groceries?.items ?? []).map { ($0.packageName ?? "", $0.packages) }) {
      $0 + $1
    }
    #expect(packages == ["gallon": 2, "half gallon": 1])
  }

  @Test func looseOffersAreBoughtByWeight() throws {
    let loose = Offer(store: "market", price: 2.99, packageGrams: 1000, soldLoose: true)
    let bag = Offer(store: "market", price: 2, packageGrams: 500)
    let rice = Self.food("rice", .energy, per100g: 100, offers: [loose, bag])
    let problem = DietProblem(
      foods: [rice], stores: [Store(id: "market", name: "Market")],
      goals: [NutrientGoal(.energy, minimum: 1100)],
      purchasing: Purchasing())
    // Independently: k bags and the rest loose, for k = 0...3.
    let costs = (0...3).map { k -> Double in 2 * Double(k) + max(0, 1100 - 500 * Double(k)) * 2.99 / 1000 }
    let expected = costs.min() ?? 0
    let plan = try Self.solve(problem)
    #expect(abs((plan.exactCost ?? 0) - expected) < 1e-6)
  }

  @Test func theVerifierRejectsAPlanThatBuysTooLittle() {
    let offer = Offer(store: "shop", price: 1, packageGrams: 400)
    let rice = Self.food("rice", .energy, per100g: 100, offers: [offer])
    let problem = DietProblem(
      foods: [rice], stores: [Store(id: "shop", name: "Shop")], goals: [NutrientGoal(.energy, minimum: 950)],
      purchasing: Purchasing())
    let short = [Purchase(food: "rice", offer: offer, packages: 2, grams: 800)]
    let verification = DietPlanVerifier().verify(problem, grams: [[950]], purchases: short)
    #expect(verification.violations.contains { $0.rule == "purchase" })
    let enough = [Purchase(food: "rice", offer: offer, packages: 3, grams: 1200)]
    #expect(DietPlanVerifier().verify(problem, grams: [[950]], purchases: enough).isValid)
  }

  // MARK: - Meal plans

  @Test func aMealPlanPaysForWholePackagesOfWhatItCooks() throws {
    // One slot, two recipes: "cheap" is cheaper per gram eaten but comes in big
    // packages; "dear" costs more per gram, in small ones.
    let bulk = Offer(store: "shop", price: 6, packageGrams: 1000)
    let small = Offer(store: "shop", price: 1.5, packageGrams: 200)
    let foods = [
      Self.food("bulk", .energy, per100g: 100, offers: [bulk]),
      Self.food("small", .energy, per100g: 100, offers: [small]),
    ]
    let recipes = [
      Recipe(
        id: "cheap", name: "Cheap", servings: 1, meals: [.dinner],
        ingredients: [.init(food: "bulk", grams: 300)]),
      Recipe(
        id: "dear", name: "Dear", servings: 1, meals: [.dinner],
        ingredients: [.init(food: "small", grams: 300)]),
    ]
    var problem = MealPlanProblem(
      foods: foods, stores: [Store(id: "shop", name: "Shop")], recipes: recipes, days: 1, slots: [.dinner],
      tieBreak: .none)
    let eatenPlan = try MealPlanner(solver: GLPKSolver()).solve(problem)
    #expect(eatenPlan.days.first?.meals.first?.id == "cheap")
    problem.purchasing = Purchasing()
    // Independently: 300 g of each food in whole packages.
    let cheap = Self.cheapest(need: ["bulk": 300], offers: [("bulk", bulk)], trips: [:])
    let dear = Self.cheapest(need: ["small": 300], offers: [("small", small)], trips: [:])
    #expect(cheap.cost == 6 && dear.cost == 3)
    let plan = try MealPlanner(solver: GLPKSolver()).solve(problem)
    #expect(plan.status.hasPlan && plan.report.metGapTarget)
    #expect(plan.days.first?.meals.first?.id == "dear")
    #expect(plan.cost == min(cheap.cost, dear.cost))
    #expect(plan.groceries?.total == plan.cost)
  }

  @Test func everyShoppingListAmountIsTheSumOverTheMeals() throws {
    var problem = MealTestKitchen.problem(days: 3, tieBreak: .none)
    problem.purchasing = Purchasing(pantry: [PantryStock(food: "olive_oil", grams: 250)])
    let plan = try MealTestKitchen.solve(problem)
    #expect(plan.hasPlan)
    let recipes = Dictionary(uniqueKeysWithValues: problem.recipes.map { ($0.id, $0) })
    var eaten: [String: Double] = [:]
    for day in plan.days {
      for meal in day.meals {
        guard let recipe = recipes[meal.id] else { continue }
        for ingredient in recipe.ingredients {
          eaten[ingredient.food, default: 0] += ingredient.grams * meal.servings / recipe.servings
        }
      }
    }
    let groceries = try #require(plan.groceries)
    var listed: [String: Double] = [:]
    for item in groceries.items { listed[item.food, default: 0] += item.gramsNeeded ?? 0 }
    for use in groceries.fromPantry ?? [] { listed[use.food, default: 0] += use.grams }
    #expect(Set(listed.filter { $0.value > 1e-9 }.keys) == Set(eaten.filter { $0.value > 1e-9 }.keys))
    for (food, grams) in eaten {
      #expect(abs((listed[food] ?? 0) - grams) < 1e-6 * max(1, grams), "\(food)")
    }
    for item in groceries.items {
      #expect(
        abs(
          (item.gramsNeeded ?? 0) + (item.gramsLeft ?? 0) - Double(item.packages) * (item.packageGrams ?? 0))
          < 1e-6)
    }
    #expect(groceries.total == plan.cost)
  }

  @Test func anOpenedPackageMakesALaterRecipeThatUsesTheRestCheaper() throws {
    // Day 1 is locked to "a" (200 g of x, sold in 400 g packages); day 2 may
    // cook "b" (the other 200 g of x) or "c" (200 g of y, cheaper per gram eaten).
    let xPack = Offer(store: "shop", price: 4, packageGrams: 400)
    let yPack = Offer(store: "shop", price: 1, packageGrams: 200)
    let foods = [
      Self.food("x", .energy, per100g: 100, offers: [xPack]),
      Self.food("y", .energy, per100g: 100, offers: [yPack]),
    ]
    let recipes =
      ["a", "b"].map {
        Recipe(id: $0, name: $0, servings: 1, meals: [.dinner], ingredients: [.init(food: "x", grams: 200)])
      } + [
        Recipe(id: "c", name: "c", servings: 1, meals: [.dinner], ingredients: [.init(food: "y", grams: 200)])
      ]
    var problem = MealPlanProblem(
      foods: foods, stores: [Store(id: "shop", name: "Shop")], recipes: recipes, days: 2, slots: [.dinner],
      locks: [SlotLock(day: 1, meal: .dinner, recipe: "a")], tieBreak: .none)
    let eaten = try MealPlanner(solver: GLPKSolver()).solve(problem)
    #expect(eaten.days.last?.meals.first?.id == "c")
    problem.purchasing = Purchasing()
    // Independently: each choice for day 2, in whole packages.
    let offers: [(food: String, offer: Offer)] = [("x", xPack), ("y", yPack)]
    let withB = Self.cheapest(need: ["x": 400], offers: offers, trips: [:])
    let withC = Self.cheapest(need: ["x": 200, "y": 200], offers: offers, trips: [:])
    #expect(withB.cost == 4 && withC.cost == 5)
    let plan = try MealPlanner(solver: GLPKSolver()).solve(problem)
    #expect(plan.status == .optimal)
    // Day 2 cooks from the opened package of x ("a" or "b", the same food), not "c".
    #expect(plan.days.last?.meals.first?.id != "c")
    #expect(plan.cost == min(withB.cost, withC.cost))
  }

  @Test func aMealPlanChoosesItsStoresAsCheaplyAsPossible() throws {
    // One dinner a day for two days; every recipe's food is sold at both
    // stores at different prices, and each store has a trip.
    let offers: [(food: String, offer: Offer)] = [
      ("x", Offer(store: "north", price: 2, packageGrams: 300)),
      ("x", Offer(store: "south", price: 3, packageGrams: 300)),
      ("y", Offer(store: "north", price: 4, packageGrams: 300)),
      ("y", Offer(store: "south", price: 1.5, packageGrams: 300)),
    ]
    let trips: [String: Decimal] = ["north": 1.25, "south": 1.5]
    let foods = ["x", "y"].map { id in
      Self.food(id, .protein, per100g: 10, offers: offers.filter { $0.food == id }.map(\.offer))
    }
    let recipes = [
      Recipe(
        id: "rx", name: "rx", servings: 1, meals: [.dinner], ingredients: [.init(food: "x", grams: 250)]),
      Recipe(
        id: "ry", name: "ry", servings: 1, meals: [.dinner], ingredients: [.init(food: "y", grams: 250)]),
    ]
    let problem = MealPlanProblem(
      foods: foods,
      stores: trips.keys.sorted().map {
        Store(id: $0, name: $0.capitalized, tripCost: trips[$0].map { Money($0) })
      },
      recipes: recipes, days: 2, slots: [.dinner], repetition: RepetitionLimits(maximumPerWeek: 1),
      tieBreak: .none, purchasing: Purchasing())
    // Independently: with one cooking of each recipe (the repeat limit), 250 g
    // of x and 250 g of y, over every store subset and package count.
    let expected = Self.cheapest(need: ["x": 250, "y": 250], offers: offers, trips: trips)
    #expect(expected.cost == 6 && expected.stores == ["south"])
    let plan = try MealPlanner(solver: GLPKSolver()).solve(problem)
    #expect(plan.status.hasPlan && plan.report.metGapTarget)
    #expect(plan.cost == expected.cost)
    #expect(Set(plan.groceries?.stores?.map(\.id) ?? []) == expected.stores)
  }
}
