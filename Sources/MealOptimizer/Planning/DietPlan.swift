import Foundation

/// The answer to a ``DietProblem``: what to eat each day, how it meets the
/// goals, what it costs, and what to buy.
///
/// Every figure in a plan comes from `DietPlanVerifier`, which recomputes
/// it from the foods' own values, not from the solver's model. A plan with
/// status infeasible, unbounded or unknown has no days, no cost and no
/// groceries; its ``report`` explains why. Encoded as JSON with snake_case
/// keys (docs/json.md), sharing `kind`, `status`, `report`, `currency`,
/// `cost`, `days` and `groceries` with ``MealPlan``.
public struct DietPlan: Sendable, Hashable, Codable {
  /// An amount of one food, over a day or over the whole plan.
  public struct FoodAmount: Sendable, Hashable, Codable {
    /// The food's identifier.
    public var food: String
    /// The food's name for people.
    public var name: String
    /// The amount, in grams.
    public var grams: Double
    /// Servings, for foods with a `serving` measure.
    package var servings: Double?
    /// What it costs at the cheapest offer, rounded to cents; 0 without an offer.
    package var cost: Decimal

    /// Creates an amount from its parts.
    package init(food: String, name: String, grams: Double, servings: Double?, cost: Decimal) {
      self.food = food
      self.name = name
      self.grams = grams
      self.servings = servings
      self.cost = cost
    }
  }

  /// One day of the plan.
  public struct Day: Sendable, Hashable, Codable {
    /// 1 for the first day.
    public var day: Int
    /// The foods eaten that day, by decreasing weight.
    public var foods: [FoodAmount]
    /// The day's cost, rounded to cents.
    package var cost: Decimal
    /// The day's total against each daily goal.
    package var goals: [GoalCheck]

    /// Creates a day from its parts.
    package init(day: Int, foods: [FoodAmount], cost: Decimal, goals: [GoalCheck]) {
      self.day = day
      self.foods = foods
      self.cost = cost
      self.goals = goals
    }
  }

  /// Always ``PlanKind/foods``; tells the two kinds of plan apart in JSON.
  package private(set) var kind = PlanKind.foods
  /// What the plan's values are.
  public var status: PlanStatus
  /// Why the solver stopped, the proven gap and bound, the seconds, and sentences for people.
  public var report: SolveReport
  /// The currency of every cost.
  package var currency: String
  /// The whole plan's cost of the food eaten, rounded to cents; `nil` without a plan.
  public var cost: Decimal?
  /// The whole plan's cost before rounding (for a plan that buys, loose food unrounded); `nil` without a plan.
  package var exactCost: Double?
  /// The optimised quantity: cost, or the total of the nutrient minimised or maximised.
  package var objectiveValue: Double?
  /// Each day's foods, cost and goals; empty without a plan.
  public var days: [Day]
  /// Totals against goals that apply to the whole plan.
  package var weeklyGoals: [GoalCheck]
  /// Each food's total over the plan, by decreasing weight.
  package var foodTotals: [FoodAmount]
  /// What to buy for the whole plan, in whole packages; `nil` without a plan.
  public var groceries: GroceryList?
  /// Why there is no plan (for an infeasible one), or what the goals cost
  /// (after `DietExplainer/explain(_:plan:)`); `nil` otherwise.
  public var explanation: PlanExplanation?
  /// The credit for leftovers (`leftovers worth P%`, ``Purchasing/leftoverCredit``):
  /// what the plan buys and does not eat, at that share of each food's
  /// leftover price per gram, to the cent. A `minimize cost` plan minimises
  /// ``cost`` (what is paid at the till) less this credit; the report's bound
  /// is on that difference. `nil` without a credit.
  package var leftoverCredit: Decimal?
  /// Goals changed by health alerts before planning, with why (see ``PlanAdaptation``).
  package var adaptations: [PlanAdaptation]?

  /// Creates a plan from its parts.
  package init(
    status: PlanStatus, report: SolveReport, currency: String, cost: Decimal? = nil,
    exactCost: Double? = nil, objectiveValue: Double? = nil, days: [Day] = [], weeklyGoals: [GoalCheck] = [],
    foodTotals: [FoodAmount] = [], groceries: GroceryList? = nil
  ) {
    self.status = status
    self.report = report
    self.currency = currency
    self.cost = cost
    self.exactCost = exactCost
    self.objectiveValue = objectiveValue
    self.days = days
    self.weeklyGoals = weeklyGoals
    self.foodTotals = foodTotals
    self.groceries = groceries
  }

  /// Whether the plan has days to show (optimal or feasible).
  public var hasPlan: Bool { status.hasPlan }

  enum CodingKeys: String, CodingKey {
    case kind, status, report, currency, cost, days, groceries, explanation, adaptations
    case exactCost = "exact_cost"
    case objectiveValue = "objective_value"
    case weeklyGoals = "weekly_goals"
    case foodTotals = "food_totals"
    case leftoverCredit = "leftover_credit"
  }
}

extension Decimal {
  /// The value rounded to `places` fractional digits, halves away from zero.
  func rounded(places: Int) -> Decimal {
    var value = self
    var result = Decimal()
    NSDecimalRound(&result, &value, places, .plain)
    return result
  }
}
