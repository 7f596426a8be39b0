/// A condition on a food's nutrient content, such as `protein >= 20` per 100 g.
///
/// The amount is in the nutrient's canonical unit (see ``NutrientTable``). A
/// food without a figure for the nutrient never meets the condition: an
/// absent value is unknown, not zero.
public struct NutrientCondition: Sendable, Hashable, Codable {
  /// How the food's amount is compared with ``amount``.
  public enum Comparison: String, Sendable, Hashable, Codable, CaseIterable {
    case lessThan = "<"
    case lessThanOrEqual = "<="
    case greaterThan = ">"
    case greaterThanOrEqual = ">="
    case equal = "=="

    func holds(_ left: Double, _ right: Double) -> Bool {
      switch self {
      case .lessThan: left < right
      case .lessThanOrEqual: left <= right
      case .greaterThan: left > right
      case .greaterThanOrEqual: left >= right
      case .equal: abs(left - right) <= 1e-9 * max(1, abs(right))
      }
    }
  }

  /// The quantity of food the amount refers to.
  public enum Basis: Sendable, Hashable, Codable {
    /// 100 g of the food.
    case per100g
    /// One of the food's household measures, by name (`cup`); a food
    /// without the measure never meets the condition.
    case perMeasure(String)
  }

  /// The nutrient compared.
  public var nutrient: Nutrient
  /// How the food's amount is compared with ``amount``.
  public var comparison: Comparison
  /// The amount, in the nutrient's canonical unit.
  public var amount: Double
  /// The quantity of food the amount refers to.
  public var basis: Basis

  /// Creates a condition.
  public init(_ nutrient: Nutrient, _ comparison: Comparison, _ amount: Double, basis: Basis = .per100g) {
    self.nutrient = nutrient
    self.comparison = comparison
    self.amount = amount
    self.basis = basis
  }

  /// Whether a food meets the condition.
  ///
  /// - Parameter food: The food.
  /// - Returns: `true` when the food has a figure for the nutrient (and the
  ///   measure, if any) and the comparison holds.
  public func isMet(by food: Food) -> Bool {
    guard let per100g = food.nutrientsPer100g[nutrient] else { return false }
    switch basis {
    case .per100g:
      return comparison.holds(per100g, amount)
    case .perMeasure(let name):
      guard let measure = food.measure(named: name) else { return false }
      return comparison.holds(per100g * measure.grams / 100, amount)
    }
  }
}
