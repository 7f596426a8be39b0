/// A diet or allergen tag that the catalog derives for its foods.
///
/// ``Food/tags`` is a plain `Set<String>`; these are the values the catalog
/// puts there (`"gluten-free"`, `"tree-nuts"`), so a plan may add or remove
/// any of them. See docs/catalog.md for the rules.
package enum FoodTag: String, Sendable, Hashable, CaseIterable, Codable {
  case vegan
  case vegetarian
  case glutenFree = "gluten-free"
  case dairyFree = "dairy-free"
  case milk
  case egg
  case fish
  case shellfish
  case treeNuts = "tree-nuts"
  case peanuts
  case wheat
  case soy
  case sesame

  /// Whether the tag names an allergen the food contains (rather than a diet it fits).
  package var isAllergen: Bool {
    switch self {
    case .vegan, .vegetarian, .glutenFree, .dairyFree: false
    default: true
    }
  }

  /// The bit that stands for the tag in the catalog's compact tag sets.
  var bit: UInt16 { UInt16(1) << UInt16(Self.allCases.firstIndex(of: self) ?? 0) }

  /// The tags whose bits are set in `bits`.
  static func tags(in bits: UInt16) -> Set<String> {
    var result: Set<String> = []
    for tag in allCases where bits & tag.bit != 0 {
      result.insert(tag.rawValue)
    }
    return result
  }

  /// The bits of a set of tags.
  static func bits(of tags: some Sequence<FoodTag>) -> UInt16 {
    tags.reduce(0) { $0 | $1.bit }
  }
}
