import MealOptimizer
import Testing

/// Recipe filters and the plain-phrase query reader.
@Suite("Recipe queries")
struct RecipeQueryTests {
  typealias Kitchen = MealTestKitchen

  @Test("a typical phrase becomes meal, label, time and nutrient filters")
  func veganDinnerPhrase() {
    let parsed = RecipeQuery.parse("vegan dinner under 30 minutes with at least 25 g protein")
    #expect(parsed.unrecognized.isEmpty)
    #expect(
      parsed.query
        == RecipeQuery(
          meals: [.dinner], labels: [.vegan], maximumMinutes: 30,
          conditions: [NutrientCondition(.protein, .atLeast, 25)]))
  }

  @Test(
    "phrases parse into the same filters as the flags",
    arguments: [
      (
        "gluten free breakfast in 1 hour",
        RecipeQuery(meals: [.breakfast], labels: [.glutenFree], maximumMinutes: 60)
      ),
      ("quick snack", RecipeQuery(meals: [.snack], maximumMinutes: 30)),
      (
        "lunch or dinner less than 600 calories",
        RecipeQuery(meals: [.lunch, .dinner], conditions: [NutrientCondition(.energy, .lessThan, 600)])
      ),
      (
        "low-sodium 20-minute recipes without peanut",
        RecipeQuery(labels: [.lowSodium], maximumMinutes: 20, excluding: ["peanut"])
      ),
      (
        "protein >= 25 g and sodium at most 0.5 g",
        RecipeQuery(conditions: [
          NutrientCondition(.protein, .atLeast, 25), NutrientCondition(.sodium, .atMost, 500),
        ])
      ),
      (
        "dairy-free dinner with 10 g of fiber",
        RecipeQuery(
          meals: [.dinner], labels: [.dairyFree], conditions: [NutrientCondition(.fiber, .atLeast, 10)])
      ),
      (
        "egg-free pescatarian supper",
        RecipeQuery(meals: [.dinner], labels: [.pescatarian], excluding: ["egg"])
      ),
    ])
  func phrases(phrase: String, expected: RecipeQuery) {
    let parsed = RecipeQuery.parse(phrase)
    #expect(parsed.unrecognized == [])
    #expect(parsed.query == expected)
  }

  @Test("unrecognised words are reported with their position, not ignored")
  func unrecognisedWords() {
    let parsed = RecipeQuery.parse("spicy vegan dinner under 30 minutes")
    #expect(parsed.unrecognized == [UnrecognizedWord(word: "spicy", offset: 0)])
    #expect(parsed.query.labels == [.vegan])
    let wrongUnit = RecipeQuery.parse("at least 25 minutes protein")
    #expect(wrongUnit.unrecognized.map(\.word).first == "at least 25 minutes")
    let noNutrient = RecipeQuery.parse("dinner with 25 g")
    #expect(noNutrient.unrecognized.first?.reason?.contains("nutrient") == true)
    let badUnit = RecipeQuery.parse("protein under 300 kcal")
    #expect(badUnit.unrecognized.first?.reason == "protein is measured in g, not kcal")
  }

  @Test("a query finds the recipes that pass every filter")
  func filtering() throws {
    let query = RecipeQuery.parse("vegan dinner under 30 minutes with at least 15 g protein").query
    let found = try query.filter(Kitchen.recipes, foods: Kitchen.foods).map(\.recipe.id)
    #expect(found == ["tofu_stir_fry"])
    let noNuts = try RecipeQuery(meals: [.snack], labels: [.nutFree]).filter(
      Kitchen.recipes, foods: Kitchen.foods)
    #expect(noNuts.map(\.recipe.id) == ["avocado_toast"])
    let withoutBread = try RecipeQuery(meals: [.snack], excluding: ["bread"]).filter(
      Kitchen.recipes, foods: Kitchen.foods)
    #expect(withoutBread.map(\.recipe.id) == ["yogurt_bowl", "apple_almonds", "banana_pb"])
  }
}
