import Foundation
import GLPKBackend
import MealOptimizer
import PlanDSL
import Testing

/// README's "From Swift" example, run as written on the bundled examples.
@Suite("README's From Swift example")
struct ReadmeExampleTests {
  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")

  /// The meal plan named `name` in an example file.
  static func mealProblem(
    _ file: String, plan name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> MealPlanProblem {
    let program = try PlanLoader().load(path: examples.appendingPathComponent(file).path)
    let spec = try #require(program.plan(named: name), sourceLocation: sourceLocation)
    let problem: MealPlanProblem? =
      if case .meals(let meals) = program.problem(for: spec) { meals } else { nil }
    return try #require(problem, "\(name) is not a meal plan", sourceLocation: sourceLocation)
  }

  /// The example's body: the status of the first plan of a file, solved as the kind it is.
  func firstPlanStatus(_ file: String) async throws -> (PlanKind, PlanStatus) {
    let program = try PlanLoader().load(path: Self.examples.appendingPathComponent(file).path)
    let spec = program.plans[0]
    switch program.problem(for: spec) {
    case .foods(let problem):
      let plan = try await DietPlanner().plan(problem)
      return (.foods, plan.status)
    case .meals(let problem):
      let plan = try await MealPlanner().plan(problem)
      return (.meals, plan.status)
    }
  }

  @Test("the first plan of the food example solves as a food-level plan")
  func foodExample() async throws {
    let (kind, status) = try await firstPlanStatus("foods.plan")
    #expect(kind == .foods && status == .optimal)
  }

  @Test("the first plan of the week example is a meal plan, never a food-level one")
  func weekExampleIsMeals() throws {
    let program = try PlanLoader().load(path: Self.examples.appendingPathComponent("week.plan").path)
    let spec = program.plans[0]
    #expect(program.problem(for: spec).kind == .meals)
    #expect(throws: PlanKindError.self) { try program.dietProblem(for: spec) }
  }
}
