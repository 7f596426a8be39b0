import Foundation
import MealOptimizer
import Testing

@testable import PlannerCommandLine

/// `planner solve` maps every outcome of both planners to one exit code.
@Suite("planner solve outcomes and exit codes")
struct SolveOutcomeTests {
  /// A food-level plan that branch-and-bound cannot finish in a fraction of a
  /// second: 41 foods of 2 g protein per serving, at most one serving each, in
  /// whole servings, and exactly 41 g protein a day (an odd number).
  static func parityPlan(foods count: Int = 41) -> String {
    var text = ""
    for index in 1...count {
      text += """
        food f\(index) "Food \(index)" {
          per 100 g { protein 2 g }
          measure serving = 100 g
          price \(100 + index) USD per 100 serving
        }

        """
    }
    text += "goal exact { protein \(count) g per day }\n"
    text += "plan parity {\n  days 1\n  goal exact\n  whole servings\n"
    for index in 1...count { text += "  limit f\(index) <= 100 g per day\n" }
    return text + "  minimize cost\n}\n"
  }

  /// Writes a plan to a fresh temporary file and returns its path.
  static func write(_ text: String) throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("planner-\(UUID().uuidString).plan")
    try Data(text.utf8).write(to: url)
    return url.path
  }

  @Test(
    "a whole-servings food plan stopped by a tiny time limit before any plan is unknown and exits 1, never 70"
  )
  func timeLimitWithoutPlan() throws {
    let path = try Self.write(Self.parityPlan())
    defer { try? FileManager.default.removeItem(atPath: path) }
    let text = try PlannerProcess.run(["solve", path, "--time-limit", "0.05"])
    #expect(text.status == 1, "stderr: \(text.stderr)")
    #expect(text.stdout.hasPrefix("Plan 'parity': unknown\n"), "stdout: \(text.stdout)")
    #expect(text.stderr.isEmpty)
    let json = try PlannerProcess.run(["solve", path, "--time-limit", "0.05", "--format", "json"])
    #expect(json.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["kind"] as? String == "foods")
    #expect(object["status"] as? String == "unknown")
    let report = try #require(object["report"] as? [String: Any])
    #expect(report["termination"] as? String == "time_limit")
  }

  @Test(
    "a meal plan stopped by a tiny time limit before any plan is unknown, exit 1, with the time limit as its reason"
  )
  func mealPlanTimeLimit() throws {
    let result = try PlannerProcess.run([
      "solve", "Examples/week.plan", "--plan", "week", "--time-limit", "0.001", "--format", "json",
    ])
    #expect(result.status == 1, "stderr: \(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["kind"] as? String == "meals")
    #expect(object["status"] as? String == "unknown")
    let report = try #require(object["report"] as? [String: Any])
    #expect(report["termination"] as? String == "time_limit")
  }

  @Test("a food plan's JSON carries its shopping list, in whole packages")
  func foodPlanGroceries() throws {
    let path = try Self.write(
      """
      food oats "Oats" {
        per 100 g { energy 380 kcal; protein 13 g }
        price 2 USD per 1000 g
      }
      goal daily { energy >= 2000 kcal }
      plan day { goal daily }
      """)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try PlannerProcess.run(["solve", path, "--format", "json"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["status"] as? String == "optimal")
    let groceries = try #require(object["groceries"] as? [String: Any])
    #expect((groceries["total"] as? NSNumber)?.doubleValue == 2)
  }

  @Test("a binding goal of a food plan in grams shows what one more unit costs")
  func marginalCostText() throws {
    let path = try Self.write(
      """
      food oats "Oats" {
        per 100 g { energy 380 kcal; protein 13 g }
        price 2 USD per 1000 g
      }
      goal daily { energy >= 2000 kcal; protein >= 10 g }
      plan day { goal daily; minimize cost eaten }
      """)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try PlannerProcess.run(["solve", path])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    // Oats cost 0.002 USD and give 3.8 kcal a gram: 1/1900 USD per kcal.
    #expect(
      result.stdout.contains("met, at the minimum (0.000526 USD per kcal)\n"), "stdout: \(result.stdout)")
    #expect(result.stdout.contains("  met\n"))
  }
}

/// Food plans get the same default time limit as meal plans (issue "Trust":
/// a 200-food whole-servings week once ran for 656 s without one).
@Suite("Default time limit")
struct DefaultTimeLimitTests {
  @Test("food plans and meal plans stop at 60 s by default, and solve --help says so")
  func bothKindsHaveALimit() {
    #expect(SolveCommand.defaultTimeLimit == 60)
    #expect(MealPlannerOptions().timeLimit == 60)
    let run = CapturedRun(["solve", "--help"])
    #expect(run.stdout.contains("(default: 60, for food plans and meal plans alike)"))
  }
}
