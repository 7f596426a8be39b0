/// A problem of either kind: food-level (``DietProblem``, solved by
/// ``DietPlanner``) or weekly meals (``MealPlanProblem``, solved by
/// ``MealPlanner``).
///
/// A plan file's `plan` lowers to one or the other; switching on this value
/// picks the right planner:
///
/// ```swift
/// switch try program.problem(for: spec) {
/// case .foods(let problem): print(try await DietPlanner().plan(problem).cost ?? 0)
/// case .meals(let problem): print(try await MealPlanner().plan(problem).cost ?? 0)
/// }
/// ```
public enum PlanProblem: Sendable, Hashable, Codable {
  /// Grams of foods each day.
  case foods(DietProblem)
  /// A recipe or food in every slot of every day.
  case meals(MealPlanProblem)

  /// Which kind of plan the problem asks for.
  package var kind: PlanKind {
    switch self {
    case .foods: .foods
    case .meals: .meals
    }
  }
}
