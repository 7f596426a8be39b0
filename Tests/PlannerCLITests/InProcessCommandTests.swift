import Testing

@testable import planner

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
}
