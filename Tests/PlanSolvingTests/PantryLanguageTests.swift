import Diagnostics
import Foundation
import GLPKBackend
import HealthRules
import MealOptimizer
import PlanDSL
import Testing

/// Pantries, loose prices and store rules written in the language, lowered and solved on real GLPK.
@Suite("Pantries, packages and stores in plan files")
struct PantryLanguageTests {
  static let foods = """
    store aldi "Aldi" { trip 2 USD }
    store market "Market" { trip 1 USD }
    food rice "Rice, white, long-grain, dry" { per 100 g { energy 360 kcal }; price 2 USD per 1 kg at aldi; price 0.30 USD per 100 g loose at market }
    food olive_oil { per 100 g { energy 884 kcal }; measure cup = 216 g; price 6.99 USD per 500 g at aldi }
    food eggs { per 100 g { energy 143 kcal }; measure large = 50 g; price 2.99 USD per 12 large at aldi }
    pantry home "At home" {
      2 kg rice category "dry goods"
      1/2 cup olive_oil
      6 large eggs category "fridge" use by 2026-12-03
    }
    goal g { energy >= 2000 kcal per day }
    """

  func load(_ plan: String) throws -> Program { try PlanText.load(Self.foods, plan) }

  func errors(_ plan: String) -> String { PlanText.errors(Self.foods, plan) }

  @Test("a pantry converts every line to grams and keeps categories and use-by dates")
  func pantryLines() throws {
    let program = try load("plan p { goal g; pantry home; start 2026-12-01 }")
    let pantry = try #require(program.pantry(named: "home"))
    #expect(pantry.stock.map(\.food) == ["rice", "olive_oil", "eggs"])
    #expect(pantry.stock.map(\.grams) == [2000, 108, 300])
    #expect(pantry.stock.map(\.category) == ["dry goods", nil, "fridge"])
    let plan = try #require(program.plan(named: "p"))
    let purchasing = try #require(program.purchasing(for: plan))
    // Day 1 is 2026-12-01, so eggs good until 2026-12-03 may be eaten through day 3.
    #expect(purchasing.pantry.map(\.lastDay) == [nil, nil, 3])
    #expect(purchasing.costBasis == .paid)
  }

  @Test("a loose price is an offer sold by weight")
  func loosePrice() throws {
    let program = try load("")
    let rice = try #require(program.food("rice"))
    #expect(rice.offers.map(\.soldLoose) == [false, true])
  }

  @Test("stores, a store limit and 'minimize cost eaten' reach the problem")
  func storeRules() throws {
    let program = try load(
      """
      plan a { goal g; stores aldi; stores at most 1; budget 10 USD per day }
      plan b { goal g; minimize cost eaten }
      """)
    let a = try #require(program.plan(named: "a").flatMap { program.purchasing(for: $0) })
    #expect(a.stores == ["aldi"])
    #expect(a.maximumStores == 1)
    let b = try #require(program.plan(named: "b"))
    #expect(program.purchasing(for: b) == nil)
  }

  @Test("a food-level plan pays for what it buys, after the pantry")
  func solvesWithPantry() throws {
    let program = try load("plan p { goal g; days 2; foods rice; pantry home; start 2026-12-01 }")
    let plan = try #require(program.plan(named: "p"))
    let problem = try program.dietProblem(for: plan)
    let solved = try DietPlanner(solver: GLPKSolver()).solve(problem)
    #expect(solved.status == .optimal)
    // 4000 kcal of rice is 1111.1 g; 2000 g are at home, so nothing is bought.
    #expect(solved.cost == 0)
    #expect(solved.groceries?.items.isEmpty == true)
  }

  @Test("pantry mistakes are located, with a hint")
  func mistakes() {
    let badDate = errors("pantry more { 1 kg rice use by 2026-02-30 }")
    #expect(badDate.contains("t.plan:12:32: error: '2026-02-30' is not a calendar date"), "\(badDate)")
    let unknownPantry = errors("plan p { goal g; pantry hom }")
    #expect(unknownPantry.contains("unknown pantry 'hom'"), "\(unknownPantry)")
    #expect(unknownPantry.contains("did you mean 'home'?"), "\(unknownPantry)")
    let unknownStore = errors("plan p { goal g; stores aldy }")
    #expect(unknownStore.contains("unknown store 'aldy'"), "\(unknownStore)")
    let badLine = errors("pantry more { 1 kg rice best before 2026-02-03 }")
    #expect(badLine.contains("expected 'category \"…\"', 'use by DATE' or the end of the line"), "\(badLine)")
  }
}
