/// A total against one nutrition goal, in a food-level plan or a meal plan.
///
/// For a goal on an amount (``NutrientGoal/Basis/absolute``) the total and
/// the bounds are in the nutrient's canonical unit; for a percent-of-energy
/// goal they are shares of energy (0.1 is 10%). A meal plan's weekly goal
/// over a block shorter than seven days has its bounds scaled by the block's
/// length over seven.
package struct GoalCheck: Sendable, Hashable, Codable {
  /// How a total stands against its bounds.
  package enum Status: String, Sendable, Hashable, Codable {
    /// Inside the bounds, away from them.
    case met
    /// On the minimum, within the checker's tolerance: the goal limits the plan.
    case atMinimum = "at_minimum"
    /// On the maximum, within the checker's tolerance: the goal limits the plan.
    case atMaximum = "at_maximum"
    /// Outside the bounds by more than the tolerance (never in a plan that is
    /// returned: such a plan fails verification).
    case violated

    /// Whether the total sits on one of its bounds.
    package var isAtBound: Bool { self == .atMinimum || self == .atMaximum }
  }

  /// The nutrient.
  package var nutrient: Nutrient
  /// Whether the bounds are amounts or shares of energy.
  package var basis: NutrientGoal.Basis
  /// Whether the goal applies to each day or to the whole plan (each week of a meal plan).
  package var period: Period
  /// The total, in ``unit``.
  package var total: Double
  /// The lower bound, if any.
  package var minimum: Double?
  /// The upper bound, if any.
  package var maximum: Double?
  /// The unit of ``total`` and the bounds: the nutrient's unit (`g`, `mg`,
  /// `kcal`), or `share_of_energy`.
  package var unit: String
  /// How the total stands against the bounds.
  package var status: Status
  /// How much the objective (the cost) would change if the goal's bound
  /// moved up by one unit of ``unit``, from the LP duals: positive for a
  /// binding minimum, negative for a binding maximum, 0 for a goal that does
  /// not bind. `nil` for plans in whole servings and meal plans (integer
  /// models have no duals).
  package var marginalCost: Double?

  /// Creates a check from its parts.
  package init(
    nutrient: Nutrient, basis: NutrientGoal.Basis, period: Period, total: Double, minimum: Double?,
    maximum: Double?, unit: String, status: Status, marginalCost: Double? = nil
  ) {
    self.nutrient = nutrient
    self.basis = basis
    self.period = period
    self.total = total
    self.minimum = minimum
    self.maximum = maximum
    self.unit = unit
    self.status = status
    self.marginalCost = marginalCost
  }

  /// Creates a check whose unit comes from the nutrient and basis and whose
  /// status comes from ``status(_:_:_:)``.
  package init(
    nutrient: Nutrient, basis: NutrientGoal.Basis, period: Period, total: Double, minimum: Double?,
    maximum: Double?
  ) {
    self.init(
      nutrient: nutrient, basis: basis, period: period, total: total, minimum: minimum, maximum: maximum,
      unit: Self.unit(of: nutrient, basis: basis), status: Self.status(total, minimum, maximum))
  }

  /// The unit of a goal's totals: the nutrient's canonical unit, or `share_of_energy`.
  package static func unit(of nutrient: Nutrient, basis: NutrientGoal.Basis) -> String {
    basis == .percentOfEnergy ? "share_of_energy" : nutrient.definition?.unit.rawValue ?? ""
  }

  /// How a total stands against bounds: violated beyond a tolerance of 1e-5
  /// relative, at a bound within 1e-4 relative, met otherwise.
  ///
  /// The violation tolerance matches GLPK's integrality tolerance (`tol_int`,
  /// 1e-5): branch-and-cut accepts a choice variable at 0.99999, and once it is
  /// rounded to 1 a total may sit a few millionths beyond a bound it met in the
  /// solver (a protein total of 69.99985 g against 70 g).
  package static func status(_ total: Double, _ minimum: Double?, _ maximum: Double?) -> Status {
    func tolerance(_ bound: Double, _ relative: Double) -> Double { relative * max(1, abs(bound)) }
    if let minimum, total < minimum - tolerance(minimum, 1e-5) { return .violated }
    if let maximum, total > maximum + tolerance(maximum, 1e-5) { return .violated }
    if let minimum, total <= minimum + tolerance(minimum, 1e-4) { return .atMinimum }
    if let maximum, total >= maximum - tolerance(maximum, 1e-4) { return .atMaximum }
    return .met
  }

  enum CodingKeys: String, CodingKey {
    case nutrient, basis, period, total, minimum, maximum, unit, status
    case marginalCost = "marginal_cost"
  }
}
