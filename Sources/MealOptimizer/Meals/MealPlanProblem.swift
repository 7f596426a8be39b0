import Foundation

/// A week (or any number of days) of meals to plan, for one person or a
/// household: the foods and recipes available, the slots of each day, and
/// every rule the plan must keep.
///
/// The planner fills every slot of every day with exactly one recipe (or a
/// single food, where a slot allows foods), in a portion from
/// ``PortionOptions``, so that the goals, budgets, diet, repetition limits,
/// locks and leftovers all hold at least cost; among equally cheap plans
/// `tieBreak` picks the best one. A person is a household of one: with a
/// `household`, each member eats their own portion of the shared dish and
/// meets their own goals.
///
/// Days are numbered from 1. A goal or budget with period ``Period/week``
/// applies to each block of seven days (days 1...7, 8...14, ...); a shorter
/// final block gets its bounds scaled by its length over seven.
///
/// A problem is `Codable` (JSON keys in snake_case), so it can be stored,
/// sent to a server, or written by another program.
public struct MealPlanProblem: Sendable, Hashable, Codable {
  /// The foods recipes use; each used food needs an offer, for its cost.
  package var foods: [Food]
  /// Stores named by the offers, for the grocery list.
  package var stores: [Store]
  /// The recipes the plan may choose from.
  package var recipes: [Recipe]
  /// How many days the plan covers (7 for a week).
  package var days: Int
  /// The slots of each day, in order (`breakfast, lunch, dinner, snack`).
  package var slots: [Meal]
  /// What each slot may hold, when not the default (recipes whose meals include the slot).
  package var slotChoices: [Meal: SlotChoice]
  /// Portion sizes allowed, unless a slot's choice overrides them.
  package var portions: PortionOptions
  /// Nutrition goals per day or per week.
  package var goals: [NutrientGoal]
  /// Spending limits per day or per week.
  package var budgets: [Budget]
  /// Labels every chosen recipe must have (`vegetarian`, `gluten-free`).
  package var diet: Set<DietLabel>
  /// Foods, tags or allergens no chosen recipe may contain.
  package var avoid: [AvoidRule]
  /// How often a recipe may come back.
  package var repetition: RepetitionLimits
  /// Slots fixed to a recipe ("day 3 dinner is lasagna").
  package var locks: [SlotLock]
  /// Slots filled by what an earlier slot cooked.
  package var leftovers: [LeftoverRule]
  /// How to choose among equally cheap plans.
  package var tieBreak: MealTieBreak
  /// The currency of every price (`USD`).
  package var currency: String
  /// Purchases inside the model (packages, stores, trips, the pantry); `nil`
  /// for the plain model, where cost is the food eaten at its cheapest price
  /// per gram. See ``Purchasing``.
  package var purchasing: Purchasing?
  /// Who eats the week, each with their own goals, slots and restrictions:
  /// one dish per slot for everyone, a portion for each member (a
  /// ``MealPlan`` with ``MealPlan/members``). `nil` for one person, whose goals are ``goals``
  /// (a ``MealPlan``). With a household, ``goals`` are not used.
  package var household: Household?
  /// Where the diet, avoid, repetition, lock and leftover rules were
  /// written, for explanations; `nil` when unknown.
  package var ruleSources: MealRuleSources?

  /// Creates a problem; everything but the foods and recipes has a default.
  public init(
    foods: [Food], stores: [Store] = [], recipes: [Recipe], days: Int = 7,
    slots: [Meal] = [.breakfast, .lunch, .dinner, .snack], slotChoices: [Meal: SlotChoice] = [:],
    portions: PortionOptions = .wholeServing, goals: [NutrientGoal] = [], budgets: [Budget] = [],
    diet: Set<DietLabel> = [], avoid: [AvoidRule] = [], repetition: RepetitionLimits = RepetitionLimits(),
    locks: [SlotLock] = [], leftovers: [LeftoverRule] = [], tieBreak: MealTieBreak = .variety,
    currency: String = "USD", purchasing: Purchasing? = nil, household: Household? = nil
  ) {
    self.purchasing = purchasing
    self.household = household
    self.foods = foods
    self.stores = stores
    self.recipes = recipes
    self.days = days
    self.slots = slots
    self.slotChoices = slotChoices
    self.portions = portions
    self.goals = goals
    self.budgets = budgets
    self.diet = diet
    self.avoid = avoid
    self.repetition = repetition
    self.locks = locks
    self.leftovers = leftovers
    self.tieBreak = tieBreak
    self.currency = currency
  }
}

extension MealPlanProblem {
  /// The problem as the household search takes it, when it has a household.
  package var householdProblem: HouseholdProblem? {
    household.map { HouseholdProblem(meals: self, household: $0) }
  }

  /// The week's model: one person's, or a household's (each member's
  /// portions and goals) when it has one.
  ///
  /// - Throws: ``PlanningError`` for a malformed problem, as the builders do.
  package func model() throws(PlanningError) -> MealPlanModel {
    if let household = householdProblem { return try HouseholdModelBuilder(problem: household).build().model }
    return try MealPlanModelBuilder(problem: self).build()
  }
}

/// What one slot of the day may hold.
public struct SlotChoice: Sendable, Hashable, Codable {
  /// Which recipes the slot may hold.
  ///
  /// Encoded as `{"suiting_meal": {}}`, `{"only": {"recipes": [...]}}` or `{"none": {}}`.
  package enum Recipes: Sendable, Hashable, Codable {
    /// Recipes whose ``Recipe/meals`` include the slot (the default).
    case suitingMeal
    /// Exactly these recipes, by identifier, whatever meals they name.
    case only([String])
    /// No recipes: only the slot's ``SlotChoice/foods``.
    case none

    enum CodingKeys: String, CodingKey {
      case suitingMeal = "suiting_meal"
      case only, none
    }

    enum OnlyCodingKeys: String, CodingKey {
      case _0 = "recipes"
    }
  }

  /// The recipes the slot may hold.
  package var recipes: Recipes
  /// Single foods the slot may hold, each with the grams of one serving.
  package var foods: [FoodServing]
  /// Portion sizes for this slot, overriding the problem's.
  package var portions: PortionOptions?

  /// Creates a value from its parts.
  package init(recipes: Recipes = .suitingMeal, foods: [FoodServing] = [], portions: PortionOptions? = nil) {
    self.recipes = recipes
    self.foods = foods
    self.portions = portions
  }
}

/// A single food offered as a whole meal or snack ("an apple").
package struct FoodServing: Sendable, Hashable, Codable {
  /// The food's identifier.
  package var food: String
  /// The grams in one serving.
  package var grams: Double

  /// Creates a value from its parts.
  package init(food: String, grams: Double) {
    self.food = food
    self.grams = grams
  }
}

/// The portion sizes a slot may serve: from `minimum` to `maximum` servings in steps of `step`.
///
/// Servings are `step × n` for a whole number `n`, with
/// `minimum ≤ step × n ≤ maximum`. ``wholeServing`` is exactly one serving.
public struct PortionOptions: Sendable, Hashable, Codable {
  /// The least servings.
  package var minimum: Double
  /// The most servings.
  package var maximum: Double
  /// The portion step in servings (0.5 for halves).
  package var step: Double

  /// Creates a value from its parts.
  package init(minimum: Double, maximum: Double, step: Double) {
    self.minimum = minimum
    self.maximum = maximum
    self.step = step
  }

  /// Exactly one serving.
  public static let wholeServing = PortionOptions(minimum: 1, maximum: 1, step: 1)
  /// Half a serving to two servings, in halves.
  public static let halfToDouble = PortionOptions(minimum: 0.5, maximum: 2, step: 0.5)

  /// The least and most whole number of steps, or `nil` when the options allow no portion.
  package var stepRange: ClosedRange<Int>? {
    guard step.isFinite, minimum.isFinite, maximum.isFinite, step > 0, minimum > 0 else { return nil }
    let low = Int((minimum / step - 1e-9).rounded(.up))
    let high = Int((maximum / step + 1e-9).rounded(.down))
    return low >= 1 && low <= high ? low...high : nil
  }
}

/// Something no chosen recipe may contain.
public enum AvoidRule: Sendable, Hashable, Codable {
  /// A food, by identifier.
  case food(String)
  /// Any food with this tag (an allergen such as `peanut`, or a group such as `pork`).
  case tag(String)
  /// A food identifier or a tag, whichever matches (what a plan file's `avoid peanut` means).
  case term(String)
}

/// Limits on how often a recipe comes back. Single foods are not limited.
///
/// `maximumPerWeek` counts meals on the table by default: a leftover slot
/// (see ``LeftoverRule``) serves the dish again and counts again, so a dish
/// cooked twice with leftovers each time is on the table four times. With
/// `counting` set to ``Counting/cookings`` it counts cookings instead, and a
/// leftover slot is not a new one.
public struct RepetitionLimits: Sendable, Hashable, Codable {
  /// What `RepetitionLimits/maximumPerWeek` counts.
  public enum Counting: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every slot that serves the recipe, leftovers included (the default).
    case meals
    /// Only the slots that cook it; leftover slots are not counted.
    case cookings
  }

  /// The most times a recipe may be served (or cooked, see ``counting``) in
  /// each block of seven days; `nil` for no limit.
  package var maximumPerWeek: Int?
  /// Whether a recipe may be eaten at most once a day (leftovers count as eaten).
  package var oncePerDay: Bool
  /// Whether a recipe may not be cooked on two consecutive days.
  package var notOnConsecutiveDays: Bool
  /// What ``maximumPerWeek`` counts: meals on the table or cookings.
  package var counting: Counting

  /// Creates a value from its parts.
  public init(
    maximumPerWeek: Int? = nil, oncePerDay: Bool = false, notOnConsecutiveDays: Bool = false,
    counting: Counting = .meals
  ) {
    self.maximumPerWeek = maximumPerWeek
    self.oncePerDay = oncePerDay
    self.notOnConsecutiveDays = notOnConsecutiveDays
    self.counting = counting
  }

  enum CodingKeys: String, CodingKey {
    case maximumPerWeek, oncePerDay, notOnConsecutiveDays, counting
  }

  /// Decodes limits; a missing `counting` means ``Counting/meals``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    maximumPerWeek = try container.decodeIfPresent(Int.self, forKey: .maximumPerWeek)
    oncePerDay = try container.decodeIfPresent(Bool.self, forKey: .oncePerDay) ?? false
    notOnConsecutiveDays = try container.decodeIfPresent(Bool.self, forKey: .notOnConsecutiveDays) ?? false
    counting = try container.decodeIfPresent(Counting.self, forKey: .counting) ?? .meals
  }
}

/// A slot fixed to a recipe: "day 3 dinner is lasagna".
public struct SlotLock: Sendable, Hashable, Codable {
  /// The day, from 1.
  package var day: Int
  /// The slot.
  package var meal: Meal
  /// The recipe's (or, for a slot that allows foods, the food's) identifier.
  package var recipe: String
  /// The servings, when fixed too; they must be a portion the slot allows.
  package var servings: Double?

  /// Creates a value from its parts.
  package init(day: Int, meal: Meal, recipe: String, servings: Double? = nil) {
    self.day = day
    self.meal = meal
    self.recipe = recipe
    self.servings = servings
  }
}

/// Leftovers: what slot `from` cooks on day d also fills slot `to` on day
/// d + `daysLater`, with the same recipe and portion ("dinner's leftovers are
/// tomorrow's lunch").
///
/// The rule is firm, not optional: every `to` slot whose source day lies in the
/// plan is a leftover, and the first `daysLater` days' `to` slots are chosen
/// freely. The dish is cooked once in a double batch: the leftover portion's
/// food is paid for, and its cost and nutrition count on the day it is eaten.
/// A slot may be the target of one rule and may not be both a source and a target.
public struct LeftoverRule: Sendable, Hashable, Codable {
  /// The slot that cooks.
  package var from: Meal
  /// The slot that eats the leftovers.
  package var to: Meal
  /// How many days after the cooking the leftovers are eaten (0 for the same day).
  package var daysLater: Int

  /// Creates a value from its parts.
  package init(from: Meal, to: Meal, daysLater: Int = 1) {
    self.from = from
    self.to = to
    self.daysLater = daysLater
  }
}

/// How to choose among plans of equal cost (within a relative tolerance).
public enum MealTieBreak: String, Sendable, Hashable, Codable, CaseIterable {
  /// Take the first cheapest plan the solver finds.
  case none
  /// Fewest repeats: the number of cookings minus the number of distinct recipes.
  case variety
  /// Closest to the middle of each daily goal range that has both bounds, in
  /// units of half the range's width.
  case goalCenter = "goal_center"
}

extension MealPlanProblem {
  enum CodingKeys: String, CodingKey {
    case foods, stores, recipes, days, slots, portions, goals, budgets, diet, avoid, repetition, locks,
      leftovers
    case currency, purchasing
    case slotChoices = "slot_choices"
    case ruleSources = "rule_sources"
    case tieBreak = "tie_break"
  }
}
