import Diagnostics
import Foundation
import GLPKBackend
import MealOptimizer
import PlanDSL
import Testing

/// Recipes and weekly meal plans written in the language, solved on real GLPK.
@Suite("Recipes and meal plans in plan files")
struct MealPlanLanguageTests {
  static let pantry = """
    food oats { per 100 g { energy 379 kcal; protein 13 g; fiber 10 g }; measure cup = 81 g; price 3.49 USD per 42 oz; tags vegan }
    food milk { per 100 g { energy 50 kcal; protein 3.3 g }; measure cup = 244 g; price 3.29 USD per 1 gal; tags vegetarian, milk }
    food eggs { per 100 g { energy 143 kcal; protein 12.6 g }; measure large = 50 g; price 2.99 USD per 12 large; tags vegetarian, egg }
    food lentils { per 100 g { energy 352 kcal; protein 24.6 g; fiber 10.7 g }; measure cup = 192 g; price 1.79 USD per 1 lb; tags vegan }
    food rice { per 100 g { energy 367 kcal; protein 7.5 g; fiber 3.6 g }; price 2.49 USD per 2 lb; tags vegan }
    food banana { per 100 g { energy 89 kcal; protein 1.1 g; fiber 2.6 g }; measure medium = 118 g; price 0.59 USD per 1 lb; tags vegan }
    recipe porridge "Porridge" { serves 1; meal breakfast; time 10 min
      1/2 cup oats
      1 cup milk
      step "Simmer the oats in the milk." }
    recipe vegan_oats "Oats with banana" { serves 1; meal breakfast; 80 g oats; 1 medium banana }
    recipe eggs_rice "Eggs and rice" { serves 1; meal lunch, dinner; 2 eggs; 75 g rice }
    recipe dal "Dal with rice" { serves 2; meal lunch, dinner; time 40 min
      1 cup lentils
      150 g rice
      step "Simmer the lentils; cook the rice." }
    goal g { energy 1200...3000 kcal; protein >= 40 g }
    """

  func load(_ plan: String) throws -> Program {
    try PlanLoader().load(text: Self.pantry + "\n" + plan, path: "t.plan")
  }

  @Test("ingredient amounts convert through measures, fractions and bare counts")
  func ingredients() throws {
    let program = try load("")
    let porridge = try #require(program.recipes.first { $0.id == "porridge" })
    #expect(porridge.ingredients.map(\.grams) == [40.5, 244])
    #expect(porridge.ingredients.map(\.quantity) == ["1/2 cup oats", "1 cup milk"])
    let eggs = try #require(program.recipes.first { $0.id == "eggs_rice" })
    #expect(eggs.ingredients.map(\.grams) == [100, 75])
    #expect(porridge.minutes == 10)
    #expect(porridge.meals == [.breakfast])
  }

  @Test("a week solves with every slot filled, a lock kept and a vegan diet respected")
  func weekSolves() async throws {
    let program = try load(
      """
      plan week {
        days 3; meals breakfast, lunch, dinner
        goal g
        repeat once per day
        lock day 2 dinner dal
      }
      plan vegan {
        days 2; meals breakfast, lunch
        goal g
        diet vegan
        portions 0.5...2 step 0.5
      }
      """)
    let weekSpec = try #require(program.plan(named: "week"))
    let week = try #require(program.mealPlanProblem(for: weekSpec))
    #expect(program.problem(for: weekSpec) == .meals(week))
    // A meal plan is not a food-level plan: asking for one is a typed error, not 2.7 kg of popcorn.
    #expect(throws: PlanKindError(plan: "week", kind: .meals, expected: .foods)) {
      try program.dietProblem(for: weekSpec)
    }
    #expect(
      PlanKindError(plan: "week", kind: .meals, expected: .foods).localizedDescription
        == "plan 'week' is a weekly meal plan, not a food-level plan; use 'problem(for:)'"
    )
    let solved = try await Planner(solver: GLPKSolver()).plan(.meals(week))
    guard case .meals(let plan) = solved else {
      Issue.record("a \(solved.kind) plan for a meal-plan problem")
      return
    }
    #expect(plan.hasPlan)
    #expect(plan.days.allSatisfy { $0.meals.count == 3 })
    #expect(plan.meal(day: 2, .dinner)?.id == "dal")
    #expect(plan.days.allSatisfy { day in day.goals.allSatisfy { $0.status != .violated } })
    let veganSpec = try #require(program.plan(named: "vegan"))
    let vegan = try #require(program.mealPlanProblem(for: veganSpec))
    let veganPlan = try MealPlanner(solver: GLPKSolver()).solve(vegan)
    #expect(veganPlan.hasPlan)
    let foods = Dictionary(uniqueKeysWithValues: program.foods.map { ($0.id, $0) })
    for day in veganPlan.days {
      for meal in day.meals {
        let recipe = try #require(program.recipes.first { $0.id == meal.id })
        #expect(recipe.ingredients.allSatisfy { foods[$0.food]?.tags.contains("vegan") == true })
      }
    }
  }

  @Test("meal-plan mistakes are located with hints")
  func mistakes() {
    func render(_ plan: String) -> String {
      do throws(DiagnosticList) {
        _ = try PlanLoader().load(text: Self.pantry + "\n" + plan, path: "t.plan")
        return "no error"
      } catch {
        return DiagnosticRenderer().render(error)
      }
    }
    let unknownRecipe = render("plan w { days 2; meals breakfast; lock day 1 breakfast porige }")
    #expect(unknownRecipe.contains("error: unknown recipe 'porige'"))
    #expect(unknownRecipe.contains("hint: did you mean 'porridge'?"))
    #expect(render("plan w { days 2; meals breakfast; diet vegen }").contains("hint: did you mean 'vegan'?"))
    #expect(
      render("plan w { days 2; meals lunch; lock day 1 dinner dal }").contains("error: unknown meal 'dinner'")
    )
    #expect(
      render("recipe r { 2 cup rice }").contains(
        "'cup' is a volume, but food 'rice' has no density or 'cup' measure"))
  }
}
