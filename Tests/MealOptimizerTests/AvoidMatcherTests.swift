import Foundation
import Testing

@testable import MealOptimizer

/// The one matcher behind `avoid`, the verifier and recipe queries.
@Suite("Avoid terms and allergens")
struct AvoidMatcherTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var term: String
    var food: Food
    var matches: Bool
    var testDescription: String { "'\(term)' \(matches ? "matches" : "does not match") '\(food.name)'" }
  }

  static let peanutButter = Food(id: "peanut_butter", name: "Peanut butter")
  static let taggedSpread = Food(id: "spread", name: "Spread", tags: ["peanuts"])
  static let butter = Food(id: "butter", name: "Butter, salted")
  static let almondMilk = Food(id: "almond_milk", name: "Almond milk, unsweetened")
  static let yogurt = Food(id: "yogurt", name: "Greek yogurt")
  static let oats = Food(id: "oats", name: "Rolled oats", tags: ["vegan", "dairy-free"])
  static let shrimp = Food(
    id: "shrimp", name: "Crustaceans, shrimp, raw", group: "Finfish and Shellfish Products")
  static let salmon = Food(id: "salmon", name: "Salmon, Atlantic", group: "Finfish and Shellfish Products")
  static let tofu = Food(id: "tofu", name: "Tofu, firm")
  static let tahini = Food(id: "tahini", name: "Tahini")
  static let pasta = Food(id: "pasta", name: "Spaghetti, dry")
  static let pork = Food(id: "chops", name: "Chops, loin", group: "Pork Products")

  static let cases: [Case] = [
    // The issue's case: a catalog peanut butter under every form of the word.
    Case(term: "peanut", food: peanutButter, matches: true),
    Case(term: "peanuts", food: peanutButter, matches: true),
    Case(term: "peanut butter", food: peanutButter, matches: true),
    Case(term: "peanut_butter", food: peanutButter, matches: true),
    Case(term: "Peanut-Butter", food: peanutButter, matches: true),
    Case(term: "nuts", food: peanutButter, matches: true),
    Case(term: "peanut", food: taggedSpread, matches: true),
    // A plain word matches any food whose name has it: avoid butter excludes peanut butter too.
    Case(term: "butter", food: peanutButter, matches: true),
    Case(term: "butter", food: butter, matches: true),
    // dairy is milk; peanut butter and almond milk are not milk.
    Case(term: "dairy", food: butter, matches: true),
    Case(term: "dairy", food: yogurt, matches: true),
    Case(term: "milk", food: yogurt, matches: true),
    Case(term: "dairy", food: peanutButter, matches: false),
    Case(term: "dairy", food: almondMilk, matches: false),
    Case(term: "dairy", food: oats, matches: false),
    Case(term: "nuts", food: almondMilk, matches: true),
    Case(term: "tree nuts", food: almondMilk, matches: true),
    Case(term: "tree nuts", food: peanutButter, matches: false),
    Case(term: "shellfish", food: shrimp, matches: true),
    Case(term: "shellfish", food: salmon, matches: false),
    Case(term: "fish", food: salmon, matches: true),
    Case(term: "fish", food: shrimp, matches: false),
    Case(term: "seafood", food: shrimp, matches: true),
    Case(term: "soy", food: tofu, matches: true),
    Case(term: "sesame", food: tahini, matches: true),
    Case(term: "wheat", food: pasta, matches: true),
    Case(term: "gluten", food: pasta, matches: true),
    Case(term: "gluten", food: Food(id: "barley", name: "Barley, pearled"), matches: true),
    Case(term: "wheat", food: Food(id: "barley", name: "Barley, pearled"), matches: false),
    Case(term: "egg", food: pasta, matches: false),
    // Catalog groups and plurals.
    Case(term: "pork", food: pork, matches: true),
    Case(term: "oat", food: oats, matches: true),
    Case(term: "chop", food: pork, matches: true),
    Case(term: "beef", food: pork, matches: false),
  ]

  @Test("each term matches what its table says", arguments: cases)
  func matches(_ testCase: Case) {
    #expect(AvoidMatcher.food(testCase.food, matches: .term(testCase.term)) == testCase.matches)
  }

  @Test("allergen terms resolve to the nine major allergens")
  func allergenTerms() {
    #expect(AvoidMatcher.allergens(named: "peanut") == [.peanuts])
    #expect(AvoidMatcher.allergens(named: "Peanut Butter") == [.peanuts])
    #expect(AvoidMatcher.allergens(named: "nuts") == [.treeNuts, .peanuts])
    #expect(AvoidMatcher.allergens(named: "dairy") == [.milk])
    #expect(AvoidMatcher.allergens(named: "seafood") == [.fish, .shellfish])
    #expect(AvoidMatcher.allergens(named: "butter") == nil)
    let all = AvoidMatcher.allergenTerms.values.reduce(into: Set<FoodTag>()) { $0.formUnion($1) }
    #expect(all == Set(FoodTag.allCases.filter(\.isAllergen)))
  }

  @Test("a recipe with 2 tbsp of the catalog's peanut butter is excluded by 'avoid peanut'")
  func catalogPeanutButter() throws {
    let catalog = try FoodCatalog.bundled()
    let peanutButter = try #require(catalog.food(ndbNumber: "16098"))
    let oats = try #require(catalog.food(ndbNumber: "08120"))
    let recipe = Recipe(
      id: "pb_oats", name: "Peanut butter oats", servings: 1, meals: [.breakfast], minutes: 5,
      ingredients: [
        RecipeIngredient(food: oats.id, grams: 80), RecipeIngredient(food: peanutButter.id, grams: 32),
      ],
      steps: [])
    let profile = try RecipeProfile(recipe: recipe, foods: [oats.id: oats, peanutButter.id: peanutButter])
    for term in ["peanut", "peanuts", "peanut butter", "nuts", "butter"] {
      #expect(profile.contains(.term(term)), "\(term)")
      #expect(RecipeQuery(excluding: [term]).matches(profile) == false, "\(term)")
    }
    #expect(profile.contains(.tag("peanuts")))
    #expect(!profile.contains(.term("dairy")))
    #expect(!profile.contains(.term("sesame")))
  }

  @Test("a recipe with an untagged food named 'Peanut butter' is not nut-free")
  func labelsFollowAllergens() throws {
    let peanutButter = Food(id: "pb", name: "Peanut butter", tags: ["vegan", "gluten-free", "dairy-free"])
    let recipe = Recipe(
      id: "toast", name: "Toast", servings: 1, ingredients: [RecipeIngredient(food: "pb", grams: 30)])
    let profile = try RecipeProfile(recipe: recipe, foods: ["pb": peanutButter])
    #expect(!profile.labels.contains(.nutFree))
    #expect(profile.labels.isSuperset(of: [.vegan, .glutenFree, .dairyFree]))
    let cheese = Food(id: "cheese", name: "Cheese, cheddar", tags: ["vegan", "dairy-free"])
    let melt = Recipe(
      id: "melt", name: "Melt", servings: 1, ingredients: [RecipeIngredient(food: "cheese", grams: 30)])
    let labels = try RecipeProfile(recipe: melt, foods: ["cheese": cheese]).labels
    #expect(!labels.contains(.vegan))
    #expect(!labels.contains(.dairyFree))
  }

  @Test("queries say 'peanut-free', 'without peanut butter', 'no tree nuts' and mean the allergens")
  func queries() {
    #expect(RecipeQuery.parse("peanut-free breakfast").query.excluding == ["peanut"])
    #expect(RecipeQuery.parse("without peanut butter").query.excluding == ["peanut butter"])
    #expect(RecipeQuery.parse("lunch with no tree nuts").query.excluding == ["tree nuts"])
    #expect(RecipeQuery.parse("without dairy").query.excluding == ["dairy"])
    #expect(
      RecipeQuery.parse("dinner without nuts, dairy and peanut butter").query.excluding == [
        "nuts", "dairy", "peanut butter",
      ])
    #expect(RecipeQuery.parse("without soy or sesame").query.excluding == ["soy", "sesame"])
    let parsed = RecipeQuery.parse("without cilantro and dinner")
    #expect(parsed.query.excluding == ["cilantro"])
    #expect(parsed.query.meals == [.dinner])
  }
}
