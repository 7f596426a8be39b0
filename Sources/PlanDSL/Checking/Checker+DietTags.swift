import Diagnostics
import MealOptimizer

extension Checker {
  /// Warns when a meal plan's `diet` leaves out recipes only because an
  /// ingredient food carries no tag for the label (`salsa` without
  /// `vegetarian`): one warning per label and food, at the label in `diet`,
  /// naming the recipes it leaves out.
  mutating func checkUntaggedDietFoods(
    _ spec: MealPlanSpec, statements: [MealPlanStatement], foods: [Food], recipes: [Recipe]
  ) {
    guard !spec.diet.isEmpty else { return }
    var labelNames: [DietLabel: Identifier] = [:]
    for case .diet(let names, _) in statements {
      for name in names {
        if let label = DietLabel(rawValue: name.name), labelNames[label] == nil { labelNames[label] = name }
      }
    }
    let foodsByID = Dictionary(foods.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let slots = Set(spec.slots)
    // Label → food → recipes it alone keeps out.
    var excluded: [DietLabel: [String: [String]]] = [:]
    for recipe in recipes where recipe.meals.isEmpty || !recipe.meals.isDisjoint(with: slots) {
      guard let profile = try? RecipeProfile(recipe: recipe, foods: foodsByID) else { continue }
      guard !spec.diet.isSubset(of: profile.labels) else { continue }
      // Only recipes that tags alone keep out: every label of the diet they lack lacks only tags.
      let missing = profile.missingLabels(foods: foodsByID).filter { spec.diet.contains($0.label) }
      guard missing.allSatisfy(\.onlyMissingTags) else { continue }
      for label in missing {
        for food in label.blockers.compactMap(\.food) {
          excluded[label.label, default: [:]][food, default: []].append(recipe.id)
        }
      }
    }
    for label in excluded.keys.sorted() {
      guard let name = labelNames[label], let byFood = excluded[label] else { continue }
      for food in byFood.keys.sorted() {
        diagnostics.append(
          DiagnosticMessage.dietExcludesUntagged(
            name, food: food, recipes: byFood[food] ?? [], declaredAt: foodNames[food]))
      }
    }
  }
}

extension DiagnosticMessage {
  /// `diet vegetarian` leaves out recipes only because a food has no `vegetarian` tag.
  static func dietExcludesUntagged(
    _ label: Identifier, food: String, recipes: [String], declaredAt: SourceRange?
  ) -> Diagnostic {
    let tag = label.name == "pescatarian" ? "vegetarian" : label.name
    let list =
      recipes.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
      + (recipes.count > 3 ? " and \(recipes.count - 3) more" : "")
    return Diagnostic(
      .warning, id: DiagnosticID.dietExcludesUntagged.rawValue,
      message:
        "'diet \(label.name)' leaves out \(recipes.count == 1 ? "recipe" : "recipes") \(list) only because"
        + " food '\(food)' has no \(label.name) tag",
      at: label.range, notes: declaredAt.map { [.init("food '\(food)' is declared here", at: $0)] } ?? [],
      hint: "add `tags \(tag)` to food '\(food)' if it is")
  }
}
