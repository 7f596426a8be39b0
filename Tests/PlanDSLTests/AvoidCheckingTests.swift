import Diagnostics
import Foundation
import MealOptimizer
import PlanDSL
import Testing

/// `avoid` in a plan file: allergens that cannot miss, locks that conflict, terms that match nothing.
@Suite("Avoid in plan files")
struct AvoidCheckingTests {
  static func source(plan: String) -> String {
    """
    use catalog "usda-sr28"
    food oats = usda 08120 { price 3.49 USD per 42 oz }
    food peanut_butter = usda 16098 { price 2.49 USD per 16 oz }
    food banana = usda 09040 { price 0.59 USD per 1 lb }
    goal g { energy 200...3000 kcal per day }
    recipe pb_oats "Peanut butter oats" {
      serves 1; meal breakfast
      80 g oats
      2 tbsp peanut_butter
    }
    recipe banana_oats "Oats with banana" {
      serves 1; meal breakfast
      80 g oats
      1 medium banana
    }
    plan p {
      days 1; meals breakfast; goal g
    \(plan)
    }
    """
  }

  func render(_ source: String) -> String {
    do {
      let program = try PlanLoader().load(text: source, path: "test.plan")
      return DiagnosticRenderer().render(DiagnosticList(program.warnings, sources: program.sources))
    } catch {
      return DiagnosticRenderer().render(error)
    }
  }

  @Test("'avoid peanut' excludes the recipe with the catalog's peanut butter")
  func avoidPeanut() throws {
    for term in ["peanut", "peanuts", "nuts", "butter"] {
      let program = try PlanLoader().load(text: Self.source(plan: "  avoid \(term)"), path: "test.plan")
      #expect(program.warnings.isEmpty)
      let spec = try #require(program.plan(named: "p"))
      let problem = try #require(program.mealPlanProblem(for: spec))
      let foods = Dictionary(uniqueKeysWithValues: problem.foods.map { ($0.id, $0) })
      let profiles = try problem.recipes.map { try RecipeProfile(recipe: $0, foods: foods) }
      let allowed = profiles.filter { profile in !problem.avoid.contains { profile.contains($0) } }
      #expect(allowed.map(\.recipe.id) == ["banana_oats"], "avoid \(term)")
    }
  }

  @Test("'avoid peanut_butter' names the food, and 'avoid milk' every milk food, not only the food 'milk'")
  func allergenNamedLikeAFood() throws {
    let source = Self.source(plan: "  avoid milk")
      .replacingOccurrences(
        of: "food banana = usda 09040",
        with: "food milk = usda 01079 { price 3 USD per 1 gal }\nfood cheese = usda 01009"
      )
      .replacingOccurrences(of: "  1 medium banana", with: "  30 g cheese")
    let program = try PlanLoader().load(text: source, path: "test.plan")
    let spec = try #require(program.plan(named: "p"))
    #expect(spec.mealPlan?.avoid == [.term("milk")])
    let problem = try #require(program.mealPlanProblem(for: spec))
    let foods = Dictionary(uniqueKeysWithValues: problem.foods.map { ($0.id, $0) })
    let cheesy = try #require(problem.recipes.first { $0.id == "banana_oats" })
    #expect(try RecipeProfile(recipe: cheesy, foods: foods).contains(.term("milk")))
  }

  @Test("a lock that 'avoid' excludes is an error at the lock, with a note at the term")
  func lockConflictsWithAvoid() {
    let rendered = render(Self.source(plan: "  avoid peanut\n  lock day 1 breakfast pb_oats"))
    #expect(
      rendered == """
        test.plan:19:24: error: recipe 'pb_oats' is locked in, but it contains 'peanut_butter', which the plan avoids
            lock day 1 breakfast pb_oats
                                 ^~~~~~~
        test.plan:18:9: note: 'avoid peanut' is here
            avoid peanut
                  ^~~~~~
        1 error generated.

        """)
  }

  @Test("a lock that 'diet' excludes is an error at the lock")
  func lockConflictsWithDiet() {
    let source = Self.source(plan: "  diet vegan\n  lock day 1 breakfast pb_oats")
      .replacingOccurrences(of: "food oats = usda 08120", with: "food oats = usda 01079")
    let rendered = render(source)
    #expect(
      rendered == """
        test.plan:19:24: error: recipe 'pb_oats' is locked in, but it is not vegan
            lock day 1 breakfast pb_oats
                                 ^~~~~~~
          hint: lock a recipe that fits the plan's diet, or change the diet
        1 error generated.

        """)
  }

  @Test("a recipe allowed in a slot that 'avoid' excludes is a warning at the recipe")
  func allowedRecipeExcluded() {
    #expect(
      render(Self.source(plan: "  avoid peanut\n  allow breakfast recipes pb_oats, banana_oats")) == """
        test.plan:19:27: warning: recipe 'pb_oats' is allowed here but will never be chosen: it contains 'peanut_butter', which 'avoid peanut' excludes
            allow breakfast recipes pb_oats, banana_oats
                                    ^~~~~~~
        test.plan:18:9: note: 'avoid peanut' is here
            avoid peanut
                  ^~~~~~
        1 warning generated.

        """)
  }

  @Test("a term that matches no food is a warning with a hint")
  func termMatchesNothing() {
    #expect(
      render(Self.source(plan: "  avoid peanutt")) == """
        test.plan:18:9: warning: 'avoid peanutt' matches no food, so it excludes nothing
            avoid peanutt
                  ^~~~~~~
          hint: did you mean 'peanut'?
        1 warning generated.

        """)
    // An allergen that nothing contains needs no warning: the plan is already free of it.
    #expect(render(Self.source(plan: "  avoid sesame")) == "")
  }
}
