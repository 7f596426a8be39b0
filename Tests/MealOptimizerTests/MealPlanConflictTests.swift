import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

/// Small weeks with known answers for a meal plan's explanations: every
/// recipe is one serving of 100 g of one food, so a serving's nutrients and
/// cost are the food's per 100 g.
enum ConflictKitchen {
  static func at(_ line: Int, _ column: Int = 3) -> SourceReference {
    SourceReference(file: "week.plan", line: line, column: column)
  }

  static func food(_ id: String, price: Money, _ nutrients: [Nutrient: Double]) -> Food {
    var all: [Nutrient: Double] = [.energy: 0, .protein: 0, .fat: 0, .carbs: 0, .sodium: 0]
    all.merge(nutrients) { $1 }
    return Food(
      id: id, name: id.capitalized, nutrientsPer100g: all, tags: ["gluten-free"],
      offers: [Offer(price: price, packageGrams: 100)])
  }

  static func recipe(_ id: String, _ meals: Set<Meal>) -> Recipe {
    Recipe(
      id: id, name: id.capitalized, servings: 1, meals: meals,
      ingredients: [RecipeIngredient(food: id, grams: 100)])
  }

  /// Rice (5 g protein, 0.50 USD), beans (10 g, 1.00 USD) and steak (40 g,
  /// 5.00 USD) for lunch and dinner. 60 g of protein a day takes two steaks
  /// (70.00 USD a week); with 30.00 USD a week the most protein every day can
  /// get is 20 g (beans twice, 14.00 USD), since 45 g (steak and rice) costs
  /// 38.50 USD a week.
  static func proteinOnABudget(protein: Double = 60, budget: Money = 30) -> MealPlanProblem {
    let foods = [
      food("rice", price: 0.5, [.energy: 200, .protein: 5, .sodium: 10]),
      food("beans", price: 1, [.energy: 150, .protein: 10, .sodium: 10]),
      food("steak", price: 5, [.energy: 300, .protein: 40, .sodium: 60]),
    ]
    var problem = MealPlanProblem(
      foods: foods, recipes: foods.map { recipe($0.id, [.lunch, .dinner]) }, days: 7,
      slots: [.lunch, .dinner],
      goals: [
        NutrientGoal(.protein, minimum: protein, source: at(10)),
        NutrientGoal(.energy, maximum: 5000, source: at(11)),
        NutrientGoal(.sodium, maximum: 2300, source: at(12)),
      ],
      budgets: [Budget(budget, per: .week, source: at(14))], diet: [.glutenFree], tieBreak: .none)
    problem.ruleSources = MealRuleSources(diet: ["gluten-free": at(13, 8)])
    return problem
  }

  /// Ten lines, of which exactly three cannot hold together: energy at most
  /// 500 kcal a day against protein at least 40 g (chicken, 200 kcal) and
  /// fat at least 30 g (toast, 400 kcal). Chicken and salad meet energy and
  /// protein, toast and salad energy and fat, chicken and toast protein and fat.
  static func threeOfTen() -> MealPlanProblem {
    let foods = [
      food("chicken", price: 2, [.energy: 200, .protein: 40, .fat: 2]),
      food("toast", price: 1, [.energy: 400, .protein: 4, .fat: 30, .carbs: 40, .sodium: 300]),
      food("salad", price: 1, [.energy: 50, .protein: 2, .carbs: 5, .sodium: 50]),
      food("apple", price: 0.5, [.carbs: 10]),
    ]
    let recipes =
      foods.prefix(3).map { recipe($0.id, [.lunch, .dinner]) } + [recipe("apple", [.snack])]
    var problem = MealPlanProblem(
      foods: foods, recipes: recipes, days: 7, slots: [.lunch, .dinner, .snack],
      goals: [
        NutrientGoal(.sodium, maximum: 2300, source: at(20)),
        NutrientGoal(.energy, maximum: 500, source: at(21)),
        NutrientGoal(.carbs, maximum: 1000, source: at(22)),
        NutrientGoal(.protein, minimum: 40, source: at(23)),
        NutrientGoal(.fat, minimum: 30, source: at(24)),
      ],
      budgets: [Budget(100, per: .week, source: at(25))], diet: [.glutenFree], avoid: [.tag("peanut")],
      repetition: RepetitionLimits(maximumPerWeek: 14),
      locks: [SlotLock(day: 1, meal: .snack, recipe: "apple")],
      tieBreak: .none)
    problem.ruleSources = MealRuleSources(
      diet: ["gluten-free": at(26, 8)], avoid: [at(27, 9)], maximumPerWeek: at(28), locks: [at(29)])
    return problem
  }

  static func planner(progress: ExplanationProgressHandler? = nil) -> MealPlanner {
    MealPlanner(
      solver: GLPKSolver(), options: MealPlannerOptions(timeLimit: 30, explanationProgress: progress))
  }
}

/// Collects what a hook reports, from whichever thread calls it.
final class Reports<T: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [T] = []
  func append(_ item: T) { lock.withLock { items.append(item) } }
  var all: [T] { lock.withLock { items } }
}

@Suite("Meal plans name the lines that conflict")
struct MealPlanConflictTests {
  @Test("protein against the budget: exactly those two lines, with their places and how far each must move")
  func proteinAgainstBudget() throws {
    let plan = try ConflictKitchen.planner().solve(ConflictKitchen.proteinOnABudget())
    #expect(plan.status == .infeasible)
    let explanation = try #require(plan.explanation)
    #expect(explanation.conflictsProven)
    #expect(explanation.conflicts.map(\.line.kind) == [.budget, .goal])
    #expect(
      explanation.conflicts.map { $0.line.source?.description } == ["week.plan:14:3", "week.plan:10:3"])
    let budget = explanation.conflicts[0]
    #expect(budget.reachable.map { ($0 * 100).rounded() / 100 } == 70)
    #expect(budget.relaxation.map { ($0 * 100).rounded() / 100 } == 40)
    let protein = explanation.conflicts[1]
    #expect(protein.side == .minimum)
    #expect(protein.reachable == 20)
    #expect(protein.relaxation == 40)
    #expect(
      protein.message
        == "protein reaches at most 20 g a day with every other line holding (proven; goal at least 60 g a day"
        + " at week.plan:10:3)")
    #expect(
      plan.report.explanation.contains(
        "these lines cannot all hold together, even with every other goal and rule left out (proven minimal:"
          + " without any one of them the rest can hold; the plan may have other conflicts too): budget 30.00 USD"
          + " per week (week.plan:14:3), protein at least 60 g a day (week.plan:10:3)"))
  }

  @Test("three conflicting goals among ten lines of every kind are found as those three")
  func threeOfTen() throws {
    let plan = try ConflictKitchen.planner().solve(ConflictKitchen.threeOfTen())
    #expect(plan.status == .infeasible)
    let explanation = try #require(plan.explanation)
    #expect(explanation.conflictsProven)
    #expect(
      explanation.conflicts.map(\.line.statement) == [
        "energy at most 500 kcal a day", "protein at least 40 g a day", "fat at least 30 g a day",
      ])
    #expect(explanation.conflicts.map { $0.line.source?.line } == [21, 23, 24])
    #expect(explanation.conflicts.map(\.reachable) == [600, 6, 4])
    #expect(
      explanation.conflicts.map(\.message) == [
        "energy is at least 600 kcal a day with every other line holding (proven; goal at most 500 kcal a day"
          + " at week.plan:21:3)",
        "protein reaches at most 6 g a day with every other line holding (proven; goal at least 40 g a day at"
          + " week.plan:23:3)",
        "fat reaches at most 4 g a day with every other line holding (proven; goal at least 30 g a day at"
          + " week.plan:24:3)",
      ])
  }

  @Test("rules can be part of the conflict: two locks named with their places")
  func locksInConflict() throws {
    var problem = ConflictKitchen.threeOfTen()
    problem.goals.remove(at: 4)  // fat
    problem.goals.remove(at: 1)  // energy
    problem.locks += [
      SlotLock(day: 2, meal: .lunch, recipe: "salad"), SlotLock(day: 2, meal: .dinner, recipe: "toast"),
    ]
    problem.ruleSources?.locks += [ConflictKitchen.at(30), ConflictKitchen.at(31)]
    let plan = try ConflictKitchen.planner().solve(problem)
    #expect(plan.status == .infeasible)
    let explanation = try #require(plan.explanation)
    // Day 2 is salad and toast: 6 g of protein.
    #expect(explanation.conflicts.map(\.line.kind) == [.goal, .lock, .lock])
    #expect(explanation.conflicts.map { $0.line.source?.line } == [23, 30, 31])
    #expect(explanation.conflicts.map(\.reachable) == [6, nil, nil])
    #expect(explanation.conflicts.last?.message == "lock day 2 dinner toast at week.plan:31:3")
  }

  @Test(
    "the hook reports the search without budgets, each test of the deletion filter and each line measured, in order"
  )
  func progressHook() throws {
    let reports = Reports<ExplanationProgress>()
    _ = try ConflictKitchen.planner { reports.append($0) }.solve(ConflictKitchen.proteinOnABudget())
    #expect(
      reports.all.map(\.description) == [
        "cheapest week without budgets", "deletion filter 0/5 lines", "deletion filter 1/5 lines",
        "deletion filter 2/5 lines",
        "deletion filter 3/5 lines", "deletion filter 4/5 lines", "deletion filter 5/5 lines",
        "relaxation 0/2 lines", "relaxation 1/2 lines", "smallest change",
      ])
    let seconds = reports.all.map(\.seconds)
    #expect(seconds == seconds.sorted())
  }

  @Test("a meal plan's marginal cost equals the difference of two solves, and slack lines are not binding")
  func marginalCost() throws {
    let problem = ConflictKitchen.proteinOnABudget(protein: 45, budget: 50)
    let planner = ConflictKitchen.planner()
    let explanation = try planner.explainCosts(problem)
    let protein = try #require(explanation.marginalCosts.first { $0.line.subject == "protein" })
    var moved = problem
    moved.goals[0].minimum = 47
    let base = try #require(try planner.solve(problem).cost)
    let again = try #require(try planner.solve(moved).cost)
    let difference = NSDecimalNumber(decimal: again - base).doubleValue
    #expect(difference == 3.5)
    #expect(protein.step == 2)
    #expect(protein.method == .resolve)
    #expect(protein.change == difference)
    #expect(protein.binding)
    #expect(
      protein.message
        == "protein at least 45 g a day (week.plan:10:3): raising the protein minimum to 47 g a day adds 3.50 USD a week"
    )
    let budget = try #require(explanation.marginalCosts.first { $0.line.kind == .budget })
    #expect(!budget.binding)
    #expect(budget.change == 0)
    #expect(
      budget.message
        == "budget 50.00 USD per week (week.plan:14:3): not binding: raising the budget to 55.00 USD per week changes nothing"
    )
    #expect(explanation.marginalCosts.map(\.line.subject) == ["cost", "protein", "energy", "sodium"])
  }
}

@Suite("Deletion filter")
struct DeletionFilterTests {
  @Test("lines 2, 5 and 8 of ten that only conflict together are what is left")
  func findsTheSet() throws {
    let filter = DeletionFilter(count: 10)
    let found = try filter.run { kept in kept.isSuperset(of: [2, 5, 8]) }
    #expect(found == DeletionFilter.Result(members: [2, 5, 8], proven: true))
  }

  @Test("an undecided test keeps its line and marks the set unproven")
  func undecided() throws {
    let filter = DeletionFilter(count: 4)
    let found = try filter.run { kept in kept.contains(1) ? (kept.contains(3) ? true : nil) : false }
    #expect(found == DeletionFilter.Result(members: [1, 3], proven: false))
  }
}

@Suite("Food-level explanations report progress")
struct DietExplanationProgressTests {
  @Test("the explainer's hook reports the deletion filter over three lines, then the two it keeps")
  func dietHook() throws {
    // Beans give 100 g of protein per USD: 250 g a day does not fit 2 USD a day.
    let beans = Food(
      id: "beans", name: "Beans", nutrientsPer100g: [.energy: 340, .protein: 20],
      offers: [Offer(price: 1, packageGrams: 500)])
    let problem = DietProblem(
      foods: [beans],
      goals: [NutrientGoal(.energy, maximum: 5000), NutrientGoal(.protein, minimum: 250)],
      budget: Budget(2, per: .day))
    let reports = Reports<ExplanationProgress>()
    var explainer = DietExplainer(solver: GLPKSolver())
    explainer.progress = { reports.append($0) }
    let explanation = try explainer.explainInfeasible(problem)
    #expect(explanation.conflicts.map(\.line.kind) == [.goal, .budget])
    #expect(
      reports.all.map(\.description) == [
        "deletion filter 0/3 lines", "deletion filter 1/3 lines", "deletion filter 2/3 lines",
        "deletion filter 3/3 lines", "relaxation 0/2 lines", "relaxation 1/2 lines",
      ])
  }
}
