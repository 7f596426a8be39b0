import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

/// Three foods with simple figures, for checks that can be worked out by hand.
func smallProblem(days: Int = 1) -> DietProblem {
  let oats = Food(
    id: "oats", name: "Oats",
    nutrientsPer100g: [.energy: 380, .protein: 13, .fat: 6, .saturatedFat: 1, .carbs: 68],
    measures: [Measure(name: "serving", grams: 40)],
    offers: [Offer(price: 2, packageGrams: 1000)])
  let butter = Food(
    id: "butter", name: "Butter", nutrientsPer100g: [.energy: 720, .fat: 80, .saturatedFat: 50],
    offers: [Offer(price: 1, packageGrams: 250)])
  let lentils = Food(
    id: "lentils", name: "Lentils", nutrientsPer100g: [.energy: 350, .protein: 25, .fat: 1, .carbs: 60],
    offers: [Offer(price: 3, packageGrams: 1000)])
  return DietProblem(
    foods: [oats, butter, lentils], days: days,
    goals: [NutrientGoal(.energy, minimum: 2000, maximum: 2500), NutrientGoal(.protein, minimum: 60)])
}

/// A solver that returns fixed values, to show that the verifier catches a wrong answer.
struct FixedSolver: Solver {
  var values: [Double]
  var objective: Double
  func solve(_ model: LinearModel, options: SolverOptions) throws(SolverError) -> Solution {
    Solution(termination: .completed, status: .optimal, objectiveValue: objective, values: values)
  }
}

@Suite("Diet model builder and planner")
struct DietPlannerTests {
  @Test("variables and constraints have readable names")
  func readableNames() throws {
    var problem = smallProblem(days: 3)
    problem.goals.append(NutrientGoal(.saturatedFat, maximum: 0.1, basis: .percentOfEnergy))
    problem.goals.append(
      NutrientGoal(.fat, minimum: 0.2, maximum: 0.35, basis: .percentOfEnergy, period: .week))
    problem.budget = Budget(20, per: .week)
    problem.groupLimits = [FoodGroupLimit("spread", foods: ["butter"], maximum: 30)]
    let built = try DietModelBuilder().build(problem)
    let variables = built.model.variables.map(\.name)
    #expect(variables.contains("x[oats,day3]"))
    #expect(variables.count == 9)
    let rows = Set(built.model.constraints.map(\.name))
    for name in [
      "goal[protein,day3]", "goal[energy,day1]", "goal[saturated_fat,day2]", "goal[fat,week,min]",
      "goal[fat,week,max]", "group[spread,day1]", "budget",
    ] {
      #expect(rows.contains(name), "missing \(name)")
    }
    #expect(built.variable(foodIndex: 0, dayIndex: 2).index == 6)
  }

  @Test("a variable's name is written byte by byte as interpolation would write it")
  func variableNames() {
    let ids = ["oats", "", "f01001", "a_food_with_a_long_identifier", "crème_fraîche", "豆腐"]
    for id in ids {
      for day in [0, 1, 9, 10, 99, 100, 366, 1_000_000] {
        #expect(DietModelBuilder.variableName(id, day: day) == "x[\(id),day\(day)]")
      }
    }
  }

  @Test("a percent-of-energy goal is linear with 9 kcal per gram of fat")
  func percentOfEnergy() throws {
    var problem = smallProblem()
    problem.goals.append(NutrientGoal(.saturatedFat, maximum: 0.10, basis: .percentOfEnergy))
    let built = try DietModelBuilder().build(problem)
    let row = try #require(built.model.constraints.first { $0.name == "goal[saturated_fat,day1]" })
    #expect(row.set == .lessThan(0))
    // butter: 9 × 0.50 − 0.10 × 7.20 per gram.
    let butter = row.expression.terms.first { $0.variable == built.variable(foodIndex: 1, dayIndex: 0) }
    #expect(abs((butter?.coefficient ?? 0) - (9 * 0.5 - 0.1 * 7.2)) < 1e-12)
    let plan = try DietPlanner().solve(problem)
    let check = try #require(plan.days.first?.goals.first { $0.nutrient == .saturatedFat })
    #expect(check.unit == "share_of_energy")
    #expect(check.total <= 0.10 + 1e-6)
  }

  @Test("weekly goals and budgets sum over the days")
  func weeklyBounds() throws {
    var problem = smallProblem(days: 7)
    problem.goals = [
      NutrientGoal(.energy, minimum: 14000, period: .week),
      NutrientGoal(.protein, minimum: 420, period: .week),
    ]
    problem.budget = Budget(8, per: .week)
    let plan = try DietPlanner().solve(problem)
    #expect(plan.status == .optimal)
    #expect(plan.days.count == 7)
    let energy = try #require(plan.weeklyGoals.first { $0.nutrient == .energy })
    #expect(energy.total >= 14000 - 1e-3)
    // Oats are the cheapest energy (1900 kcal per USD) and bring enough protein: 14000 / 1900 USD.
    #expect(abs((plan.exactCost ?? 0) - 14000.0 / 1900) < 1e-6)
    problem.budget = Budget(7, per: .week)
    #expect(try DietPlanner().solve(problem).status == .infeasible)
  }

  @Test("food limits bound each day's grams")
  func foodLimits() throws {
    var problem = smallProblem()
    problem.foodLimits = [
      FoodLimit(food: "oats", maximumGrams: 100), FoodLimit(food: "lentils", minimumGrams: 50),
    ]
    let plan = try DietPlanner().solve(problem)
    let grams = Dictionary(uniqueKeysWithValues: plan.foodTotals.map { ($0.food, $0.grams) })
    #expect((grams["oats"] ?? 0) <= 100 + 1e-9)
    #expect((grams["lentils"] ?? 0) >= 50 - 1e-9)
  }

  @Test("maximising protein within a budget spends the budget on the best protein per dollar")
  func maximizeNutrient() throws {
    var problem = smallProblem()
    problem.goals = []
    problem.objective = .maximize(.protein)
    problem.budget = Budget(3, per: .day)
    let plan = try DietPlanner().solve(problem)
    // Oats give 13 g per 0.2 USD (65 g per USD), lentils 25 g per 0.3 USD (83.3 g per USD).
    #expect(abs((plan.objectiveValue ?? 0) - 250) < 1e-6)
    #expect(plan.foodTotals.map(\.food) == ["lentils"])
  }

  @Test("maximising a nutrient with no budget is unbounded, a result and not an error")
  func unboundedPlan() throws {
    var problem = smallProblem()
    problem.goals = [NutrientGoal(.energy, minimum: 2000)]
    problem.objective = .maximize(.protein)
    let plan = try DietPlanner().solve(problem)
    #expect(plan.status == .unbounded)
    #expect(plan.days.isEmpty)
  }

  @Test("a wrong answer from the solver fails verification instead of being returned")
  func verifierCatchesWrongAnswer() throws {
    let problem = smallProblem()
    // 100 g of oats: 380 kcal, far below the 2000 kcal minimum.
    let planner = DietPlanner(solver: FixedSolver(values: [100, 0, 0], objective: 0.2))
    let error = #expect(throws: PlanningError.self) { try planner.solve(problem) }
    guard case .verificationFailed(let violations)? = error else {
      Issue.record("expected verificationFailed")
      return
    }
    #expect(violations.contains { $0.rule == "goal" && $0.message.contains("energy") })
    #expect(violations.contains { $0.rule == "goal" && $0.message.contains("protein") })
  }

  @Test("a reported cost that the foods do not add up to fails verification")
  func verifierChecksCost() throws {
    let problem = smallProblem()
    let verification = DietPlanVerifier().verify(problem, grams: [[0, 0, 600]], objectiveValue: 1.0)
    #expect(verification.violations.contains { $0.rule == "cost" })
    #expect(DietPlanVerifier().verify(problem, grams: [[0, 0, 600]], objectiveValue: 1.8).isValid)
  }

  @Test("every mistake in a problem is reported at once")
  func problemErrors() throws {
    var problem = smallProblem()
    problem.days = 0
    problem.foods.append(problem.foods[0])
    problem.foodLimits = [FoodLimit(food: "tofu", maximumGrams: 10)]
    problem.goals.append(NutrientGoal(.fiber, maximum: 0.1, basis: .percentOfEnergy))
    problem.goals.append(NutrientGoal(.sodium, minimum: 10, maximum: 5))
    problem.wholeServings = ["butter"]
    problem.groupLimits = [FoodGroupLimit("none", foods: [])]
    let error = #expect(throws: PlanningError.self) { try DietPlanner().solve(problem) }
    guard case .invalidProblem(let issues)? = error else {
      Issue.record("expected invalidProblem, got \(String(describing: error))")
      return
    }
    #expect(issues.contains(.noDays(0)))
    #expect(issues.contains(.duplicateIdentifier("oats")))
    #expect(issues.contains(.unknownFood("tofu", usedBy: "a food limit")))
    #expect(issues.contains(.noEnergyFactor(.fiber)))
    #expect(issues.contains(.invertedBounds("goal on sodium")))
    // Whole servings of a food without a 'serving' measure count 100 g servings.
    #expect(!issues.contains(.missingServing(food: "butter")))
    #expect(issues.contains(.emptyGroup("none")))
  }

  @Test("a plan encodes to JSON with snake_case keys, a status and a numeric cost")
  func jsonShape() throws {
    let plan = try DietPlanner().solve(DietFixtures.jump())
    let data = try JSONEncoder().encode(plan)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["status"] as? String == "optimal")
    #expect((object["cost"] as? NSNumber)?.doubleValue == 11.83)
    #expect(object["food_totals"] != nil && object["weekly_goals"] != nil && object["exact_cost"] != nil)
    let days = try #require(object["days"] as? [[String: Any]])
    let goals = try #require(days.first?["goals"] as? [[String: Any]])
    #expect(
      goals.contains { $0["status"] as? String == "at_minimum" || $0["status"] as? String == "at_maximum" })
    let decoded = try JSONDecoder().decode(DietPlan.self, from: data)
    #expect(decoded == plan)
    let infeasible = try JSONEncoder().encode(try DietPlanner().solve(DietFixtures.jump(dairyLimit: 6)))
    let shape = try #require(try JSONSerialization.jsonObject(with: infeasible) as? [String: Any])
    #expect(shape["status"] as? String == "infeasible")
    #expect(shape["cost"] == nil && shape["groceries"] == nil && shape["report"] != nil)
  }
}
