import Foundation
import GLPKBackend
import MealOptimizer
import PlanDSL
import Testing

/// Issue 13's 200-food week (Fixtures/golden/family-200.plan) solved as one
/// day and repeated, against the whole model of 7 days.
@Suite("The benchmark week solved as one day")
struct IdenticalDaysFamilyTests {
  static let optimum = 17.54349057

  static func problem() throws -> DietProblem {
    let path = GoldenPlanTests.directory.appendingPathComponent("family-200.plan").path
    let program = try PlanLoader().load(path: path)
    return try program.dietProblem(for: try #require(program.plan(named: "week")))
  }

  @Test(
    "both paths reach 17.54349057; the one-day path eats the same each day, within each food's weekly 700 g")
  func sameOptimum() throws {
    let problem = try Self.problem()
    #expect(problem.days == 7)
    var planner = DietPlanner()
    let aggregated = try planner.solve(problem)
    planner.aggregatesIdenticalDays = false
    let whole = try planner.solve(problem)
    #expect(aggregated.status == .optimal)
    #expect(whole.status == .optimal)
    let one = try #require(aggregated.objectiveValue)
    let all = try #require(whole.objectiveValue)
    #expect(abs(one - Self.optimum) <= 1e-8, "one day: \(one)")
    #expect(abs(all - Self.optimum) <= 1e-8, "whole model: \(all)")
    #expect(abs(one - all) <= 1e-9 * Self.optimum, "one day \(one), whole model \(all)")
    #expect(abs((aggregated.exactCost ?? 0) - Self.optimum) <= 1e-8)
    #expect(aggregated.days.count == 7)
    let first = aggregated.days[0].foods.map { "\($0.food) \($0.grams)" }
    for day in aggregated.days.dropFirst() {
      #expect(day.foods.map { "\($0.food) \($0.grams)" } == first, "day \(day.day)")
    }
    // Each food eaten at most 100 g a day: its 700 g a week shared over 7 days.
    let most = aggregated.foodTotals.map(\.grams).max() ?? 0
    #expect(most <= 700 + 1e-6 && most >= 700 - 1e-6, "the most of one food: \(most) g")
  }

  @Test("each daily goal has a marginal cost, the same on every day")
  func marginalCosts() throws {
    let problem = try Self.problem()
    let plan = try DietPlanner().solve(problem)
    let first = plan.days[0].goals.map { $0.marginalCost }
    #expect(first.allSatisfy { $0 != nil })
    for day in plan.days {
      #expect(day.goals.map { $0.marginalCost } == first)
    }
  }
}
