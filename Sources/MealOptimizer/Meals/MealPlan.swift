import Foundation

/// A solved week of meals, for one person or a household: what is served
/// in every slot of every day, the totals against the goals, the cost and
/// the grocery list.
///
/// A person is a household of one. One person's plan has their meals each
/// day with the day's totals (``days``) and each seven-day block's. A
/// household's plan (``members`` set) has the table each day, one dish per
/// slot with everyone's portions (``PlannedMeal/portions``), and each
/// member's own week: their portions, cost and totals against their own goals.
///
/// Encoded as JSON with snake_case keys (docs/json.md), sharing `kind`,
/// `status`, `report`, `currency`, `cost`, `days` and `groceries` with
/// ``DietPlan``; `kind` is `meals` for one person and `household` for a
/// household, whose days are the table (`day`, `meals`, `cost`). Money is in
/// `currency`, rounded to cents; nutrient amounts are in canonical units.
public struct MealPlan: Sendable, Hashable, Codable {
  /// ``PlanKind/meals`` for one person, ``PlanKind/household`` for a
  /// household; tells the kinds of plan apart in JSON.
  public var kind: PlanKind { household == nil ? .meals : .household }
  /// What the plan's values are.
  public var status: PlanStatus
  /// Why the search stopped, the proven gap and bound, the seconds, and sentences for people.
  public var report: SolveReport
  /// The currency of every amount of money.
  package var currency: String
  /// The household's identifier; `nil` for one person.
  package var household: String?
  /// The slots of each day, in order.
  package var slots: [Meal]
  /// Each day's meals and cost, empty when there is no plan: one person's
  /// meals with the day's totals, or a household's table (a dish per slot
  /// someone eats, with everyone's portions; the totals are each member's).
  public var days: [MealPlanDay]
  /// One person's seven-day blocks: cost and totals against the weekly goals.
  package var weeks: [MealPlanWeek]
  /// Each member's week, for a household: their meals, cost and totals
  /// against their own goals; `nil` for one person.
  public var members: [MemberPlan]?
  /// The cost of the whole plan, when there is one.
  public var cost: Decimal?
  /// What to buy, in whole packages, for the whole plan.
  public var groceries: GroceryList?
  /// Why there is no plan, for an infeasible plan whose budget or goals are
  /// out of reach (a minimal set of lines that cannot hold together); with
  /// `planner solve --explain`, what each line costs; `nil` otherwise.
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
  /// What to cook when (for everyone at the table), with each ingredient's
  /// share of the cost; set for a plan that buys (``MealPlanProblem/purchasing``).
  package var cooking: CookingPlan?

  /// Creates one person's plan from its parts.
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

  /// Creates a household's plan from its parts: the table's days and each member's week.
  package init(
    status: PlanStatus, report: SolveReport, currency: String, household: String, slots: [Meal],
    table: [MealPlanDay] = [], members: [MemberPlan] = [], cost: Decimal? = nil,
    groceries: GroceryList? = nil, tieBreak: MealTieBreak = .none, tieBreakValue: Double? = nil
  ) {
    self.init(
      status: status, report: report, currency: currency, slots: slots, days: table, cost: cost,
      groceries: groceries, tieBreak: tieBreak, tieBreakValue: tieBreakValue)
    self.household = household
    self.members = members
  }

  /// Whether the plan has meals to show (optimal or feasible).
  public var hasPlan: Bool { status.hasPlan }

  /// What is served in a slot, if anything: one person's meal, or the
  /// household's dish with everyone's portions.
  public func meal(day: Int, _ meal: Meal) -> PlannedMeal? {
    days.first { $0.day == day }?.meals.first { $0.meal == meal }
  }

  /// A household member's week, by identifier.
  package func member(_ id: String) -> MemberPlan? { members?.first { $0.id == id } }

  enum CodingKeys: String, CodingKey {
    case kind, status, report, currency, household, slots, days, weeks, members, cost, groceries,
      explanation, adaptations, cooking
    case tieBreak = "tie_break"
    case tieBreakValue = "tie_break_value"
    case leftoverCredit = "leftover_credit"
  }

  /// A day of a household's table in JSON: its dishes and their cost, without totals.
  private struct TableDay: Codable {
    var day: Int
    var meals: [PlannedMeal]
    var cost: Decimal
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    status = try c.decode(PlanStatus.self, forKey: .status)
    report = try c.decode(SolveReport.self, forKey: .report)
    currency = try c.decode(String.self, forKey: .currency)
    slots = try c.decode([Meal].self, forKey: .slots)
    if try c.decode(PlanKind.self, forKey: .kind) == .household {
      household = try c.decode(String.self, forKey: .household)
      days = try c.decode([TableDay].self, forKey: .days).map {
        MealPlanDay(day: $0.day, meals: $0.meals, cost: $0.cost, goals: [], nutrients: [:])
      }
      weeks = []
      members = try c.decode([MemberPlan].self, forKey: .members)
    } else {
      days = try c.decode([MealPlanDay].self, forKey: .days)
      weeks = try c.decode([MealPlanWeek].self, forKey: .weeks)
    }
    cost = try c.decodeIfPresent(Decimal.self, forKey: .cost)
    groceries = try c.decodeIfPresent(GroceryList.self, forKey: .groceries)
    explanation = try c.decodeIfPresent(PlanExplanation.self, forKey: .explanation)
    tieBreak = try c.decode(MealTieBreak.self, forKey: .tieBreak)
    tieBreakValue = try c.decodeIfPresent(Double.self, forKey: .tieBreakValue)
    leftoverCredit = try c.decodeIfPresent(Decimal.self, forKey: .leftoverCredit)
    adaptations = try c.decodeIfPresent([PlanAdaptation].self, forKey: .adaptations)
    cooking = try c.decodeIfPresent(CookingPlan.self, forKey: .cooking)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(kind, forKey: .kind)
    try c.encode(status, forKey: .status)
    try c.encode(report, forKey: .report)
    try c.encode(currency, forKey: .currency)
    try c.encode(slots, forKey: .slots)
    if let household {
      try c.encode(household, forKey: .household)
      try c.encode(days.map { TableDay(day: $0.day, meals: $0.meals, cost: $0.cost) }, forKey: .days)
      try c.encode(members ?? [], forKey: .members)
    } else {
      try c.encode(days, forKey: .days)
      try c.encode(weeks, forKey: .weeks)
    }
    try c.encodeIfPresent(cost, forKey: .cost)
    try c.encodeIfPresent(groceries, forKey: .groceries)
    try c.encodeIfPresent(explanation, forKey: .explanation)
    try c.encode(tieBreak, forKey: .tieBreak)
    try c.encodeIfPresent(tieBreakValue, forKey: .tieBreakValue)
    try c.encodeIfPresent(leftoverCredit, forKey: .leftoverCredit)
    try c.encodeIfPresent(adaptations, forKey: .adaptations)
    try c.encodeIfPresent(cooking, forKey: .cooking)
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
  public var id: String
  /// Its name for people.
  public var name: String
  /// How many servings: everyone's together at a household's table.
  public var servings: Double
  /// At a household's table, each member's servings, in the household's
  /// member order (only those who eat the slot); `nil` in one person's plan
  /// and in a member's own week.
  public var portions: [MemberPortion]?
  /// For a leftover slot, the day the dish was cooked.
  package var leftoverFromDay: Int?
  /// For a leftover slot, the slot that cooked it.
  package var leftoverFromMeal: Meal?
  /// The cost of this slot's servings.
  package var cost: Decimal

  /// Creates a value from its parts.
  package init(
    meal: Meal, kind: ModelOption.Kind, id: String, name: String, servings: Double,
    portions: [MemberPortion]? = nil, leftoverFromDay: Int? = nil, leftoverFromMeal: Meal? = nil,
    cost: Decimal
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
