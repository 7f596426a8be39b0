import Foundation
import Testing

/// `planner solve --pantry-out`: the pantry after the plan, as a file the next plan includes.
@Suite("The pantry after a plan")
struct PantryOutTests {
  static let plan = """
    store shop "Shop" { trip 1 USD }
    food rice "Rice" { per 100 g { energy 100 kcal }; price 1 USD per 400 g at shop }
    food oil "Oil" { per 100 g { energy 900 kcal }; price 5 USD per 500 g at shop }
    pantry home { 90 g oil category "oils" use by 2027-01-31 }
    goal g { energy == 1760 kcal }
    plan day { goal g; pantry home; start 2026-12-07; limit oil <= 90 g }
    """

  @Test("the pantry after the plan holds the rest of the opened package and reads back as a pantry")
  func writesAndReadsBack() throws {
    let path = try SolveOutcomeTests.write(Self.plan)
    let out = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pantry-\(UUID().uuidString).plan"
    ).path
    defer {
      try? FileManager.default.removeItem(atPath: path)
      try? FileManager.default.removeItem(atPath: out)
    }
    let result = try PlannerProcess.run(["solve", path, "--format", "json", "--pantry-out", out])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let groceries = try #require(object["groceries"] as? [String: Any])
    // Independently: the 90 g of oil at home give 810 kcal; 950 g of rice give the
    // other 950 kcal, bought as 3 packages of 400 g (3 USD) plus the trip (1 USD).
    #expect((groceries["total"] as? NSNumber)?.doubleValue == 4)
    #expect((object["cost"] as? NSNumber)?.doubleValue == 4)
    let written = try String(contentsOfFile: out, encoding: .utf8)
    #expect(written.contains("pantry after_day {"), "\(written)")
    #expect(written.contains("  250 g rice  // opened: the rest of a 400 g package"), "\(written)")
    #expect(!written.contains(" oil"), "\(written)")
    // The file reads back as a pantry another plan can name.
    let next = try SolveOutcomeTests.write(
      """
      include "\(out)"
      food rice "Rice" { per 100 g { energy 100 kcal }; price 1 USD per 400 g }
      food oil "Oil" { per 100 g { energy 900 kcal }; price 5 USD per 500 g }
      goal g { energy >= 200 kcal }
      plan next { goal g; pantry after_day; foods rice }
      """)
    defer { try? FileManager.default.removeItem(atPath: next) }
    let second = try PlannerProcess.run(["solve", next, "--format", "json"])
    #expect(second.status == 0, "stderr: \(second.stderr)")
    let nextObject = try #require(
      try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
    // 200 kcal of rice is 200 g, all from the 250 g left: nothing to buy.
    #expect((nextObject["cost"] as? NSNumber)?.doubleValue == 0)
  }

  @Test("'--format csv' prints the shopping list: lines, trip, pantry use, leftovers and the total")
  func shoppingListAsCSV() throws {
    let path = try SolveOutcomeTests.write(Self.plan)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try PlannerProcess.run(["solve", path, "--format", "csv"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    // The same figures as above: 950 g of rice in 3 × 400 g (250 g left), the
    // 90 g of oil from home, the trip; rice has no category, the oil's is "oils".
    #expect(
      result.stdout == """
        kind,store,store_name,category,food,name,grams_needed,packages,package_grams,package,price,cost,grams_left,use_by
        item,shop,Shop,,rice,Rice,950,3,400,400 g,1,3,250,
        trip,shop,Shop,,,,,,,,,1,,
        pantry,,,oils,oil,Oil,90,,,,,,,2027-01-31
        left,,,,rice,Rice,,,400,,,,250,
        total,,,,,,,,,,,4,,

        """)
  }

  @Test("'--pantry-out' on a plan that buys nothing is a usage error")
  func needsPurchases() throws {
    let path = try SolveOutcomeTests.write(
      """
      food rice "Rice" { per 100 g { energy 100 kcal; protein 7 g } }
      goal g { energy >= 1000 kcal }
      plan p { goal g; minimize protein }
      """)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try PlannerProcess.run(["solve", path, "--pantry-out", "/tmp/never-written.plan"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("'--pantry-out' needs a plan that buys food"))
  }
}
