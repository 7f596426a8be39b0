import Foundation

/// A solved week: what to eat in every slot of every day, daily and weekly
/// totals against the goals, the cost, and the grocery list.
///
/// Encoded as JSON with snake_case keys (docs/json.md), sharing `kind`,
/// `status`, `report`, `currency`, `cost`, `days` and `groceries` with
/// ``DietPlan``. Money is in `currency`, rounded to cents; nutrient amounts
/// are in canonical units.
public struct MealPlan: Sendable, Hashable, Codable {
  /// Always ``PlanKind/meals``; tells the two kinds of plan apart in JSON.
  package private(set) var kind = PlanKind.meals
  /// What the plan's values are.
  public var status: PlanStatus
  /// Why the search stopped, the proven gap and bound, the seconds, and sentences for people.
  public var report: SolveReport
  /// The currency of every amount of money.
  package var currency: String
  /// The slots of each day, in order.
  package var slots: [Meal]
  /// Each day's meals, cost and totals; empty when there is no plan.
  public var days: [MealPlanDay]
  /// Each seven-day block's cost and totals against the weekly goals.
  package var weeks: [MealPlanWeek]
  /// The cost of the whole plan, when there is one.
  public var cost: Decimal?
  /// What to buy, in whole packages, for the whole plan.
  public var groceries: GroceryList?
  /// Why there is no plan, for an infeasible plan whose budget or daily goals
  /// are out of reach; `nil` otherwise.
  public var explanation: PlanExplanation?
  /// The tie-break used among equally cheap plans.
  package var tieBreak: MealTieBreak
  /// The tie-break's value in this plan (repeats, or distance from the goals' middles).
  package var tieBreakValue: Double?
  /// The credit for leftovers (`leftovers worth P%`, ``Purchasing/leftoverCredit``):
  /// what the plan buys and does not eat, at that share of each food's
  /// leftover price per gram, to the cent. A `minimize cost` plan minimises
  /// ``cost`` (what is paid at the till) less this credit; the report's bound
  /// is on that difference. `nil` without a credit.
  package var leftoverCredit: Decimal?
  /// Goals changed by health alerts before planning, with why (see ``PlanAdaptation``).
  package var adaptations: [PlanAdaptation]?

  /// Creates a value from its parts.
  package init(
    status: PlanStatus, report: SolveReport, currency: String, slots: [Meal], days: [MealPlanDay] = [],
    weeks: [MealPlanWeek] = [], cost: Decimal? = nil, groceries: GroceryList? = nil,
    tieBreak: MealTieBreak = .none, tieBreakValue: Double? = nil
  ) {
    self.status = status
    self.report = report
    self.currency = currency
    self.slots = slots
    self.days = days
    self.weeks = weeks
    self.cost = cost
    self.groceries = groceries
    self.tieBreak = tieBreak
    self.tieBreakValue = tieBreakValue
  }

  /// Whether the plan has meals to show (optimal or feasible).
  public var hasPlan: Bool { status.hasPlan }

  /// The meal served in a slot, if any.
  package func meal(day: Int, _ meal: Meal) -> PlannedMeal? {
    days.first { $0.day == day }?.meals.first { $0.meal == meal }
  }

  /// What to cook when, with each ingredient's share of the cost; set for a
  /// plan that buys (``MealPlanProblem/purchasing``).
  package var cooking: CookingPlan?

  enum CodingKeys: String, CodingKey {
    case kind, status, report, currency, slots, days, weeks, cost, groceries, explanation, adaptations,
      cooking
    case tieBreak = "tie_break"
    case tieBreakValue = "tie_break_value"
    case leftoverCredit = "leftover_credit"
  }
}

/// One day of a ``MealPlan``.
public struct MealPlanDay: Sendable, Hashable, Codable {
  /// The day, from 1.
  public var day: Int
  /// The day's meals, in slot order.
  public var meals: [PlannedMeal]
  /// The day's cost (leftovers count on the day they are eaten).
  package var cost: Decimal
  /// The day's totals against each daily goal.
  package var goals: [GoalCheck]
  /// The day's total of every nutrient the foods state, by canonical name.
  package var nutrients: [String: Double]

  /// Creates a value from its parts.
  package init(day: Int, meals: [PlannedMeal], cost: Decimal, goals: [GoalCheck], nutrients: [String: Double])
  {
    self.day = day
    self.meals = meals
    self.cost = cost
    self.goals = goals
    self.nutrients = nutrients
  }
}

/// One seven-day block of a ``MealPlan``.
package struct MealPlanWeek: Sendable, Hashable, Codable {
  /// The block, from 1.
  package var week: Int
  /// The block's first day.
  package var firstDay: Int
  /// The block's last day.
  package var lastDay: Int
  /// The block's cost.
  package var cost: Decimal
  /// The block's totals against each weekly goal (bounds scaled for a short block).
  package var goals: [GoalCheck]
  /// The block's total of every nutrient, by canonical name.
  package var nutrients: [String: Double]

  /// Creates a value from its parts.
  package init(
    week: Int, firstDay: Int, lastDay: Int, cost: Decimal, goals: [GoalCheck], nutrients: [String: Double]
  ) {
    self.week = week
    self.firstDay = firstDay
    self.lastDay = lastDay
    self.cost = cost
    self.goals = goals
    self.nutrients = nutrients
  }

  enum CodingKeys: String, CodingKey {
    case week, cost, goals, nutrients
    case firstDay = "first_day"
    case lastDay = "last_day"
  }
}

/// What one slot serves.
public struct PlannedMeal: Sendable, Hashable, Codable {
  /// The slot.
  public var meal: Meal
  /// A recipe or a single food.
  package var kind: ModelOption.Kind
  /// The recipe's or food's identifier.
  package var id: String
  /// Its name for people.
  public var name: String
  /// How many servings.
  public var servings: Double
  /// For a leftover slot, the day the dish was cooked.
  package var leftoverFromDay: Int?
  /// For a leftover slot, the slot that cooked it.
  package var leftoverFromMeal: Meal?
  /// The cost of this slot's servings.
  package var cost: Decimal

  /// Creates a value from its parts.
  package init(
    meal: Meal, kind: ModelOption.Kind, id: String, name: String, servings: Double,
    leftoverFromDay: Int? = nil, leftoverFromMeal: Meal? = nil, cost: Decimal
  ) {
    self.meal = meal
    self.kind = kind
    self.id = id
    self.name = name
    self.servings = servings
    self.leftoverFromDay = leftoverFromDay
    self.leftoverFromMeal = leftoverFromMeal
    self.cost = cost
  }

  enum CodingKeys: String, CodingKey {
    case meal, kind, id, name, servings, cost
    case leftoverFromDay = "leftover_from_day"
    case leftoverFromMeal = "leftover_from_meal"
  }
}
