import Foundation
import MealOptimizer
import Testing

@testable import PlannerCommandLine

/// `planner solve` explaining a week of meals: the lines that conflict, and
/// with `--explain` what each bound costs.
@Suite("planner solve explains meal plans")
struct ExplainMealPlanTests {
  /// Rice, beans and steak for lunch and dinner; 60 g of protein a day takes
  /// two steaks a day (70.00 USD a week), above a budget of 30.00 USD.
  static func plan(protein: Int = 60, budget: Int = 30, rules: String = "") -> String {
    """
    food rice "Rice" {
      per 100 g { energy 200 kcal; protein 5 g; sodium 10 mg }
      price 0.5 USD per 100 g
      tags gluten-free
    }
    food beans "Beans" {
      per 100 g { energy 150 kcal; protein 10 g; sodium 10 mg }
      price 1 USD per 100 g
      tags gluten-free
    }
    food steak "Steak" {
      per 100 g { energy 300 kcal; protein 40 g; sodium 60 mg }
      price 5 USD per 100 g
      tags gluten-free
    }
    recipe rice_bowl "Rice bowl" {
      serves 1; meal lunch, dinner
      100 g rice
    }
    recipe bean_bowl "Bean bowl" {
      serves 1; meal lunch, dinner
      100 g beans
    }
    recipe steak_plate "Steak plate" {
      serves 1; meal lunch, dinner
      100 g steak
    }
    goal strong {
      protein >= \(protein) g per day
      energy <= 5000 kcal per day
    }
    plan week {
      days 7
      meals lunch, dinner
      goal strong
      budget \(budget) USD per week
      diet gluten-free
      tie-break none
    \(rules)}

    """
  }

  static func run(_ text: String, _ arguments: [String]) throws -> (PlannerProcess.Result, String) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("meals-\(UUID().uuidString).plan")
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    // Explanations name the plan's lines relative to its folder: the file's name alone.
    return (try PlannerProcess.run(["solve", url.path] + arguments), url.lastPathComponent)
  }

  @Test("an infeasible week's JSON names the budget and the protein goal with line and column")
  func conflictsJSON() throws {
    let (result, _) = try Self.run(Self.plan(), ["--format", "json"])
    #expect(result.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let explanation = try #require(object["explanation"] as? [String: Any])
    #expect(explanation["conflicts_proven"] as? Bool == true)
    let conflicts = try #require(explanation["conflicts"] as? [[String: Any]])
    #expect(conflicts.map { $0["kind"] as? String } == ["budget", "goal"])
    #expect(conflicts.map { $0["line"] as? Int } == [36, 29])
    #expect(conflicts.map { $0["column"] as? Int } == [3, 3])
    #expect(conflicts.map { $0["relaxation"] as? Double } == [40, 40])
    #expect(result.stderr.isEmpty)
  }

  @Test("locks written in the plan are named with their places when they are part of the conflict")
  func locksInConflict() throws {
    let rules = "  lock day 2 lunch rice_bowl\n  lock day 2 dinner rice_bowl\n"
    let (result, path) = try Self.run(Self.plan(protein: 45, budget: 1000, rules: rules), [])
    #expect(result.status == 1)
    // Day 2 is two rice bowls: 10 g of protein.
    #expect(
      result.stdout.contains(
        "  - these lines cannot all hold together, even with every other goal and rule left out (proven"
          + " minimal: without any one of them the rest can hold; the plan may have other conflicts too): protein"
          + " at least 45 g a day (\(path):29:3), lock day 2 lunch rice_bowl (\(path):39:3), lock day 2 dinner"
          + " rice_bowl (\(path):40:3)\n"
      ))
    // Each of the three lines alone is a way out, each confirmed by solving the
    // changed week; the goal's is also the smallest weighted change.
    #expect(
      result.stdout.contains(
        "  - each of these changes alone gives a plan (each verified: planner solved the changed plan): lower the"
          + " protein goal to at least 10 g a day (\(path):29:3) (proven the smallest weighted change); or leave"
          + " out lock day 2 lunch rice_bowl"
          + " (\(path):39:3); or leave out lock day 2 dinner rice_bowl (\(path):40:3)\n"
      ))
  }

  @Test("--explain on a week of meals gives each bound's cost from a re-solve, text and JSON")
  func explainCosts() throws {
    let text = Self.plan(protein: 45, budget: 50)
    let (result, path) = try Self.run(text, ["--explain"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(
      result.stdout.contains(
        "  protein at least 45 g a day (\(path):29:3): raising the protein minimum to 47 g a day adds 3.50 USD a week"
      ))
    #expect(result.stdout.contains("  budget 50.00 USD per week (\(path):36:3): not binding"))
    let (json, _) = try Self.run(text, ["--explain", "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let explanation = try #require(object["explanation"] as? [String: Any])
    let costs = try #require(explanation["marginal_costs"] as? [[String: Any]])
    #expect(costs.map { $0["method"] as? String } == ["resolve", "resolve", "resolve"])
    #expect(costs.map { $0["binding"] as? Bool } == [false, true, false])
    #expect(costs.map { $0["change"] as? Double } == [0, 3.5, 0])
    #expect(costs.map { $0["step"] as? Double } == [5, 2, 500])
  }

  @Test("the progress line says which phase of an explanation runs")
  func progressText() {
    #expect(
      ProgressLine.text(
        name: "week", seconds: 3.24,
        ExplanationProgress(seconds: 3.2, phase: .deletionFilter, done: 4, total: 12))
        == "explaining week: deletion filter 4/12 lines, 3.2 s")
    #expect(
      ProgressLine.text(
        name: "week", seconds: 12, ExplanationProgress(seconds: 12, phase: .marginalCosts, done: 3, total: 8))
        == "explaining week: marginal costs 3/8 bounds, 12.0 s")
  }

  @Test("an explanation's snapshot replaces the solve's on the line, after the first second")
  func progressUpdates() {
    let harness = ProgressLineTests.Harness()
    let line = ProgressLine(
      name: "week", currency: "USD", phase: "glpk", now: { harness.time },
      write: { harness.written.append($0) })
    line.update(ExplanationProgress(seconds: 0, phase: .deletionFilter, done: 0, total: 5))
    harness.time = 101.5
    line.update(ExplanationProgress(seconds: 1.5, phase: .deletionFilter, done: 2, total: 5))
    harness.time = 102
    line.update(ExplanationProgress(seconds: 2, phase: .relaxation, done: 0, total: 2))
    line.finish()
    #expect(
      harness.written == [
        ProgressLineTests.erase + "explaining week: deletion filter 2/5 lines, 1.5 s",
        ProgressLineTests.erase + "explaining week: relaxation 0/2 lines, 2.0 s",
        ProgressLineTests.erase,
      ])
  }
}
