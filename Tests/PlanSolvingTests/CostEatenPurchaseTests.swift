import Foundation
import GLPKBackend
import MealOptimizer
import PlanDSL
import Testing

/// Examples/week.plan's `week` (the README's demo) minimises the food eaten;
/// its purchases are then solved for the least paid with its meals fixed.
@Suite("The demo week under minimize cost eaten buys only what its meals need")
struct CostEatenPurchaseTests {
  @Test("no package of a food the week does not eat, and the README's till total")
  func demoWeekBuysWhatItEats() throws {
    let problem = try ReadmeExampleTests.mealProblem("week.plan", plan: "week")
    let plan = try MealPlanner().solve(problem)
    #expect(plan.status == .optimal)
    #expect(plan.cost == Decimal(string: "19.76"))
    let groceries = try #require(plan.groceries)
    let unneeded = groceries.items.filter { $0.packages > 0 && ($0.gramsNeeded ?? 0) <= 0 }.map(\.food)
    #expect(unneeded.isEmpty)
    #expect(groceries.total == Decimal(string: "77.15"))
  }
}
