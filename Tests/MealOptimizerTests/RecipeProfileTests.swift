import Foundation
import MealOptimizer
import Testing

/// Nutrition, cost and derived diet labels of the test kitchen's recipes.
@Suite("Recipe profiles and diet labels")
struct RecipeProfileTests {
  typealias Kitchen = MealTestKitchen

  static func profile(_ id: String) throws -> RecipeProfile {
    let recipe = try #require(Kitchen.recipes.first { $0.id == id })
    return try RecipeProfile(recipe: recipe, foods: Kitchen.foodsByID)
  }

  @Test("nutrition per serving is the ingredients' nutrients over the servings")
  func nutritionPerServing() throws {
    let oats = try Self.profile("overnight_oats")
    // (80 g oats x 3.79 + 366 g milk x 0.50 + 118 g banana x 0.89) / 2 servings
    #expect(abs(oats.perServing(.energy) - 295.61) < 1e-9)
    #expect(abs(oats.perServing(.protein) - (80 * 0.132 + 366 * 0.033 + 118 * 0.011) / 2) < 1e-9)
  }

  @Test("cost per serving uses each food's cheapest price per gram")
  func costPerServing() throws {
    var foods = Kitchen.foodsByID
    foods["oats"]?.offers.append(Offer(store: "bulk", price: 5, packageGrams: 2500))
    let recipe = try #require(Kitchen.recipes.first { $0.id == "overnight_oats" })
    let cost = try #require(try RecipeProfile(recipe: recipe, foods: foods).costPerServing)
    let expected = (80 * 5.0 / 2500 + 366 * 3.29 / 3900 + 118 * 1.29 / 907) / 2
    #expect(abs(cost - expected) < 1e-12)
  }

  @Test(
    "labels follow from ingredient tags",
    arguments: [
      (
        "overnight_oats", [DietLabel.vegetarian, .pescatarian, .nutFree, .lowSodium],
        [DietLabel.vegan, .glutenFree, .dairyFree]
      ),
      ("apple_almonds", [.vegan, .vegetarian, .glutenFree, .dairyFree, .lowSodium], [.nutFree]),
      (
        "salmon_sweet_potato", [.pescatarian, .glutenFree, .dairyFree, .nutFree],
        [.vegetarian, .vegan, .lowSodium]
      ),
      ("beef_chili", [.glutenFree, .dairyFree, .nutFree], [.pescatarian, .vegetarian, .lowSodium, .keto]),
      ("pb_sandwich", [.vegan, .dairyFree], [.nutFree, .glutenFree]),
    ])
  func derivedLabels(id: String, has: [DietLabel], lacks: [DietLabel]) throws {
    let labels = try Self.profile(id).labels
    for label in has { #expect(labels.contains(label), "\(id) should be \(label)") }
    for label in lacks { #expect(!labels.contains(label), "\(id) should not be \(label)") }
  }

  @Test("keto needs at most 10 g net carbs and 60% of energy from fat per serving")
  func ketoThresholds() throws {
    let salmonAvocado = Recipe(
      id: "salmon_avocado", name: "Salmon and avocado", servings: 1,
      ingredients: [
        RecipeIngredient(food: "salmon", grams: 150),
        RecipeIngredient(food: "avocado", grams: 100),
        RecipeIngredient(food: "olive_oil", grams: 10),
      ])
    let profile = try RecipeProfile(recipe: salmonAvocado, foods: Kitchen.foodsByID)
    #expect(profile.labels.contains(.keto))
    var withBanana = salmonAvocado
    withBanana.ingredients.append(RecipeIngredient(food: "banana", grams: 60))
    #expect(!(try RecipeProfile(recipe: withBanana, foods: Kitchen.foodsByID)).labels.contains(.keto))
  }

  @Test("low-sodium means at most 140 mg sodium per serving")
  func lowSodiumThreshold() throws {
    func recipe(_ grams: Double) -> Recipe {
      Recipe(
        id: "toast", name: "Toast", servings: 1, ingredients: [RecipeIngredient(food: "bread", grams: grams)])
    }
    // bread has 450 mg sodium per 100 g: 31.1 g is 139.95 mg, 31.2 g is 140.4 mg
    #expect(try RecipeProfile(recipe: recipe(31.1), foods: Kitchen.foodsByID).labels.contains(.lowSodium))
    #expect(!(try RecipeProfile(recipe: recipe(31.2), foods: Kitchen.foodsByID)).labels.contains(.lowSodium))
  }

  @Test("a step's ingredients are found in its text, or taken from its explicit list")
  func stepIngredients() throws {
    let recipe = try #require(Kitchen.recipes.first { $0.id == "overnight_oats" })
    let first = recipe.ingredients(usedIn: recipe.steps[0], foods: Kitchen.foodsByID).map(\.food)
    let second = recipe.ingredients(usedIn: recipe.steps[1], foods: Kitchen.foodsByID).map(\.food)
    #expect(first == ["oats", "milk"])
    #expect(second == ["banana"])
    let explicit = RecipeStep("Add everything.", uses: ["milk"])
    #expect(recipe.ingredients(usedIn: explicit, foods: Kitchen.foodsByID).map(\.food) == ["milk"])
  }

  @Test("non-positive servings are rejected")
  func badServings() {
    let recipe = Recipe(id: "nothing", name: "Nothing", servings: 0)
    #expect(throws: PlanningError.self) { try RecipeProfile(recipe: recipe, foods: [:]) }
  }
}
