import Foundation

/// A food-level diet problem: which foods, how much of each, on each day, so
/// that every goal is met at least cost (or best value of a nutrient).
///
/// Everything is in canonical units: grams of food, nutrients in their
/// `NutrientDefinition/unit`, money as `Decimal` in the plan's currency.
///
/// A problem is `Codable` (JSON keys in snake_case), so it can be stored,
/// sent to a server, or written by another program.
public struct DietProblem: Sendable, Hashable, Codable {
  /// The foods the plan may use. Each needs at least one offer when the
  /// objective or a budget involves cost.
  package var foods: [Food]
  /// Stores named by the offers.
  package var stores: [Store]
  /// How many days the plan covers.
  package var days: Int
  /// Nutrition goals.
  package var goals: [NutrientGoal]
  /// A spending limit, if any.
  package var budget: Budget?
  /// Per-food limits on grams per day.
  package var foodLimits: [FoodLimit]
  /// Limits on the sum of a group of foods ("milk + ice cream <= 6 servings").
  package var groupLimits: [FoodGroupLimit]
  /// Identifiers of foods eaten only in whole servings: each day's amount is an
  /// integer multiple of the food's serving, its measure named
  /// ``DietProblem/servingMeasure``, or ``DietProblem/defaultServingGrams``
  /// when it has none. Makes the model a MIP.
  package var wholeServings: Set<String>
  /// What to optimise.
  package var objective: DietObjective
  /// The currency of every price (`USD`).
  package var currency: String
  /// Purchases inside the model (packages, stores, trips, the pantry); `nil`
  /// for the plain model, where cost is the food eaten at its cheapest price
  /// per gram. See ``Purchasing``.
  package var purchasing: Purchasing?

  public init(
    foods: [Food], stores: [Store] = [], days: Int = 1, goals: [NutrientGoal] = [], budget: Budget? = nil,
    foodLimits: [FoodLimit] = [], groupLimits: [FoodGroupLimit] = [], wholeServings: Set<String> = [],
    objective: DietObjective = .minimizeCost, currency: String = "USD", purchasing: Purchasing? = nil
  ) {
    self.purchasing = purchasing
    self.foods = foods
    self.stores = stores
    self.days = days
    self.goals = goals
    self.budget = budget
    self.foodLimits = foodLimits
    self.groupLimits = groupLimits
    self.wholeServings = wholeServings
    self.objective = objective
    self.currency = currency
  }
}

extension DietProblem {
  enum CodingKeys: String, CodingKey {
    case foods, stores, days, goals, budget, objective, currency, purchasing
    case foodLimits = "food_limits"
    case groupLimits = "group_limits"
    case wholeServings = "whole_servings"
  }
}

extension DietProblem {
  /// The name of the measure that defines one serving of a food (`serving`),
  /// used by ``wholeServings`` and by group limits counted in servings.
  package static let servingMeasure = "serving"

  /// The grams of one serving of a food that has no ``servingMeasure``, for ``wholeServings``.
  package static let defaultServingGrams = 100.0
}

/// How often a goal, budget or limit applies.
///
/// ``day`` applies to each day on its own; ``week`` applies to the sum over
/// all the plan's days (a plan of 7 days is a week).
public enum Period: String, Sendable, Hashable, Codable {
  case day, week
}

/// A bound on the amount of one nutrient.
///
/// With ``Basis/absolute`` the bounds are amounts in the nutrient's canonical
/// unit; with ``Basis/percentOfEnergy`` they are fractions of energy
/// (`0.10` for "10% of energy"), using the nutrient's
/// `NutrientDefinition/kilocaloriesPerUnit`.
public struct NutrientGoal: Sendable, Hashable, Codable {
  public enum Basis: String, Sendable, Hashable, Codable {
    case absolute
    case percentOfEnergy = "percent_of_energy"
  }

  package var nutrient: Nutrient
  package var minimum: Double?
  package var maximum: Double?
  package var basis: Basis
  package var period: Period
  /// Where the goal was written, for explanations; `nil` for goals built in Swift.
  package var source: SourceReference?

  /// A goal on a nutrient: `NutrientGoal(.protein, minimum: 60)` for at least 60 g a day.
  public init(
    _ nutrient: Nutrient, minimum: Double? = nil, maximum: Double? = nil, basis: Basis = .absolute,
    period: Period = .day
  ) {
    self.init(nutrient, minimum: minimum, maximum: maximum, basis: basis, period: period, source: nil)
  }

  /// A goal with the place it was written.
  package init(
    _ nutrient: Nutrient, minimum: Double? = nil, maximum: Double? = nil, basis: Basis = .absolute,
    period: Period = .day, source: SourceReference?
  ) {
    self.source = source
    self.nutrient = nutrient
    self.minimum = minimum
    self.maximum = maximum
    self.basis = basis
    self.period = period
  }
}

/// A spending limit.
public struct Budget: Sendable, Hashable, Codable {
  /// The most that may be spent in each ``period``, exact.
  package var amount: Decimal
  package var period: Period
  /// Where the budget was written, for explanations; `nil` for budgets built in Swift.
  package var source: SourceReference?
  /// A budget of `amount` a day, a week or over the whole plan: `Budget(45, per: .week)`,
  /// `Budget(try Money("45.50"), per: .week)`.
  public init(_ amount: Money, per period: Period) {
    self.init(amount, per: period, source: nil)
  }

  /// A budget with the place it was written.
  package init(_ amount: Money, per period: Period, source: SourceReference?) {
    self.source = source
    self.amount = amount.amount
    self.period = period
  }

  /// A budget from a `Decimal` amount.
  @available(
    *, deprecated,
    message:
      "a Decimal literal such as 3.49 is not exact (3.490000000000000512); pass Money: try Money(\"45.50\"), Money(minorUnits: 4550) or Money(decimal)"
  )
  @_disfavoredOverload
  public init(_ amount: Decimal, per period: Period) {
    self.source = nil
    self.amount = amount
    self.period = period
  }
}

/// Bounds on how many grams of one food a day may hold.
public struct FoodLimit: Sendable, Hashable, Codable {
  package var food: String
  package var minimumGrams: Double?
  package var maximumGrams: Double?
  /// Where the limit was written, for explanations; `nil` for limits built in Swift.
  package var source: SourceReference?
  /// Bounds on the grams of `food` each day.
  public init(food: String, minimumGrams: Double? = nil, maximumGrams: Double? = nil) {
    self.init(food: food, minimumGrams: minimumGrams, maximumGrams: maximumGrams, source: nil)
  }

  /// Bounds with the place they were written.
  package init(
    food: String, minimumGrams: Double? = nil, maximumGrams: Double? = nil, source: SourceReference?
  ) {
    self.source = source
    self.food = food
    self.minimumGrams = minimumGrams
    self.maximumGrams = maximumGrams
  }
}

/// Bounds on the sum of the amounts of a group of foods.
///
/// ```swift
/// FoodGroupLimit("dairy", foods: ["milk", "ice_cream"], maximum: 6, unit: .servings)
/// ```
public struct FoodGroupLimit: Sendable, Hashable, Codable {
  /// What the bounds count.
  public enum Unit: String, Sendable, Hashable, Codable {
    /// Grams of food.
    case grams
    /// Servings, each food's measure named `DietProblem/servingMeasure`.
    case servings
  }

  /// A name for the limit, used in constraint names (`group[dairy,day1]`).
  package var name: String
  /// Identifiers of the foods in the group.
  package var foods: [String]
  package var minimum: Double?
  package var maximum: Double?
  package var unit: Unit
  package var period: Period
  /// Where the limit was written, for explanations; `nil` for limits built in Swift.
  package var source: SourceReference?

  /// Bounds on the group `foods`, named `name`, in grams or servings, a day or a week.
  public init(
    _ name: String, foods: [String], minimum: Double? = nil, maximum: Double? = nil, unit: Unit = .grams,
    period: Period = .day
  ) {
    self.init(name, foods: foods, minimum: minimum, maximum: maximum, unit: unit, period: period, source: nil)
  }

  /// Bounds with the place they were written.
  package init(
    _ name: String, foods: [String], minimum: Double? = nil, maximum: Double? = nil, unit: Unit = .grams,
    period: Period = .day, source: SourceReference?
  ) {
    self.source = source
    self.name = name
    self.foods = foods
    self.minimum = minimum
    self.maximum = maximum
    self.unit = unit
    self.period = period
  }
}

/// What a plan optimises.
///
/// Encoded as `{"minimize_cost": {}}`, `{"minimize": {"nutrient": "sodium"}}`
/// or `{"maximize": {"nutrient": "protein"}}`.
public enum DietObjective: Sendable, Hashable, Codable {
  /// The cost of the food eaten.
  case minimizeCost
  /// The total of a nutrient, as small as possible.
  case minimize(Nutrient)
  /// The total of a nutrient, as large as possible.
  case maximize(Nutrient)

  enum CodingKeys: String, CodingKey {
    case minimizeCost = "minimize_cost"
    case minimize, maximize
  }

  enum MinimizeCodingKeys: String, CodingKey {
    case _0 = "nutrient"
  }

  enum MaximizeCodingKeys: String, CodingKey {
    case _0 = "nutrient"
  }
}
