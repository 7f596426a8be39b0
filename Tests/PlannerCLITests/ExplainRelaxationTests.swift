import Foundation
import MealOptimizer
import Testing

@testable import PlannerCommandLine

/// `planner solve` on an infeasible week prints the smallest change; on a
/// household with `--explain` it says what `--explain` covers.
@Suite("planner solve: the smallest change and households")
struct ExplainRelaxationTests {
  @Test("an infeasible week's text and JSON give the smallest change with its places")
  func mealRelaxation() throws {
    // Two steaks a day (80 g, 70.00 USD a week) or steak and rice (45 g, 38.50 USD)
    // or beans twice (20 g, 14.00 USD): against 60 g on 30.00 USD a week, the
    // least weighted change is steak and rice: the budget +8.50 (8.50/30)
    // and protein −15 g (15/60), 0.53 in all; beans twice is 40/60 = 0.67.
    let (text, path) = try ExplainMealPlanTests.run(ExplainMealPlanTests.plan(), [])
    #expect(text.status == 1)
    #expect(
      text.stdout.contains(
        "  - all of these together give a plan (verified: planner solved the changed plan; proven the smallest"
          + " weighted change, docs/solver.md): raise the budget to 38.50 USD a week (\(path):36:3); lower the"
          + " protein goal to at least 45 g a day (\(path):29:3)\n"))
    let (json, _) = try ExplainMealPlanTests.run(ExplainMealPlanTests.plan(), ["--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let explanation = try #require(object["explanation"] as? [String: Any])
    #expect(explanation["relaxation_proven"] as? Bool == true)
    let relaxation = try #require(explanation["relaxation"] as? [[String: Any]])
    #expect(relaxation.map { $0["kind"] as? String } == ["budget", "goal"])
    #expect(relaxation.map { $0["line"] as? Int } == [36, 29])
    #expect(relaxation.map { $0["reachable"] as? Double } == [38.5, 45])
    #expect(relaxation.map { $0["relaxation"] as? Double } == [8.5, 15])
    // The changes, each verified: one line at a time first, then the smallest weighted change.
    let changes = try #require(explanation["changes"] as? [[String: Any]])
    #expect(changes.map { $0["claim"] as? String } == ["verified", "verified", "verified"])
    #expect(changes.map { $0["smallest"] as? String } == [nil, nil, "proven"])
    #expect(
      changes.map { ($0["moves"] as? [[String: Any]])?.compactMap { $0["reachable"] as? Double } } == [
        [70], [20], [38.5, 45],
      ])
    #expect(
      explanation["background"] as? [String] == [
        "the recipes and their portions", "the 7 days of 2 meals", "the stores with their packages and trips",
      ])
    let without = try #require(explanation["without_budgets"] as? [String: Any])
    #expect(without["found"] as? Double == 70)
    #expect(without["currency"] as? String == "USD")
  }

  @Test("--explain on a household plan gives each member's goal and the budget a figure, in text and JSON")
  func householdCosts() throws {
    let plan = HouseholdExplanationKitchen.text.replacingOccurrences(
      of: "budget 2 USD per day", with: "budget 20 USD per day")
    let (text, path) = try ExplainMealPlanTests.run(plan, ["--explain"])
    #expect(text.status == 0)
    #expect(
      text.stdout.contains(
        "Kim's energy at most 2000 kcal a day (\(path):11:14): not binding: raising Kim's energy maximum to"
          + " 2200 kcal a day changes nothing"))
    let (json, _) = try ExplainMealPlanTests.run(plan, ["--explain", "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let explanation = try #require(object["explanation"] as? [String: Any])
    let costs = try #require(explanation["marginal_costs"] as? [[String: Any]])
    #expect(
      costs.compactMap { ($0["line"] as? [String: Any])?["subject"] as? String } == [
        "cost", "Ana's energy", "Ana's protein", "Kim's energy",
      ])
    #expect(costs.map { $0["method"] as? String } == ["resolve", "resolve", "resolve", "resolve"])
  }

  @Test("an infeasible household names the member's goal and the budget with their places")
  func householdConflict() throws {
    let (text, path) = try ExplainMealPlanTests.run(HouseholdExplanationKitchen.text, [])
    #expect(text.status == 1)
    #expect(
      text.stdout.contains(
        "these lines cannot all hold together, even with every other goal and rule left out (proven minimal:"
          + " without any one of them the rest can hold; the plan may have other conflicts too): budget 2.00 USD"
          + " per day (\(path):20:3), Ana's protein at least 80 g a day (\(path):9:3)"))
  }
}

/// A household of two on two days whose budget cannot pay for Ana's protein
/// (the same as PlanSolvingTests' HouseholdExplanationTests).
enum HouseholdExplanationKitchen {
  /// The household of PlanSolvingTests' HouseholdExplanationTests, from its fixture.
  static let text = try! String(
    contentsOf: PlannerProcess.packageRoot.appendingPathComponent(
      "Tests/PlanSolvingTests/Fixtures/household-two-days.plan"),
    encoding: .utf8)
}
