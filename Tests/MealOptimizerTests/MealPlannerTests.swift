import Foundation
import GLPKBackend
import MealOptimizer
import Testing

/// Solves weeks from ``MealTestKitchen`` with real GLPK and checks the plans
/// with the tests' own arithmetic on the foods.
@Suite("Meal planner on GLPK", .serialized)
struct MealPlannerTests {
  typealias Kitchen = MealTestKitchen

  /// Grams of each food a planned meal holds, computed here from the recipe.
  static func grams(_ meal: PlannedMeal) -> [String: Double] {
    guard let recipe = Kitchen.recipes.first(where: { $0.id == meal.id }) else { return [meal.id: 0] }
    return Dictionary(
      recipe.ingredients.map { ($0.food, $0.grams / recipe.servings * meal.servings) }, uniquingKeysWith: +)
  }

  static func total(_ nutrient: Nutrient, _ day: MealPlanDay) -> Double {
    day.meals.reduce(0) { sum, meal in
      sum + grams(meal).reduce(0) { $0 + Kitchen.foodsByID[$1.key]!.amount(of: nutrient, inGrams: $1.value) }
    }
  }

  @Test("every slot of every day holds exactly one recipe in an allowed portion")
  func everySlotFilled() throws {
    let plan = try Kitchen.solve(Kitchen.problem())
    #expect(plan.status.hasPlan && plan.report.metGapTarget)
    #expect(plan.days.count == 7)
    for day in plan.days {
      #expect(day.meals.map(\.meal) == [.breakfast, .lunch, .dinner, .snack])
      for meal in day.meals {
        let recipe = try #require(Kitchen.recipes.first { $0.id == meal.id })
        #expect(recipe.meals.contains(meal.meal))
        #expect([0.5, 1, 1.5, 2].contains(meal.servings))
      }
    }
  }

  @Test("each day's totals are inside its goals")
  func dailyTotalsInsideGoals() throws {
    let plan = try Kitchen.solve(Kitchen.problem())
    try #require(plan.hasPlan)
    for day in plan.days {
      let energy = Self.total(.energy, day)
      #expect(energy >= 1800 - 1e-6 && energy <= 2600 + 1e-6, "day \(day.day) energy \(energy)")
      #expect(Self.total(.protein, day) >= 70 - 1e-6)
      #expect(Self.total(.fiber, day) >= 28 - 1e-6)
      #expect(Self.total(.sodium, day) <= 2300 + 1e-6)
      #expect(Self.total(.saturatedFat, day) * 9 <= 0.10 * energy + 1e-6)
      #expect(day.goals.allSatisfy { $0.status != .violated })
    }
  }

  @Test("repetition limits hold: at most twice a week, once a day, never on consecutive days")
  func repetitionLimits() throws {
    let rules = RepetitionLimits(maximumPerWeek: 2, oncePerDay: true, notOnConsecutiveDays: true)
    // A plan within the time limit is enough here: the rules must hold whatever its gap.
    let planner = MealPlanner(
      solver: GLPKSolver(), options: MealPlannerOptions(timeLimit: 8, tieBreakTimeLimit: 1))
    let plan = try planner.solve(Kitchen.problem(repetition: rules))
    try #require(plan.hasPlan)
    var days: [String: [Int]] = [:]
    for day in plan.days {
      let ids = day.meals.map(\.id)
      #expect(Set(ids).count == ids.count, "day \(day.day) repeats a recipe: \(ids)")
      for id in ids { days[id, default: []].append(day.day) }
    }
    for (id, cooked) in days {
      #expect(cooked.count <= 2, "\(id) on days \(cooked)")
      #expect(!cooked.contains { cooked.contains($0 + 1) }, "\(id) on consecutive days \(cooked)")
    }
  }

  @Test("locked slots serve the locked recipe and portion")
  func locksRespected() throws {
    let locks = [
      SlotLock(day: 3, meal: .dinner, recipe: "beef_chili"),
      SlotLock(day: 1, meal: .breakfast, recipe: "egg_toast", servings: 1.5),
    ]
    let plan = try Kitchen.solve(Kitchen.problem(locks: locks))
    try #require(plan.hasPlan)
    #expect(plan.meal(day: 3, .dinner)?.id == "beef_chili")
    #expect(plan.meal(day: 1, .breakfast)?.id == "egg_toast")
    #expect(plan.meal(day: 1, .breakfast)?.servings == 1.5)
  }

  @Test("a vegan plan contains no ingredient without the vegan tag")
  func veganPlan() throws {
    let plan = try Kitchen.solve(Kitchen.problem(diet: [.vegan]))
    try #require(plan.hasPlan)
    for meal in plan.days.flatMap(\.meals) {
      for food in Self.grams(meal).keys {
        #expect(Kitchen.foodsByID[food]?.tags.contains("vegan") == true, "\(meal.id) uses \(food)")
      }
    }
  }

  @Test(
    "avoided foods and allergen tags appear in no meal",
    arguments: [
      AvoidRule.term("peanut"), .tag("tree-nut"), .food("tomatoes"), .term("dairy"),
    ])
  func avoidRespected(rule: AvoidRule) throws {
    let plan = try Kitchen.solve(Kitchen.problem(avoid: [rule]))
    try #require(plan.hasPlan)
    for meal in plan.days.flatMap(\.meals) {
      for id in Self.grams(meal).keys {
        let food = try #require(Kitchen.foodsByID[id])
        switch rule {
        case .food(let avoided): #expect(food.id != avoided)
        case .tag(let tag), .term(let tag): #expect(!food.tags.contains(tag) && food.id != tag)
        }
      }
    }
  }

  @Test("a budget below the cheapest week reports infeasible with the cheapest cost")
  func budgetBelowCheapestWeek() throws {
    let cheapest = try Kitchen.solve(Kitchen.problem(tieBreak: .none))
    let cost = try #require(cheapest.cost)
    let tight = Budget(Money(cost * Decimal(0.9)), per: .week)
    let plan = try Kitchen.solve(Kitchen.problem(budgets: [tight], tieBreak: .none))
    #expect(plan.status == .infeasible)
    #expect(plan.days.isEmpty)
    #expect(
      plan.report.explanation.contains { $0.contains("cheapest plan") && $0.contains("above the budget") })
    let enough = try Kitchen.solve(
      Kitchen.problem(budgets: [Budget(Money(cost + 1), per: .week)], tieBreak: .none))
    #expect(enough.status == .optimal)
  }

  @Test("a daily goal no allowed recipe can reach is explained before any plan is shown")
  func unreachableGoal() throws {
    var problem = Kitchen.problem(portions: .wholeServing)
    problem.goals.append(NutrientGoal(.protein, minimum: 400))
    let plan = try Kitchen.solve(problem)
    #expect(plan.status == .infeasible)
    #expect(plan.report.explanation.contains { $0.contains("protein") && $0.contains("at most") })
  }

  @Test("the variety tie-break keeps the cheapest cost and repeats no more than no tie-break")
  func varietyTieBreak() throws {
    let strict = MealPlanner(
      solver: GLPKSolver(),
      options: MealPlannerOptions(timeLimit: 30, relativeGap: 1e-6, tieBreakTolerance: 1e-9))
    let plain = try strict.solve(Kitchen.problem(tieBreak: .none))
    let varied = try strict.solve(Kitchen.problem(tieBreak: .variety))
    #expect(plain.status == .optimal && varied.status == .optimal)
    func repeats(_ plan: MealPlan) -> Int {
      let ids = plan.days.flatMap(\.meals).map(\.id)
      return ids.count - Set(ids).count
    }
    let plainCost = try #require(plain.cost)
    let variedCost = try #require(varied.cost)
    #expect(abs(NSDecimalNumber(decimal: plainCost - variedCost).doubleValue) <= 0.011)
    #expect(repeats(varied) <= repeats(plain))
    #expect(varied.tieBreakValue.map { Int($0.rounded()) } == repeats(varied))
  }

  @Test("leftovers: each dinner is the next day's lunch, in the same portion")
  func leftovers() throws {
    let plan = try Kitchen.solve(Kitchen.problem(leftovers: [LeftoverRule(from: .dinner, to: .lunch)]))
    try #require(plan.hasPlan)
    #expect(plan.meal(day: 1, .lunch)?.leftoverFromDay == nil)
    for day in 2...7 {
      let lunch = try #require(plan.meal(day: day, .lunch))
      let dinner = try #require(plan.meal(day: day - 1, .dinner))
      #expect(lunch.id == dinner.id && lunch.servings == dinner.servings)
      #expect(lunch.leftoverFromDay == day - 1 && lunch.leftoverFromMeal == .dinner)
    }
  }

  @Test("the grocery list covers every gram the plan uses in whole packages")
  func groceryList() throws {
    let plan = try Kitchen.solve(Kitchen.problem())
    let groceries = try #require(plan.groceries)
    var used: [String: Double] = [:]
    for meal in plan.days.flatMap(\.meals) { used.merge(Self.grams(meal), uniquingKeysWith: +) }
    #expect(Set(groceries.items.map(\.food)) == Set(used.filter { $0.value > 0 }.keys))
    for item in groceries.items {
      #expect(abs(item.grams - (used[item.food] ?? 0)) < 1e-6)
      #expect(Double(item.packages) * (item.packageGrams ?? 0) >= item.grams - 1e-9)
      #expect(item.store == "market")
      #expect(item.cost == (item.packagePrice ?? 0) * Decimal(item.packages))
    }
  }

  @Test("a plan encodes to JSON with snake_case keys and decodes back")
  func jsonShape() throws {
    let plan = try Kitchen.solve(Kitchen.problem(leftovers: [LeftoverRule(from: .dinner, to: .lunch)]))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(plan)
    let text = String(decoding: data, as: UTF8.self)
    for key in [
      "\"tie_break\"", "\"leftover_from_day\"", "\"package_grams\"", "\"first_day\"", "\"percent_of_energy\"",
      "\"proven_gap\"",
    ] {
      #expect(text.contains(key) ? true : false, "missing \(key)")
    }
    #expect(try JSONDecoder().decode(MealPlan.self, from: data) == plan)
  }

  @Test("the verifier rejects a plan changed after solving")
  func verifierCatchesTampering() throws {
    let problem = Kitchen.problem(
      diet: [.vegetarian], locks: [SlotLock(day: 2, meal: .dinner, recipe: "tofu_stir_fry")])
    let plan = try Kitchen.solve(problem)
    let verifier = MealPlanVerifier(problem: problem)
    #expect(verifier.verify(plan).isEmpty)
    var tampered = plan
    tampered.days[1].meals[2].id = "beef_chili"
    let rules = Set(verifier.verify(tampered).map(\.rule))
    #expect(rules.contains("diet") && rules.contains("lock"))
    var overfed = plan
    overfed.days[0].meals[0].servings = 7
    #expect(verifier.verify(overfed).map(\.rule).contains("portion"))
  }

  @Test(
    "a person's plan is checked as a household of one: its cost against its portions, leftovers against their source"
  )
  func verifierChecksAPersonAsAHouseholdOfOne() throws {
    let problem = Kitchen.problem(leftovers: [LeftoverRule(from: .dinner, to: .lunch)])
    let plan = try Kitchen.solve(problem)
    #expect(plan.status.hasPlan)
    let verifier = MealPlanVerifier(problem: problem)
    #expect(verifier.verify(plan).isEmpty)
    var dearer = plan
    dearer.cost = (plan.cost ?? 0) + 1
    let cost = verifier.verify(dearer)
    #expect(cost.map(\.rule) == ["cost"])
    #expect(
      cost.first?.message.hasPrefix("the plan costs \((plan.cost ?? 0) + 1) but its portions cost ") == true)
    // Day 2's lunch is day 1's dinner: serving something else there breaks the leftover.
    let lunch = try #require(plan.days[1].meals.firstIndex { $0.meal == .lunch })
    let dinner = try #require(plan.meal(day: 1, .dinner))
    var swapped = plan
    swapped.days[1].meals[lunch].id = dinner.id == "tofu_stir_fry" ? "beef_chili" : "tofu_stir_fry"
    #expect(
      verifier.verify(swapped).contains {
        $0.rule == "leftover"
          && $0.message.hasPrefix(
            "day 2 lunch serves '\(swapped.days[1].meals[lunch].id)' as leftovers of day 1 dinner")
      })
  }
}
