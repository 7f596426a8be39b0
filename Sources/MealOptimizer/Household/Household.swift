import Foundation

/// People who share a kitchen: one cooking plan and one shopping list, a
/// portion for each of them.
///
/// Each member has their own goals (written out, or derived from a
/// ``PersonProfile``), eats some of the plan's slots, and may skip some of
/// them on some days (a school lunch).
public struct Household: Sendable, Hashable, Codable {
  /// The household's identifier.
  package var id: String
  /// Its name for people.
  package var name: String
  /// The members, in order.
  package var members: [HouseholdMember]

  /// Creates a household.
  public init(id: String, name: String? = nil, members: [HouseholdMember]) {
    self.id = id
    self.name = name ?? id
    self.members = members
  }
}

/// One person of a ``Household``.
public struct HouseholdMember: Sendable, Hashable, Codable {
  /// The member's identifier.
  package var id: String
  /// Their name for people.
  package var name: String
  /// Their goals, per day or per week, for what they eat.
  package var goals: [NutrientGoal]
  /// The profile their energy and protein goals came from, when they have one.
  package var profile: PersonProfile?
  /// The slots they eat; `nil` for every slot of the plan.
  package var meals: [Meal]?
  /// The slots they skip on some days.
  package var skips: [SkippedMeal]
  /// Diet labels every dish they eat must have, on top of the plan's ``MealPlanProblem/diet``.
  package var diet: Set<DietLabel>
  /// What their portions never contain, on top of the plan's ``MealPlanProblem/avoid``:
  /// a slot they eat serves only dishes free of it; the others share it.
  package var avoid: [AvoidRule]

  /// Creates a member; with a profile and no goals, the goals are the profile's.
  public init(
    id: String, name: String? = nil, goals: [NutrientGoal] = [], profile: PersonProfile? = nil,
    meals: [Meal]? = nil, skips: [SkippedMeal] = [], diet: Set<DietLabel> = [], avoid: [AvoidRule] = []
  ) {
    self.id = id
    self.name = name ?? id
    self.goals = goals.isEmpty ? profile?.goals ?? [] : goals
    self.profile = profile
    self.meals = meals
    self.skips = skips
    self.diet = diet
    self.avoid = avoid
  }

  enum CodingKeys: String, CodingKey {
    case id, name, goals, profile, meals, skips, diet, avoid
  }

  /// Decodes a member; `diet` and `avoid` may be absent (none).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    id = try c.decode(String.self, forKey: .id)
    name = try c.decode(String.self, forKey: .name)
    goals = try c.decode([NutrientGoal].self, forKey: .goals)
    profile = try c.decodeIfPresent(PersonProfile.self, forKey: .profile)
    meals = try c.decodeIfPresent([Meal].self, forKey: .meals)
    skips = try c.decodeIfPresent([SkippedMeal].self, forKey: .skips) ?? []
    diet = try c.decodeIfPresent(Set<DietLabel>.self, forKey: .diet) ?? []
    avoid = try c.decodeIfPresent([AvoidRule].self, forKey: .avoid) ?? []
  }

  /// Whether the member eats a slot on a day.
  package func eats(_ meal: Meal, day: Int) -> Bool {
    (meals?.contains(meal) ?? true) && !skips.contains { $0.meal == meal && $0.days.contains(day) }
  }
}

/// A slot a member skips on some days: `skip lunch on days 1...5`.
public struct SkippedMeal: Sendable, Hashable, Codable {
  /// The slot.
  public var meal: Meal
  /// The days, from 1.
  public var days: ClosedRange<Int>

  /// Creates a value from its parts.
  public init(meal: Meal, days: ClosedRange<Int>) {
    self.meal = meal
    self.days = days
  }
}

/// A household's week as the household search sees it: the shared week
/// (recipes, slots, portions, repetition, leftovers, budgets, purchases),
/// without its household, and who eats it. A ``MealPlanProblem`` with a
/// ``MealPlanProblem/household`` is one (``MealPlanProblem/householdProblem``).
///
/// The shared problem's `MealPlanProblem/goals` are not used: every member
/// has their own. Budgets, repetition, diet, avoid, locks (without servings)
/// and purchasing apply to the household as a whole.
package struct HouseholdProblem: Sendable, Hashable, Codable {
  /// The shared week; its ``MealPlanProblem/household`` is `nil`.
  package var meals: MealPlanProblem
  /// Who eats it.
  package var household: Household

  /// Creates a value from its parts; the shared week's own household, if any, is dropped.
  package init(meals: MealPlanProblem, household: Household) {
    var meals = meals
    meals.household = nil
    self.meals = meals
    self.household = household
  }

  /// The problem as a caller writes it: the shared week with its household.
  package var problem: MealPlanProblem {
    var problem = meals
    problem.household = household
    return problem
  }

  package func eaters(_ meal: Meal, day: Int) -> [Int] {
    household.members.indices.filter { household.members[$0].eats(meal, day: day) }
  }
}
