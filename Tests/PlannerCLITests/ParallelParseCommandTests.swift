import Foundation
import Testing

/// The command line parses a large file in parts on several threads;
/// `PLANNER_PARALLEL_PARSE=0` makes it parse on one. What it prints must be the
/// same byte for byte.
@Suite("planner check with PLANNER_PARALLEL_PARSE")
struct ParallelParseCommandTests {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-parallel-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// A plan of `foods` foods (about 80 bytes each) with a goal and a plan that lists a limit per tenth food.
  static func plan(foods: Int) -> String {
    var text = "goal g {\n  energy 1800...2400 kcal per day\n}\n\n"
    for i in 0..<foods {
      text += "food f\(i) {\n  per 100 g { energy \(50 + i % 500) kcal; protein \(i % 20) g }\n"
      text += "  price 1.\(i % 100) USD per 100 g\n}\n"
    }
    text += "\nplan week {\n  days 7\n  goal g\n  minimize cost eaten\n"
    for i in stride(from: 0, to: foods, by: 10) { text += "  limit f\(i) <= 500 g per day\n" }
    return text + "}\n"
  }

  /// Runs `arguments` in the temporary folder with and without parsing in parts, and expects the same output.
  func expectSameOutput(
    _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> PlannerProcess.Result {
    let whole = try PlannerProcess.run(
      arguments, directory: directory, environment: ["PLANNER_PARALLEL_PARSE": "0"])
    let parted = try PlannerProcess.run(arguments, directory: directory)
    #expect(parted.status == whole.status, sourceLocation: sourceLocation)
    #expect(parted.stdout == whole.stdout, sourceLocation: sourceLocation)
    #expect(parted.stderr == whole.stderr, sourceLocation: sourceLocation)
    return whole
  }

  @Test("a clean file of 7,000 foods (over 512 KB): the same output, text and JSON")
  func clean() throws {
    let text = Self.plan(foods: 7_000)
    #expect(text.utf8.count > 512 * 1024)
    try text.write(to: directory.appendingPathComponent("big.plan"), atomically: true, encoding: .utf8)
    let check = try expectSameOutput(["check", "big.plan"])
    #expect(check.status == 0)
    #expect(check.stdout == "big.plan: ok: 7000 foods, 1 goal, 1 plan\n")
    let json = try expectSameOutput(["check", "--format", "json", "big.plan"])
    #expect(json.status == 0)
  }

  @Test("the same file with three decimal commas spread through it: the same messages")
  func mistakes() throws {
    var text = Self.plan(foods: 7_000)
    for food in ["f10 ", "f3500 ", "f6990 "] {
      let start = try #require(text.range(of: "food \(food){"))
      let price = try #require(text.range(of: "price 1.", range: start.upperBound..<text.endIndex))
      text.replaceSubrange(price, with: "price 1,")
    }
    try text.write(to: directory.appendingPathComponent("big.plan"), atomically: true, encoding: .utf8)
    let check = try expectSameOutput(["check", "big.plan"])
    #expect(check.status == 65)
    #expect(check.stderr.components(separatedBy: "error: ").count - 1 == 3)
    let json = try expectSameOutput(["check", "--format", "json", "big.plan"])
    #expect(json.status == 65)
  }
}
