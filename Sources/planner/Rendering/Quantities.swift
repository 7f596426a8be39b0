import Foundation
import MealOptimizer

/// Numbers and amounts written for people.
enum Quantities {
  /// `1234.5` → `1,234.5` with at most `digits` fractional digits, trailing zeros dropped.
  static func number(_ value: Double, digits: Int = 1) -> String {
    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: "en_US")
    formatter.numberStyle = .decimal
    formatter.maximumFractionDigits = digits
    formatter.minimumFractionDigits = 0
    return formatter.string(from: NSNumber(value: value)) ?? String(value)
  }

  /// Money with two decimals: `3.42 USD`.
  static func money(_ value: Decimal, _ currency: String) -> String {
    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: "en_US")
    formatter.numberStyle = .decimal
    formatter.minimumFractionDigits = 2
    formatter.maximumFractionDigits = 2
    var rounded = Decimal()
    var input = value
    NSDecimalRound(&rounded, &input, 2, .plain)
    return (formatter.string(from: NSDecimalNumber(decimal: rounded)) ?? "\(rounded)") + " " + currency
  }

  /// Grams with a household measure when the food has a sensible one: `120 g (1½ cup)`.
  static func amount(grams: Double, of food: Food?) -> String {
    let base =
      grams >= 1000
      ? number(grams / 1000, digits: 2) + " kg" : number(grams, digits: grams < 10 ? 1 : 0) + " g"
    guard let food else { return base }
    let measures =
      food.measures.filter { $0.name != DietProblem.servingMeasure }
      + food.measures.filter { $0.name == DietProblem.servingMeasure }
    for measure in measures {
      let count = grams / measure.grams
      if count >= 0.25 && count <= 24 {
        return base + " (" + fraction(count) + " " + measure.name + ")"
      }
    }
    return base
  }

  /// A count to the nearest quarter, with vulgar fractions: `1½`, `¾`, `2`.
  static func fraction(_ value: Double) -> String {
    let quarters = Int((value * 4).rounded())
    let whole = quarters / 4
    let part = ["", "¼", "½", "¾"][quarters % 4]
    if whole == 0 { return part.isEmpty ? "0" : part }
    return "\(whole)\(part)"
  }

  /// The unit a nutrient is shown in.
  static func unit(of nutrient: Nutrient) -> String {
    nutrient.definition?.unit.rawValue ?? ""
  }
}
