import Foundation
import MealOptimizer

extension Program {
  /// The problem a checked plan describes, of the kind it is: a household's
  /// week when its `meals` name a `household`, one person's week when the
  /// plan has `meals`, a food-level plan otherwise. `Planner` solves any of them.
  ///
  /// ```swift
  /// let plan = try await Planner().plan(program.problem(for: spec))
  /// ```
  ///
  /// - Parameter plan: A plan of this program (see ``plan(named:)``).
  /// - Returns: The problem, in canonical units.
  public func problem(for plan: PlanSpec) -> PlanProblem {
    if let household = householdProblem(for: plan) { return .meals(household.problem) }
    if let meals = mealPlanProblem(for: plan) { return .meals(meals) }
    return .foods(foodLevelProblem(for: plan))
  }

  /// The food-level diet problem a checked plan describes (for the package's
  /// own callers: a consumer takes the `.foods` case of ``problem(for:)``).
  ///
  /// - Parameter plan: A plan of this program without `meals` (see ``plan(named:)``).
  /// - Returns: Foods, goals, limits and objective in canonical units, ready for `DietPlanner`.
  /// - Throws: ``PlanKindError`` when the plan is a week of meals.
  package func dietProblem(for plan: PlanSpec) throws(PlanKindError) -> DietProblem {
    if let meals = plan.mealPlan {
      throw PlanKindError(
        plan: plan.name, kind: meals.household == nil ? .meals : .household, expected: .foods)
    }
    return foodLevelProblem(for: plan)
  }

  private func foodLevelProblem(for plan: PlanSpec) -> DietProblem {
    let foods =
      plan.foodNames.map { names in
        let byID = Dictionary(self.foods.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return names.compactMap { byID[$0] }
      } ?? self.foods
    let goals = goals(of: plan)
    var foodLimits: [FoodLimit] = []
    var groupLimits: [FoodGroupLimit] = []
    // Limits read in place (a plan may hold one or two per food).
    plan.limits.withUnsafeBufferPointer { limits in
      for l in limits.indices {
        let foods = limits[l].foods
        if foods.count == 1, limits[l].period == .day, !limits[l].inServings {
          foodLimits.append(
            FoodLimit(
              food: foods[0], minimumGrams: limits[l].minimum, maximumGrams: limits[l].maximum,
              source: limits[l].source))
        } else {
          groupLimits.append(
            FoodGroupLimit(
              foods.count == 1 ? foods[0] : foods.joined(separator: "+"), foods: foods,
              minimum: limits[l].minimum,
              maximum: limits[l].maximum,
              unit: limits[l].inServings ? .servings : .grams, period: limits[l].period,
              source: limits[l].source))
        }
      }
    }
    let wholeServings =
      plan.wholeServings ? Set(foods.map(\.id)).intersection(plan.wholeServingFoods ?? foods.map(\.id)) : []
    let stores = self.stores.filter { store in foods.contains { $0.offers.contains { $0.store == store.id } }
    }
    return DietProblem(
      foods: foods, stores: stores, days: plan.days, goals: goals, budget: plan.budget,
      foodLimits: foodLimits,
      groupLimits: groupLimits, wholeServings: wholeServings, objective: plan.objective,
      currency: currency ?? "USD", purchasing: purchasing(for: plan))
  }
}

/// A plan of one kind was asked for as another: ``Program/dietProblem(for:)``
/// on a plan with `meals`.
package struct PlanKindError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
  /// The plan's name.
  package var plan: String
  /// The kind the plan is.
  package var kind: PlanKind
  /// The kind the caller asked for.
  package var expected: PlanKind

  /// Creates the error for a plan of one kind asked for as another.
  package init(plan: String, kind: PlanKind, expected: PlanKind) {
    self.plan = plan
    self.kind = kind
    self.expected = expected
  }

  /// The error in words, naming the call that fits.
  package var description: String {
    let name = { (kind: PlanKind) in
      switch kind {
      case .foods: "a food-level plan"
      case .meals: "a weekly meal plan"
      case .household: "a household's weekly meal plan"
      }
    }
    let calls =
      switch kind {
      case .foods: "'dietProblem(for:)' or 'problem(for:)'"
      case .meals, .household: "'problem(for:)'"
      }
    return "plan '\(plan)' is \(name(kind)), not \(name(expected)); use \(calls)"
  }

  /// The same text as ``description``, for `localizedDescription`.
  package var errorDescription: String? { description }
}
