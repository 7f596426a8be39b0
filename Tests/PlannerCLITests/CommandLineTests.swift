import Foundation
import Testing

/// The command line as a user runs it: exit codes, where output goes, help.
@Suite("The planner command line")
struct CommandLineTests {
  @Test("solving the example prints an optimal plan and exits 0")
  func solvesTheExample() throws {
    let result = try PlannerProcess.run(["solve", "Examples/foods.plan"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("optimal"))
    #expect(result.stdout.contains("Goals"))
    #expect(result.stdout.contains("Shopping list (what you pay at the till)"))
    #expect(result.stderr.isEmpty)
  }

  @Test(
    "every example file checks without errors or warnings",
    arguments: ["pantry", "foods", "catalog", "week", "home", "next-week", "family"])
  func examplesCheck(_ name: String) throws {
    let result = try PlannerProcess.run(["check", "Examples/\(name).plan"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
  }

  @Test("the catalog example solves with catalog foods only")
  func catalogExample() throws {
    let result = try PlannerProcess.run(["solve", "Examples/catalog.plan", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"status\" : \"optimal\""))
  }

  @Test("--format json has the documented top-level keys")
  func json() throws {
    let result = try PlannerProcess.run(["solve", "Examples/foods.plan", "--format", "json"])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["status"] as? String == "optimal")
    #expect(object["cost"] is NSNumber)
    #expect(object["days"] is [Any])
  }

  @Test("an infeasible plan is a result: exit 1, status infeasible")
  func infeasible() throws {
    let result = try PlannerProcess.run([
      "solve", "Tests/PlanSolvingTests/Fixtures/golden/jump-diet.plan", "--plan", "dairy", "--format", "json",
    ])
    #expect(result.status == 1)
    #expect(result.stdout.contains("\"status\" : \"infeasible\""))
  }

  struct UsageCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var status: Int32
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let usageCases: [UsageCase] = [
    UsageCase(arguments: [], status: 64, message: "planner: error: missing command"),
    UsageCase(
      arguments: ["slove"], status: 64,
      message: "planner: error: unknown command 'slove'\n  hint: did you mean 'solve'?"),
    UsageCase(
      arguments: ["solve"], status: 64, message: "planner: error: missing a .plan file for 'planner solve'"),
    UsageCase(
      arguments: ["solve", "Examples/foods.plan", "--fromat", "json"], status: 64,
      message:
        "planner: error: unknown option '--fromat' for 'planner solve'\n  hint: did you mean '--format'?"),
    UsageCase(
      arguments: ["solve", "Examples/foods.plan", "--format", "yaml"], status: 64,
      message: "planner: error: unknown format 'yaml'; expected one of text, json, markdown, csv"),
    UsageCase(
      arguments: ["solve", "Examples/foods.plan", "--plan", "cheap_dya"], status: 64,
      message:
        "planner: error: no plan named 'cheap_dya' in Examples/foods.plan\n  hint: did you mean 'cheap_day'?"),
    UsageCase(
      arguments: ["solve", "nowhere.plan"], status: 65,
      message: "planner: error: cannot read 'nowhere.plan': no such file"),
    UsageCase(
      arguments: ["solve", "Examples/foods.plan", "--time-limit", "-3"], status: 64,
      message: "planner: error: '--time-limit' takes a positive number of seconds, not '-3'"),
  ]

  @Test("usage mistakes exit 64 or 65 with a message on stderr", arguments: usageCases)
  func usage(_ testCase: UsageCase) throws {
    let result = try PlannerProcess.run(testCase.arguments)
    #expect(result.status == testCase.status)
    #expect(result.stderr.contains(testCase.message), "stderr: \(result.stderr)")
  }

  @Test("every command has --help, laid out as OVERVIEW, USAGE, OPTIONS")
  func help() throws {
    let overview = try PlannerProcess.run(["--help"])
    #expect(overview.status == 0)
    let commands =
      overview.stdout.components(separatedBy: "COMMANDS:\n").last?.components(separatedBy: "\n\n").first ?? ""
    let names = commands.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
    #expect(names.contains("solve"))
    for name in names {
      let result = try PlannerProcess.run([name, "--help"])
      #expect(result.status == 0)
      #expect(result.stdout.hasPrefix("OVERVIEW: "))
      #expect(result.stdout.contains("USAGE: planner \(name)"))
      #expect(result.stdout.contains("OPTIONS:"))
    }
  }

  @Test("--version prints the version")
  func version() throws {
    let result = try PlannerProcess.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("planner "))
  }

  @Test("a plan file with mistakes exits 65 with every diagnostic on stderr")
  func invalidInput() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try "food a { per 100 g { protien 1 g; fat 1 kcal } }\n".write(
      to: directory.appendingPathComponent("bad.plan"), atomically: true, encoding: .utf8)
    let result = try PlannerProcess.run(["check", "bad.plan"], directory: directory)
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("bad.plan:1:22: error: unknown nutrient 'protien'"))
    #expect(result.stderr.contains("bad.plan:1:41: error: 'kcal' is a unit of energy, but 'fat' needs mass"))
    #expect(result.stderr.contains("2 errors generated."))
  }
}
