import Foundation
import Testing

/// Issue 13's benchmark family (Benchmarks/family): the generated plan of 200
/// USDA SR28 foods x 7 days, solved by `planner solve` as a user runs it.
@Suite("planner solve on the benchmark family")
struct BenchmarkFamilyTests {
  static let plan = "Tests/PlanSolvingTests/Fixtures/golden/family-200.plan"

  @Test("200 foods x 7 days: the optimum is 17.54349057 USD, as GLPK, HiGHS and CBC find it")
  func twoHundredFoods() throws {
    let text = try PlannerProcess.run(["solve", Self.plan])
    #expect(text.status == 0, "stderr: \(text.stderr)")
    #expect(
      text.stdout.hasPrefix("Plan 'week' (The cheapest week): optimal, 7 days, 17.54 USD\n"),
      "stdout: \(text.stdout.prefix(200))")
    let json = try PlannerProcess.run(["solve", Self.plan, "--format", "json"])
    #expect(json.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["status"] as? String == "optimal")
    let objective = try #require(object["objective_value"] as? Double)
    #expect(abs(objective - 17.54349057) <= 1e-8, "objective \(objective)")
  }

  @Test("--full-model solves every day's variables and finds the same optimum as the one-day model")
  func fullModel() throws {
    let json = try PlannerProcess.run(["solve", Self.plan, "--full-model", "--format", "json"])
    #expect(json.status == 0, "stderr: \(json.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["status"] as? String == "optimal")
    let objective = try #require(object["objective_value"] as? Double)
    #expect(abs(objective - 17.54349057) <= 1e-8, "objective \(objective)")
    let text = try PlannerProcess.run(["solve", Self.plan, "--full-model"])
    #expect(text.stdout.hasPrefix("Plan 'week' (The cheapest week): optimal, 7 days, 17.54 USD\n"))
  }
}
