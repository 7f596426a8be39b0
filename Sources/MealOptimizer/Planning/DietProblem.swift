import Foundation

/// A food-level diet problem: which foods, how much of each, on each day, so
/// that every goal is met at least cost (or best value of a nutrient).
///
/// Everything is in canonical units: grams of food, nutrients in their
/// ``NutrientDefinition/unit``, money as `Decimal` in the plan's currency.
public struct DietProblem: Sendable, Hashable {
  /// The foods the plan may use. Each needs at least one offer when the
  /// objective or a budget involves cost.
  public var foods: [Food]
  /// Stores named by the offers.
  public var stores: [Store]
  /// How many days the plan covers.
  public var days: Int
  /// Nutrition goals.
  public var goals: [NutrientGoal]
  /// A spending limit, if any.
  public var budget: Budget?
  /// Per-food limits on grams per day.
  public var foodLimits: [FoodLimit]
  /// What to optimise.
  public var objective: DietObjective
  /// The currency of every price (`USD`).
  public var currency: String

  public init(
    foods: [Food], stores: [Store] = [], days: Int = 1, goals: [NutrientGoal] = [], budget: Budget? = nil,
    foodLimits: [FoodLimit] = [], objective: DietObjective = .minimizeCost, currency: String = "USD"
  ) {
    self.foods = foods
    self.stores = stores
    self.days = days
    self.goals = goals
    self.budget = budget
    self.foodLimits = foodLimits
    self.objective = objective
    self.currency = currency
  }
}

/// How often a goal or budget applies.
public enum Period: String, Sendable, Hashable, Codable {
  case day, week
}

/// A bound on the amount of one nutrient.
///
/// With ``Basis/absolute`` the bounds are amounts in the nutrient's canonical
/// unit; with ``Basis/percentOfEnergy`` they are fractions of energy
/// (`0.10` for "10% of energy"), using the nutrient's
/// ``NutrientDefinition/kilocaloriesPerUnit``.
public struct NutrientGoal: Sendable, Hashable, Codable {
  public enum Basis: String, Sendable, Hashable, Codable {
    case absolute
    case percentOfEnergy = "percent_of_energy"
  }

  public var nutrient: Nutrient
  public var minimum: Double?
  public var maximum: Double?
  public var basis: Basis
  public var period: Period

  public init(
    _ nutrient: Nutrient, minimum: Double? = nil, maximum: Double? = nil, basis: Basis = .absolute,
    period: Period = .day
  ) {
    self.nutrient = nutrient
    self.minimum = minimum
    self.maximum = maximum
    self.basis = basis
    self.period = period
  }
}

/// A spending limit.
public struct Budget: Sendable, Hashable, Codable {
  public var amount: Decimal
  public var period: Period
  public init(_ amount: Decimal, per period: Period) {
    self.amount = amount
    self.period = period
  }
}

/// Bounds on how many grams of one food a day may hold.
public struct FoodLimit: Sendable, Hashable, Codable {
  public var food: String
  public var minimumGrams: Double?
  public var maximumGrams: Double?
  public init(food: String, minimumGrams: Double? = nil, maximumGrams: Double? = nil) {
    self.food = food
    self.minimumGrams = minimumGrams
    self.maximumGrams = maximumGrams
  }
}

/// What a plan optimises.
public enum DietObjective: Sendable, Hashable {
  case minimizeCost
  case minimize(Nutrient)
  case maximize(Nutrient)
}
