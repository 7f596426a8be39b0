import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `planner report --plan FILE --plan NAME`: the week's meals, cost and shopping
/// list in the weekly report, one part per household member.
@Suite("Report command with a plan", .serialized)
struct ReportPlanTests {
  static func planFile() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "report-plan-\(UUID().uuidString).plan")
    try Data(HouseholdCommandTests.plan.utf8).write(to: url)
    return url.path
  }

  static func texts(_ nodes: [XMLNode]) -> [String] { nodes.compactMap(\.stringValue) }

  @Test("the HTML report parses as XML and shows the table, each member and the shopping list, as solve does")
  func html() throws {
    let plan = try Self.planFile()
    defer { try? FileManager.default.removeItem(atPath: plan) }
    let document = try ReportCommandTests.report([
      "--journal", "Examples/tom-readings.csv", "--plan", plan, "--plan", "two_days", "--household", "pair",
    ])
    let heading = Self.texts(try document.nodes(forXPath: "//*[local-name()='h2'][@id='meals-heading']"))
    #expect(heading == ["The week's meals: two_days"])
    let rows = try document.nodes(
      forXPath: "//*[local-name()='table'][@id='meals']/*[local-name()='tbody']/*")
    #expect(Self.texts(rows.compactMap { try? $0.nodes(forXPath: "*[1]").first }) == ["Day 1", "Day 2"])
    let members = Self.texts(
      try document.nodes(forXPath: "//*[local-name()='h3'][starts-with(@id,'member-')]"))
    #expect(members == ["Ana", "Kim"])
    // The same plan from 'planner solve' with the same readings: Tom's jump on 2026-11-29 fires
    // bp_high in both runs, so both tighten Ana's sodium.
    let readings = try PlannerProcess.run([
      "solve", plan, "--readings", "Examples/tom-readings.csv", "--format", "json",
    ])
    let solved = try HouseholdCommandTests.json(readings.stdout)
    let cost = try #require(solved["cost"] as? Double)
    let summary = Self.texts(try document.nodes(forXPath: "//*[@id='meals-heading']/following-sibling::*[1]"))
    #expect(summary == ["Status: optimal. Cost: " + String(format: "%.2f", cost) + " USD."])
    let adapted = Self.texts(try document.nodes(forXPath: "//*[@id='meals-heading']/following-sibling::*[2]"))
    #expect(
      adapted.first?.hasPrefix("ana: sodium cap 1500 mg a day because bp_high fired on 2026-11-29") == true)
    let shopping = try document.nodes(
      forXPath: "//*[local-name()='table'][@id='shopping']/*[local-name()='tbody']/*")
    #expect(
      Self.texts(shopping.compactMap { try? $0.nodes(forXPath: "*[1]").first }) == ["beans", "bread", "oats"])
  }

  @Test("the Markdown report has the meals, a section per member and the shopping list")
  func markdown() throws {
    let plan = try Self.planFile()
    defer { try? FileManager.default.removeItem(atPath: plan) }
    let result = try PlannerProcess.run([
      "report", "--journal", "Examples/tom-readings.csv", "--plan", "two_days", "--plan", plan, "--format",
      "markdown",
    ])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let text = result.stdout
    #expect(text.contains("\n## The week's meals: two_days\n\nStatus: optimal. Cost: "))
    #expect(text.contains("\n| Day | breakfast | lunch | dinner | Cost |\n"))
    #expect(
      text.contains(
        "\n### Ana\n\nGoals: energy 1,400...2,600 kcal a day, protein >= 50 g a day, sodium <= 1,500 mg a day."
      ))
    #expect(text.contains("\n### Kim\n"))
    #expect(text.contains("\n### Shopping list\n\n| Food | Store | Buy | Cost |\n"))
  }

  @Test(
    "mistakes with --plan are usage errors",
    arguments: [
      (["--household", "pair"], "planner: error: '--household' needs '--plan FILE'"),
      (
        ["--plan", "P", "--household", "parks"],
        "planner: error: plan 'two_days' is for household 'pair', not 'parks'"
      ),
      (["--plan", "two_days"], "planner: error: '--plan' needs a .plan file"),
      (["--plan", "P", "--plan", "a", "--plan", "b"], "planner: error: '--plan' is given at most twice"),
    ])
  func usage(_ arguments: [String], _ message: String) throws {
    let plan = try Self.planFile()
    defer { try? FileManager.default.removeItem(atPath: plan) }
    let result = try PlannerProcess.run(
      ["report", "--journal", "Examples/tom-readings.csv"] + arguments.map { $0 == "P" ? plan : $0 })
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix(message), "stderr: \(result.stderr)")
  }
}
