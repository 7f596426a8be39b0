import Foundation
import MealOptimizer

extension SplitMix64 {
  /// A uniform number in the range.
  mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * unit()
  }
}

/// Per-100 g figures typical of a food group (ranges drawn uniformly), and its price per kg.
struct FoodGroupProfile {
  var name: String
  var share: Double
  var protein: ClosedRange<Double>
  var fat: ClosedRange<Double>
  var saturatedShareOfFat: ClosedRange<Double>
  var carbs: ClosedRange<Double>
  var fiberShareOfCarbs: ClosedRange<Double>
  var sugarShareOfCarbs: ClosedRange<Double>
  var sodium: ClosedRange<Double>
  var potassium: ClosedRange<Double>
  var calcium: ClosedRange<Double>
  var iron: ClosedRange<Double>
  var vitaminC: ClosedRange<Double>
  var pricePerKilogram: ClosedRange<Double>
}

/// The benchmark's diet model: many foods in realistic groups, an adult's
/// daily goals, and per-food limits.
enum BenchmarkDiet {
  static let profiles: [FoodGroupProfile] = [
    .init(
      name: "grains", share: 0.12, protein: 7...15, fat: 1...8, saturatedShareOfFat: 0.15...0.3,
      carbs: 60...80,
      fiberShareOfCarbs: 0.03...0.18, sugarShareOfCarbs: 0.01...0.1, sodium: 0...500, potassium: 100...450,
      calcium: 10...60, iron: 1...5, vitaminC: 0...0, pricePerKilogram: 1...6),
    .init(
      name: "vegetables", share: 0.16, protein: 0.8...4, fat: 0.1...0.6, saturatedShareOfFat: 0.1...0.2,
      carbs: 3...18, fiberShareOfCarbs: 0.15...0.4, sugarShareOfCarbs: 0.1...0.5, sodium: 2...80,
      potassium: 150...560, calcium: 10...130, iron: 0.2...3, vitaminC: 2...120, pricePerKilogram: 1.5...8),
    .init(
      name: "fruits", share: 0.1, protein: 0.3...1.5, fat: 0.1...0.5, saturatedShareOfFat: 0.05...0.2,
      carbs: 8...25, fiberShareOfCarbs: 0.08...0.25, sugarShareOfCarbs: 0.5...0.85, sodium: 0...5,
      potassium: 100...450, calcium: 5...40, iron: 0.1...0.8, vitaminC: 3...90, pricePerKilogram: 2...9),
    .init(
      name: "legumes", share: 0.06, protein: 6...25, fat: 0.5...6, saturatedShareOfFat: 0.1...0.2,
      carbs: 15...60, fiberShareOfCarbs: 0.2...0.4, sugarShareOfCarbs: 0.02...0.1, sodium: 1...400,
      potassium: 250...1400, calcium: 30...180, iron: 2...8, vitaminC: 0...4, pricePerKilogram: 2...7),
    .init(
      name: "meat", share: 0.14, protein: 17...30, fat: 3...30, saturatedShareOfFat: 0.3...0.45, carbs: 0...2,
      fiberShareOfCarbs: 0...0, sugarShareOfCarbs: 0...0.2, sodium: 50...1200, potassium: 200...400,
      calcium: 5...25, iron: 0.7...3.5, vitaminC: 0...2, pricePerKilogram: 6...25),
    .init(
      name: "fish", share: 0.06, protein: 17...26, fat: 0.5...15, saturatedShareOfFat: 0.15...0.3,
      carbs: 0...1, fiberShareOfCarbs: 0...0, sugarShareOfCarbs: 0...0, sodium: 50...700,
      potassium: 250...500,
      calcium: 10...250, iron: 0.3...1.5, vitaminC: 0...2, pricePerKilogram: 8...30),
    .init(
      name: "dairy", share: 0.1, protein: 3...28, fat: 0.1...35, saturatedShareOfFat: 0.55...0.68,
      carbs: 1...12, fiberShareOfCarbs: 0...0, sugarShareOfCarbs: 0.7...1, sodium: 40...1500,
      potassium: 80...200, calcium: 100...900, iron: 0...0.5, vitaminC: 0...2, pricePerKilogram: 1...18),
    .init(
      name: "nuts", share: 0.05, protein: 10...26, fat: 40...70, saturatedShareOfFat: 0.07...0.2,
      carbs: 8...30, fiberShareOfCarbs: 0.2...0.45, sugarShareOfCarbs: 0.1...0.3, sodium: 0...600,
      potassium: 400...1000, calcium: 30...270, iron: 2...6, vitaminC: 0...2, pricePerKilogram: 8...30),
    .init(
      name: "fats and oils", share: 0.03, protein: 0...1, fat: 80...100, saturatedShareOfFat: 0.08...0.65,
      carbs: 0...1, fiberShareOfCarbs: 0...0, sugarShareOfCarbs: 0...0, sodium: 0...700, potassium: 0...30,
      calcium: 0...25, iron: 0...0.2, vitaminC: 0...0, pricePerKilogram: 3...15),
    .init(
      name: "sweets and snacks", share: 0.1, protein: 2...9, fat: 5...35, saturatedShareOfFat: 0.2...0.6,
      carbs: 50...85, fiberShareOfCarbs: 0.01...0.08, sugarShareOfCarbs: 0.3...0.9, sodium: 50...900,
      potassium: 50...500, calcium: 10...120, iron: 0.5...3, vitaminC: 0...5, pricePerKilogram: 4...20),
    .init(
      name: "prepared meals", share: 0.08, protein: 4...14, fat: 3...15, saturatedShareOfFat: 0.25...0.45,
      carbs: 8...30, fiberShareOfCarbs: 0.03...0.12, sugarShareOfCarbs: 0.05...0.3, sodium: 250...800,
      potassium: 100...350, calcium: 20...150, iron: 0.5...2.5, vitaminC: 0...15, pricePerKilogram: 5...15),
  ]

  /// `count` foods, drawn group by group in proportion to each group's share.
  static func foods(count: Int, seed: UInt64 = 2026) -> [Food] {
    var generator = SplitMix64(seed: seed)
    let total = profiles.reduce(0) { $0 + $1.share }
    var foods: [Food] = []
    for index in 0..<count {
      var pick = generator.uniform(0...total)
      var profile = profiles[0]
      for candidate in profiles {
        if pick < candidate.share {
          profile = candidate
          break
        }
        pick -= candidate.share
      }
      let protein = generator.uniform(profile.protein)
      let fat = generator.uniform(profile.fat)
      let carbs = min(generator.uniform(profile.carbs), max(0, 100 - protein - fat))
      let fiber = carbs * generator.uniform(profile.fiberShareOfCarbs)
      // Atwater energy with a little noise, as food tables differ from the formula.
      let energy = (4 * protein + 4 * (carbs - fiber) + 2 * fiber + 9 * fat) * generator.uniform(0.95...1.05)
      let nutrients: [Nutrient: Double] = [
        .energy: energy, .protein: protein, .fat: fat,
        .saturatedFat: fat * generator.uniform(profile.saturatedShareOfFat), .carbs: carbs, .fiber: fiber,
        .sugars: carbs * generator.uniform(profile.sugarShareOfCarbs),
        .sodium: generator.uniform(profile.sodium),
        "potassium": generator.uniform(profile.potassium), "calcium": generator.uniform(profile.calcium),
        "iron": generator.uniform(profile.iron), "vitamin_c": generator.uniform(profile.vitaminC),
      ]
      let cents = (generator.uniform(profile.pricePerKilogram) * 100).rounded()
      foods.append(
        Food(
          id: "f\(index)", name: "\(profile.name) \(index)", nutrientsPer100g: nutrients,
          offers: [Offer(price: Money(minorUnits: Int(cents)), packageGrams: 1000)], group: profile.name))
    }
    return foods
  }

  /// Daily goals of a moderately active adult.
  static let goals: [NutrientGoal] = [
    NutrientGoal(.energy, minimum: 1800, maximum: 2200),
    NutrientGoal(.protein, minimum: 90),
    NutrientGoal(.fat, minimum: 0.20, maximum: 0.35, basis: .percentOfEnergy),
    NutrientGoal(.saturatedFat, maximum: 0.10, basis: .percentOfEnergy),
    NutrientGoal(.carbs, minimum: 225, maximum: 325),
    NutrientGoal(.fiber, minimum: 28),
    NutrientGoal(.sugars, maximum: 50),
    NutrientGoal(.sodium, maximum: 2300),
    NutrientGoal("potassium", minimum: 3400),
    NutrientGoal("calcium", minimum: 1000, maximum: 2500),
    NutrientGoal("iron", minimum: 8, maximum: 45),
    NutrientGoal("vitamin_c", minimum: 90, maximum: 2000),
  ]

  /// The problem: at most 300 g of any food a day; with `variety`, also at
  /// most 600 g of each food over the week, which links the days.
  static func problem(foods count: Int, days: Int, variety: Bool) -> DietProblem {
    let foods = foods(count: count)
    var problem = DietProblem(
      foods: foods, days: days, goals: goals,
      foodLimits: foods.map { FoodLimit(food: $0.id, maximumGrams: 300) })
    if variety {
      problem.groupLimits = foods.map {
        FoodGroupLimit("week_\($0.id)", foods: [$0.id], maximum: 600, period: .week)
      }
    }
    return problem
  }
}
