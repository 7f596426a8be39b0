/// A problem of any kind: food-level (``DietProblem``), a week of meals for
/// one person (``MealPlanProblem``), or for a household
/// (``HouseholdProblem``). ``Planner`` solves every kind.
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
  /// A recipe or food in every slot of every day, for one person.
  case meals(MealPlanProblem)
  /// A dish in every slot of every day for a household, a portion for each member.
  case household(HouseholdProblem)

  /// Which kind of plan the problem asks for.
  package var kind: PlanKind {
    switch self {
    case .foods: .foods
    case .meals: .meals
    case .household: .household
    }
  }

  /// The currency of the problem's prices and budgets.
  package var currency: String {
    switch self {
    case .foods(let problem): problem.currency
    case .meals(let problem): problem.currency
    case .household(let problem): problem.meals.currency
    }
  }

  /// The model the planner solves, for writing out (``LinearModel/lpFileText()``):
  /// for a week of meals, the whole week's model the search starts from.
  ///
  /// - Throws: ``PlanningError`` for a malformed problem, as ``Planner/solve(_:)`` does.
  package func model() throws(PlanningError) -> LinearModel {
    switch self {
    case .foods(let problem): try DietModelBuilder().build(problem).model
    case .meals(let problem): try MealPlanModelBuilder(problem: problem).build().model
    case .household(let problem): try HouseholdModelBuilder(problem: problem).build().model.model
    }
  }
}
