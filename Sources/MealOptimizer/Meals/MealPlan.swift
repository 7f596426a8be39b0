import Foundation

/// What a meal plan's values are.
public enum MealPlanStatus: String, Sendable, Hashable, Codable {
  /// The cheapest plan, proven within the requested gap.
  case optimal
  /// A plan that keeps every rule but is not proven cheapest (time limit); see ``MealPlan/relativeGap``.
  case feasible
  /// No plan keeps every rule; see ``MealPlan/explanation``.
  case infeasible
  /// The cost has no lower bound (cannot happen with non-negative prices).
  case unbounded
  /// The solver stopped before it found any plan.
  case unknown
}

/// A solved week: what to eat in every slot of every day, daily and weekly
/// totals against the goals, the cost, and the grocery list.
///
/// Encoded as JSON with snake_case keys (see docs/meals.md). Money is in
/// ``currency``, rounded to cents; nutrient amounts are in canonical units.
public struct MealPlan: Sendable, Hashable, Codable {
  /// What the plan's values are.
  public var status: MealPlanStatus
  /// Why the solver stopped.
  public var termination: TerminationStatus
  /// The relative gap between this plan's cost and the best bound, when not proven optimal.
  public var relativeGap: Double?
  /// The currency of every amount of money.
  public var currency: String
  /// The slots of each day, in order.
  public var slots: [Meal]
  /// Each day's meals, cost and totals; empty when there is no plan.
  public var days: [MealPlanDay]
  /// Each seven-day block's cost and totals against the weekly goals.
  public var weeks: [MealPlanWeek]
  /// The cost of the whole plan, when there is one.
  public var cost: Decimal?
  /// What to buy, in whole packages, for the whole plan.
  public var groceries: GroceryList?
  /// The tie-break used among equally cheap plans, and its value in this plan.
  public var tieBreak: MealTieBreak
  /// The tie-break's value in this plan (repeats, or distance from the goals' middles).
  public var tieBreakValue: Double?
  /// Sentences for people: why there is no plan, or why it is not proven optimal.
  public var explanation: [String]
  /// Seconds spent solving, over all solver calls.
  public var seconds: Double

  /// Creates a value from its parts.
  public init(
    status: MealPlanStatus, termination: TerminationStatus, relativeGap: Double? = nil, currency: String,
    slots: [Meal], days: [MealPlanDay] = [], weeks: [MealPlanWeek] = [], cost: Decimal? = nil,
    groceries: GroceryList? = nil, tieBreak: MealTieBreak = .none, tieBreakValue: Double? = nil,
    explanation: [String] = [], seconds: Double = 0
  ) {
    self.status = status
    self.termination = termination
    self.relativeGap = relativeGap
    self.currency = currency
    self.slots = slots
    self.days = days
    self.weeks = weeks
    self.cost = cost
    self.groceries = groceries
    self.tieBreak = tieBreak
    self.tieBreakValue = tieBreakValue
    self.explanation = explanation
    self.seconds = seconds
  }

  /// Whether the plan has meals to show (optimal or feasible).
  public var hasPlan: Bool { status == .optimal || status == .feasible }

  /// The meal served in a slot, if any.
  public func meal(day: Int, _ meal: Meal) -> PlannedMeal? {
    days.first { $0.day == day }?.meals.first { $0.meal == meal }
  }

  enum CodingKeys: String, CodingKey {
    case status, termination, currency, slots, days, weeks, cost, groceries, explanation, seconds
    case relativeGap = "relative_gap"
    case tieBreak = "tie_break"
    case tieBreakValue = "tie_break_value"
  }
}

/// One day of a ``MealPlan``.
public struct MealPlanDay: Sendable, Hashable, Codable {
  /// The day, from 1.
  public var day: Int
  /// The day's meals, in slot order.
  public var meals: [PlannedMeal]
  /// The day's cost (leftovers count on the day they are eaten).
  public var cost: Decimal
  /// The day's totals against each daily goal.
  public var goals: [GoalCheck]
  /// The day's total of every nutrient the foods state, by canonical name.
  public var nutrients: [String: Double]

  /// Creates a value from its parts.
  public init(day: Int, meals: [PlannedMeal], cost: Decimal, goals: [GoalCheck], nutrients: [String: Double])
  {
    self.day = day
    self.meals = meals
    self.cost = cost
    self.goals = goals
    self.nutrients = nutrients
  }
}

/// One seven-day block of a ``MealPlan``.
public struct MealPlanWeek: Sendable, Hashable, Codable {
  /// The block, from 1.
  public var week: Int
  /// The block's first day.
  public var firstDay: Int
  /// The block's last day.
  public var lastDay: Int
  /// The block's cost.
  public var cost: Decimal
  /// The block's totals against each weekly goal (bounds scaled for a short block).
  public var goals: [GoalCheck]
  /// The block's total of every nutrient, by canonical name.
  public var nutrients: [String: Double]

  /// Creates a value from its parts.
  public init(
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
  public var kind: ModelOption.Kind
  /// The recipe's or food's identifier.
  public var id: String
  /// Its name for people.
  public var name: String
  /// How many servings.
  public var servings: Double
  /// For a leftover slot, the day the dish was cooked.
  public var leftoverFromDay: Int?
  /// For a leftover slot, the slot that cooked it.
  public var leftoverFromMeal: Meal?
  /// The cost of this slot's servings.
  public var cost: Decimal

  /// Creates a value from its parts.
  public init(
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

/// A total against one goal.
public struct GoalCheck: Sendable, Hashable, Codable {
  /// Whether the total meets the goal.
  public enum Status: String, Sendable, Hashable, Codable {
    /// Inside the bounds, away from them.
    case met
    /// On a bound (within 0.01%): the goal limits the plan.
    case atBound = "at_bound"
    /// Outside the bounds.
    case violated
  }

  /// The nutrient.
  public var nutrient: Nutrient
  /// Whether the bounds are amounts or shares of energy.
  public var basis: NutrientGoal.Basis
  /// The total, in the nutrient's canonical unit; for a percent-of-energy
  /// goal, the share of energy (0.1 is 10%).
  public var amount: Double
  /// The lower bound, if any (scaled for a short block).
  public var minimum: Double?
  /// The upper bound, if any (scaled for a short block).
  public var maximum: Double?
  /// How the total stands against the bounds.
  public var status: Status

  /// Creates a value from its parts.
  public init(
    nutrient: Nutrient, basis: NutrientGoal.Basis, amount: Double, minimum: Double?, maximum: Double?
  ) {
    self.nutrient = nutrient
    self.basis = basis
    self.amount = amount
    self.minimum = minimum
    self.maximum = maximum
    self.status = Self.status(amount, minimum, maximum)
  }

  /// How a total stands against bounds: violated beyond a tolerance of 1e-5
  /// relative, at a bound within 1e-4 relative, met otherwise.
  ///
  /// The violation tolerance matches GLPK's integrality tolerance (`tol_int`,
  /// 1e-5): branch-and-cut accepts a choice variable at 0.99999, and once it is
  /// rounded to 1 a total may sit a few millionths beyond a bound it met in the
  /// solver (a protein total of 69.99985 g against 70 g).
  public static func status(_ amount: Double, _ minimum: Double?, _ maximum: Double?) -> Status {
    func tolerance(_ bound: Double, _ relative: Double) -> Double { relative * max(1, abs(bound)) }
    if let minimum, amount < minimum - tolerance(minimum, 1e-5) { return .violated }
    if let maximum, amount > maximum + tolerance(maximum, 1e-5) { return .violated }
    if let minimum, amount <= minimum + tolerance(minimum, 1e-4) { return .atBound }
    if let maximum, amount >= maximum - tolerance(maximum, 1e-4) { return .atBound }
    return .met
  }
}
