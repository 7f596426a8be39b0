/// Every mistake found in a ``DietProblem``, reported together.
///
/// The model builder checks the whole problem before building anything and
/// throws one `DietProblemError` listing each issue, so a caller can show
/// them all at once.
public struct DietProblemError: Error, Sendable, Hashable, CustomStringConvertible {
  /// One mistake in a diet problem.
  public enum Issue: Sendable, Hashable, CustomStringConvertible {
    /// The plan covers fewer than one day.
    case noDays(Int)
    /// Two foods share an identifier.
    case duplicateFood(String)
    /// A limit, group or serving rule names a food the problem does not have.
    case unknownFood(String, usedBy: String)
    /// A number that must be finite and non-negative is not.
    case invalidNumber(String)
    /// A minimum is above its maximum.
    case invertedBounds(String)
    /// A food eaten in servings has no measure named `serving`.
    case missingServing(food: String)
    /// Cost matters but the food has no offer.
    case missingPrice(food: String)
    /// A percent-of-energy goal names a nutrient without kilocalories per unit.
    case noEnergyFactor(Nutrient)
    /// A group limit lists no food.
    case emptyGroup(String)

    public var description: String {
      switch self {
      case .noDays(let days): "a plan needs at least one day, not \(days)"
      case .duplicateFood(let id): "food '\(id)' is defined twice"
      case .unknownFood(let id, let user): "\(user) names unknown food '\(id)'"
      case .invalidNumber(let what): what
      case .invertedBounds(let what): "\(what): the minimum is above the maximum"
      case .missingServing(let food): "food '\(food)' is counted in servings but has no 'serving' measure"
      case .missingPrice(let food): "food '\(food)' has no price, but the plan counts cost"
      case .noEnergyFactor(let nutrient):
        "'\(nutrient)' supplies no energy, so a goal cannot be a percent of energy"
      case .emptyGroup(let name): "food group limit '\(name)' lists no food"
      }
    }
  }

  /// The issues, in the order found.
  public var issues: [Issue]

  public init(_ issues: [Issue]) { self.issues = issues }

  public var description: String {
    "invalid diet problem: " + issues.map(\.description).joined(separator: "; ")
  }
}
