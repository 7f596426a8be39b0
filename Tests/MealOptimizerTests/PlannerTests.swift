import Foundation
import GLPKBackend
import MealOptimizer
import Testing

/// ``Planner``: one entry point for every kind of ``PlanProblem``, returning a
/// ``SolvedPlan`` of the same kind; a household through the same pipeline as
/// one person's week.
@Suite("One planner for every kind of plan", .serialized)
struct PlannerTests {
  static let options = MealPlannerOptions(timeLimit: 60, relativeGap: 0.01, tieBreakTimeLimit: 2)

  /// A household's week as callers write it: one problem type, with its household.
  static let week: MealPlanProblem = {
    var week = HouseholdPlannerTests.week(days: 2)
    week.household = HouseholdPlannerTests.family()
    return week
  }()
  /// The same week as the household search takes it.
  static let household = HouseholdProblem(meals: week, household: HouseholdPlannerTests.family())

  @Test("a week with a household comes back as a household plan, the one MealPlanner.solve gives")
  func householdThroughPlanner() async throws {
    let planner = Planner(solver: GLPKSolver(), options: Self.options)
    let solved = try await planner.plan(.meals(Self.week))
    let direct = try MealPlanner(solver: GLPKSolver(), options: Self.options).solve(Self.household)
    guard case .meals(let plan) = solved, plan.members != nil else {
      Issue.record("a \(solved.kind) plan for a household problem")
      return
    }
    #expect(solved.kind == .household)
    #expect(solved.hasPlan && solved.status == direct.status)
    #expect(solved.report.termination == direct.report.termination)
    #expect(solved.cost == direct.cost)
    #expect(plan.days == direct.days)
    #expect((plan.members ?? []).map(\.cost) == (direct.members ?? []).map(\.cost))
    #expect((plan.members ?? []).map(\.id) == ["ana", "ben", "cleo"])
  }

  @Test("start(_:) on a household reports progress and returns the plan")
  func householdStart() async throws {
    let running = Planner(solver: GLPKSolver(), options: Self.options).start(.meals(Self.week))
    var steps = 0
    for await _ in running.progress { steps += 1 }
    let plan = try await running.plan
    #expect(steps > 0)
    #expect(plan.kind == .household && plan.hasPlan)
  }

  @Test("a solved plan encodes as the plan it holds, and decodes as its kind")
  func solvedPlanJSON() throws {
    let plan = try MealPlanner(solver: GLPKSolver(), options: Self.options).solve(Self.household)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let wrapped = try encoder.encode(SolvedPlan.meals(plan))
    #expect(wrapped == (try encoder.encode(plan)))
    #expect(try JSONDecoder().decode(SolvedPlan.self, from: wrapped) == .meals(plan))
    #expect(SolvedPlan.meals(plan).kind == .household)
    let object = try #require(try JSONSerialization.jsonObject(with: wrapped) as? [String: Any])
    #expect(
      object["kind"] as? String == "household"
        && object["household"] as? String == Self.household.household.id)
    #expect(object["weeks"] == nil && (object["members"] as? [Any])?.count == 3)
    let day = try #require((object["days"] as? [[String: Any]])?.first)
    #expect(Set(day.keys) == ["day", "meals", "cost"])
    let empty = MealPlan(
      status: .infeasible, report: SolveReport(termination: .completed), currency: "USD", slots: [])
    let meals = try encoder.encode(SolvedPlan.meals(empty))
    #expect(try JSONDecoder().decode(SolvedPlan.self, from: meals) == .meals(empty))
  }

  @Test("a problem's model is its kind's: with a household, portions per member")
  func problemModel() throws {
    #expect(Self.household.problem == Self.week)
    #expect(Self.week.householdProblem == Self.household)
    #expect(Self.household.meals.household == nil)
    let model = try PlanProblem.meals(Self.week).model()
    #expect(model.name == "household_plan")
    #expect(model.variables.contains { $0.name == "serve[egg_toast,day1,breakfast,cleo]" })
    let week = try PlanProblem.meals(Self.household.meals).model()
    #expect(week.name == "meal_plan")
    #expect(!week.variables.contains { $0.name.hasSuffix(",cleo]") })
    #expect(PlanProblem.meals(Self.week).kind == .household)
    #expect(PlanProblem.meals(Self.household.meals).kind == .meals)
    #expect(PlanProblem.meals(Self.week).currency == "USD")
  }
}
