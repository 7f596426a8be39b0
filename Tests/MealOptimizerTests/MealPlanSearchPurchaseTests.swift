import Foundation
import GLPKBackend
import MealOptimizer
import Testing

/// The meal-plan search on models that buy whole packages, step by step,
/// against GLPK's own branch-and-bound proven at gap 0.
@Suite("Meal-plan search with purchases against the proven optimum", .serialized)
struct MealPlanSearchPurchaseTests {
  /// Two seeded days of the test kitchen, paid at the till, with a small pantry.
  static func problem(seed: UInt64) -> MealPlanProblem {
    var problem = MealPlanSearchTests.smallWeek(seed: seed)
    problem.purchasing = Purchasing(pantry: [PantryStock(food: "olive_oil", grams: 20)])
    return problem
  }

  @Test(
    "eaten_week and full_model (with cuts) give bounds at most and plans at least the optimum",
    arguments: MealPlanSearchTests.seeds)
  func stepsAreHonest(seed: UInt64) throws {
    let built = try MealPlanModelBuilder(problem: Self.problem(seed: seed)).build()
    #expect(!built.model.constraints(in: .purchases).isEmpty)
    let optimum = try MealPlanSearchTests.provenOptimum(built)
    let search = MealPlanSearchTests.search(built, gap: 1e-9)
    var root = MealPlanSearch.Progress()
    try search.perform(.relaxation, on: built.model, &root)
    var eaten = root
    try search.perform(.eatenWeek, on: built.model, &eaten)
    // The eaten week always has a plan here: every day can be filled.
    #expect(eaten.values != nil)
    MealPlanSearchTests.expectHonest(eaten, model: built.model, optimum: optimum, step: .eatenWeek)
    var full = eaten
    try search.perform(.fullModel, on: built.model, &full)
    MealPlanSearchTests.expectHonest(full, model: built.model, optimum: optimum, step: .fullModel)
    // At gap 1e-9 the last resort proves the optimum.
    #expect(abs(full.objective - optimum) < 1e-6)
    #expect(abs((full.bound ?? -.infinity) - optimum) < 1e-6)
  }

  @Test(
    "the whole search at gap 0 finds the proven optimum at the till", arguments: MealPlanSearchTests.seeds)
  func searchFindsTheOptimum(seed: UInt64) throws {
    let built = try MealPlanModelBuilder(problem: Self.problem(seed: seed)).build()
    let optimum = try MealPlanSearchTests.provenOptimum(built)
    let outcome = try MealPlanSearchTests.search(built, gap: 1e-9).solve(
      built, tieBreakTolerance: 0, tieBreakSeconds: 5
    ).get()
    #expect(abs(outcome.cost - optimum) < 1e-6)
    #expect(outcome.isProven)
  }
}
