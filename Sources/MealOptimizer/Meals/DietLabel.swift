/// A diet label of a recipe, derived from its ingredients or its nutrition.
///
/// Labels are never typed by hand. The rules, for a recipe whose ingredient
/// foods carry tags:
///
/// - `vegan`: every ingredient food is tagged `vegan`.
/// - `vegetarian`: every ingredient is tagged `vegetarian` or `vegan`.
/// - `pescatarian`: every ingredient is tagged `vegetarian`, `vegan`, `fish` or `shellfish`.
/// - `gluten-free`: every ingredient is tagged `gluten-free`.
/// - `dairy-free`: every ingredient is tagged `dairy-free` or `vegan`.
/// - `nut-free`: no ingredient is tagged `nut`, `nuts`, `peanut(s)` or `tree-nut(s)` (the catalog uses `peanuts` and `tree-nuts`)
///   (nuts are an allergen that foods name explicitly).
/// - `keto`: per serving, net carbohydrate (carbs minus fiber) is at most
///   10 g and fat supplies at least 60% of the energy.
/// - `low-sodium`: at most 140 mg sodium per serving (the FDA "low sodium" claim).
///
/// A recipe with no ingredients has no labels.
public enum DietLabel: String, Sendable, Hashable, Codable, CaseIterable, Comparable,
  CustomStringConvertible
{
  case vegan
  case vegetarian
  case pescatarian
  case glutenFree = "gluten-free"
  case dairyFree = "dairy-free"
  case nutFree = "nut-free"
  case keto
  case lowSodium = "low-sodium"

  public var description: String { rawValue }

  public static func < (lhs: DietLabel, rhs: DietLabel) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }

  /// The most net carbohydrate, in grams per serving, that a keto recipe may have.
  package static let ketoMaximumNetCarbs = 10.0
  /// The least share of energy from fat (0.6 is 60%) that a keto recipe must have.
  package static let ketoMinimumFatEnergyShare = 0.6
  /// The most sodium, in milligrams per serving, that a low-sodium recipe may have.
  package static let lowSodiumMaximum = 140.0
  /// Tags that mark a food as containing nuts; any of them removes `nut-free`.
  package static let nutTags: Set<String> = ["nut", "nuts", "peanut", "peanuts", "tree-nut", "tree-nuts"]

  /// Whether a single food qualifies, by its tags, for a tag-derived label.
  ///
  /// Returns `nil` for `keto` and `low-sodium`, which depend on nutrition per serving.
  package func isSatisfied(byTags tags: Set<String>) -> Bool? {
    switch self {
    case .vegan: tags.contains("vegan")
    case .vegetarian: tags.contains("vegetarian") || tags.contains("vegan")
    case .pescatarian:
      !tags.isDisjoint(with: ["vegetarian", "vegan", "fish", "shellfish"])
    case .glutenFree: tags.contains("gluten-free")
    case .dairyFree: tags.contains("dairy-free") || tags.contains("vegan")
    case .nutFree: tags.isDisjoint(with: DietLabel.nutTags)
    case .keto, .lowSodium: nil
    }
  }

  /// The labels that follow from the tags of every ingredient food and the
  /// nutrition of one serving.
  ///
  /// - Parameters:
  ///   - ingredientTags: the tags of each ingredient's food.
  ///   - perServing: nutrient amounts of one serving, in canonical units.
  /// - Returns: the labels that hold, in declaration order.
  package static func derive(ingredientTags: [Set<String>], perServing: [Nutrient: Double]) -> [DietLabel] {
    guard !ingredientTags.isEmpty else { return [] }
    var labels: [DietLabel] = []
    for label in allCases {
      switch label {
      case .keto:
        let carbs = perServing[.carbs] ?? 0
        let fiber = perServing[.fiber] ?? 0
        let energy = perServing[.energy] ?? 0
        let fat = perServing[.fat] ?? 0
        if energy > 0, carbs - fiber <= ketoMaximumNetCarbs,
          fat * 9 >= ketoMinimumFatEnergyShare * energy
        {
          labels.append(label)
        }
      case .lowSodium:
        if (perServing[.sodium] ?? 0) <= lowSodiumMaximum { labels.append(label) }
      default:
        if ingredientTags.allSatisfy({ label.isSatisfied(byTags: $0) == true }) { labels.append(label) }
      }
    }
    return labels
  }
}
