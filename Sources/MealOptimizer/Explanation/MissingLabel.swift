import Foundation

/// Why a recipe lacks a diet label: the ingredients (or the nutrition) that
/// block it.
///
/// ```swift
/// for missing in RecipeProfile.missingLabels(of: tacos, foods: foods) {
///   print(missing.message)
///   // not vegetarian: 'salsa' has no vegetarian tag; add `tags vegetarian` to the food if it is
/// }
/// ```
package struct MissingLabel: Sendable, Hashable, Codable {
  /// Why one ingredient, or the nutrition, blocks a label.
  package enum Reason: String, Sendable, Hashable, Codable {
    /// The food carries neither the label's tag nor a tag against it: it may
    /// well qualify, but nobody said so.
    case missingTag = "missing_tag"
    /// The food carries a tag against the label (`meat` against `vegetarian`).
    case contraryTag = "contrary_tag"
    /// The food's name or group shows an allergen against the label (`milk` against `vegan`).
    case allergen
    /// The recipe's nutrition per serving rules the label out (`keto`, `low-sodium`).
    case nutrition
  }

  /// One thing that blocks the label.
  package struct Blocker: Sendable, Hashable, Codable {
    /// The ingredient food, or `nil` for nutrition.
    package var food: String?
    /// Why it blocks the label.
    package var reason: Reason
    /// The tag or allergen against the label, for ``Reason/contraryTag`` and ``Reason/allergen``.
    package var tag: String?
    /// The reason in words: `'salsa' has no vegetarian tag`.
    package var message: String

    /// Creates a blocker from its parts.
    package init(food: String?, reason: Reason, tag: String? = nil, message: String) {
      self.food = food
      self.reason = reason
      self.tag = tag
      self.message = message
    }
  }

  /// The label the recipe lacks.
  package var label: DietLabel
  /// What blocks it, one entry per ingredient food (or one for nutrition).
  package var blockers: [Blocker]
  /// The whole reason in words, with a hint for missing tags.
  package var message: String

  /// Whether every blocker is a food that only lacks the label's tag: the
  /// recipe may qualify once the foods are tagged.
  package var onlyMissingTags: Bool { !blockers.isEmpty && blockers.allSatisfy { $0.reason == .missingTag } }

  /// Creates a missing label from its parts.
  package init(label: DietLabel, blockers: [Blocker], message: String) {
    self.label = label
    self.blockers = blockers
    self.message = message
  }

  enum CodingKeys: String, CodingKey {
    case label, blockers, message
    case onlyMissingTags = "only_missing_tags"
  }

  package init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    label = try c.decode(DietLabel.self, forKey: .label)
    blockers = try c.decode([Blocker].self, forKey: .blockers)
    message = try c.decode(String.self, forKey: .message)
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(label, forKey: .label)
    try c.encode(blockers, forKey: .blockers)
    try c.encode(message, forKey: .message)
    try c.encode(onlyMissingTags, forKey: .onlyMissingTags)
  }

  /// Tags that say a food does not qualify for a label, as opposed to a food
  /// that simply carries no tag for it.
  package static func contraryTags(of label: DietLabel) -> Set<String> {
    switch label {
    case .vegan: ["meat", "poultry", "fish", "shellfish", "milk", "dairy", "egg", "eggs", "honey"]
    case .vegetarian: ["meat", "poultry", "fish", "shellfish"]
    case .pescatarian: ["meat", "poultry"]
    case .glutenFree: ["wheat", "gluten", "barley", "rye"]
    case .dairyFree: ["milk", "dairy"]
    case .nutFree: DietLabel.nutTags
    case .keto, .lowSodium: []
    }
  }
}

extension RecipeProfile {
  /// The diet labels a recipe lacks, each with what blocks it, in label order.
  ///
  /// - Parameters:
  ///   - recipe: the recipe.
  ///   - foods: foods by identifier; ingredients not among them are skipped.
  /// - Returns: one entry per label the recipe does not carry; empty for a recipe without ingredients.
  package static func missingLabels(of recipe: Recipe, foods: [String: Food]) -> [MissingLabel] {
    guard let profile = try? RecipeProfile(recipe: recipe, foods: foods) else { return [] }
    return profile.missingLabels(foods: foods)
  }

  /// The diet labels this recipe lacks, each with what blocks it; see ``missingLabels(of:foods:)``.
  package func missingLabels(foods: [String: Food]) -> [MissingLabel] {
    guard !recipe.ingredients.isEmpty else { return [] }
    var seen = Set<String>()
    let ingredients = recipe.ingredients.compactMap { foods[$0.food] }.filter { seen.insert($0.id).inserted }
    var missing: [MissingLabel] = []
    for label in DietLabel.allCases where !labels.contains(label) {
      var blockers: [MissingLabel.Blocker] = []
      if label == .keto || label == .lowSodium {
        blockers.append(nutritionBlocker(label))
      } else {
        let contrary = MissingLabel.contraryTags(of: label)
        for food in ingredients {
          if label.isSatisfied(byTags: food.tags) == false {
            if let tag = food.tags.intersection(contrary).sorted().first {
              blockers.append(
                .init(food: food.id, reason: .contraryTag, tag: tag, message: "'\(food.id)' is tagged \(tag)")
              )
            } else {
              blockers.append(
                .init(
                  food: food.id, reason: .missingTag, message: "'\(food.id)' has no \(label.rawValue) tag"))
            }
          } else {
            let allergens = AvoidableFood(food).allergens
            if AvoidMatcher.labelsRuledOut(by: allergens).contains(label) {
              let names = allergens.map(\.rawValue).sorted()
              blockers.append(
                .init(
                  food: food.id, reason: .allergen, tag: names.first,
                  message: "'\(food.id)' contains \(names.joined(separator: " and "))"))
            }
          }
        }
      }
      guard !blockers.isEmpty else { continue }
      let untagged = blockers.filter { $0.reason == .missingTag }
      let tag = label == .pescatarian ? "vegetarian" : label.rawValue
      let hint =
        untagged.isEmpty
        ? ""
        : "; add `tags \(tag)` to " + (untagged.count == 1 ? "the food if it is" : "each food that is")
      missing.append(
        MissingLabel(
          label: label, blockers: blockers,
          message: "not \(label.rawValue): " + blockers.map(\.message).joined(separator: "; ") + hint))
    }
    return missing
  }

  private func nutritionBlocker(_ label: DietLabel) -> MissingLabel.Blocker {
    let number = { (value: Double) in String(format: "%.1f", value) }
    if label == .lowSodium {
      return .init(
        food: nil, reason: .nutrition,
        message:
          "\(number(perServing(.sodium))) mg sodium a serving, above \(number(DietLabel.lowSodiumMaximum)) mg"
      )
    }
    let net = perServing(.carbs) - perServing(.fiber)
    let energy = perServing(.energy)
    let share = energy > 0 ? perServing(.fat) * 9 / energy * 100 : 0
    return .init(
      food: nil, reason: .nutrition,
      message: "\(number(net)) g net carbohydrate and \(number(share))% of energy from fat a serving"
        + " (keto: at most \(number(DietLabel.ketoMaximumNetCarbs)) g and at least"
        + " \(number(DietLabel.ketoMinimumFatEnergyShare * 100))%)")
  }
}
