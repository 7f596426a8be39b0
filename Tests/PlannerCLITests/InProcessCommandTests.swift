import Foundation
import Testing

@testable import PlannerCommandLine

/// What one in-process run printed and returned.
final class CapturedRun {
  var stdout = ""
  var stderr = ""
  var status: Int32 = 0

  /// Runs `planner ARGUMENTS` in this process with a capturing console.
  init(_ arguments: [String]) {
    let console = Console { stream, text in
      switch stream {
      case .output: self.stdout += text
      case .error: self.stderr += text
      }
    }
    status = Planner.run(arguments, console: console).rawValue
  }
}

/// `Planner.run` in process: usage errors and help of every command, without spawning a process.
@Suite("The command line in process")
struct InProcessCommandTests {
  @Test("'planner --version' prints the version and exits 0")
  func version() {
    let run = CapturedRun(["--version"])
    #expect(run.status == 0)
    #expect(run.stdout == "planner \(Planner.version)\n")
  }

  @Test(
    "every command's --help starts with its overview and lists its options",
    arguments: Planner.commands.map { $0.info.name })
  func help(_ name: String) {
    let run = CapturedRun([name, "--help"])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("OVERVIEW: "))
    #expect(run.stdout.contains("USAGE: planner \(name)"))
    #expect(run.stdout.contains("-h, --help"))
    #expect(run.stderr.isEmpty)
  }

  @Test(
    "every command rejects an unknown option with exit 64", arguments: Planner.commands.map { $0.info.name })
  func unknownOption(_ name: String) {
    let run = CapturedRun([name, "--no-such-option"])
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("planner: error: unknown option '--no-such-option' for 'planner \(name)"))
    #expect(run.stdout.isEmpty)
  }

  @Test(
    "subcommands have their own help",
    arguments: [
      (["foods", "search", "--help"], "USAGE: planner foods search [<words> ...] [--group <GROUP>] ..."),
      (["foods", "show", "--help"], "USAGE: planner foods show <food> ... [--format <FORMAT>]"),
      (
        ["catalog", "import-sr28", "--help"],
        "USAGE: planner catalog import-sr28 <sr28-directory> --output <FILE>"
      ),
      (["foods", "--help"], "SUBCOMMANDS:\n  search  "),
    ])
  func subcommandHelp(_ arguments: [String], _ expected: String) {
    let run = CapturedRun(arguments)
    #expect(run.status == 0)
    #expect(run.stdout.contains(expected), "\(run.stdout)")
  }

  @Test(
    "usage errors of typed commands, before they run",
    arguments: [
      (
        ["foods", "show", "08120", "--where", "protein >= 1 g"],
        "planner: error: unknown option '--where' for 'planner foods show'"
      ),
      (
        ["foods", "show", "08120", "--limit", "3"],
        "planner: error: unknown option '--limit' for 'planner foods show'"
      ),
      (
        ["foods", "serch", "oats"],
        "planner: error: unknown subcommand 'serch' for 'planner foods'\n  hint: did you mean 'search'?\n"
      ),
      (["foods"], "planner: error: missing a subcommand for 'planner foods'\n  hint: one of: search, show\n"),
      (["foods", "search"], "planner: error: missing words to search for, or a filter\n"),
      (
        ["foods", "search", "oats", "--limit", "0"],
        "planner: error: '--limit' takes a whole number from 1 to 1000000, not '0'\n"
      ),
      (
        ["foods", "search", "oats", "--format", "csv"],
        "planner: error: unknown format 'csv'; expected one of text, json\n"
      ),
      (
        ["catalog", "import-sr28", "dir"],
        "planner: error: missing '--output FILE' for 'planner catalog import-sr28'\n"
      ),
      (
        ["catalog", "import-sr28", "--output", "x"],
        "planner: error: missing <sr28-directory> for 'planner catalog import-sr28'\n"
      ),
      (["completion"], "planner: error: missing <shell> for 'planner completion'\n"),
      (["completion", "tcsh"], "planner: error: unknown shell 'tcsh'; expected one of bash, zsh, fish\n"),
      (
        ["completion", "bash", "zsh"], "planner: error: unexpected argument 'zsh' for 'planner completion'\n"
      ),
    ])
  func typedUsageErrors(_ arguments: [String], _ expected: String) {
    let run = CapturedRun(arguments)
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix(expected), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test("'foods search' takes group names in any case, and filters without words")
  func searchByFiltersAlone() {
    let run = CapturedRun([
      "foods", "search", "--group", "dairy and egg products", "--where", "protein >= 20 g", "--limit", "2",
      "--format", "json",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Dairy and Egg Products"))
  }

  @Test(
    "completion scripts name every command, subcommand and option",
    arguments: CompletionScript.Shell.allCases)
  func completion(_ shell: CompletionScript.Shell) {
    let run = CapturedRun(["completion", shell.rawValue])
    #expect(run.status == 0)
    for command in Planner.commands {
      #expect(run.stdout.contains(command.info.name), "\(command.info.name)")
      for option in command.info.options { #expect(run.stdout.contains(option.name)) }
    }
    for word in ["search", "show", "import-sr28", "time-limit", "where"] {
      #expect(run.stdout.contains(word), "\(word)")
    }
  }

  @Test("the bash script parses with 'bash -n'")
  func bashSyntax() throws {
    let run = CapturedRun(["completion", "bash"])
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-completion-\(UUID()).bash")
    try run.stdout.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let bash = Process()
    bash.executableURL = URL(fileURLWithPath: "/bin/bash")
    bash.arguments = ["-n", file.path]
    try bash.run()
    bash.waitUntilExit()
    #expect(bash.terminationStatus == 0)
  }

  @Test("a recipe query's unrecognised words are reported, not fatal")
  func unrecognisedQueryWords() {
    let run = CapturedRun(["recipes", "Examples/week.plan", "spicy", "vegan", "dinner"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.hasPrefix("planner: warning: unrecognized: 'spicy'\n"))
    #expect(run.stdout.contains("lentil_soup"))
  }

  @Test("'planner recipe --format json' has the ingredients and the steps")
  func recipeJSON() throws {
    let run = CapturedRun(["recipe", "Examples/week.plan", "overnight_oats", "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(object["id"] as? String == "overnight_oats")
    let ingredients = try #require(object["ingredients"] as? [[String: Any]])
    #expect(ingredients.first?["food"] as? String == "oats")
    #expect(ingredients.first?["grams"] as? Double == 121.5)
    #expect((object["steps"] as? [String])?.isEmpty == false)
  }

  @Test("a '--where' condition with a mistake is one located diagnostic, exit 64")
  func whereConditionDiagnostic() {
    let run = CapturedRun(["foods", "search", "oats", "--where", "protien >= 3 g"])
    #expect(run.status == 64)
    #expect(
      run.stderr == """
        --where:1:1: error: unknown nutrient 'protien'
          protien >= 3 g
          ^~~~~~~
          hint: did you mean 'protein'?
          fix-it: replace 'protien' with 'protein'
        1 error generated.

        """)
  }

  @Test(
    "usage errors of every command, exit 64, nothing on standard output",
    arguments: [
      (
        ["solve"],
        "planner: error: missing a .plan file for 'planner solve'\n  hint: see 'planner solve --help'\n"
      ),
      (["solve", "a.plan", "b.plan"], "planner: error: unexpected argument 'b.plan' for 'planner solve'\n"),
      (
        ["solve", "a.plan", "--format", "xml"],
        "planner: error: unknown format 'xml'; expected one of text, json, markdown, csv\n"
      ),
      (
        ["solve", "a.plan", "--time-limit", "0"],
        "planner: error: '--time-limit' takes a positive number of seconds, not '0'\n"
      ),
      (["check"], "planner: error: missing a .plan file for 'planner check'\n"),
      (
        ["check", "a.plan", "--format", "markdown"],
        "planner: error: unknown format 'markdown'; expected one of text, json\n"
      ),
      (["test"], "planner: error: missing a .plan file for 'planner test'\n"),
      (["recipe", "a.plan"], "planner: error: missing a recipe name for 'planner recipe'\n"),
      (["recipes"], "planner: error: missing a .plan file for 'planner recipes'\n"),
      (
        ["recipes", "a.plan", "--diet", "vegn"],
        "planner: error: unknown diet 'vegn'\n  hint: did you mean 'vegan'?\n"
      ),
      (
        ["recipes", "a.plan", "--max-time", "soon"],
        "planner: error: '--max-time' takes a time such as 30min, 1h or 45, not 'soon'\n"
      ),
      (
        ["export", "a.plan", "--to", "lpx"],
        "planner: error: unknown model format 'lpx'; expected lp or mps\n"
      ),
      (["export"], "planner: error: missing a .plan file for 'planner export'\n"),
      (["health"], "planner: error: "),
      (["report"], "planner: error: "),
      (["log"], "planner: error: "),
      (["nonsense"], "planner: error: unknown command 'nonsense'\n"),
    ])
  func usageErrors(_ arguments: [String], _ expected: String) {
    let run = CapturedRun(arguments)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.hasPrefix(expected), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test("'planner test' shows a failed expectation at its 'expect' line, with a caret")
  func failedExpectationIsLocated() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("planner-test-\(UUID()).plan")
    try """
    rules r {
      window 2 days
      alert high "High" when sugar.today > 120 mg/dL
    }
    test "t" of r {
      day 1: sugar 95 mg/dL
      day 2: sugar 130 mg/dL
      expect healthy
    }

    """.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = CapturedRun(["test", file.path])
    #expect(run.status == 1)
    #expect(
      run.stdout.contains(
        """
              \(file.path):8:10: error: test "t" failed: expected healthy, actual alert (high)
                  expect healthy
                         ^~~~~~~

        """), "\(run.stdout)")
  }
}
