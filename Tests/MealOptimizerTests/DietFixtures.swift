import Foundation

@testable import MealOptimizer

/// Data of two classic diet problems, as Swift values.
enum DietFixtures {
  /// GLPK's `examples/diet.mod` (Stigler's nutrition model): nutritive value
  /// per dollar of 20 foods and the daily allowance of 9 nutrients, as
  /// equalities. glpsol's optimum is 0.1381709355 dollars.
  ///
  /// Each food is modelled as 100 g per dollar (one offer of 1 USD per 100 g)
  /// with its per-dollar values as "per 100 g", so grams / 100 is dollars.
  static let stiglerNutrients: [Nutrient] = [
    "calorie_1000", "protein", "calcium_g", "iron", "vitamin_a_1000iu", "thiamin", "riboflavin", "niacin",
    "vitamin_c",
  ]
  static let stiglerAllowances: [Double] = [3, 70, 0.8, 12, 5, 1.8, 2.7, 18, 75]
  static let stiglerFoods: [(String, [Double])] = [
    ("Wheat", [44.7, 1411, 2.0, 365, 0, 55.4, 33.3, 441, 0]),
    ("Cornmeal", [36, 897, 1.7, 99, 30.9, 17.4, 7.9, 106, 0]),
    ("Cannedmilk", [8.4, 422, 15.1, 9, 26, 3, 23.5, 11, 60]),
    ("Margarine", [20.6, 17, 0.6, 6, 55.8, 0.2, 0, 0, 0]),
    ("Cheese", [7.4, 448, 16.4, 19, 28.1, 0.8, 10.3, 4, 0]),
    ("Peanut-B", [15.7, 661, 1, 48, 0, 9.6, 8.1, 471, 0]),
    ("Lard", [41.7, 0, 0, 0, 0.2, 0, 0.5, 5, 0]),
    ("Liver", [2.2, 333, 0.2, 139, 169.2, 6.4, 50.8, 316, 525]),
    ("Porkroast", [4.4, 249, 0.3, 37, 0, 18.2, 3.6, 79, 0]),
    ("Salmon", [5.8, 705, 6.8, 45, 3.5, 1, 4.9, 209, 0]),
    ("Greenbeans", [2.4, 138, 3.7, 80, 69, 4.3, 5.8, 37, 862]),
    ("Cabbage", [2.6, 125, 4, 36, 7.2, 9, 4.5, 26, 5369]),
    ("Onions", [5.8, 166, 3.8, 59, 16.6, 4.7, 5.9, 21, 1184]),
    ("Potatoes", [14.3, 336, 1.8, 118, 6.7, 29.4, 7.1, 198, 2522]),
    ("Spinach", [1.1, 106, 0, 138, 918.4, 5.7, 13.8, 33, 2755]),
    ("Sweet-Pot", [9.6, 138, 2.7, 54, 290.7, 8.4, 5.4, 83, 1912]),
    ("Peaches", [8.5, 87, 1.7, 173, 86.8, 1.2, 4.3, 55, 57]),
    ("Prunes", [12.8, 99, 2.5, 154, 85.7, 3.9, 4.3, 65, 257]),
    ("Limabeans", [17.4, 1055, 3.7, 459, 5.1, 26.9, 38.2, 93, 0]),
    ("Navybeans", [26.9, 1691, 11.4, 792, 0, 38.4, 24.6, 217, 0]),
  ]

  static func stigler() -> DietProblem {
    let foods = stiglerFoods.map { name, values in
      Food(
        id: name.lowercased(), name: name,
        nutrientsPer100g: Dictionary(uniqueKeysWithValues: zip(stiglerNutrients, values)),
        offers: [Offer(price: 1, packageGrams: 100)])
    }
    let goals = zip(stiglerNutrients, stiglerAllowances).map { NutrientGoal($0, minimum: $1, maximum: $1) }
    return DietProblem(foods: foods, goals: goals)
  }

  /// JuMP's diet tutorial: 9 foods per serving, with cost, calories, protein,
  /// fat and sodium; calories 1800...2200, protein >= 91, fat <= 65, sodium <= 1779.
  /// LP optimum 11.8289, in whole servings 12.78.
  static let jumpFoods: [(String, Money, [Double])] = [
    ("hamburger", 2.49, [410, 24, 26, 730]),
    ("chicken", 2.89, [420, 32, 10, 1190]),
    ("hot dog", 1.50, [560, 20, 32, 1800]),
    ("fries", 1.89, [380, 4, 19, 270]),
    ("macaroni", 2.09, [320, 12, 10, 930]),
    ("pizza", 1.99, [320, 15, 12, 820]),
    ("salad", 2.49, [320, 31, 12, 1230]),
    ("milk", 0.89, [100, 8, 2.5, 125]),
    ("ice cream", 1.59, [330, 8, 10, 180]),
  ]

  /// One serving is modelled as 100 g, with the per-serving values as "per 100 g".
  static func jump(wholeServings: Bool = false, dairyLimit: Double? = nil) -> DietProblem {
    let nutrients: [Nutrient] = [.energy, .protein, .fat, .sodium]
    let foods = jumpFoods.map { name, price, values in
      Food(
        id: name.replacingOccurrences(of: " ", with: "_"), name: name,
        nutrientsPer100g: Dictionary(uniqueKeysWithValues: zip(nutrients, values)),
        measures: [Measure(name: "serving", grams: 100)],
        offers: [Offer(price: price, packageGrams: 100, packageName: "serving")])
    }
    let goals = [
      NutrientGoal(.energy, minimum: 1800, maximum: 2200),
      NutrientGoal(.protein, minimum: 91),
      NutrientGoal(.fat, minimum: 0, maximum: 65),
      NutrientGoal(.sodium, minimum: 0, maximum: 1779),
    ]
    var problem = DietProblem(foods: foods, goals: goals)
    if wholeServings { problem.wholeServings = Set(foods.map(\.id)) }
    if let dairyLimit {
      problem.groupLimits = [
        FoodGroupLimit("dairy", foods: ["milk", "ice_cream"], maximum: dairyLimit, unit: .servings)
      ]
    }
    return problem
  }
}
