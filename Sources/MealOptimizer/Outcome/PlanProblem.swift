/// A problem of any kind: food-level (``DietProblem``), or a week of meals
/// (``MealPlanProblem``) for one person or, with a ``Household``, for a
/// household. ``Planner`` solves every
/// kind.
///
/// A plan file's `plan` lowers to one of them (`Program.problem(for:)` in
/// PlanDSL), and one call solves it, whatever its kind:
///
/// ```swift
/// let plan = try await Planner().plan(try program.problem(for: spec))
/// print(plan.kind, plan.status, plan.cost ?? 0)
/// ```
public enum PlanProblem: Sendable, Hashable, Codable {
  /// Grams of foods each day.
  case foods(DietProblem)
  /// A recipe or food in every slot of every day: for one person, or for a
  /// household (one dish, a portion for each member) when it has one.
  case meals(MealPlanProblem)

  /// Which kind of plan the problem asks for.
  package var kind: PlanKind {
    switch self {
    case .foods: .foods
    case .meals(let problem): problem.household == nil ? .meals : .household
    }
  }

  /// The currency of the problem's prices and budgets.
  package var currency: String {
    switch self {
    case .foods(let problem): problem.currency
    case .meals(let problem): problem.currency
    }
  }

  /// The model the planner solves, for writing out (``LinearModel/lpFileText()``):
  /// for a week of meals, the whole week's model the search starts from.
  ///
  /// - Throws: ``PlanningError`` for a malformed problem, as ``Planner/solve(_:)`` does.
  package func model() throws(PlanningError) -> LinearModel {
    switch self {
    case .foods(let problem): try DietModelBuilder().build(problem).model
    case .meals(let problem): try problem.model().model
    }
  }
}
