import Diagnostics
import Foundation
import MealOptimizer
import PlanDSL
import Testing

/// What a correct plan file turns into: canonical units, resolved names.
@Suite("Checking plan files")
struct CheckerTests {
  static let source = """
    store aldi "Aldi" { trip 2 USD }
    food tofu "Tofu, firm" {
      per 396 g { energy 570.24 kcal; protein 68.508 g; sodium 55.44 mg }
      measure block = 396 g
      price 2.29 USD per block at aldi
      tags vegan, gluten-free
    }
    food oats "Oats" {
      per 1 cup { energy 307 kcal; protein 10.7 g }
      measure cup = 81 g
      price 3.49 USD per 42 oz at aldi
      price 10 USD per 2 lb
    }
    goal moderate {
      energy 1800...2200 kcal per day
      protein >= 90 g per day
      sodium <= 2.3 g per day
      saturated_fat < 10% of energy per day
      fiber >= 200 g per week
    }
    plan week {
      days 7; goal moderate
      budget 60 USD per week
      limit oats <= 2 cup per day
      limit tofu + oats <= 1 kg
      maximize protein
    }
    """

  func load() throws -> Program {
    try PlanLoader().load(text: Self.source, path: "t.plan")
  }

  @Test("nutrition is scaled to 100 g whatever amount it is stated per")
  func nutritionPer100g() throws {
    let program = try load()
    let tofu = try #require(program.food("tofu"))
    #expect(abs(tofu.nutrientsPer100g[.energy]! - 144) < 1e-9)
    #expect(abs(tofu.nutrientsPer100g[.protein]! - 17.3) < 1e-9)
    #expect(abs(tofu.nutrientsPer100g[.sodium]! - 14) < 1e-9)
    let oats = try #require(program.food("oats"))
    #expect(abs(oats.nutrientsPer100g[.energy]! - 307 / 0.81) < 1e-9)
  }

  @Test("packages convert to grams exactly: measures, ounces, pounds")
  func packages() throws {
    let program = try load()
    let tofu = try #require(program.food("tofu"))
    #expect(
      tofu.offers == [
        Offer(store: "aldi", price: 2.29, packageGrams: 396, packageName: "block")
      ])
    let oats = try #require(program.food("oats"))
    #expect(oats.offers.map(\.packageGrams) == [42 * 28.349523125, 2 * 453.59237])
    #expect(oats.offers.map(\.store) == ["aldi", nil])
    #expect(tofu.tags == ["vegan", "gluten-free"])
  }

  @Test("goals are in each nutrient's canonical unit; strict bounds warn")
  func goals() throws {
    let program = try load()
    let goals = try #require(program.goals.first?.goals)
    // Each goal carries where it was written, for explanations.
    let at = { (line: Int) in SourceReference(file: "t.plan", line: line, column: 3) }
    #expect(goals[0] == NutrientGoal(.energy, minimum: 1800, maximum: 2200, source: at(15)))
    #expect(goals[1] == NutrientGoal(.protein, minimum: 90, source: at(16)))
    #expect(goals[2] == NutrientGoal(.sodium, maximum: 2300, source: at(17)))
    #expect(goals[3] == NutrientGoal(.saturatedFat, maximum: 0.1, basis: .percentOfEnergy, source: at(18)))
    #expect(goals[4] == NutrientGoal(.fiber, minimum: 200, period: .week, source: at(19)))
    #expect(program.warnings.map(\.id) == ["strict-bound"])
  }

  @Test("plan statements resolve: days, budget, limits, objective")
  func plan() throws {
    let program = try load()
    let plan = try #require(program.plan(named: "week"))
    #expect(plan.days == 7)
    #expect(plan.goalNames == ["moderate"])
    let at = { (line: Int) in SourceReference(file: "t.plan", line: line, column: 3) }
    #expect(plan.budget == Budget(60, per: .week, source: at(23)))
    #expect(
      plan.limits == [
        LimitSpec(
          foods: ["oats"], minimum: nil, maximum: 162, period: .day, inServings: false, source: at(24)),
        LimitSpec(
          foods: ["tofu", "oats"], minimum: nil, maximum: 1000, period: .day, inServings: false,
          source: at(25)),
      ])
    #expect(plan.objective == .maximize(.protein))
    #expect(program.currency == "USD")
    #expect(program.stores == [Store(id: "aldi", name: "Aldi", tripCost: 2)])
  }

  @Test(
    "energy in kJ converts at 4.184 kJ per kcal",
    arguments: [("418.4 kJ", 100.0), ("1 kcal", 1.0), ("4.184 kJ", 1.0)])
  func kilojoules(_ written: String, _ kcal: Double) throws {
    let program = try PlanLoader().load(text: "goal g { energy >= \(written) }", path: "t.plan")
    #expect(abs(program.goals[0].goals[0].minimum! - kcal) < 1e-12)
  }

  @Test("mixed currencies are an error naming the first one")
  func mixedCurrencies() {
    #expect(throws: DiagnosticList.self) {
      try PlanLoader().load(
        text: "food a { per 100 g { energy 1 kcal }; price 1 USD per 1 kg; price 1 EUR per 1 kg }",
        path: "t.plan")
    }
  }
}
