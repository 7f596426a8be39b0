/// Filters for finding recipes: meals, diet labels, time, nutrient
/// conditions per serving, and foods or tags to leave out.
///
/// Every filter must hold (meals: any of them). Build one in Swift, or parse
/// a phrase a person types with ``parse(_:meals:)``.
///
/// ```swift
/// let query = RecipeQuery(meals: [.dinner], labels: [.vegan], maximumMinutes: 30,
///                         conditions: [NutrientCondition(.protein, .atLeast, 25)])
/// let found = try query.filter(recipes, foods: foods)
/// ```
package struct RecipeQuery: Sendable, Hashable {
  /// Recipes must suit at least one of these meals (none: any meal).
  package var meals: Set<Meal>
  /// Recipes must have every one of these labels.
  package var labels: Set<DietLabel>
  /// Recipes must take at most this many minutes (a recipe with no time does not match).
  package var maximumMinutes: Double?
  /// Conditions on nutrients per serving.
  package var conditions: [NutrientCondition]
  /// Food identifiers or tags that recipes must not contain.
  package var excluding: [String]

  /// Creates a value from its parts.
  package init(
    meals: Set<Meal> = [], labels: Set<DietLabel> = [], maximumMinutes: Double? = nil,
    conditions: [NutrientCondition] = [], excluding: [String] = []
  ) {
    self.meals = meals
    self.labels = labels
    self.maximumMinutes = maximumMinutes
    self.conditions = conditions
    self.excluding = excluding
  }

  /// Whether a recipe, with its computed profile, passes every filter.
  package func matches(_ profile: RecipeProfile) -> Bool {
    let recipe = profile.recipe
    if !meals.isEmpty, recipe.meals.isDisjoint(with: meals) { return false }
    if !labels.isSubset(of: profile.labels) { return false }
    if let maximumMinutes {
      guard let minutes = recipe.minutes, minutes <= maximumMinutes + 1e-9 else { return false }
    }
    if !conditions.allSatisfy({ $0.holds(for: profile.perServing($0.nutrient)) }) { return false }
    return !excluding.contains { profile.contains(.term($0)) }
  }

  /// The recipes that pass every filter, in the order given.
  ///
  /// - Parameters:
  ///   - recipes: the recipes to search.
  ///   - foods: the foods they use.
  /// - Returns: the matching recipes' profiles.
  /// - Throws: ``PlanningError`` when a recipe names an unknown food or is malformed.
  /// - Complexity: O(recipes × ingredients × nutrients).
  package func filter(_ recipes: [Recipe], foods: [Food]) throws(PlanningError) -> [RecipeProfile] {
    let byID = Dictionary(foods.map { ($0.id, $0) }) { a, _ in a }
    var found: [RecipeProfile] = []
    for recipe in recipes {
      let profile = try RecipeProfile(recipe: recipe, foods: byID)
      if matches(profile) { found.append(profile) }
    }
    return found
  }
}
