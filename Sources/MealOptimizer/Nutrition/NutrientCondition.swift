/// A condition on an amount of a nutrient: "protein >= 25 g" in a serving, or
/// "protein >= 20 g" per 100 g of a food.
///
/// The amount is in the nutrient's canonical unit (see `NutrientTable`).
/// Catalog search applies it to foods (`isMet(by:)`); recipe queries apply
/// it to the nutrition of one serving (`holds(for:)`). A food without a
/// figure for the nutrient never meets it: an absent value is unknown, not zero.
public struct NutrientCondition: Sendable, Hashable, Codable, CustomStringConvertible {
  /// How an amount compares with `amount`.
  public enum Comparison: String, Sendable, Hashable, Codable, CaseIterable {
    case atLeast = ">="
    case atMost = "<="
    case greaterThan = ">"
    case lessThan = "<"
    case equal = "=="
  }

  /// The quantity of food a condition on a food refers to.
  public enum Basis: Sendable, Hashable, Codable {
    /// 100 g of the food.
    case per100g
    /// One of the food's household measures, by name (`cup`); a food
    /// without the measure never meets the condition.
    case perMeasure(String)
  }

  package var nutrient: Nutrient
  package var comparison: Comparison
  /// The amount, in the nutrient's canonical unit.
  package var amount: Double
  /// What a food's amount is measured per (ignored by ``holds(for:)``).
  package var basis: Basis

  /// Creates a condition.
  public init(_ nutrient: Nutrient, _ comparison: Comparison, _ amount: Double, basis: Basis = .per100g) {
    self.nutrient = nutrient
    self.comparison = comparison
    self.amount = amount
    self.basis = basis
  }

  /// Whether an amount satisfies the condition; `>=`, `<=` and `==` allow 1e-9 relative.
  package func holds(for value: Double) -> Bool {
    let tolerance = 1e-9 * max(1, abs(amount))
    switch comparison {
    case .atLeast: return value >= amount - tolerance
    case .atMost: return value <= amount + tolerance
    case .greaterThan: return value > amount
    case .lessThan: return value < amount
    case .equal: return abs(value - amount) <= tolerance
    }
  }

  /// Whether a food meets the condition on its ``basis``.
  ///
  /// - Returns: `true` when the food has a figure for the nutrient (and the
  ///   measure, if any) and the comparison holds.
  package func isMet(by food: Food) -> Bool {
    guard let per100g = food.nutrientsPer100g[nutrient] else { return false }
    switch basis {
    case .per100g:
      return holds(for: per100g)
    case .perMeasure(let name):
      guard let measure = food.measure(named: name) else { return false }
      return holds(for: per100g * measure.grams / 100)
    }
  }

  public var description: String {
    let unit = nutrient.definition?.unit.rawValue ?? ""
    let number = amount == amount.rounded() && abs(amount) < 1e15 ? String(Int(amount)) : String(amount)
    return "\(nutrient) \(comparison.rawValue) \(number) \(unit)"
  }
}
