import Foundation
import Testing

/// The shopping list of both kinds of plan, from the command line: the JSON
/// `groceries` fields the issue lists, and under `minimize cost` the plan's
/// `cost` equal to `groceries.total` to the cent, loose food included.
@Suite("The shopping list in JSON, for both kinds of plan")
struct GroceriesJSONTests {
  static let plan = """
    store market "Corner market" { trip 1 USD }
    food rice "Rice, white, long-grain, regular, raw" { per 100 g { energy 100 kcal }; price 2.99 USD per 1 kg loose at market }
    recipe pilaf { serves 1; meal dinner; 333 g rice }
    pantry home { 100 g rice category "dry goods" }
    goal g { energy 333...333 kcal }
    plan foods { goal g; minimize cost }
    plan meals { meals dinner; portions 1; pantry home; minimize cost }
    """

  static func solve(_ name: String, format: String = "json") throws -> (object: [String: Any], text: String) {
    let path = try SolveOutcomeTests.write(Self.plan)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try PlannerProcess.run(["solve", path, "--plan", name, "--format", format])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    guard format == "json" else { return ([:], result.stdout) }
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    return (object ?? [:], result.stdout)
  }

  static func expectFields(_ groceries: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) {
    let items = groceries["items"] as? [[String: Any]] ?? []
    #expect(items.count == 1, sourceLocation: sourceLocation)
    for key in ["food", "store", "packages", "package_grams", "price", "cost", "grams_needed", "grams_left"] {
      #expect(items.allSatisfy { $0[key] != nil }, "items lack \(key)", sourceLocation: sourceLocation)
    }
    let stores = groceries["stores"] as? [[String: Any]] ?? []
    #expect(stores.map { $0["id"] as? String } == ["market"], sourceLocation: sourceLocation)
    #expect(stores.map { $0["name"] as? String } == ["Corner market"], sourceLocation: sourceLocation)
    #expect(stores.map { ($0["trip"] as? NSNumber)?.doubleValue } == [1], sourceLocation: sourceLocation)
    for key in ["from_pantry", "leftovers", "total"] {
      #expect(groceries[key] != nil, "groceries lack \(key)", sourceLocation: sourceLocation)
    }
  }

  @Test(
    "a food-level plan: 333 g loose at 2.99 a kg is 1.00 at the till (0.99567 to the cent), plus the trip")
  func foodLevel() throws {
    let (object, _) = try Self.solve("foods")
    let groceries = try #require(object["groceries"] as? [String: Any])
    Self.expectFields(groceries)
    #expect((groceries["total"] as? NSNumber)?.decimalValue == 2)
    #expect((object["cost"] as? NSNumber)?.decimalValue == 2)
    let item = try #require((groceries["items"] as? [[String: Any]])?.first)
    #expect((item["cost"] as? NSNumber)?.decimalValue == 1)
    #expect((item["grams_needed"] as? NSNumber)?.doubleValue.rounded() == 333)
  }

  @Test("a meal plan: 100 g from the pantry, 233 g loose (0.70), plus the trip")
  func mealPlan() throws {
    let (object, _) = try Self.solve("meals")
    let groceries = try #require(object["groceries"] as? [String: Any])
    Self.expectFields(groceries)
    // 2.99 × 0.233 = 0.69667: 0.70 at the till.
    #expect((groceries["total"] as? NSNumber)?.decimalValue == Decimal(string: "1.7"))
    #expect((object["cost"] as? NSNumber)?.decimalValue == Decimal(string: "1.7"))
    let pantry = try #require(groceries["from_pantry"] as? [[String: Any]])
    #expect(pantry.map { ($0["grams"] as? NSNumber)?.doubleValue } == [100])
    #expect(pantry.map { $0["category"] as? String } == ["dry goods"])
  }

  @Test("the text list: short name, needed vs bought, the store with its trip, the pantry, what is paid")
  func text() throws {
    let (_, text) = try Self.solve("meals", format: "text")
    #expect(text.contains("1.70 USD paid at the till (food 0.70 USD + trips 1.00 USD)"), "\(text)")
    #expect(text.contains("  Total paid 1.70 USD (food 0.70 USD + 1 trip 1.00 USD)\n"), "\(text)")
    #expect(text.contains("  Corner market, trip 1.00 USD\n"), "\(text)")
    #expect(
      text.contains("    [dry goods]\n      Rice       233 g needed:  233 g loose  0.70 USD"), "\(text)")
    #expect(text.contains("  From the pantry\n    Rice  100 g  [dry goods]"), "\(text)")
    #expect(!text.contains("long-grain"), "\(text)")
  }
}
