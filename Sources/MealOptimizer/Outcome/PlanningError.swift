import Foundation

/// Why ``Planner`` returned no plan.
///
/// A plan that is infeasible, unbounded, or not found before a time limit is
/// not an error: it is a plan with that ``PlanStatus`` and an explanation in
/// its ``SolveReport``. These cases are mistakes in the problem, a solver
/// that could not run, a plan that failed its independent check, or a
/// stopped solve that had no plan to return. A stopped meal-plan search is
/// not an error: it returns its best plan with termination
/// ``TerminationStatus/cancelled`` (``RunningSolve``).
///
/// ```swift
/// do {
///   let plan = try await Planner().plan(.foods(problem))
/// } catch .invalidProblem(let issues) {
///   for issue in issues { print(issue) }     // unknown nutrient 'protien'; did you mean 'protein'?
/// } catch .cancelled {
///   // stopped inside one branch-and-cut call, which keeps no plan
/// } catch {
///   print(error.localizedDescription)
/// }
/// ```
public enum PlanningError: Error, Sendable, Hashable {
  /// Every mistake found in the problem, in the order found.
  case invalidProblem([PlanIssue])
  /// The solver rejected the model or failed (never for cancellation: see ``cancelled``).
  case solver(SolverError)
  /// The solver's plan broke a goal or rule when re-checked from the foods
  /// and recipes: an internal error, never a plan to show.
  case verificationFailed([PlanViolation])
  /// The solve was stopped (``RunningSolve/stop()``, or its task or thread
  /// cancelled) where it had no plan to return: inside a food plan's one
  /// branch-and-cut call (``Planner/plan(_:)``), or while
  /// `MealPlanner/explainCosts(_:)` or `DietExplainer` explained. The
  /// planners' searches never throw it: stopped, they return their best plan.
  case cancelled
}

extension PlanningError {
  /// A problem with one issue: a recipe that names a food the problem does not have.
  package static func unknownFood(food: String, recipe: String) -> PlanningError {
    .invalidProblem([.unknownFood(food, usedBy: "recipe '\(recipe)'")])
  }

  /// A problem with one issue: a malformed recipe.
  package static func invalidRecipe(recipe: String, reason: String) -> PlanningError {
    .invalidProblem([.invalidRecipe(recipe: recipe, reason: reason)])
  }

  /// A problem with one issue: two foods or recipes share an identifier.
  package static func duplicateIdentifier(_ id: String) -> PlanningError {
    .invalidProblem([.duplicateIdentifier(id)])
  }

  /// A problem with one issue: a food used by the plan has no offer.
  package static func missingPrice(food: String) -> PlanningError {
    .invalidProblem([.missingPrice(food: food)])
  }

  /// A problem with one issue, in words.
  package static func invalidProblem(_ why: String) -> PlanningError {
    .invalidProblem([.invalid(why)])
  }

  /// The error for a solver error: ``cancelled`` for
  /// ``SolverError/cancelled``, ``solver(_:)`` otherwise.
  package init(_ error: SolverError) {
    self = error == .cancelled ? .cancelled : .solver(error)
  }
}

extension PlanningError: CustomStringConvertible, LocalizedError {
  /// The error in words: `invalid problem: unknown nutrient 'protien'; did you mean 'protein'?`.
  public var description: String {
    switch self {
    case .invalidProblem(let issues):
      issues.count == 1 ? issues[0].description : issues.map(\.description).joined(separator: "; ")
    case .solver(let error): error.description
    case .verificationFailed(let violations):
      "the solver's plan failed its independent check: " + violations.map(\.message).joined(separator: "; ")
    case .cancelled: "the solve was cancelled"
    }
  }

  /// The same text as ``description``, for `localizedDescription`.
  public var errorDescription: String? { description }
}

/// The former name of ``PlanningError``.
@available(*, deprecated, renamed: "PlanningError", message: "MealPlanError is PlanningError; use that name")
public typealias MealPlanError = PlanningError
