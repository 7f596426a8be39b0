import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

/// Beans give 100 g of protein per USD, rice 70 g: with 2 USD a day protein
/// reaches at most 200 g, and 250 g costs 2.50 USD (1,250 g of beans).
private func proteinOnABudget() -> DietProblem {
  let beans = Food(
    id: "beans", name: "Beans", nutrientsPer100g: [.energy: 340, .protein: 20],
    offers: [Offer(price: 1, packageGrams: 500)])
  let rice = Food(
    id: "rice", name: "Rice", nutrientsPer100g: [.energy: 360, .protein: 7],
    offers: [Offer(price: 1, packageGrams: 1000)])
  return DietProblem(
    foods: [beans, rice],
    goals: [
      NutrientGoal(
        .energy, minimum: 1000, maximum: 5000, source: SourceReference(file: "week.plan", line: 11, column: 3)
      ),
      NutrientGoal(.protein, minimum: 250, source: SourceReference(file: "week.plan", line: 12, column: 3)),
    ],
    budget: Budget(2, per: .day, source: SourceReference(file: "week.plan", line: 20, column: 3)))
}

/// Ten goals of which exactly three cannot hold together: energy at most
/// 1,000 kcal against protein at least 100 g (400 kcal of whey) and fat at
/// least 70 g (630 kcal of oil). The other seven are met by a vegetable with
/// no energy.
private func threeOfTen() -> DietProblem {
  let whey = Food(
    id: "whey", name: "Whey", nutrientsPer100g: [.energy: 400, .protein: 100],
    offers: [Offer(price: 1, packageGrams: 100)])
  let oil = Food(
    id: "oil", name: "Oil", nutrientsPer100g: [.energy: 900, .fat: 100, .saturatedFat: 14],
    offers: [Offer(price: 1, packageGrams: 100)])
  let greens = Food(
    id: "greens", name: "Greens",
    nutrientsPer100g: [
      .fiber: 10, "vitamin_c": 50, "potassium": 1000, "calcium": 300, "iron": 3, .sodium: 10, .carbs: 5,
    ],
    offers: [Offer(price: 1, packageGrams: 100)])
  return DietProblem(
    foods: [whey, oil, greens],
    goals: [
      NutrientGoal(.fiber, minimum: 25),
      NutrientGoal("vitamin_c", minimum: 90),
      NutrientGoal(.energy, maximum: 1000),
      NutrientGoal("potassium", minimum: 3000),
      NutrientGoal("calcium", minimum: 1000),
      NutrientGoal(.protein, minimum: 100),
      NutrientGoal("iron", minimum: 10),
      NutrientGoal(.sodium, maximum: 2300),
      NutrientGoal(.fat, minimum: 70),
      NutrientGoal(.saturatedFat, maximum: 20),
    ])
}

@Suite("Explanations")
struct ExplanationTests {
  @Test("protein against the budget names exactly those two lines and the shortfall")
  func proteinAgainstBudget() throws {
    let plan = try DietPlanner().solve(proteinOnABudget())
    #expect(plan.status == .infeasible)
    let explanation = try #require(plan.explanation)
    #expect(explanation.conflicts.map(\.line.kind) == [.goal, .budget])
    #expect(explanation.conflicts.map(\.line.index) == [1, 0])
    #expect(
      explanation.conflicts.map { $0.line.source?.description } == ["week.plan:12:3", "week.plan:20:3"])
    let protein = explanation.conflicts[0]
    #expect(protein.side == .minimum)
    #expect(abs((protein.reachable ?? 0) - 200) < 1e-6)
    #expect(abs((protein.relaxation ?? 0) - 50) < 1e-6)
    let budget = explanation.conflicts[1]
    #expect(abs((budget.reachable ?? 0) - 2.5) < 1e-6)
    #expect(explanation.conflictsProven)
    #expect(
      explanation.sentences.first
        == "no plan meets every goal: with a budget of 2.00 USD a day at week.plan:20:3, protein reaches at most"
        + " 200 g a day (goal at least 250 g a day at week.plan:12:3); the cheapest plan that meets the goals"
        + " costs 2.50 USD a day")
    // Relative changes: protein 50/250 = 0.2 against the budget's 0.5/2 = 0.25, so protein moves.
    #expect(explanation.relaxation.map(\.line.statement) == ["protein at least 250 g a day"])
    #expect(plan.report.explanation == explanation.sentences)
  }

  @Test("three conflicting goals among ten are found as exactly those three")
  func threeOfTenGoals() throws {
    let problem = threeOfTen()
    let plan = try DietPlanner().solve(problem)
    #expect(plan.status == .infeasible)
    let explanation = try #require(plan.explanation)
    #expect(explanation.conflicts.map(\.line.index) == [2, 5, 8])
    #expect(
      explanation.conflicts.map(\.line.statement) == [
        "energy at most 1000 kcal a day", "protein at least 100 g a day", "fat at least 70 g a day",
      ])
    // Energy alone moves to 400 + 630 kcal; protein alone to (1000 − 630) / 4 g; fat alone to (1000 − 400) / 9 g.
    let reached = explanation.conflicts.map { $0.reachable ?? -1 }
    #expect(abs(reached[0] - 1030) < 1e-6)
    #expect(abs(reached[1] - 92.5) < 1e-6)
    #expect(abs(reached[2] - 600.0 / 9) < 1e-6)
    // Each subset without one of the three has a plan.
    for dropped in [2, 5, 8] {
      var smaller = problem
      smaller.goals.remove(at: dropped)
      #expect(try DietPlanner().solve(smaller).status == .optimal)
    }
  }

  @Test("a marginal cost from the duals agrees with a re-solve after a small step")
  func dualAgreesWithFiniteDifference() throws {
    var problem = smallProblem()
    problem.goals[1].minimum = 80
    let costs = try DietExplainer().explainCosts(problem)
    let protein = try #require(
      costs.marginalCosts.first { $0.line.subject == "protein" && $0.side == .minimum })
    #expect(protein.method == .dual)
    #expect(protein.binding)
    let base = try #require(try DietPlanner().solve(problem).objectiveValue)
    var moved = problem
    moved.goals[1].minimum = 80.01
    let after = try #require(try DietPlanner().solve(moved).objectiveValue)
    let difference = (after - base) / 0.01
    #expect(difference > 0)
    #expect(abs((protein.perUnit ?? 0) - difference) < 1e-9)
    let energy = try #require(
      costs.marginalCosts.first { $0.line.subject == "energy" && $0.side == .maximum })
    #expect(!energy.binding)
    #expect(energy.message == "energy between 2000 kcal and 2500 kcal a day: not binding")
  }

  @Test("an integer plan's marginal cost is the re-solved difference")
  func integerMarginalCost() throws {
    var problem = smallProblem()
    problem.goals[1].minimum = 80
    problem.wholeServings = ["oats", "butter", "lentils"]
    let costs = try DietExplainer().explainCosts(problem)
    let protein = try #require(
      costs.marginalCosts.first { $0.line.subject == "protein" && $0.side == .minimum })
    #expect(protein.method == .resolve)
    #expect(protein.step == 5)
    let base = try #require(try DietPlanner().solve(problem).objectiveValue)
    var moved = problem
    moved.goals[1].minimum = 85
    let after = try #require(try DietPlanner().solve(moved).objectiveValue)
    #expect(after > base)
    #expect(protein.binding)
    #expect(abs((protein.change ?? .nan) - (after - base)) < 1e-9)
    #expect(costs.reducedCosts.isEmpty)
  }

  @Test("unused foods get the price at which they would enter")
  func enteringPrice() throws {
    let problem = smallProblem()
    let costs = try DietExplainer().explainCosts(problem)
    let plan = try DietPlanner().solve(problem)
    for cost in costs.reducedCosts {
      // Offer the food at just below its entering price: the plan then uses it.
      let price = try #require(cost.enteringPrice)
      var cheaper = problem
      let f = try #require(cheaper.foods.firstIndex { $0.id == cost.food })
      cheaper.foods[f].offers[0].price = Decimal(price * 0.99)
      let again = try DietPlanner().solve(cheaper)
      #expect(again.foodTotals.contains { $0.food == cost.food && $0.grams > 0 })
      #expect(!plan.foodTotals.contains { $0.food == cost.food && $0.grams > 0 })
    }
  }

  @Test("explanations round-trip through JSON with the line's place flattened")
  func codable() throws {
    let plan = try DietPlanner().solve(proteinOnABudget())
    let data = try JSONEncoder().encode(plan)
    let decoded = try JSONDecoder().decode(DietPlan.self, from: data)
    #expect(decoded.explanation == plan.explanation)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let explanation = try #require(object["explanation"] as? [String: Any])
    let conflicts = try #require(explanation["conflicts"] as? [[String: Any]])
    #expect(conflicts.map { $0["line"] as? Int } == [12, 20])
    #expect(conflicts.map { $0["column"] as? Int } == [3, 3])
  }
}

@Suite("Why a recipe lacks a label")
struct MissingLabelTests {
  static let foods: [String: Food] = [
    "beans": Food(
      id: "beans", name: "Beans", nutrientsPer100g: [.energy: 340], tags: ["vegan", "vegetarian"]),
    "salsa": Food(id: "salsa", name: "Salsa", nutrientsPer100g: [.energy: 29]),
    "chicken": Food(id: "chicken", name: "Chicken", nutrientsPer100g: [.energy: 165], tags: ["meat"]),
  ]

  @Test("the salsa case names salsa as the only blocker of vegetarian, with the tag to add")
  func salsa() throws {
    let tacos = Recipe(
      id: "tacos", name: "Tacos", servings: 2,
      ingredients: [RecipeIngredient(food: "beans", grams: 200), RecipeIngredient(food: "salsa", grams: 60)])
    let missing = RecipeProfile.missingLabels(of: tacos, foods: Self.foods)
    let vegetarian = try #require(missing.first { $0.label == .vegetarian })
    #expect(vegetarian.blockers.map(\.food) == ["salsa"])
    #expect(vegetarian.blockers.map(\.reason) == [.missingTag])
    #expect(vegetarian.onlyMissingTags)
    #expect(
      vegetarian.message
        == "not vegetarian: 'salsa' has no vegetarian tag; add `tags vegetarian` to the food if it is")
  }

  @Test("a food tagged against the label is named with its tag, not as untagged")
  func contraryTag() throws {
    let stew = Recipe(
      id: "stew", name: "Stew", servings: 2,
      ingredients: [
        RecipeIngredient(food: "chicken", grams: 200), RecipeIngredient(food: "beans", grams: 100),
      ])
    let missing = RecipeProfile.missingLabels(of: stew, foods: Self.foods)
    let vegetarian = try #require(missing.first { $0.label == .vegetarian })
    #expect(vegetarian.blockers.map(\.food) == ["chicken"])
    #expect(vegetarian.blockers.map(\.tag) == ["meat"])
    #expect(!vegetarian.onlyMissingTags)
    #expect(vegetarian.message == "not vegetarian: 'chicken' is tagged meat")
  }
}

@Suite("Sentences that differ only in their day")
struct DaySentencesTests {
  @Test("seven days of one sentence become one, days that skip are listed")
  func collapse() {
    let week = (1...7).map { "day \($0): every recipe for breakfast is excluded" }
    #expect(DaySentences.collapse(week) == ["days 1 to 7: every recipe for breakfast is excluded"])
    #expect(
      DaySentences.collapse(["day 1: a", "day 3: a", "day 5: a", "the budget", "the budget", "day 2: b"])
        == ["days 1, 3 and 5: a", "the budget", "day 2: b"])
  }
}

@Suite("Meal plans explain")
struct MealPlanExplanationTests {
  @Test("a budget below the cheapest week is a conflict citing the budget line, with the cheapest cost")
  func budgetConflict() throws {
    let cheapest = try MealTestKitchen.solve(MealTestKitchen.problem(tieBreak: .none))
    let cost = try #require(cheapest.cost)
    let place = SourceReference(file: "week.plan", line: 9, column: 3)
    let tight = Budget(Money(cost * Decimal(0.9)), per: .week, source: place)
    let plan = try MealTestKitchen.solve(MealTestKitchen.problem(budgets: [tight], tieBreak: .none))
    #expect(plan.status == .infeasible)
    let conflict = try #require(plan.explanation?.conflicts.first)
    #expect(conflict.line.kind == .budget)
    #expect(conflict.line.source == place)
    let reached = try #require(conflict.reachable)
    // Both searches prove the cheapest week within 1%; the plan's cost is rounded to cents.
    let proven = NSDecimalNumber(decimal: cost).doubleValue
    #expect(abs(reached - proven) <= 0.01 * proven + 0.005)
    #expect(conflict.relaxation == reached - NSDecimalNumber(decimal: tight.amount).doubleValue)
    #expect(plan.report.explanation.contains { $0.contains("(at week.plan:9:3); it is proven") })
  }

  @Test("a household of one is explained as the person is: days merged, the same conflicts")
  func householdOfOneExplained() throws {
    let person = MealTestKitchen.problem(diet: [.vegan, .keto, .glutenFree])
    var household = person
    household.household = Household(
      id: "home", members: [HouseholdMember(id: "ana", name: "Ana", goals: person.goals)])
    let alone = try MealTestKitchen.solve(person)
    let together = try MealTestKitchen.solve(household)
    #expect(together.status == .infeasible)
    // Only what is taken as written grows by the household's members.
    #expect(
      together.report.explanation
        == alone.report.explanation.dropLast() + [
          try #require(alone.report.explanation.last) + ", the household's members and their portions"
        ])
    #expect(together.explanation?.conflicts.map(\.line.statement) == ["diet keto"])
  }

  @Test("a slot no recipe can fill on any day is said once for the whole week")
  func collapsedDays() throws {
    let plan = try MealTestKitchen.solve(MealTestKitchen.problem(diet: [.vegan, .keto, .glutenFree]))
    #expect(plan.status == .infeasible)
    let sentences = plan.report.explanation
    #expect(sentences.dropLast(2).allSatisfy { $0.hasPrefix("days 1 to 7: ") })
    #expect(Set(sentences).count == sentences.count)
    // The deletion filter drops vegan and gluten-free: keto alone leaves a slot empty.
    #expect(plan.explanation?.conflicts.map(\.line.statement) == ["diet keto"])
    #expect(
      sentences.suffix(2) == [
        "these lines cannot all hold together, even with every other goal and rule left out (proven minimal:"
          + " without any one of them the rest can hold; the plan may have other conflicts too): diet keto",
        "taken as written, never left out: the recipes and their portions, the 7 days of 4 meals",
      ])
    // Leaving keto out alone does not give a plan here (vegan and gluten-free leave other slots empty),
    // so no change is printed: a conflict's line is never offered as a fix by itself.
    #expect(plan.explanation?.changes.isEmpty == true)
  }
}
