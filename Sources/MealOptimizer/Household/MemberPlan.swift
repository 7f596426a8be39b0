import Foundation

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

/// One member's week in a household's ``MealPlan``.
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
