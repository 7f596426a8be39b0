import Foundation

/// A solved week for a household: one dish per shared slot, a portion per
/// member, each member's totals against their own goals, the household's cost
/// and one grocery list.
///
/// Encoded as JSON with snake_case keys (docs/json.md); `kind` is
/// `household`. Money is in `currency`, rounded to cents.
public struct HouseholdPlan: Sendable, Hashable, Codable {
  /// Always ``PlanKind/household``.
  package private(set) var kind = PlanKind.household
  /// What the plan's values are.
  package var status: PlanStatus
  /// Why the search stopped, the proven gap and bound, the seconds, and sentences for people.
  package var report: SolveReport
  /// The currency of every amount of money.
  package var currency: String
  /// The household's identifier.
  package var household: String
  /// The slots of each day, in order.
  package var slots: [Meal]
  /// The table: each day's dishes with everyone's portions; empty when there is no plan.
  public var days: [HouseholdDay]
  /// Each member's week: their meals, cost and totals against their goals.
  public var members: [MemberPlan]
  /// The cost of the whole plan, when there is one.
  package var cost: Decimal?
  /// What to buy for the household, for the whole plan.
  package var groceries: GroceryList?
  /// The tie-break used among equally cheap plans.
  package var tieBreak: MealTieBreak
  /// The tie-break's value in this plan.
  package var tieBreakValue: Double?
  /// The credit for leftovers (`leftovers worth P%`, ``Purchasing/leftoverCredit``):
  /// what the plan buys and does not eat, at that share of each food's
  /// leftover price per gram, to the cent. A `minimize cost` plan minimises
  /// ``cost`` (what is paid at the till) less this credit; the report's bound
  /// is on that difference. `nil` without a credit.
  package var leftoverCredit: Decimal?
  /// Goals changed by health alerts before planning, with why (see ``PlanAdaptation``).
  package var adaptations: [PlanAdaptation]?
  /// Why no plan exists, when none does: a minimal set of lines (member
  /// goals, budgets, rules) that cannot hold together, by the same deletion
  /// filter as meal plans (``MealPlanner``); with `planner solve
  /// --explain`, what each line costs.
  package var explanation: PlanExplanation?
  /// What to cook when, for everyone at the table, with each ingredient's
  /// share of the cost; set for a plan that buys (``MealPlanProblem/purchasing``).
  package var cooking: CookingPlan?

  /// Creates a value from its parts.
  package init(
    status: PlanStatus, report: SolveReport, currency: String, household: String, slots: [Meal],
    days: [HouseholdDay] = [], members: [MemberPlan] = [], cost: Decimal? = nil,
    groceries: GroceryList? = nil, tieBreak: MealTieBreak = .none, tieBreakValue: Double? = nil
  ) {
    self.status = status
    self.report = report
    self.currency = currency
    self.household = household
    self.slots = slots
    self.days = days
    self.members = members
    self.cost = cost
    self.groceries = groceries
    self.tieBreak = tieBreak
    self.tieBreakValue = tieBreakValue
  }

  /// Whether the plan has meals to show (optimal or feasible).
  package var hasPlan: Bool { status.hasPlan }

  /// The dish on the table in a slot, if any.
  public func meal(day: Int, _ meal: Meal) -> HouseholdMeal? {
    days.first { $0.day == day }?.meals.first { $0.meal == meal }
  }

  /// A member's week, by identifier.
  package func member(_ id: String) -> MemberPlan? { members.first { $0.id == id } }

  enum CodingKeys: String, CodingKey {
    case kind, status, report, currency, household, slots, days, members, cost, groceries, adaptations,
      cooking
    case explanation
    case tieBreak = "tie_break"
    case tieBreakValue = "tie_break_value"
    case leftoverCredit = "leftover_credit"
  }
}

/// One day of a ``HouseholdPlan``'s table.
public struct HouseholdDay: Sendable, Hashable, Codable {
  /// The day, from 1.
  public var day: Int
  /// The dishes, in slot order; a slot nobody eats is absent.
  public var meals: [HouseholdMeal]
  /// What the day's portions cost.
  public var cost: Decimal

  /// Creates a value from its parts.
  package init(day: Int, meals: [HouseholdMeal], cost: Decimal) {
    self.day = day
    self.meals = meals
    self.cost = cost
  }
}

/// One dish on a household's table and who eats how much of it.
public struct HouseholdMeal: Sendable, Hashable, Codable {
  /// The slot.
  public var meal: Meal
  /// A recipe or a single food.
  package var kind: ModelOption.Kind
  /// The recipe's or food's identifier.
  public var id: String
  /// Its name for people.
  public var name: String
  /// Servings for everyone together.
  public var servings: Double
  /// Each eating member's servings, in the household's member order.
  public var portions: [MemberPortion]
  /// For a leftover slot, the day the dish was cooked.
  package var leftoverFromDay: Int?
  /// For a leftover slot, the slot that cooked it.
  package var leftoverFromMeal: Meal?
  /// What the servings cost.
  public var cost: Decimal

  /// Creates a value from its parts.
  package init(
    meal: Meal, kind: ModelOption.Kind, id: String, name: String, servings: Double,
    portions: [MemberPortion], leftoverFromDay: Int? = nil, leftoverFromMeal: Meal? = nil, cost: Decimal
  ) {
    self.meal = meal
    self.kind = kind
    self.id = id
    self.name = name
    self.servings = servings
    self.portions = portions
    self.leftoverFromDay = leftoverFromDay
    self.leftoverFromMeal = leftoverFromMeal
    self.cost = cost
  }

  enum CodingKeys: String, CodingKey {
    case meal, kind, id, name, servings, portions, cost
    case leftoverFromDay = "leftover_from_day"
    case leftoverFromMeal = "leftover_from_meal"
  }
}

/// One member's servings of a dish.
public struct MemberPortion: Sendable, Hashable, Codable {
  /// The member's identifier.
  public var member: String
  /// Their servings.
  public var servings: Double

  /// Creates a value from its parts.
  package init(member: String, servings: Double) {
    self.member = member
    self.servings = servings
  }
}

/// One member's week in a ``HouseholdPlan``.
public struct MemberPlan: Sendable, Hashable, Codable {
  /// The member's identifier.
  public var id: String
  /// Their name for people.
  public var name: String
  /// The goals their plan meets.
  package var goals: [NutrientGoal]
  /// The profile their goals came from, when they have one.
  package var profile: PersonProfile?
  /// Each day's meals (their portions, only the slots they eat), cost and totals against their daily goals.
  public var days: [MealPlanDay]
  /// Each seven-day block's totals against their weekly goals.
  package var weeks: [MealPlanWeek]
  /// What their portions cost.
  public var cost: Decimal

  /// Creates a value from its parts.
  package init(
    id: String, name: String, goals: [NutrientGoal], profile: PersonProfile? = nil, days: [MealPlanDay],
    weeks: [MealPlanWeek], cost: Decimal
  ) {
    self.id = id
    self.name = name
    self.goals = goals
    self.profile = profile
    self.days = days
    self.weeks = weeks
    self.cost = cost
  }
}
