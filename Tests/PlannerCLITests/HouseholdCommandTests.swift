import Foundation
import Testing

/// `planner solve` on a household plan, and `--readings` for its `adapt` blocks.
@Suite("planner solve for households and health adaptations", .serialized)
struct HouseholdCommandTests {
  static let plan = """
    food bread { per 100 g { energy 250 kcal; protein 9 g; sodium 500 mg }; price 1 USD per 1 kg }
    food beans { per 100 g { energy 340 kcal; protein 21 g; sodium 5 mg }; price 3 USD per 1 kg }
    food oats { per 100 g { energy 380 kcal; protein 13 g; sodium 5 mg }; price 2 USD per 1 kg }
    recipe toast "Toast" { serves 1; meal breakfast, lunch, dinner; 200 g bread }
    recipe bean_bowl "Bean bowl" { serves 1; meal breakfast, lunch, dinner; 150 g beans }
    recipe porridge "Porridge" { serves 1; meal breakfast; 100 g oats }
    goal adult { energy 1400...2600 kcal per day; protein >= 50 g per day; sodium <= 2300 mg per day }
    rules bp { window 2 days; alert bp_high "Your blood pressure is up" when systolic.today >= systolic.yesterday * 110% }
    household pair "Ana and Kim" {
      member ana "Ana" { goal adult }
      member kim "Kim" {
        profile { age 8; sex male; height 128 cm; weight 25.6 kg; activity active }
        skip lunch on days 1...1
      }
    }
    plan two_days {
      days 2; meals breakfast, lunch, dinner
      household pair
      portions 0.5...2 step 0.5
      tie-break none
      minimize cost eaten
    }
    adapt two_days when bp.bp_high for ana { sodium <= 1500 mg per day }
    """

  /// Writes a file with the given text and suffix in a fresh temporary place.
  static func write(_ text: String, suffix: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "household-\(UUID().uuidString)\(suffix)")
    try Data(text.utf8).write(to: url)
    return url.path
  }

  static let jump = "date,systolic,diastolic\n2026-11-28,120,80\n2026-11-29,132,84\n"
  static let steady = "date,systolic,diastolic\n2026-11-28,120,80\n2026-11-29,121,80\n"

  static func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test("text output shows the table, each member's portions and goals, and a skipped lunch as '-'")
  func text() throws {
    let path = try Self.write(Self.plan, suffix: ".plan")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try PlannerProcess.run(["solve", path])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let lines = result.stdout.components(separatedBy: "\n")
    #expect(
      lines[0].hasPrefix("Plan 'two_days' for household 'pair' (Ana and Kim): optimal, 2 days, 2 members, "))
    #expect(
      lines.contains("Ana (ana): " + (lines.first { $0.hasPrefix("Ana (ana): ") }?.dropFirst(11) ?? "")))
    let kim = try #require(lines.firstIndex { $0.hasPrefix("Kim (kim): ") })
    #expect(lines[kim].contains("profile male, 8 y, 128 cm, 25.6 kg, active"))
    #expect(lines[kim + 1] == "  goals: energy 1,738...2,124 kcal a day, protein >= 24 g a day")
    #expect(lines[kim + 2].contains("Day 1") && lines[kim + 2].contains("lunch -"))
    #expect(!lines[kim + 3].contains("lunch -"))
    #expect(result.stderr.isEmpty)
  }

  @Test("JSON has kind household, the table's portions per member, and each member's week")
  func json() throws {
    let path = try Self.write(Self.plan, suffix: ".plan")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try PlannerProcess.run(["solve", path, "--format", "json"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let object = try Self.json(result.stdout)
    #expect(object["kind"] as? String == "household")
    #expect(object["status"] as? String == "optimal")
    #expect(object["household"] as? String == "pair")
    let days = try #require(object["days"] as? [[String: Any]])
    let day1 = try #require(days.first?["meals"] as? [[String: Any]])
    let lunch = try #require(day1.first { $0["meal"] as? String == "lunch" })
    let portions = try #require(lunch["portions"] as? [[String: Any]])
    #expect(portions.map { $0["member"] as? String } == ["ana"])
    let members = try #require(object["members"] as? [[String: Any]])
    #expect(members.map { $0["id"] as? String } == ["ana", "kim"])
    let kimDays = try #require(members[1]["days"] as? [[String: Any]])
    let kimDay1 = try #require(kimDays.first?["meals"] as? [[String: Any]])
    #expect(kimDay1.map { $0["meal"] as? String } == ["breakfast", "dinner"])
    #expect(object["adaptations"] == nil)
  }

  @Test("Markdown has a section per member")
  func markdown() throws {
    let path = try Self.write(Self.plan, suffix: ".plan")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try PlannerProcess.run(["solve", path, "--format", "markdown"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(
      result.stdout.hasPrefix("# Plan 'two_days' for household 'pair' (Ana and Kim)\n\nStatus: **optimal**"))
    #expect(
      result.stdout.contains("\n## Ana\n\nGoals: energy 1,400...2,600 kcal a day, protein >= 50 g a day"))
    #expect(
      result.stdout.contains("\n## Kim\n\nGoals: energy 1,738...2,124 kcal a day, protein >= 24 g a day"))
  }

  @Test("readings with a blood-pressure jump tighten Ana's sodium and say why; steady ones change nothing")
  func readings() throws {
    let path = try Self.write(Self.plan, suffix: ".plan")
    let jump = try Self.write(Self.jump, suffix: ".csv")
    let steady = try Self.write(Self.steady, suffix: ".csv")
    defer { for file in [path, jump, steady] { try? FileManager.default.removeItem(atPath: file) } }
    let adapted = try PlannerProcess.run(["solve", path, "--readings", jump])
    #expect(adapted.status == 0, "stderr: \(adapted.stderr)")
    #expect(
      adapted.stdout.hasPrefix(
        "Adapted: ana: sodium cap 1500 mg a day because bp_high fired on 2026-11-29:"
          + " systolic.today (132 mmHg) >= systolic.yesterday (120 mmHg) * 110%\n"))
    let json = try Self.json(
      try PlannerProcess.run(["solve", path, "--readings", "ana=" + jump, "--format", "json"]).stdout)
    let adaptations = try #require(json["adaptations"] as? [[String: Any]])
    #expect(adaptations.map { $0["state"] as? String } == ["applied"])
    #expect(adaptations.first?["member"] as? String == "ana")
    let members = try #require(json["members"] as? [[String: Any]])
    let anaDays = try #require(members.first?["days"] as? [[String: Any]])
    for day in anaDays {
      let nutrients = try #require(day["nutrients"] as? [String: Double])
      #expect(try #require(nutrients["sodium"]) <= 1500 + 1e-6)
    }
    let plain = try PlannerProcess.run(["solve", path])
    let unchanged = try PlannerProcess.run(["solve", path, "--readings", steady, "--as-of", "2026-11-29"])
    #expect(unchanged.status == 0)
    #expect(
      unchanged.stdout == "Adapted: ana: no change: bp_high did not fire on 2026-11-29\n" + plain.stdout)
  }

  @Test("a food-level plan follows the verdict too: the sodium cap is applied, checked and said")
  func foodPlanReadings() throws {
    let plan = """
      food bread { per 100 g { energy 250 kcal; protein 9 g; sodium 500 mg }; price 1 USD per 1 kg }
      food beans { per 100 g { energy 340 kcal; protein 21 g; sodium 5 mg }; price 3 USD per 1 kg }
      goal g { energy 2000...2400 kcal per day; protein >= 50 g per day; sodium <= 2300 mg per day }
      rules bp { window 2 days; alert bp_high "Your blood pressure is up" when systolic.today >= systolic.yesterday * 110% }
      plan p { days 1; goal g; minimize cost eaten }
      adapt p when bp.bp_high { sodium <= 1500 mg per day }
      """
    let path = try Self.write(plan, suffix: ".plan")
    let jump = try Self.write(Self.jump, suffix: ".csv")
    defer { for file in [path, jump] { try? FileManager.default.removeItem(atPath: file) } }
    let adapted = try PlannerProcess.run(["solve", path, "--readings", jump])
    #expect(adapted.status == 0, "stderr: \(adapted.stderr)")
    #expect(
      adapted.stdout.hasPrefix(
        "Adapted: sodium cap 1500 mg a day because bp_high fired on 2026-11-29:"
          + " systolic.today (132 mmHg) >= systolic.yesterday (120 mmHg) * 110%\n"))
    let json = try Self.json(
      try PlannerProcess.run(["solve", path, "--readings", jump, "--format", "json"]).stdout)
    let adaptations = try #require(json["adaptations"] as? [[String: Any]])
    #expect(adaptations.map { $0["state"] as? String } == ["applied"])
    let days = try #require(json["days"] as? [[String: Any]])
    let goals = try #require(days.first?["goals"] as? [[String: Any]])
    let sodium = try #require(goals.first { $0["nutrient"] as? String == "sodium" })
    #expect(sodium["maximum"] as? Double == 1500)
    #expect(try #require(sodium["total"] as? Double) <= 1500 + 1e-6)
    // Without readings the old cap binds: 2,300 mg.
    let plain = try Self.json(try PlannerProcess.run(["solve", path, "--format", "json"]).stdout)
    let plainGoals = try #require((plain["days"] as? [[String: Any]])?.first?["goals"] as? [[String: Any]])
    let plainSodium = try #require(plainGoals.first { $0["nutrient"] as? String == "sodium" })
    #expect(plainSodium["maximum"] as? Double == 2300)
    #expect(plain["adaptations"] == nil)
  }

  @Test(
    "command-line mistakes with readings are usage errors",
    arguments: [
      (["--as-of", "2026-11-29"], "planner: error: '--as-of' needs '--readings FILE'"),
      (
        ["--readings", "R", "--as-of", "yesterday"],
        "planner: error: '--as-of' takes a date such as 2026-11-29, not 'yesterday'"
      ),
      (
        ["--readings", "R", "--readings", "R"], "planner: error: '--readings' without a member is given twice"
      ),
    ])
  func usage(_ arguments: [String], _ message: String) throws {
    let path = try Self.write(Self.plan, suffix: ".plan")
    let readings = try Self.write(Self.steady, suffix: ".csv")
    defer { for file in [path, readings] { try? FileManager.default.removeItem(atPath: file) } }
    let result = try PlannerProcess.run(["solve", path] + arguments.map { $0 == "R" ? readings : $0 })
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix(message), "stderr: \(result.stderr)")
  }
}
