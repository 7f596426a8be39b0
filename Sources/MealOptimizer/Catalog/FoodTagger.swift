/// Derives diet and allergen tags for a catalog food from its group and description.
///
/// The rules are documented in docs/catalog.md. In short: allergens are found
/// by words of the description (with a few exceptions such as "peanut butter"
/// not being milk and "water chestnuts" not being tree nuts), plus the food
/// group where it decides (fish in "Finfish and Shellfish Products", milk in
/// "Dairy and Egg Products" except eggs, wheat in "Baked Products"). Diet tags
/// (vegan, vegetarian, gluten-free, dairy-free) are claimed only for groups of
/// plain, single-ingredient foods whose description names nothing that rules
/// them out; mixed dishes, restaurant and fast foods, soups and baby foods get
/// none. When unsure, no diet tag is claimed.
enum FoodTagger {
  /// The tags of one food.
  static func tags(description: String, group: String) -> Set<FoodTag> {
    let words = SearchText.tokens(description).map(\.text)
    return Analysis(words: words, group: FoodGroupKind(group), branded: SearchText.namesBrand(description))
      .tags
  }

  private struct Analysis {
    let words: [String]
    let set: Set<String>
    let group: FoodGroupKind
    /// Whether the description names a brand or a commodity program.
    let branded: Bool

    init(words: [String], group: FoodGroupKind, branded: Bool) {
      self.words = words
      self.set = Set(words)
      self.group = group
      self.branded = branded
    }

    func has(_ candidates: Set<String>) -> Bool { !set.isDisjoint(with: candidates) }

    func hasPhrase(_ first: String, _ second: String) -> Bool {
      zip(words, words.dropFirst()).contains { $0 == first && $1 == second }
    }

    var first: String { words.first ?? "" }

    var tags: Set<FoodTag> {
      var result: Set<FoodTag> = []
      let allergens = allergenTags
      result.formUnion(allergens)
      let meat = containsMeat
      let seafood = allergens.contains(.fish) || allergens.contains(.shellfish)
      if vegetarianClaim && !meat && !seafood {
        result.insert(.vegetarian)
        if veganClaim && allergens.isDisjoint(with: [.milk, .egg]) {
          result.insert(.vegan)
        }
      }
      if glutenFreeClaim && !allergens.contains(.wheat) {
        result.insert(.glutenFree)
      }
      if dairyFreeClaim && !allergens.contains(.milk) {
        result.insert(.dairyFree)
      }
      return result
    }

    // MARK: Allergens

    var allergenTags: Set<FoodTag> {
      var result: Set<FoodTag> = []
      if containsMilk { result.insert(.milk) }
      if has(FoodWords.egg) || (group == .dairyAndEgg && isEgg) { result.insert(.egg) }
      if containsShellfish { result.insert(.shellfish) }
      if has(FoodWords.fish) || (group == .fish && !containsShellfish) || hasPhrase("fish", "sauce") {
        result.insert(.fish)
      }
      if containsTreeNuts { result.insert(.treeNuts) }
      if has(FoodWords.peanut) { result.insert(.peanuts) }
      if containsWheat { result.insert(.wheat) }
      if has(FoodWords.soy) || hasPhrase("textured", "vegetable") { result.insert(.soy) }
      if has(FoodWords.sesame) { result.insert(.sesame) }
      return result
    }

    var isEgg: Bool { first == "egg" || first == "eggs" }

    var containsMilk: Bool {
      if group == .dairyAndEgg && !isEgg { return true }
      for (index, word) in words.enumerated() where FoodWords.milk.contains(word) {
        let previous = index > 0 ? words[index - 1] : ""
        let next = index + 2 < words.count ? words[index + 2] : ""
        if FoodWords.plantMilkMakers.contains(previous) && FoodWords.plantMilkNouns.contains(word) {
          continue
        }
        if previous == "without" || previous == "no" { continue }
        if word == "cream" && index + 1 < words.count && words[index + 1] == "of"
          && ["tartar", "wheat", "rice"].contains(next)
        {
          continue
        }
        return true
      }
      return false
    }

    var containsShellfish: Bool {
      for word in words where FoodWords.shellfish.contains(word) {
        if (word == "oyster" || word == "oysters") && (set.contains("mushrooms") || set.contains("mushroom"))
        {
          continue
        }
        if word == "scallop" && set.contains("squash") { continue }
        return true
      }
      return false
    }

    var containsTreeNuts: Bool {
      for (index, word) in words.enumerated() where FoodWords.treeNut.contains(word) {
        let previous = index > 0 ? words[index - 1] : ""
        if word.hasPrefix("chestnut") && previous == "water" { continue }
        if word.hasPrefix("butternut") && set.contains("squash") { continue }
        if (word == "nuts" || word == "nut") && ["pea", "ground", "soy", "corn"].contains(previous) {
          continue
        }
        return true
      }
      return group == .nutsAndSeeds && first == "nuts" && !has(FoodWords.peanut)
    }

    var containsWheat: Bool {
      for (index, word) in words.enumerated() {
        let previous = index > 0 ? words[index - 1] : ""
        if FoodWords.wheat.contains(word) { return true }
        if word == "flour" && !FoodWords.nonWheatFlour.contains(previous) { return true }
        if (word == "noodles" || word == "noodle") && !has(["rice", "cellophane", "mung", "bean"]) {
          return true
        }
        if word == "sauce" && previous == "soy" { return true }
      }
      if group == .baked {
        let cornOnly = set.contains("corn") && !set.contains("flour")
        let glutenFree = hasPhrase("gluten", "free")
        return !cornOnly && !glutenFree
      }
      return false
    }

    // MARK: Diets

    var containsMeat: Bool {
      if has(["meatless", "vegetarian", "vegan", "veggie"]) { return false }
      if group == .dairyAndEgg && isEgg && !has(["bacon", "ham", "sausage"]) { return false }  // "Egg, duck"
      if group.isFlesh { return true }
      // In plant groups "meat" is the edible part ("Nuts, coconut meat").
      let plant = group == .produce || group == .nutsAndSeeds || group == .grains
      return words.contains { FoodWords.meat.contains($0) && !(plant && ($0 == "meat" || $0 == "meats")) }
    }

    var vegetarianClaim: Bool {
      if group.isFlesh { return false }
      if has(["meatless", "vegetarian", "vegan"]) && !has(FoodWords.nonVegetarianExtras) { return true }
      if has(FoodWords.nonVegetarianExtras) { return false }
      switch group {
      case .produce, .nutsAndSeeds, .grains, .fatsAndOils, .beverages, .dairyAndEgg, .baked, .snacks,
        .breakfastCereals:
        return true
      case .sweets:
        return !set.contains("candies")
      default:
        return false
      }
    }

    var veganClaim: Bool {
      if has(FoodWords.nonVegan) { return false }
      // Branded products, meat analogues and recipes may add egg, milk or lard.
      if branded || has(FoodWords.preparedProducts) || hasPhrase("home", "prepared") { return false }
      switch group {
      case .produce, .nutsAndSeeds, .grains:
        return true
      case .fatsAndOils:
        return !has(FoodWords.uncertainFats)
      case .beverages:
        return !has(FoodWords.uncertainBeverages)
      case .breakfastCereals:
        return !hasPhrase("ready", "to") && !has(["prepared", "with"])
      default:
        return false
      }
    }

    var glutenFreeClaim: Bool {
      if has(FoodWords.glutenRisk) || containsWheat { return false }
      switch group {
      case .produce, .nutsAndSeeds, .dairyAndEgg, .fatsAndOils, .beverages, .flesh, .fish:
        return true
      case .grains:
        return FoodWords.glutenFreeGrains.contains(first)
      case .sweets:
        return FoodWords.plainSweeteners.contains(first)
      default:
        return false
      }
    }

    var dairyFreeClaim: Bool {
      if has(FoodWords.dairyRisk) { return false }
      switch group {
      case .produce, .nutsAndSeeds, .grains, .flesh, .fish, .beverages:
        return true
      case .fatsAndOils:
        return !has(FoodWords.uncertainFats)
      case .dairyAndEgg:
        return isEgg
      default:
        return false
      }
    }
  }
}
