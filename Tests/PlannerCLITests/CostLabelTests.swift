import Foundation
import Testing

/// Issue 42: every cost printed says what it is, and a shopping list's total
/// includes the trips to the stores it visits, under `minimize cost eaten` too.
@Suite("Costs with their names, trips in every shopping-list total")
struct CostLabelTests {
  /// Rice is cheapest at the market, beans at the shop: the list visits both.
  static let plan = """
    store market "Corner market" { trip 1.50 USD }
    store shop "Big shop" { trip 1.25 USD }
    food rice { per 100 g { energy 350 kcal; protein 7 g }; price 2 USD per 1 kg at market; price 3 USD per 1 kg at shop }
    food beans { per 100 g { energy 340 kcal; protein 21 g }; price 5 USD per 1 kg at market; price 4 USD per 1 kg at shop }
    recipe bowl "Rice and beans" { serves 1; meal dinner; 200 g rice; 100 g beans }
    goal g { energy 500...1500 kcal per day }
    plan eaten { meals dinner; goal g; portions 1; minimize cost eaten }
    """

  static func solve(_ format: String, plan: String = Self.plan, name: String = "eaten") throws -> String {
    let path = try SolveOutcomeTests.write(plan)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try PlannerProcess.run(["solve", path, "--plan", name, "--format", format])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    return result.stdout
  }

  @Test("under 'minimize cost eaten' the text names the food eaten and the list's total includes both trips")
  func textUnderCostEaten() throws {
    let text = try Self.solve("text")
    // Eaten: 200 g rice at 0.002 + 100 g beans at 0.004 = 0.80; bought: 1 kg rice 2.00 + 1 kg beans 4.00 + trips 2.75.
    #expect(
      text.hasPrefix(
        "Plan 'eaten': optimal, 1 days, 0.80 USD of food eaten, 8.75 USD for the shopping list (food 6.00 USD + trips 2.75 USD)\n"
      ), "\(text)")
    #expect(
      text.contains("Daily totals (cost: the food eaten that day, at each food's cheapest price per gram)\n"))
    #expect(text.contains("  Big shop, trip 1.25 USD\n"), "\(text)")
    #expect(text.contains("  Corner market, trip 1.50 USD\n"), "\(text)")
    #expect(text.contains("  Total 8.75 USD (food 6.00 USD + 2 trips 2.75 USD)\n"), "\(text)")
  }

  @Test("the JSON list carries the trips and a total that includes them")
  func json() throws {
    let text = try Self.solve("json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let groceries = try #require(object["groceries"] as? [String: Any])
    #expect((groceries["total"] as? NSNumber)?.doubleValue == 8.75)
    let trips = try #require(groceries["trips"] as? [[String: Any]])
    #expect(trips.map { $0["id"] as? String } == ["market", "shop"])
    #expect(trips.map { ($0["trip"] as? NSNumber)?.doubleValue } == [1.5, 1.25])
    #expect((object["cost"] as? NSNumber)?.doubleValue == 0.8)
  }

  @Test("the CSV list has a trip row per store and the total with them")
  func csv() throws {
    let text = try Self.solve("csv")
    #expect(text.contains("\ntrip,market,Corner market,,,,,,,,,1.5,,\n"), "\(text)")
    #expect(text.contains("\ntrip,shop,Big shop,,,,,,,,,1.25,,\n"), "\(text)")
    #expect(text.hasSuffix("\ntotal,,,,,,,,,,,8.75,,\n"), "\(text)")
  }

  @Test("the Markdown list has the trips as rows and says what its total includes")
  func markdown() throws {
    let text = try Self.solve("markdown")
    #expect(text.contains("Cost: **0.80 USD of food eaten, 8.75 USD for the shopping list"), "\(text)")
    #expect(text.contains("| Corner market | trip | | 1.50 USD |\n"), "\(text)")
    #expect(text.contains("Total: **8.75 USD (food 6.00 USD + 2 trips 2.75 USD)**"), "\(text)")
  }

  @Test("catalog foods print under their short names in plans, shopping lists and cooking plans")
  func catalogNames() throws {
    let plan = """
      use catalog "usda-sr28"
      store shop "Shop" { trip 1 USD }
      food oats = usda 08120 { price 3.49 USD per 42 oz at shop }
      food tuna = usda 15121 { price 0.99 USD per 165 g at shop }
      food oil = usda 04053 { price 6.99 USD per 500 g at shop }
      recipe bowl "Tuna oats" { serves 1; meal dinner; 80 g oats; 100 g tuna; 10 g oil }
      goal g { energy 300...2000 kcal per day }
      plan day { meals dinner; goal g; portions 1 }
      """
    let text = try Self.solve("text", plan: plan, name: "day")
    #expect(text.contains("    Rolled oats "), "\(text)")
    #expect(text.contains("    Tuna, light, canned in water, drained solids "), "\(text)")
    #expect(text.contains("    Olive oil "), "\(text)")
    #expect(
      text.contains("      80 g (1 cup) Rolled oats 3.49 USD · 100 g (3½ oz) Tuna, light, canned in water"),
      "\(text)")
    #expect(!text.contains("Cereals,"), "\(text)")
    #expect(!text.contains("Fish,"), "\(text)")
  }
}
