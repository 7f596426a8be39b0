import MealOptimizer

extension Checker {
  /// Checks a meal plan's `avoid` terms against the foods, and its locks against `avoid` and `diet`.
  ///
  /// - A term that names no allergen and matches no food is a warning (a typo
  ///   would otherwise exclude nothing, silently).
  /// - A lock to a recipe that `diet` or `avoid` excludes is an error at the
  ///   lock, with a note at the `avoid` term. Leftovers repeat what their slot
  ///   cooked, so a lock is the only way to force an excluded recipe into one.
  mutating func checkAvoidAndLocks(
    _ spec: MealPlanSpec, avoidNames: [Identifier], lockRecipes: [Identifier], foods: [Food],
    recipes: [Recipe]
  ) {
    for (rule, name) in zip(spec.avoid, avoidNames) {
      guard case .term(let term) = rule, AvoidMatcher.allergens(named: term) == nil else { continue }
      if !foods.contains(where: { AvoidMatcher.food($0, matches: rule) }) {
        let candidates = AvoidMatcher.allergenTerms.keys.filter { !$0.contains(" ") } + foods.map(\.id)
        diagnostics.append(DiagnosticMessage.avoidMatchesNothing(name, candidates: candidates))
      }
    }
    let foodsByID = Dictionary(foods.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for (lock, name) in zip(spec.locks, lockRecipes) {
      guard let recipe = recipes.first(where: { $0.id == lock.recipe }),
        let profile = try? RecipeProfile(recipe: recipe, foods: foodsByID)
      else { continue }
      let missing = spec.diet.subtracting(profile.labels).map(\.rawValue).sorted()
      if !missing.isEmpty {
        error(DiagnosticMessage.lockConflictsWithDiet(name, labels: missing))
      }
      for (rule, avoided) in zip(spec.avoid, avoidNames) where profile.contains(rule) {
        let food = recipe.ingredients.map(\.food).first { id in
          foodsByID[id].map { AvoidMatcher.food($0, matches: rule) } ?? false
        }
        error(DiagnosticMessage.lockConflictsWithAvoid(name, food: food ?? recipe.id, avoided: avoided))
      }
    }
  }
}
