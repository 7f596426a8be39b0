import Foundation
import MealOptimizer

/// A week of meals (``MealPlan``) as the text, Markdown and report
/// renderings read it, one person's or a household's: the day table, then
/// the totals, a person's own or each member's.
struct MealWeek {
  /// One dish on the day table.
  struct Dish {
    var name: String
    /// The servings on the table: everyone's together in a household.
    var servings: Double
    var leftover: Bool
  }

  /// One row of the day table: a dish per slot (`nil` where none is eaten) and what the day's food costs.
  struct Day {
    var day: Int
    var dishes: [Dish?]
    var cost: Decimal
  }

  var status: PlanStatus
  var report: SolveReport
  var currency: String
  var slots: [Meal]
  /// The household as named in the heading (`'home' (The Smiths)`); `nil` for one person.
  var household: String?
  var days: [Day]
  /// One person's daily and weekly totals (the plan's own).
  var totals: (days: [MealPlanDay], weeks: [MealPlanWeek]) = ([], [])
  /// Each member's week; `nil` for one person.
  var members: [MemberPlan]?
  var cost: Decimal?
  var groceries: GroceryList?
  var leftoverCredit: Decimal?
  var cooking: CookingPlan?
  /// The plan's foods, for the cooking plan's kitchen units.
  var foods: [String: Food]
  /// Store names by identifier, for the shopping list.
  var stores: [String: String]

  var hasPlan: Bool { status.hasPlan }

  /// A week of meals: one person's, or a household's (the plan has
  /// members): the table, and each member's portions and totals.
  init(_ plan: MealPlan, problem: MealPlanProblem) {
    status = plan.status
    report = plan.report
    currency = plan.currency
    slots = plan.slots
    if let members = plan.members {
      let id = plan.household ?? problem.household?.id ?? ""
      let name = problem.household?.name ?? id
      household = name == id ? "'\(id)'" : "'\(id)' (\(name))"
      self.members = members
    } else {
      totals = (plan.days, plan.weeks)
    }
    days = plan.days.map { day in
      Day(
        day: day.day,
        // A dish at a household's table that nobody eats (a slot cooked for leftovers) has no cell.
        dishes: plan.slots.map { slot in
          day.meals.first { $0.meal == slot && $0.portions.map { !$0.isEmpty } ?? true }.map {
            Dish(name: $0.name, servings: $0.servings, leftover: $0.leftoverFromDay != nil)
          }
        }, cost: day.cost)
    }
    cost = plan.cost
    groceries = plan.groceries
    leftoverCredit = plan.leftoverCredit
    cooking = plan.cooking
    foods = Self.byID(problem.foods)
    stores = Self.names(problem.stores)
  }

  static func byID(_ foods: [Food]) -> [String: Food] {
    Dictionary(foods.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  static func names(_ stores: [Store]) -> [String: String] {
    Dictionary(stores.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
  }

  /// A dish's servings as a cell shows them: ` ×1½`; a household's always
  /// (everyone's together), one person's unless it is one serving.
  func servings(_ dish: Dish) -> String {
    members != nil || dish.servings != 1 ? " ×" + Quantities.fraction(dish.servings) : ""
  }

  /// A dish's cell after its name: the servings, and ` (leftover)` for leftovers.
  func cellSuffix(_ dish: Dish) -> String {
    servings(dish) + (dish.leftover ? " (leftover)" : "")
  }

  /// A member's portions on one of their days: `breakfast ×1, lunch -`.
  func portions(_ day: MealPlanDay) -> [String?] {
    slots.map { slot in day.meals.first { $0.meal == slot }.map { "×" + Quantities.fraction($0.servings) } }
  }

  /// A member's name with their identifier when it differs: `Sam (sam)`.
  static func heading(_ member: MemberPlan) -> String {
    member.name == member.id ? member.name : "\(member.name) (\(member.id))"
  }
}
