import Foundation
import Testing

/// Allergens from the command line: recipe queries and plans use the same matcher.
@Suite("Allergens on the command line")
struct AllergenCommandTests {
  static let plan = """
    use catalog "usda-sr28"
    food oats = usda 08120 { price 3.49 USD per 42 oz }
    food peanut_butter = usda 16098 { price 2.49 USD per 16 oz }
    food milk = usda 01079 { price 3.29 USD per 1 gal }
    food banana = usda 09040 { price 0.59 USD per 1 lb }
    goal g { energy 200...3000 kcal per day }
    recipe pb_oats "Peanut butter oats" {
      serves 1; meal breakfast
      80 g oats
      2 tbsp peanut_butter
    }
    recipe milk_oats "Oats with milk" {
      serves 1; meal breakfast
      80 g oats
      1 cup milk
    }
    recipe banana_oats "Oats with banana" {
      serves 1; meal breakfast
      80 g oats
      1 medium banana
    }
    plan p {
      days 1; meals breakfast; goal g
      avoid peanut
    }
    """

  func file() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-allergens-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent("pb.plan")
    try Self.plan.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  /// The recipe identifiers of a `planner recipes --format json` answer.
  func recipes(_ query: String, in url: URL) throws -> (ids: [String], stderr: String) {
    let result = try PlannerProcess.run(["recipes", url.path, query, "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let list = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    return (list.compactMap { $0["id"] as? String }, result.stderr)
  }

  @Test(
    "recipe queries exclude allergens under every form",
    arguments: [
      ("peanut-free breakfast", ["milk_oats", "banana_oats"]),
      ("breakfast without peanut", ["milk_oats", "banana_oats"]),
      ("without peanut butter", ["milk_oats", "banana_oats"]),
      ("without nuts", ["milk_oats", "banana_oats"]),
      ("without dairy", ["pb_oats", "banana_oats"]),
      ("without milk", ["pb_oats", "banana_oats"]),
      ("without butter", ["milk_oats", "banana_oats"]),
      ("without nuts, dairy", ["banana_oats"]),
      ("breakfast without nuts and dairy", ["banana_oats"]),
    ])
  func queries(query: String, expected: [String]) throws {
    let answer = try recipes(query, in: try file())
    #expect(answer.ids == expected)
    #expect(answer.stderr == "")
  }

  @Test("a query term that matches nothing is a warning, and excludes nothing")
  func unmatchedQueryTerm() throws {
    let answer = try recipes("without peanutt", in: try file())
    #expect(answer.ids == ["pb_oats", "milk_oats", "banana_oats"])
    #expect(
      answer.stderr
        == "planner: warning: 'without peanutt' matches no food, so it excludes nothing\n  hint: did you mean 'peanut'?\n"
    )
  }

  @Test("'avoid peanut' keeps peanut butter out of the solved plan")
  func solvedPlan() throws {
    let result = try PlannerProcess.run(["solve", try file().path, "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains("pb_oats"))
    #expect(!result.stdout.contains("peanut"))
  }
}
