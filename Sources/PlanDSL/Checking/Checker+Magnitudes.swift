import Foundation
import MealOptimizer

/// Amounts no food can have: they would only reach the solver as numbers it
/// cannot scale (a plan that fails verification, or a serving so small that a
/// billion of them are needed), so they are refused where they are written.
extension Checker {
  /// The smallest measure: 1 mg (a pinch is about 300 mg, a saffron thread 2 mg).
  static let smallestMeasureGrams: Decimal = 0.001

  /// The largest ingredient amount, measure or package (not a loose price's amount): one tonne.
  static let largestIngredientGrams: Decimal = 1_000_000

  /// The most energy 100 g of food can hold: pure fat has 900 kcal, so 1,000 leaves room for rounding.
  static let largestEnergyPer100g = 1000.0

  /// The largest figure of a nutrient per 100 g of food, in the nutrient's own
  /// unit, that reaches the solver: 10^8 (100 kg of a nutrient in mg per 100 g).
  /// Beyond it, a billionth of a gram of the food counts towards a goal, below
  /// the solver's tolerances, and the plan it returns fails the independent
  /// check (1e10 mg of potassium did). Figures per dollar, as in Stigler's
  /// diet (at most 918,400 IU), stay far below.
  static let largestNutrientPer100g = 1e8

  /// The largest figure, as written in the hint.
  static let largestNutrientPer100gText = "100,000,000"

  /// Why `per100` (in the nutrient's canonical unit, per 100 g of food) cannot be, or `nil`.
  static func impossibleAmount(_ per100: Double, in unit: NutrientUnit) -> String? {
    if let grams = unit.grams, per100 * grams > 100 * (1 + 1e-6) {
      return "more than the 100 g of food it is in"
    }
    if unit == .kilocalorie, per100 > largestEnergyPer100g {
      return "more than 1000 kcal per 100 g (pure fat has 900)"
    }
    if unit == .kilojoule, per100 > largestEnergyPer100g * 4.184 {
      return "more than 4184 kJ per 100 g (pure fat has 3766)"
    }
    return nil
  }
}
