import Foundation
import GLPKBackend
import MealOptimizer
import PlanDSL
import Testing

/// Examples/solo-week.plan: one adult, four meals a day, portions 0.5 to 2,
/// repeat limits (issue 13, item 4). The day patterns bound and plan it.
@Suite("One adult's week with portions")
struct SoloWeekTests {
  @Test("the week is proven within 1%, its bound from the day patterns, its gap a true one")
  func provenWithinOnePercent() throws {
    let problem = try ReadmeExampleTests.mealProblem("solo-week.plan", plan: "solo_week")
    let collected = SolveProgressTests.Collected()
    var options = MealPlannerOptions()
    options.progress = { collected.add($0) }
    let plan = try MealPlanner(options: options).solve(problem)
    #expect(plan.status.hasPlan && plan.report.metGapTarget)
    let gap = try #require(plan.report.relativeGap)
    #expect(gap <= 0.01 + 1e-12)
    let bound = try #require(plan.report.bound)
    let cost = try #require(plan.cost.map { NSDecimalNumber(decimal: $0).doubleValue })
    #expect(bound <= cost + 0.005)
    #expect(collected.all.contains { $0.step == .dayPatterns })
    // Portions vary: some slot is served other than one whole serving.
    #expect(plan.days.flatMap(\.meals).contains { $0.servings != 1 })
  }
}
