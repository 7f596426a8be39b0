import Foundation
import MealOptimizer

/// A deterministic generator of foods and recipes for the meal-plan benchmark.
///
/// Foods are 40 ordinary ingredients with nutrients per 100 g rounded from
/// USDA SR28 and example prices. Recipes take 3 to 6 ingredients from pools
/// that suit their meal, in amounts scaled so that a serving has a typical
/// energy for the meal (breakfast 300-500 kcal, lunch 400-650, dinner
/// 450-750, snack 120-300).
struct BenchmarkKitchen {
  // id, kcal, protein, fat, saturated fat, carbs, fiber, sodium (per 100 g), price, package grams, role
  static let table:
    [(String, Double, Double, Double, Double, Double, Double, Double, Decimal, Double, String)] = [
      ("oats", 379, 13.2, 6.5, 1.1, 67.7, 10.1, 6, 3.49, 1190, "grain"),
      ("rice", 370, 7.9, 2.9, 0.6, 77, 3.5, 7, 2.49, 907, "grain"),
      ("pasta", 371, 13, 1.5, 0.3, 75, 3.2, 6, 1.49, 454, "grain"),
      ("bread", 252, 12.4, 3.5, 0.7, 43, 6, 450, 2.99, 567, "grain"),
      ("quinoa", 368, 14.1, 6.1, 0.7, 64, 7, 5, 5.99, 680, "grain"),
      ("tortilla", 306, 8.2, 7.7, 2.9, 50.7, 3.5, 636, 2.79, 454, "grain"),
      ("potato", 77, 2, 0.1, 0, 17, 2.2, 6, 3.99, 2268, "grain"),
      ("lentils", 352, 24.6, 1.1, 0.2, 63, 10.7, 6, 1.79, 454, "protein"),
      ("black_beans", 91, 6, 0.3, 0.1, 16.6, 6.9, 237, 0.99, 425, "protein"),
      ("chickpeas", 139, 7, 2.8, 0.3, 22.5, 7.6, 246, 0.99, 425, "protein"),
      ("tofu", 144, 17.3, 8.7, 1.3, 2.8, 2.3, 14, 2.29, 396, "protein"),
      ("eggs", 143, 12.6, 9.5, 3.1, 0.7, 0, 142, 3.99, 600, "protein"),
      ("chicken", 120, 22.5, 2.6, 0.6, 0, 0, 45, 8.99, 1000, "protein"),
      ("turkey", 148, 19.7, 7.7, 2, 0, 0, 70, 5.49, 454, "protein"),
      ("beef", 215, 18.6, 15, 5.9, 0, 0, 66, 5.99, 454, "protein"),
      ("salmon", 208, 20, 13, 3.1, 0, 0, 59, 12.99, 680, "protein"),
      ("tuna", 116, 25.5, 0.8, 0.2, 0, 0, 338, 1.29, 142, "protein"),
      ("yogurt", 59, 10.2, 0.4, 0.1, 3.6, 0, 36, 5.49, 907, "dairy"),
      ("milk", 50, 3.3, 2, 1.3, 4.8, 0, 44, 3.29, 3900, "dairy"),
      ("cheddar", 403, 25, 33, 21, 1.3, 0, 621, 3.99, 227, "dairy"),
      ("cottage_cheese", 98, 11.1, 4.3, 1.7, 3.4, 0, 364, 3.49, 680, "dairy"),
      ("broccoli", 34, 2.8, 0.4, 0.1, 6.6, 2.6, 33, 2.49, 454, "vegetable"),
      ("spinach", 23, 2.9, 0.4, 0.1, 3.6, 2.2, 79, 2.99, 283, "vegetable"),
      ("carrots", 41, 0.9, 0.2, 0, 9.6, 2.8, 69, 1.29, 907, "vegetable"),
      ("tomatoes", 32, 1.6, 0.3, 0, 7.3, 1.9, 186, 1.29, 794, "vegetable"),
      ("peppers", 31, 1, 0.3, 0, 6, 2.1, 4, 3.99, 680, "vegetable"),
      ("onion", 40, 1.1, 0.1, 0, 9.3, 1.7, 4, 1.49, 1361, "vegetable"),
      ("sweet_potato", 86, 1.6, 0.1, 0, 20, 3, 55, 1.29, 454, "vegetable"),
      ("cabbage", 25, 1.3, 0.1, 0, 5.8, 2.5, 18, 0.79, 907, "vegetable"),
      ("frozen_peas", 77, 5.2, 0.4, 0.1, 13.6, 4.5, 108, 1.49, 454, "vegetable"),
      ("banana", 89, 1.1, 0.3, 0.1, 22.8, 2.6, 1, 1.29, 907, "fruit"),
      ("apple", 52, 0.3, 0.2, 0, 13.8, 2.4, 1, 1.99, 1000, "fruit"),
      ("berries", 57, 0.7, 0.3, 0, 14.5, 2.4, 1, 3.99, 454, "fruit"),
      ("orange", 47, 0.9, 0.1, 0, 11.8, 2.4, 0, 3.99, 1814, "fruit"),
      ("raisins", 299, 3.1, 0.5, 0.1, 79, 3.7, 11, 2.99, 340, "fruit"),
      ("peanut_butter", 588, 25, 50, 10, 20, 6, 459, 2.79, 454, "fat"),
      ("almonds", 579, 21, 50, 3.8, 22, 12.5, 1, 6.99, 454, "fat"),
      ("olive_oil", 884, 0, 100, 13.8, 0, 0, 2, 7.99, 458, "fat"),
      ("avocado", 160, 2, 14.7, 2.1, 8.5, 6.7, 7, 1.00, 150, "fat"),
      ("sunflower_seeds", 584, 20.8, 51.5, 4.5, 20, 8.6, 9, 2.49, 340, "fat"),
    ]

  static let pools: [Meal: [String]] = [
    .breakfast: ["grain", "dairy", "fruit", "fat", "protein"],
    .lunch: ["grain", "protein", "vegetable", "vegetable", "fat", "dairy"],
    .dinner: ["protein", "grain", "vegetable", "vegetable", "fat"],
    .snack: ["fruit", "fat", "dairy", "grain"],
  ]
  static let energyPerServing: [Meal: ClosedRange<Double>] = [
    .breakfast: 300...500, .lunch: 400...650, .dinner: 450...750, .snack: 120...300,
  ]

  let foods: [Food]
  let recipes: [Recipe]

  init(recipeCount: Int, seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let foods = Self.table.map { row in
      Food(
        id: row.0, name: row.0.replacingOccurrences(of: "_", with: " ").capitalized,
        nutrientsPer100g: [
          .energy: row.1, .protein: row.2, .fat: row.3, .saturatedFat: row.4, .carbs: row.5, .fiber: row.6,
          .sodium: row.7,
        ],
        tags: [row.10], offers: [Offer(store: "market", price: Money(row.8), packageGrams: row.9)])
    }
    let byRole = Dictionary(grouping: Self.table, by: \.10).mapValues { $0.map(\.0) }
    let energy = Dictionary(uniqueKeysWithValues: Self.table.map { ($0.0, $0.1) })
    let meals: [Meal] = [.breakfast, .lunch, .dinner, .snack]
    var recipes: [Recipe] = []
    for number in 1...recipeCount {
      // Shares: 25% breakfast, 25% lunch, 30% dinner, 20% snack; some recipes suit two meals.
      let roll = random.unit()
      let meal = roll < 0.25 ? meals[0] : roll < 0.5 ? meals[1] : roll < 0.8 ? meals[2] : meals[3]
      var suits: Set<Meal> = [meal]
      if meal == .lunch, random.unit() < 0.3 { suits.insert(.dinner) }
      if meal == .snack, random.unit() < 0.2 { suits.insert(.breakfast) }
      let count = meal == .snack ? random.int(2...3) : random.int(3...6)
      let pool = Self.pools[meal] ?? []
      var amounts: [String: Double] = [:]
      for index in 0..<count {
        let role = pool[index % pool.count]
        guard let id = byRole[role].map({ random.pick($0) }) else { continue }
        let grams = role == "fat" ? Double(random.int(5...30)) : Double(random.int(40...200))
        amounts[id, default: 0] += grams
      }
      let servings = Double(meal == .snack ? 1 : random.int(1...4))
      let range = Self.energyPerServing[meal] ?? 300...500
      let target = range.lowerBound + random.unit() * (range.upperBound - range.lowerBound)
      let kcal = amounts.reduce(0) { $0 + (energy[$1.key] ?? 0) * $1.value / 100 } / servings
      let scale = kcal > 0 ? target / kcal : 1
      let ingredients = amounts.keys.sorted().map { id in
        RecipeIngredient(food: id, grams: ((amounts[id] ?? 0) * scale).rounded())
      }
      recipes.append(
        Recipe(
          id: "recipe_\(number)", name: "\(meal.name.capitalized) \(number)", servings: servings,
          meals: suits,
          minutes: Double(random.int(5...60)), ingredients: ingredients))
    }
    self.foods = foods
    self.recipes = recipes
  }
}

extension SplitMix64 {
  /// One of `items`, each as likely.
  mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}
