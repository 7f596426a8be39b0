import Foundation
import GLPKBackend
import MealOptimizer
import PlanDSL
import Testing

/// ``MealPlannerOptions/progress``: the meal-plan search reports its steps, plan and bound.
@Suite("Solve progress")
struct SolveProgressTests {
  /// Collects snapshots from the solving thread.
  final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [SolveProgress] = []
    func add(_ item: SolveProgress) { lock.withLock { items.append(item) } }
    var all: [SolveProgress] { lock.withLock { items } }
  }

  @Test("a week's search reports its first step first, and its last report has the plan's cost and bound")
  func weekReports() throws {
    let problem = try ReadmeExampleTests.mealProblem("week.plan", plan: "week")
    let collected = Collected()
    var options = MealPlannerOptions()
    options.progress = { collected.add($0) }
    let plan = try MealPlanner(options: options).solve(problem)
    let reports = collected.all
    let first = try #require(reports.first)
    #expect(first.step == .withoutBudget)
    #expect(first.innerStep == nil)
    #expect(first.bestCost == nil)
    let last = try #require(reports.last)
    let cost = try #require(last.bestCost)
    #expect(plan.report.bound == last.bound)
    // The plan's cost after the tie-break is within its tolerance of the
    // cheapest found; the plan's cost is rounded to the cent.
    let paid = try #require(plan.cost.map { NSDecimalNumber(decimal: $0).doubleValue })
    #expect(cost <= paid + 0.005 + 1e-9)
    #expect(reports.map(\.seconds) == reports.map(\.seconds).sorted())
    #expect(Set(reports.map(\.step)).contains(.tieBreak) == (problem.tieBreak != .none))
  }

  @Test("the gap is relative to the objective, and unknown without both values")
  func gap() {
    #expect(SolveProgress(seconds: 1, step: .dive, bestCost: 50, bound: 40).gap == 0.2)
    #expect(SolveProgress(seconds: 1, step: .dive, bestCost: 50).gap == nil)
    #expect(SolveProgress(seconds: 1, step: .dive, bound: 40).gap == nil)
  }
}
