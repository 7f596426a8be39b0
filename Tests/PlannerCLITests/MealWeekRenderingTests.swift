import Foundation
import MealOptimizer
import Testing

@testable import PlannerCommandLine

/// One renderer for a week of meals: one person's plan and a household's
/// go through the same day table, in text and Markdown.
@Suite("the day table of a week of meals, one person's or a household's")
struct MealWeekRenderingTests {
  static let report = SolveReport(termination: .completed)

  /// Day 1: soup for dinner; day 2: its leftovers for lunch.
  static func meals(_ servings: Double) -> [[PlannedMeal]] {
    [
      [
        PlannedMeal(
          meal: .dinner, kind: .recipe, id: "soup", name: "Soup | stew", servings: servings, cost: 2)
      ],
      [
        PlannedMeal(
          meal: .lunch, kind: .recipe, id: "soup", name: "Soup | stew", servings: servings,
          leftoverFromDay: 1,
          leftoverFromMeal: .dinner, cost: 2)
      ],
    ]
  }

  static var person: MealPlan {
    let days = meals(1).enumerated().map { index, meals in
      MealPlanDay(day: index + 1, meals: meals, cost: 2, goals: [], nutrients: [:])
    }
    return MealPlan(
      status: .optimal, report: report, currency: "USD", slots: [.lunch, .dinner], days: days, cost: 4)
  }

  /// One person's problem, for the renderings' names of foods and stores: none.
  static let solo = MealPlanProblem(foods: [], recipes: [], days: 2, slots: [.lunch, .dinner])

  static var household: (MealPlan, MealPlanProblem) {
    let table = meals(3).enumerated().map { index, meals in
      MealPlanDay(
        day: index + 1,
        meals: meals.map {
          PlannedMeal(
            meal: $0.meal, kind: $0.kind, id: $0.id, name: $0.name, servings: 3,
            portions: [MemberPortion(member: "ana", servings: 2), MemberPortion(member: "kim", servings: 1)],
            leftoverFromDay: $0.leftoverFromDay, leftoverFromMeal: $0.leftoverFromMeal, cost: 6)
        }, cost: 6, goals: [], nutrients: [:])
    }
    let members = [("ana", "Ana", 2.0), ("kim", "Kim [5]", 1.0)].map { id, name, servings in
      MemberPlan(
        id: id, name: name, goals: [],
        days: meals(servings).enumerated().map { index, meals in
          MealPlanDay(day: index + 1, meals: meals, cost: Decimal(2 * servings), goals: [], nutrients: [:])
        }, weeks: [], cost: Decimal(4 * servings))
    }
    let plan = MealPlan(
      status: .optimal, report: report, currency: "USD", household: "pair", slots: [.lunch, .dinner],
      table: table, members: members, cost: 12)
    let problem = MealPlanProblem(
      foods: [], recipes: [], days: 2, slots: [.lunch, .dinner],
      household: Household(
        id: "pair",
        members: [HouseholdMember(id: "ana", name: "Ana"), HouseholdMember(id: "kim", name: "Kim [5]")]
      ))
    return (plan, problem)
  }

  @Test(
    "one person's text table: a dish per slot, servings unless one, leftovers marked; then the daily totals")
  func personText() {
    let text = MealPlanText(Self.person, title: "Plan 'solo'", problem: Self.solo).render()
    #expect(
      text.split(separator: "\n", omittingEmptySubsequences: false) == [
        "Plan 'solo': optimal, 2 days, 4.00 USD of food eaten",
        "",
        "         lunch                   dinner",
        "  Day 1  -                       Soup | stew",
        "  Day 2  Soup | stew (leftover)  -",
        "",
        "Daily totals (cost: the food eaten that day, at each food's cheapest price per gram)",
        "  Day 1  2.00 USD  ",
        "  Day 2  2.00 USD  ",
        "",
      ])
  }

  @Test("a household's text table: everyone's servings together and each day's cost; then each member")
  func householdText() {
    let (plan, problem) = Self.household
    let text = MealPlanText(plan, title: "Plan 'two'", problem: problem).render()
    #expect(
      text.split(separator: "\n", omittingEmptySubsequences: false) == [
        "Plan 'two' for household 'pair': optimal, 2 days, 2 members, 12.00 USD of food eaten",
        "",
        "         lunch                      dinner          food eaten",
        "  Day 1  -                          Soup | stew ×3    6.00 USD",
        "  Day 2  Soup | stew ×3 (leftover)  -                 6.00 USD",
        "",
        "",
        "Ana (ana): 8.00 USD",
        "  goals: none",
        "    Day 1  lunch -, dinner ×2  4.00 USD",
        "    Day 2  lunch ×2, dinner -  4.00 USD",
        "",
        "Kim [5] (kim): 4.00 USD",
        "  goals: none",
        "    Day 1  lunch -, dinner ×1  2.00 USD",
        "    Day 2  lunch ×1, dinner -  2.00 USD",
        "",
      ])
  }

  @Test("a person's Markdown day table has their totals against their goals, and the week's row")
  func personTotals() {
    func protein(_ total: Double, _ period: Period) -> GoalCheck {
      GoalCheck(nutrient: .protein, basis: .absolute, period: period, total: total, minimum: 50, maximum: nil)
    }
    var plan = Self.person
    plan.days[0].goals = [protein(61.4, .day)]
    plan.days[1].goals = [protein(42, .day)]
    plan.weeks = [
      MealPlanWeek(week: 1, firstDay: 1, lastDay: 2, cost: 4, goals: [protein(103.4, .week)], nutrients: [:])
    ]
    let markdown = MealPlanMarkdown(plan, title: "Plan 'solo'", problem: Self.solo).render()
    #expect(
      markdown.hasSuffix(
        "| Day | lunch | dinner | Totals | Food eaten |\n| --- | --- | --- | --- | ---: |\n"
          + "| 1 |  | Soup \\| stew | protein 61 g | 2.00 USD |\n"
          + "| 2 | Soup \\| stew (leftover) |  | protein 42 g VIOLATED | 2.00 USD |\n"
          + "| Week 1 |  |  | protein 103 g | 4.00 USD |\n"))
  }

  @Test("the Markdown table is the same for both, names escaped and leftovers marked")
  func markdown() {
    let person = MealPlanMarkdown(Self.person, title: "Plan 'solo'", problem: Self.solo).render()
    #expect(
      person.hasSuffix(
        "| Day | lunch | dinner | Totals | Food eaten |\n| --- | --- | --- | --- | ---: |\n"
          + "| 1 |  | Soup \\| stew |  | 2.00 USD |\n| 2 | Soup \\| stew (leftover) |  |  | 2.00 USD |\n"))
    let (plan, problem) = Self.household
    let household = MealPlanMarkdown(plan, title: "Plan 'two'", problem: problem).render()
    #expect(household.contains("| 2 | Soup \\| stew ×3 (leftover) |  | 6.00 USD |\n"))
    #expect(household.contains("\n## Kim \\[5\\]\n\nGoals: none. Cost: 4.00 USD.\n"))
    #expect(household.contains("| 1 | – | ×2 |  | 4.00 USD |\n"))
  }
}
