import Foundation
import GLPKBackend
import MealOptimizer

/// A small, realistic kitchen for meal-plan tests: foods with nutrients per
/// 100 g (rounded USDA SR28 figures) and example prices, and 16 recipes.
enum MealTestKitchen {
  static func food(
    _ id: String, _ name: String, kcal: Double, protein: Double, fat: Double, saturated: Double,
    carbs: Double,
    fiber: Double, sodium: Double, tags: Set<String>, price: Money, grams: Double, store: String = "market"
  ) -> Food {
    Food(
      id: id, name: name,
      nutrientsPer100g: [
        .energy: kcal, .protein: protein, .fat: fat, .saturatedFat: saturated, .carbs: carbs, .fiber: fiber,
        .sodium: sodium,
      ],
      tags: tags, offers: [Offer(store: store, price: price, packageGrams: grams)])
  }

  static let plant: Set<String> = ["vegan", "vegetarian", "gluten-free", "dairy-free"]

  static let foods: [Food] = [
    food(
      "oats", "Oats, rolled, dry", kcal: 379, protein: 13.2, fat: 6.5, saturated: 1.1, carbs: 67.7,
      fiber: 10.1,
      sodium: 6, tags: ["vegan", "vegetarian", "dairy-free"], price: 3.49, grams: 1190),
    food(
      "milk", "Milk, 2% fat", kcal: 50, protein: 3.3, fat: 2.0, saturated: 1.3, carbs: 4.8, fiber: 0,
      sodium: 44, tags: ["vegetarian", "gluten-free", "dairy"], price: 3.29, grams: 3900),
    food(
      "banana", "Bananas, raw", kcal: 89, protein: 1.1, fat: 0.3, saturated: 0.1, carbs: 22.8, fiber: 2.6,
      sodium: 1, tags: plant, price: 1.29, grams: 907),
    food(
      "eggs", "Egg, whole, raw", kcal: 143, protein: 12.6, fat: 9.5, saturated: 3.1, carbs: 0.7, fiber: 0,
      sodium: 142, tags: ["vegetarian", "gluten-free", "dairy-free", "egg"], price: 3.99, grams: 600),
    food(
      "bread", "Bread, whole-wheat", kcal: 252, protein: 12.4, fat: 3.5, saturated: 0.7, carbs: 43, fiber: 6,
      sodium: 450, tags: ["vegan", "vegetarian", "dairy-free", "gluten"], price: 2.99, grams: 567),
    food(
      "peanut_butter", "Peanut butter, smooth", kcal: 588, protein: 25, fat: 50, saturated: 10, carbs: 20,
      fiber: 6, sodium: 459, tags: plant.union(["peanut"]), price: 2.79, grams: 454),
    food(
      "chicken", "Chicken breast, raw", kcal: 120, protein: 22.5, fat: 2.6, saturated: 0.6, carbs: 0,
      fiber: 0,
      sodium: 45, tags: ["gluten-free", "dairy-free", "poultry"], price: 8.99, grams: 1000),
    food(
      "salmon", "Salmon, Atlantic, raw", kcal: 208, protein: 20, fat: 13, saturated: 3.1, carbs: 0, fiber: 0,
      sodium: 59, tags: ["fish", "gluten-free", "dairy-free"], price: 12.99, grams: 680),
    food(
      "rice", "Rice, brown, dry", kcal: 370, protein: 7.9, fat: 2.9, saturated: 0.6, carbs: 77, fiber: 3.5,
      sodium: 7, tags: plant, price: 2.49, grams: 907),
    food(
      "lentils", "Lentils, dry", kcal: 352, protein: 24.6, fat: 1.1, saturated: 0.2, carbs: 63, fiber: 10.7,
      sodium: 6, tags: plant, price: 1.79, grams: 454),
    food(
      "chickpeas", "Chickpeas, canned, drained", kcal: 139, protein: 7, fat: 2.8, saturated: 0.3, carbs: 22.5,
      fiber: 7.6, sodium: 246, tags: plant, price: 0.99, grams: 425),
    food(
      "broccoli", "Broccoli, raw", kcal: 34, protein: 2.8, fat: 0.4, saturated: 0.1, carbs: 6.6, fiber: 2.6,
      sodium: 33, tags: plant, price: 2.49, grams: 454),
    food(
      "spinach", "Spinach, raw", kcal: 23, protein: 2.9, fat: 0.4, saturated: 0.1, carbs: 3.6, fiber: 2.2,
      sodium: 79, tags: plant, price: 2.99, grams: 283),
    food(
      "tomatoes", "Tomatoes, crushed, canned", kcal: 32, protein: 1.6, fat: 0.3, saturated: 0, carbs: 7.3,
      fiber: 1.9, sodium: 186, tags: plant, price: 1.29, grams: 794),
    food(
      "pasta", "Pasta, dry", kcal: 371, protein: 13, fat: 1.5, saturated: 0.3, carbs: 75, fiber: 3.2,
      sodium: 6,
      tags: ["vegan", "vegetarian", "dairy-free", "gluten"], price: 1.49, grams: 454),
    food(
      "cheddar", "Cheese, cheddar", kcal: 403, protein: 25, fat: 33, saturated: 21, carbs: 1.3, fiber: 0,
      sodium: 621, tags: ["vegetarian", "gluten-free", "dairy"], price: 3.99, grams: 227),
    food(
      "yogurt", "Yogurt, Greek, plain, nonfat", kcal: 59, protein: 10.2, fat: 0.4, saturated: 0.1, carbs: 3.6,
      fiber: 0, sodium: 36, tags: ["vegetarian", "gluten-free", "dairy"], price: 5.49, grams: 907),
    food(
      "tofu", "Tofu, firm", kcal: 144, protein: 17.3, fat: 8.7, saturated: 1.3, carbs: 2.8, fiber: 2.3,
      sodium: 14, tags: plant, price: 2.29, grams: 396),
    food(
      "olive_oil", "Oil, olive", kcal: 884, protein: 0, fat: 100, saturated: 13.8, carbs: 0, fiber: 0,
      sodium: 2,
      tags: plant, price: 7.99, grams: 458),
    food(
      "apple", "Apples, raw", kcal: 52, protein: 0.3, fat: 0.2, saturated: 0, carbs: 13.8, fiber: 2.4,
      sodium: 1,
      tags: plant, price: 1.99, grams: 1000),
    food(
      "almonds", "Almonds", kcal: 579, protein: 21, fat: 50, saturated: 3.8, carbs: 22, fiber: 12.5,
      sodium: 1,
      tags: plant.union(["tree-nut"]), price: 6.99, grams: 454),
    food(
      "sweet_potato", "Sweet potato, raw", kcal: 86, protein: 1.6, fat: 0.1, saturated: 0, carbs: 20,
      fiber: 3,
      sodium: 55, tags: plant, price: 1.29, grams: 454),
    food(
      "avocado", "Avocados, raw", kcal: 160, protein: 2, fat: 14.7, saturated: 2.1, carbs: 8.5, fiber: 6.7,
      sodium: 7, tags: plant, price: 1.00, grams: 150),
    food(
      "beef", "Beef, ground, 85% lean", kcal: 215, protein: 18.6, fat: 15, saturated: 5.9, carbs: 0, fiber: 0,
      sodium: 66, tags: ["gluten-free", "dairy-free", "meat"], price: 5.99, grams: 454),
  ]

  static func recipe(
    _ id: String, _ name: String, serves: Double, _ meals: Set<Meal>, minutes: Double,
    _ ingredients: [(String, Double)], steps: [String] = []
  ) -> Recipe {
    Recipe(
      id: id, name: name, servings: serves, meals: meals, minutes: minutes,
      ingredients: ingredients.map { RecipeIngredient(food: $0.0, grams: $0.1) },
      steps: steps.map { RecipeStep($0) })
  }

  static let recipes: [Recipe] = [
    recipe(
      "overnight_oats", "Overnight oats", serves: 2, [.breakfast], minutes: 5,
      [("oats", 80), ("milk", 366), ("banana", 118)],
      steps: ["Mix the oats and milk in a jar.", "Slice the banana on top and refrigerate overnight."]),
    recipe(
      "tofu_scramble", "Tofu scramble", serves: 2, [.breakfast], minutes: 15,
      [("tofu", 200), ("spinach", 60), ("olive_oil", 10), ("bread", 60)]),
    recipe(
      "yogurt_bowl", "Yogurt bowl with almonds", serves: 1, [.breakfast, .snack], minutes: 3,
      [("yogurt", 200), ("banana", 60), ("almonds", 15)]),
    recipe(
      "egg_toast", "Eggs on toast", serves: 1, [.breakfast], minutes: 10, [("eggs", 100), ("bread", 60)]),
    recipe(
      "lentil_soup", "Lentil soup", serves: 4, [.lunch, .dinner], minutes: 40,
      [("lentils", 200), ("tomatoes", 400), ("spinach", 100), ("olive_oil", 15)]),
    recipe(
      "chickpea_salad", "Chickpea salad", serves: 2, [.lunch], minutes: 10,
      [("chickpeas", 240), ("avocado", 75), ("spinach", 60), ("olive_oil", 10)]),
    recipe(
      "chicken_rice_bowl", "Chicken rice bowl", serves: 3, [.lunch, .dinner], minutes: 35,
      [("chicken", 300), ("rice", 150), ("broccoli", 200), ("olive_oil", 15)]),
    recipe(
      "pb_sandwich", "Peanut butter banana sandwich", serves: 1, [.lunch], minutes: 5,
      [("bread", 70), ("peanut_butter", 32), ("banana", 60)]),
    recipe(
      "salmon_sweet_potato", "Salmon with sweet potato", serves: 2, [.dinner], minutes: 30,
      [("salmon", 300), ("sweet_potato", 400), ("broccoli", 200), ("olive_oil", 10)]),
    recipe(
      "pasta_pomodoro", "Pasta pomodoro", serves: 2, [.dinner], minutes: 20,
      [("pasta", 200), ("tomatoes", 400), ("olive_oil", 20), ("cheddar", 30)]),
    recipe(
      "tofu_stir_fry", "Tofu stir-fry", serves: 3, [.dinner], minutes: 25,
      [("tofu", 396), ("broccoli", 300), ("rice", 150), ("olive_oil", 15)]),
    recipe(
      "beef_chili", "Beef chili", serves: 4, [.dinner], minutes: 60,
      [("beef", 454), ("tomatoes", 800), ("chickpeas", 240), ("olive_oil", 10)]),
    recipe(
      "lentil_bolognese", "Lentil bolognese", serves: 4, [.dinner], minutes: 45,
      [("lentils", 150), ("tomatoes", 800), ("pasta", 300), ("olive_oil", 20)]),
    recipe(
      "apple_almonds", "Apple and almonds", serves: 1, [.snack], minutes: 2,
      [("apple", 180), ("almonds", 28)]),
    recipe(
      "banana_pb", "Banana with peanut butter", serves: 1, [.snack], minutes: 2,
      [("banana", 118), ("peanut_butter", 16)]),
    recipe(
      "avocado_toast", "Avocado toast", serves: 1, [.snack, .breakfast], minutes: 5,
      [("bread", 60), ("avocado", 75)]),
  ]

  /// Daily goals a sensible week meets.
  static let goals: [NutrientGoal] = [
    NutrientGoal(.energy, minimum: 1800, maximum: 2600),
    NutrientGoal(.protein, minimum: 70),
    NutrientGoal(.fiber, minimum: 28),
    NutrientGoal(.sodium, maximum: 2300),
    NutrientGoal(.saturatedFat, maximum: 0.10, basis: .percentOfEnergy),
  ]

  static func problem(
    days: Int = 7, portions: PortionOptions = .halfToDouble, budgets: [Budget] = [],
    diet: Set<DietLabel> = [], avoid: [AvoidRule] = [], repetition: RepetitionLimits = RepetitionLimits(),
    locks: [SlotLock] = [], leftovers: [LeftoverRule] = [], tieBreak: MealTieBreak = .variety
  ) -> MealPlanProblem {
    MealPlanProblem(
      foods: foods, stores: [Store(id: "market", name: "Market")], recipes: recipes, days: days,
      portions: portions, goals: goals, budgets: budgets, diet: diet, avoid: avoid, repetition: repetition,
      locks: locks, leftovers: leftovers, tieBreak: tieBreak)
  }

  static var foodsByID: [String: Food] { Dictionary(uniqueKeysWithValues: foods.map { ($0.id, $0) }) }

  static func solve(_ problem: MealPlanProblem) throws -> MealPlan {
    try MealPlanner(solver: GLPKSolver(), options: MealPlannerOptions(timeLimit: 30, tieBreakTimeLimit: 2))
      .solve(problem)
  }
}
