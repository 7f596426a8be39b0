import Foundation
import MealOptimizer

extension Program {
  /// The problem a checked plan describes, of the kind it is: a weekly meal
  /// plan when the plan has `meals`, a food-level plan otherwise.
  ///
  /// ```swift
  /// switch program.problem(for: spec) {
  /// case .foods(let problem): try await DietPlanner().plan(problem)
  /// case .meals(let problem): try await MealPlanner().plan(problem)
  /// }
  /// ```
  ///
  /// - Parameter plan: A plan of this program (see ``plan(named:)``).
  /// - Returns: The problem, in canonical units.
  public func problem(for plan: PlanSpec) -> PlanProblem {
    if let meals = mealPlanProblem(for: plan) { return .meals(meals) }
    return .foods(foodLevelProblem(for: plan))
  }

  /// The food-level diet problem a checked plan describes.
  ///
  /// - Parameter plan: A plan of this program without `meals` (see ``plan(named:)``).
  /// - Returns: Foods, goals, limits and objective in canonical units, ready for `DietPlanner`.
  /// - Throws: ``PlanKindError`` when the plan is a weekly meal plan: use
  ///   ``mealPlanProblem(for:)`` or ``problem(for:)``.
  public func dietProblem(for plan: PlanSpec) throws(PlanKindError) -> DietProblem {
    guard plan.mealPlan == nil else { throw PlanKindError(plan: plan.name, kind: .meals, expected: .foods) }
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

/// A plan of one kind was asked for as the other: ``Program/dietProblem(for:)``
/// on a plan with `meals`.
public struct PlanKindError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
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
  public var description: String {
    let name = { (kind: PlanKind) in kind == .meals ? "a weekly meal plan" : "a food-level plan" }
    let call = kind == .meals ? "mealPlanProblem(for:)" : "dietProblem(for:)"
    return "plan '\(plan)' is \(name(kind)), not \(name(expected)); use '\(call)' or 'problem(for:)'"
  }

  /// The same text as ``description``, for `localizedDescription`.
  public var errorDescription: String? { description }
}
