import Foundation

/// The answer to a ``DietProblem``: what to eat each day, how it meets the
/// goals, and what it costs.
///
/// Every figure in a plan comes from ``DietPlanVerifier``, which recomputes
/// it from the foods' own values, not from the solver's model. An infeasible
/// or unbounded problem gives a plan with that status, no days and a cost of 0.
/// Encoded as JSON with snake_case keys; `status` and `cost` are always present.
public struct DietPlan: Sendable, Hashable, Codable {
  /// What the plan is.
  public enum Status: String, Sendable, Hashable, Codable {
    /// The cheapest (or best) plan there is.
    case optimal
    /// A plan that meets every goal, not proven best (a time or gap limit stopped the search).
    case feasible
    /// No plan meets every goal.
    case infeasible
    /// The objective can improve without end (a nutrient maximised with no limit).
    case unbounded
  }

  /// How a total compares with its goal.
  public enum GoalStatus: String, Sendable, Hashable, Codable {
    /// Strictly inside the bounds.
    case met
    /// At the minimum, within the verifier's tolerance.
    case atMinimum = "at_minimum"
    /// At the maximum, within the verifier's tolerance.
    case atMaximum = "at_maximum"
    /// Outside the bounds by more than the tolerance.
    case violated
  }

  /// An amount of one food, over a day or over the whole plan.
  public struct FoodAmount: Sendable, Hashable, Codable {
    /// The food's identifier.
    public var food: String
    /// The food's name for people.
    public var name: String
    public var grams: Double
    /// Servings, for foods with a `serving` measure.
    public var servings: Double?
    /// What it costs at the cheapest offer, rounded to cents; 0 without an offer.
    public var cost: Decimal
  }

  /// One goal and the total it constrains.
  public struct GoalCheck: Sendable, Hashable, Codable {
    public var nutrient: Nutrient
    public var basis: NutrientGoal.Basis
    public var period: Period
    /// The total in the nutrient's unit, or the share of energy (0.08 for 8%)
    /// for a percent-of-energy goal.
    public var total: Double
    public var minimum: Double?
    public var maximum: Double?
    /// The unit of `total` (`g`, `mg`, `kcal`), or `share_of_energy`.
    public var unit: String
    public var status: GoalStatus

    enum CodingKeys: String, CodingKey {
      case nutrient, basis, period, total, minimum, maximum, unit, status
    }
  }

  /// One day of the plan.
  public struct Day: Sendable, Hashable, Codable {
    /// 1 for the first day.
    public var day: Int
    /// The foods eaten that day, by decreasing weight.
    public var foods: [FoodAmount]
    /// The day's cost, rounded to cents.
    public var cost: Decimal
    /// The day's total against each daily goal.
    public var goals: [GoalCheck]
  }

  /// What the solver reported.
  public struct SolverStats: Sendable, Hashable, Codable {
    public var termination: TerminationStatus
    public var seconds: Double
    /// The relative gap, for plans in whole servings.
    public var relativeGap: Double?
    public var message: String?

    enum CodingKeys: String, CodingKey {
      case termination, seconds, message
      case relativeGap = "relative_gap"
    }
  }

  public var status: Status
  /// The whole plan's cost, rounded to cents (0 when there is no plan).
  public var cost: Decimal
  /// The whole plan's cost before rounding.
  public var exactCost: Double
  /// The currency of every cost.
  public var currency: String
  /// The optimised quantity: cost, or the total of the nutrient minimised or maximised.
  public var objectiveValue: Double?
  public var days: [Day]
  /// Totals against goals that apply to the whole plan.
  public var weeklyGoals: [GoalCheck]
  /// Each food's total over the plan, by decreasing weight.
  public var foodTotals: [FoodAmount]
  public var solver: SolverStats
  /// A sentence for people, for plans that are not optimal.
  public var message: String?

  enum CodingKeys: String, CodingKey {
    case status, cost, currency, days, solver, message
    case exactCost = "exact_cost"
    case objectiveValue = "objective_value"
    case weeklyGoals = "weekly_goals"
    case foodTotals = "food_totals"
  }

  public init(
    status: Status, cost: Decimal, exactCost: Double, currency: String, objectiveValue: Double?, days: [Day],
    weeklyGoals: [GoalCheck], foodTotals: [FoodAmount], solver: SolverStats, message: String?
  ) {
    self.status = status
    self.cost = cost
    self.exactCost = exactCost
    self.currency = currency
    self.objectiveValue = objectiveValue
    self.days = days
    self.weeklyGoals = weeklyGoals
    self.foodTotals = foodTotals
    self.solver = solver
    self.message = message
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
