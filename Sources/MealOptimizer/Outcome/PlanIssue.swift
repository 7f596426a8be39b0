internal import Diagnostics

/// One mistake in a ``DietProblem`` or a ``MealPlanProblem``.
///
/// A planner checks the whole problem before it builds a model and reports
/// every issue it finds together, in ``PlanningError/invalidProblem(_:)``.
public enum PlanIssue: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The plan covers fewer than one day.
  case noDays(Int)
  /// Two foods, or two recipes, or a food and a recipe, share an identifier.
  case duplicateIdentifier(String)
  /// A limit, group, slot, recipe or serving rule names a food the problem does not have.
  case unknownFood(String, usedBy: String)
  /// A goal names a nutrient the nutrient table does not know, with the
  /// closest known name when one is near.
  case unknownNutrient(String, suggestion: String?)
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
  /// A recipe is malformed (no positive servings, a negative or non-finite amount).
  case invalidRecipe(recipe: String, reason: String)
  /// Any other mistake, in words: no slots, a lock or leftover rule that
  /// names something that does not exist.
  case invalid(String)

  /// The issue in words, lowercase, code quoted in `'…'`.
  public var description: String {
    switch self {
    case .noDays(let days): "a plan needs at least one day, not \(days)"
    case .duplicateIdentifier(let id): "'\(id)' is defined more than once"
    case .unknownFood(let id, let user): "\(user) names unknown food '\(id)'"
    case .unknownNutrient(let name, let suggestion):
      "unknown nutrient '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    case .invalidNumber(let what): what
    case .invertedBounds(let what): "\(what): the minimum is above the maximum"
    case .missingServing(let food): "food '\(food)' is counted in servings but has no 'serving' measure"
    case .missingPrice(let food): "food '\(food)' has no price, but the plan counts cost"
    case .noEnergyFactor(let nutrient):
      "'\(nutrient)' supplies no energy, so a goal cannot be a percent of energy"
    case .emptyGroup(let name): "food group limit '\(name)' lists no food"
    case .invalidRecipe(let recipe, let reason): "recipe '\(recipe)': \(reason)"
    case .invalid(let why): why
    }
  }
}

extension PlanIssue {
  /// The issue of a goal's nutrient name, when neither ``NutrientTable`` nor
  /// any of the problem's foods knows it, with the closest known name within
  /// two edits as a hint.
  ///
  /// A Swift-built problem may use its own nutrients (`calcium_g`) as long as
  /// its foods state amounts of them; a name that no food states and the
  /// table does not know can only be a mistake, which would otherwise come
  /// back as an infeasible plan.
  ///
  /// - Parameters:
  ///   - nutrient: The nutrient a goal or objective names.
  ///   - foods: The problem's foods.
  /// - Returns: An ``unknownNutrient(_:suggestion:)`` issue, or `nil` for a known nutrient.
  static func unknownNutrient(_ nutrient: Nutrient, foods: [Food]) -> PlanIssue? {
    guard nutrient.definition == nil, !foods.contains(where: { $0.nutrientsPer100g[nutrient] != nil }) else {
      return nil
    }
    let name = nutrient.name
    if let alias = NutrientTable.lookup(name) {
      return .unknownNutrient(name, suggestion: alias.nutrient.name)
    }
    var known = Set(foods.flatMap { $0.nutrientsPer100g.keys.map(\.name) })
    for candidate in NutrientTable.allNames {
      if let definition = NutrientTable.lookup(candidate) { known.insert(definition.nutrient.name) }
    }
    let limit = max(1, min(2, name.count / 3))
    var suggestion: String?
    var closest = limit + 1
    for candidate in known.sorted() {
      guard let distance = Suggestions.distance(Array(name.utf8), Array(candidate.utf8), limit: limit),
        distance < closest
      else {
        continue
      }
      closest = distance
      suggestion = candidate
    }
    return .unknownNutrient(name, suggestion: suggestion)
  }
}
