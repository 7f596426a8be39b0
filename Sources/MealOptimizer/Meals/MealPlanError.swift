/// Why a meal plan could not be built, solved or trusted.
///
/// An infeasible plan is not an error: it is a ``MealPlan`` with status
/// ``MealPlanStatus/infeasible`` and an explanation. These cases are mistakes
/// in the input, a solver failure, or a plan that failed its independent check.
public enum MealPlanError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A recipe names a food that the problem does not have.
  case unknownFood(food: String, recipe: String)
  /// A recipe is malformed (no positive servings, a negative or non-finite amount).
  case invalidRecipe(recipe: String, reason: String)
  /// Two recipes, or two foods, share an identifier.
  case duplicateIdentifier(String)
  /// A food used by the plan has no offer, so its cost is unknown.
  case missingPrice(food: String)
  /// The problem itself is malformed: no days, no slots, bad portions, a lock
  /// or leftover rule that names something that does not exist.
  case invalidProblem(String)
  /// The solver rejected the model or failed.
  case solver(SolverError)
  /// The solver's plan broke a rule when re-checked from the recipes and
  /// foods; this is an internal error, never a plan to show.
  case verificationFailed([MealPlanViolation])

  public var description: String {
    switch self {
    case .unknownFood(let food, let recipe): "recipe '\(recipe)' uses unknown food '\(food)'"
    case .invalidRecipe(let recipe, let reason): "recipe '\(recipe)': \(reason)"
    case .duplicateIdentifier(let id): "'\(id)' is defined more than once"
    case .missingPrice(let food): "food '\(food)' has no price, so the plan cannot cost it"
    case .invalidProblem(let why): why
    case .solver(let error): error.description
    case .verificationFailed(let violations):
      "the solver's plan failed its check: " + violations.map(\.message).joined(separator: "; ")
    }
  }
}
