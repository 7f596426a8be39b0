/// What a recipe amounts to per serving, computed from its ingredient foods:
/// nutrition, cost and diet labels.
///
/// Cost per serving is the sum over ingredients of grams per serving times
/// the food's cheapest price per gram (``Food/cheapestOffer``); buying whole
/// packages is the grocery list's concern, not the plan's.
package struct RecipeProfile: Sendable, Hashable {
  /// The recipe.
  package let recipe: Recipe
  /// Nutrient amounts in one serving, in canonical units.
  package let nutrientsPerServing: [Nutrient: Double]
  /// The cost of one serving at each food's cheapest price per gram, or `nil`
  /// when some ingredient has no offer.
  package let costPerServing: Double?
  /// The derived diet labels.
  package let labels: Set<DietLabel>
  /// The ingredient foods' identifiers and tags, for `avoid` rules.
  package let foodIDs: Set<String>
  /// The union of the ingredient foods' tags.
  package let foodTags: Set<String>
  /// The ingredient foods as ``AvoidMatcher`` sees them.
  let avoidableFoods: [AvoidableFood]

  /// Computes a recipe's profile from the foods it uses.
  ///
  /// - Parameters:
  ///   - recipe: the recipe.
  ///   - foods: foods by identifier; every ingredient must be among them.
  /// - Throws: ``PlanningError/unknownFood(food:recipe:)`` for a missing food,
  ///   ``PlanningError/invalidRecipe(recipe:reason:)`` for non-positive servings
  ///   or a negative or non-finite amount.
  /// - Complexity: O(ingredients × nutrients).
  package init(recipe: Recipe, foods: [String: Food]) throws(PlanningError) {
    var avoidable: [String: AvoidableFood] = [:]
    try self.init(recipe: recipe, foods: foods, avoidable: &avoidable)
  }

  /// Computes a recipe's profile, reading each food as ``AvoidMatcher`` sees it
  /// from `avoidable` (adding it there when first met): thousands of recipes
  /// over the same foods tag each food once.
  init(recipe: Recipe, foods: [String: Food], avoidable known: inout [String: AvoidableFood])
    throws(PlanningError)
  {
    guard recipe.servings.isFinite, recipe.servings > 0 else {
      throw .invalidRecipe(recipe: recipe.id, reason: "servings must be a positive number")
    }
    var nutrients: [Nutrient: Double] = [:]
    var cost: Double? = 0
    var tags: [Set<String>] = []
    var ids: Set<String> = []
    var avoidable: [AvoidableFood] = []
    for ingredient in recipe.ingredients {
      guard let food = foods[ingredient.food] else {
        throw .unknownFood(food: ingredient.food, recipe: recipe.id)
      }
      guard ingredient.grams.isFinite, ingredient.grams >= 0 else {
        throw .invalidRecipe(
          recipe: recipe.id, reason: "the amount of '\(ingredient.food)' must be zero or more grams")
      }
      let grams = ingredient.grams / recipe.servings
      for (nutrient, per100) in food.nutrientsPer100g {
        nutrients[nutrient, default: 0] += per100 * grams / 100
      }
      if let offer = food.cheapestOffer, offer.packageGrams > 0, let sum = cost {
        cost = sum + offer.pricePerGram * grams
      } else {
        cost = nil
      }
      tags.append(food.tags)
      if !ids.contains(food.id) {
        if let seen = known[food.id] {
          avoidable.append(seen)
        } else {
          let found = AvoidableFood(food)
          known[food.id] = found
          avoidable.append(found)
        }
      }
      ids.insert(food.id)
    }
    self.recipe = recipe
    self.nutrientsPerServing = nutrients
    self.costPerServing = cost
    let allergens = avoidable.reduce(into: Set<FoodTag>()) { $0.formUnion($1.allergens) }
    self.labels = Set(DietLabel.derive(ingredientTags: tags, perServing: nutrients))
      .subtracting(AvoidMatcher.labelsRuledOut(by: allergens))
    self.foodIDs = ids
    self.foodTags = tags.reduce(into: Set<String>()) { $0.formUnion($1) }
    self.avoidableFoods = avoidable
  }

  /// The amount of a nutrient in one serving; 0 when no ingredient has a figure for it.
  package func perServing(_ nutrient: Nutrient) -> Double { nutrientsPerServing[nutrient] ?? 0 }

  /// Whether the recipe contains something an ``AvoidRule`` excludes, as ``AvoidMatcher`` decides.
  package func contains(_ rule: AvoidRule) -> Bool {
    avoidableFoods.contains { $0.matches(rule) }
  }
}
