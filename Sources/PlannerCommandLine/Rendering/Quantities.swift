import Foundation
import MealOptimizer

/// Numbers and amounts written for people.
enum Quantities {
  /// `1234.5` → `1,234.5` with at most `digits` fractional digits, trailing zeros dropped.
  static func number(_ value: Double, digits: Int = 1) -> String {
    DecimalFormatters.shared.string(NSNumber(value: value), fractionDigits: 0...digits) ?? String(value)
  }

  /// Money with two decimals: `3.42 USD`.
  static func money(_ value: Decimal, _ currency: String) -> String {
    var rounded = Decimal()
    var input = value
    NSDecimalRound(&rounded, &input, 2, .plain)
    return
      (DecimalFormatters.shared.string(NSDecimalNumber(decimal: rounded), fractionDigits: 2...2)
      ?? "\(rounded)") + " " + currency
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

/// The `en_US` decimal formatters of ``Quantities``, one per range of
/// fraction digits, made once: making a `NumberFormatter` (and its locale)
/// costs many times what formatting a number does, and a plan prints
/// hundreds of numbers. Used under a lock, one caller at a time.
private final class DecimalFormatters: @unchecked Sendable {
  static let shared = DecimalFormatters()
  private let lock = NSLock()
  private var formatters: [ClosedRange<Int>: NumberFormatter] = [:]

  /// The number with grouping and between `fractionDigits` decimals.
  func string(_ number: NSNumber, fractionDigits: ClosedRange<Int>) -> String? {
    lock.lock()
    defer { lock.unlock() }
    if let formatter = formatters[fractionDigits] { return formatter.string(from: number) }
    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: "en_US")
    formatter.numberStyle = .decimal
    formatter.minimumFractionDigits = fractionDigits.lowerBound
    formatter.maximumFractionDigits = fractionDigits.upperBound
    formatters[fractionDigits] = formatter
    return formatter.string(from: number)
  }
}
