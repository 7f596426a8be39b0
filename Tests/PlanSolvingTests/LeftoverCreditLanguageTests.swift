import Diagnostics
import Foundation
import GLPKBackend
import MealOptimizer
import PlanDSL
import Testing

/// `leftovers worth P%` written in the language: lowered, located when wrong, and solved on real GLPK.
@Suite("Leftover credit in plan files")
struct LeftoverCreditLanguageTests {
  static let foods = """
    store shop "Shop"
    food rice { per 100 g { energy 100 kcal }; price 2 USD per 500 g at shop; price 2.40 USD per 1 kg at shop }
    goal g { energy 400...400 kcal per day }
    recipe pilaf { serves 1; meal dinner; 400 g rice }
    """

  func load(_ plan: String) throws -> Program { try PlanText.load(Self.foods, plan) }

  func errors(_ plan: String) -> String { PlanText.errors(Self.foods, plan) }

  @Test("'leftovers worth 50%' reaches the purchasing settings as a share")
  func lowered() throws {
    let program = try load("plan p { goal g; leftovers worth 50% }\nplan q { goal g }")
    let p = try #require(program.plan(named: "p").flatMap { program.purchasing(for: $0) })
    #expect(p.leftoverCredit == 0.5)
    #expect(p.creditsLeftovers)
    let q = try #require(program.plan(named: "q").flatMap { program.purchasing(for: $0) })
    #expect(q.leftoverCredit == 0)
  }

  @Test("a food-level plan and a meal plan buy the bigger package with the credit")
  func solved() throws {
    let program = try load(
      """
      plan foods { goal g; leftovers worth 50% }
      plan meals { meals dinner; portions 1; leftovers worth 50%; minimize cost }
      """)
    // Worked out by hand: 2.40 − 0.5 × 0.0024 × 600 = 1.68 beats 2.00 − 0.5 × 0.0024 × 100 = 1.88.
    let foods = try program.dietProblem(for: try #require(program.plan(named: "foods")))
    let diet = try DietPlanner(solver: GLPKSolver()).solve(foods)
    #expect(diet.status == .optimal)
    #expect(diet.cost == Decimal(string: "2.4"))
    #expect(diet.leftoverCredit == Decimal(string: "0.72"))
    guard case .meals(let meals) = program.problem(for: try #require(program.plan(named: "meals"))) else {
      Issue.record("not a meal plan")
      return
    }
    let plan = try MealPlanner(solver: GLPKSolver()).solve(meals)
    #expect(plan.cost == Decimal(string: "2.4"))
    #expect(plan.leftoverCredit == Decimal(string: "0.72"))
    let json = String(decoding: try JSONEncoder().encode(plan), as: UTF8.self)
    #expect(json.contains(#""leftover_credit":0.72"#))
  }

  @Test("'leftovers worth' beside 'leftovers dinner to lunch' is its own statement")
  func besideMealLeftovers() throws {
    let program = try load(
      "recipe stew { serves 2; meal dinner, lunch; 200 g rice }\n"
        + "plan p { meals lunch, dinner; leftovers dinner to lunch; leftovers worth 25% }")
    let plan = try #require(program.plan(named: "p"))
    #expect(plan.leftoverCredit == 0.25)
    #expect(plan.mealPlan != nil)
  }

  @Test("mistakes are located, with a hint")
  func mistakes() {
    let range = errors("plan p { goal g; leftovers worth 150% }")
    #expect(
      range.contains("t.plan:5:34: error: 'leftovers worth' must be a share from 0% to 100%"), "\(range)")
    let eaten = errors("plan p { goal g; minimize cost eaten; leftovers worth 50% }")
    #expect(eaten.contains("t.plan:5:39: error: 'leftovers worth' credits leftovers"), "\(eaten)")
    #expect(eaten.contains("hint: 'minimize cost eaten' prices only the food eaten"), "\(eaten)")
    let nutrient = errors("plan p { goal g; leftovers worth 50%; minimize energy }")
    #expect(nutrient.contains("hint: write 'minimize cost', or remove 'leftovers worth'"), "\(nutrient)")
    let unitless = errors("plan p { goal g; leftovers worth 50 }")
    #expect(unitless.contains("error:"), "\(unitless)")
    #expect(unitless.contains("'leftovers worth'"), "\(unitless)")
    let twice = errors("plan p { goal g; leftovers worth 50%; leftovers worth 40% }")
    #expect(twice.contains("'leftovers worth' is already set in this plan"), "\(twice)")
    let all = errors("plan p { goal g; leftovers worth 150%; minimize cost eaten }")
    #expect(all.contains("leftover-credit") || all.contains("must be a share"), "\(all)")
    #expect(all.contains("credits leftovers against what is paid"), "\(all)")
  }
}
