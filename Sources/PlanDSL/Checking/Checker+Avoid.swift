import MealOptimizer

extension Checker {
  /// What an `avoid` term means: an allergen in every form, else a food, else a tag, else a word.
  func avoidRule(_ name: Identifier, tags: Set<String>) -> AvoidRule {
    if AvoidMatcher.allergens(named: name.name) != nil {
      // An allergen is avoided in every form, even when a food has its name: `avoid milk`
      // excludes cheese and yogurt too, not only the food called `milk`.
      return .term(name.name)
    } else if foodNames[name.name] != nil {
      return .food(name.name)
    } else if tags.contains(name.name) {
      return .tag(name.name)
    }
    return .term(name.name)
  }

  /// Warns about an `avoid` term that names no allergen and matches no food.
  mutating func warnIfAvoidMatchesNothing(_ rule: AvoidRule, name: Identifier, foods: [Food]) {
    guard case .term(let term) = rule, AvoidMatcher.allergens(named: term) == nil else { return }
    if !foods.contains(where: { AvoidMatcher.food($0, matches: rule) }) {
      let candidates = AvoidMatcher.allergenTerms.keys.filter { !$0.contains(" ") } + foods.map(\.id)
      diagnostics.append(DiagnosticMessage.avoidMatchesNothing(name, candidates: candidates))
    }
  }

  /// Checks a meal plan's `avoid` terms against the foods, and its locks and
  /// allowed recipes against `avoid` and `diet`.
  ///
  /// - A term that names no allergen and matches no food is a warning (a typo
  ///   would otherwise exclude nothing, silently).
  /// - A lock to a recipe that `diet` or `avoid` excludes is an error at the
  ///   lock, with a note at the `avoid` term. Leftovers repeat what their slot
  ///   cooked, so a lock is the only way to force an excluded recipe into one.
  /// - A recipe named in `allow MEAL recipes …` that `diet` or `avoid`
  ///   excludes is a warning: it will never be chosen.
  mutating func checkAvoidAndLocks(
    _ spec: MealPlanSpec, avoidNames: [Identifier], lockRecipes: [Identifier], allowedRecipes: [Identifier],
    foods: [Food], recipes: [Recipe]
  ) {
    for (rule, name) in zip(spec.avoid, avoidNames) {
      warnIfAvoidMatchesNothing(rule, name: name, foods: foods)
    }
    let foodsByID = Dictionary(foods.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for name in lockRecipes {
      let conflict = Self.conflict(
        of: name.name, spec, avoidNames: avoidNames, foods: foodsByID, recipes: recipes)
      if !conflict.labels.isEmpty {
        error(DiagnosticMessage.lockConflictsWithDiet(name, labels: conflict.labels))
      }
      for (food, avoided) in conflict.avoided {
        error(DiagnosticMessage.lockConflictsWithAvoid(name, food: food, avoided: avoided))
      }
    }
    for name in allowedRecipes {
      let conflict = Self.conflict(
        of: name.name, spec, avoidNames: avoidNames, foods: foodsByID, recipes: recipes)
      if !conflict.labels.isEmpty || !conflict.avoided.isEmpty {
        diagnostics.append(
          DiagnosticMessage.allowedRecipeExcluded(
            name, labels: conflict.labels, food: conflict.avoided.first?.food,
            avoided: conflict.avoided.first?.term))
      }
    }
  }

  /// The diet labels a recipe lacks, and each ingredient that an `avoid` term excludes, with the term.
  static func conflict(
    of recipeID: String, _ spec: MealPlanSpec, avoidNames: [Identifier], foods: [String: Food],
    recipes: [Recipe]
  ) -> (labels: [String], avoided: [(food: String, term: Identifier)]) {
    guard let recipe = recipes.first(where: { $0.id == recipeID }),
      let profile = try? RecipeProfile(recipe: recipe, foods: foods)
    else { return ([], []) }
    let labels = spec.diet.subtracting(profile.labels).map(\.rawValue).sorted()
    var avoided: [(food: String, term: Identifier)] = []
    for (rule, term) in zip(spec.avoid, avoidNames) where profile.contains(rule) {
      let food = recipe.ingredients.map(\.food).first { id in
        foods[id].map { AvoidMatcher.food($0, matches: rule) } ?? false
      }
      avoided.append((food ?? recipe.id, term))
    }
    return (labels, avoided)
  }
}
