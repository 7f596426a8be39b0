import Foundation
import Testing

/// `planner solve` on a plan that cannot be met, `--explain`, and the check
/// warning for recipes left out by a missing diet tag.
@Suite("planner solve explains")
struct ExplainCommandTests {
  /// The README's block for `Examples/infeasible.plan`, without its `$` line.
  static func readmeOutput() throws -> String {
    let readme = try String(
      contentsOf: PlannerProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "$ planner solve Examples/infeasible.plan\n"))
    let rest = readme[start.upperBound...]
    let end = try #require(rest.range(of: "```"))
    return String(rest[..<end.lowerBound])
  }

  @Test("the infeasible example prints what the README shows and exits 1")
  func infeasibleExample() throws {
    let result = try PlannerProcess.run(["solve", "Examples/infeasible.plan"])
    #expect(result.status == 1, "stderr: \(result.stderr)")
    #expect(result.stdout == (try Self.readmeOutput()))
    #expect(result.stderr.isEmpty)
  }

  @Test("the infeasible example's JSON names both lines with line, column and relaxation")
  func infeasibleJSON() throws {
    let result = try PlannerProcess.run(["solve", "Examples/infeasible.plan", "--format", "json"])
    #expect(result.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let explanation = try #require(object["explanation"] as? [String: Any])
    let conflicts = try #require(explanation["conflicts"] as? [[String: Any]])
    #expect(conflicts.map { $0["kind"] as? String } == ["goal", "budget"])
    #expect(conflicts.map { $0["line"] as? Int } == [10, 17])
    #expect(conflicts.map { $0["column"] as? Int } == [3, 3])
    #expect(conflicts.allSatisfy { ($0["relaxation"] as? Double ?? 0) > 0 })
  }

  @Test("--explain on a plan in grams gives marginal costs from the duals and entering prices")
  func explainFlag() throws {
    let plan = """
      food beans "Beans" {
        per 100 g { energy 340 kcal; protein 20 g }
        price 1 USD per 500 g
      }
      food rice "Rice" {
        per 100 g { energy 360 kcal; protein 7 g }
        price 1 USD per 1 kg
      }
      goal g {
        protein >= 150 g per day
        energy <= 5000 kcal per day
      }
      plan p {
        days 1
        goal g
        minimize cost eaten
      }

      """
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "explain-\(UUID().uuidString).plan")
    try Data(plan.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let result = try PlannerProcess.run(["solve", url.path, "--explain"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    // Beans give 20 g protein for 0.20 USD: each gram costs 0.01 USD.
    #expect(
      result.stdout.contains(
        "protein at least 150 g a day (\(url.lastPathComponent):10:3): each extra 1 g a day on the protein minimum adds 0.01 USD\n"
      ))
    #expect(
      result.stdout.contains("energy at most 5000 kcal a day (\(url.lastPathComponent):11:3): not binding\n"))
    // Rice gives 70 g protein per USD against beans' 100 g: it enters at 0.70 USD per kg.
    #expect(result.stdout.contains("rice would be used at 0.70 USD per kg or less (now 1.00 USD)\n"))
  }

  @Test("planner check warns when diet leaves out a recipe only because a food has no tag")
  func untaggedFoodWarning() throws {
    let plan = """
      food beans "Beans" {
        per 100 g { energy 340 kcal; protein 20 g }
        price 1 USD per 500 g
        tags vegan, vegetarian
      }
      food salsa "Salsa" {
        per 100 g { energy 29 kcal }
        price 2.49 USD per 1 lb
      }
      recipe tacos {
        serves 2; meal dinner
        200 g beans
        60 g salsa
      }
      plan p {
        days 7
        meals dinner
        diet vegetarian
      }

      """
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("salsa-\(UUID().uuidString).plan")
    try Data(plan.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let check = try PlannerProcess.run(["check", url.path])
    #expect(check.status == 0)
    #expect(
      check.stderr.hasPrefix(
        "\(url.path):18:8: warning: 'diet vegetarian' leaves out recipe 'tacos' only because food 'salsa' has no"
          + " vegetarian tag\n"), "\(check.stderr)")
    #expect(check.stderr.contains("  hint: add `tags vegetarian` to food 'salsa' if it is\n"))
    let recipes = try PlannerProcess.run(["recipes", url.path, "--format", "json"])
    #expect(
      recipes.stdout.contains(
        "\"message\" : \"not vegetarian: 'salsa' has no vegetarian tag; add `tags vegetarian` to the food if it is\""
      ))
    let card = try PlannerProcess.run(["recipe", url.path, "tacos"])
    #expect(
      card.stdout.contains(
        "  not vegetarian: 'salsa' has no vegetarian tag; add `tags vegetarian` to the food if it is\n"))
  }
}
