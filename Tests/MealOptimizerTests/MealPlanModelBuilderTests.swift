import Foundation
import MealOptimizer
import Testing

/// The model's structure, checked without solving: names, counts, and what
/// diet, locks, leftovers and repetition limits add.
@Suite("Meal-plan model builder")
struct MealPlanModelBuilderTests {
  typealias Kitchen = MealTestKitchen

  static func build(_ problem: MealPlanProblem) throws -> MealPlanModel {
    try MealPlanModelBuilder(problem: problem).build()
  }

  static func names(_ model: MealPlanModel) -> (variables: Set<String>, rows: Set<String>) {
    (Set(model.model.variables.map(\.name)), Set(model.model.constraints.map(\.name)))
  }

  @Test("variables and rows carry readable names")
  func readableNames() throws {
    let model = try Self.build(Kitchen.problem(budgets: [Budget(70, per: .week)]))
    let (variables, rows) = Self.names(model)
    for name in [
      "pick[overnight_oats,day3,breakfast]", "serve[overnight_oats,day3,breakfast]",
      "pick[beef_chili,day7,dinner]",
    ] {
      #expect(variables.contains(name), "missing variable \(name)")
    }
    for name in [
      "fill[day3,breakfast]", "goal[protein,day3]", "goal[energy,day1]", "goal[saturated_fat,day5]",
      "budget[week1]", "portion_max[overnight_oats,day3,breakfast]",
    ] {
      #expect(rows.contains(name), "missing row \(name)")
    }
  }

  @Test("each slot offers exactly the recipes whose meals include it")
  func slotOptionCounts() throws {
    let model = try Self.build(Kitchen.problem(portions: .wholeServing))
    #expect(model.slots.count == 28)
    for slot in model.slots {
      let expected = Kitchen.recipes.filter { $0.meals.contains(slot.meal) }.map(\.id)
      #expect(slot.options.map(\.id) == expected)
    }
    #expect(
      !model.model.variables.contains { $0.name.hasPrefix("serve[") },
      "whole servings need no portion variables")
    let picks = model.model.variables.filter { $0.name.hasPrefix("pick[") }.count
    #expect(picks == 7 * Kitchen.recipes.reduce(0) { $0 + $1.meals.count })
    #expect(model.model.constraints.filter { $0.name.hasPrefix("goal[") }.count == 7 * Kitchen.goals.count)
  }

  @Test("a vegan diet leaves out every recipe with a non-vegan ingredient")
  func dietFiltersOptions() throws {
    let model = try Self.build(Kitchen.problem(diet: [.vegan]))
    let offered = Set(model.slots.flatMap { $0.options.map(\.id) })
    #expect(
      offered == [
        "tofu_scramble", "lentil_soup", "chickpea_salad", "pb_sandwich", "tofu_stir_fry",
        "lentil_bolognese", "apple_almonds", "banana_pb", "avocado_toast",
      ])
  }

  @Test("a leftover slot reuses its source's variables and has no fill row")
  func leftoverSlots() throws {
    let model = try Self.build(Kitchen.problem(leftovers: [LeftoverRule(from: .dinner, to: .lunch)]))
    let (_, rows) = Self.names(model)
    #expect(rows.contains("fill[day1,lunch]"))
    #expect(!rows.contains("fill[day2,lunch]"))
    let lunch = try #require(model.slots.first { $0.day == 2 && $0.meal == .lunch })
    let dinner = try #require(model.slots.first { $0.day == 1 && $0.meal == .dinner })
    #expect(lunch.options == dinner.options)
    #expect(lunch.leftoverOf.map { model.slots[$0] } == dinner)
  }

  @Test("repetition limits add their rows")
  func repetitionRows() throws {
    let rules = RepetitionLimits(maximumPerWeek: 2, oncePerDay: true, notOnConsecutiveDays: true)
    let (_, rows) = Self.names(try Self.build(Kitchen.problem(repetition: rules)))
    #expect(rows.contains("repeat[lentil_soup,week1]"))
    #expect(rows.contains("once_a_day[lentil_soup,day4]"))
    #expect(rows.contains("apart[beef_chili,day1]"))
    let (_, without) = Self.names(
      try Self.build(Kitchen.problem(repetition: RepetitionLimits(notOnConsecutiveDays: true))))
    #expect(without.contains("cooked_link[lentil_soup,day2,1]"))
  }

  @Test("locking a slot to a recipe the diet excludes is a conflict found before solving")
  func lockConflict() throws {
    let model = try Self.build(
      Kitchen.problem(diet: [.vegan], locks: [SlotLock(day: 3, meal: .dinner, recipe: "beef_chili")]))
    #expect(model.conflicts.count == 1)
    #expect(model.conflicts.first?.contains("not vegan") == true)
  }

  @Test(
    "malformed problems are rejected with a typed error",
    arguments: [
      (MealTestKitchen.problem(days: 0), "at least one day"),
      (
        MealTestKitchen.problem(portions: PortionOptions(minimum: 1.2, maximum: 1.4, step: 0.5)),
        "allow no serving"
      ),
      (
        MealTestKitchen.problem(locks: [SlotLock(day: 9, meal: .dinner, recipe: "beef_chili")]),
        "slot the plan does not have"
      ),
      (
        MealTestKitchen.problem(locks: [SlotLock(day: 1, meal: .dinner, recipe: "moussaka")]),
        "unknown recipe"
      ),
      (
        MealTestKitchen.problem(leftovers: [LeftoverRule(from: .dinner, to: .lunch, daysLater: 0)]),
        "eaten after"
      ),
    ])
  func malformedProblems(problem: MealPlanProblem, message: String) throws {
    let error = #expect(throws: PlanningError.self) { try MealPlanModelBuilder(problem: problem) }
    #expect(error?.description.contains(message) == true, "\(String(describing: error))")
  }

  @Test("a recipe with an unknown food is reported by name")
  func unknownFood() {
    var problem = Kitchen.problem()
    problem.recipes.append(
      Recipe(
        id: "mystery", name: "Mystery", meals: [.dinner],
        ingredients: [RecipeIngredient(food: "unobtainium", grams: 10)]))
    #expect(throws: PlanningError.unknownFood(food: "unobtainium", recipe: "mystery")) {
      try MealPlanModelBuilder(problem: problem)
    }
  }
}
