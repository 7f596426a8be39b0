import Foundation
import MealOptimizer
import Testing

@testable import PlannerCommandLine

/// The progress line `planner solve` draws on a terminal.
@Suite("Solve progress line")
struct ProgressLineTests {
  /// A clock the test moves by hand, and what the line wrote.
  final class Harness: @unchecked Sendable {
    var time = 100.0
    var written: [String] = []
  }

  static let erase = "\r\u{1B}[K"

  @Test(
    "the line formats step, best, bound and gap; waits a second; draws at most every 0.25 s; erases itself")
  func drawsAndThrottles() {
    let harness = Harness()
    let line = ProgressLine(
      name: "week", currency: "USD", phase: "glpk", now: { harness.time },
      write: { harness.written.append($0) })
    harness.time = 100.5
    line.refresh()
    #expect(harness.written.isEmpty)
    harness.time = 101.0
    line.refresh()
    harness.time = 101.1
    line.update(SolveProgress(seconds: 1.1, step: .eatenWeek, bestCost: 61.4, bound: 44.28))
    harness.time = 101.3
    line.refresh()
    harness.time = 101.4
    line.update(SolveProgress(seconds: 1.4, step: .dive, bound: 44.28))
    line.finish()
    line.update(SolveProgress(seconds: 1.5, step: .dive, bestCost: 50, bound: 44.28))
    #expect(
      harness.written == [
        Self.erase + "solving week: 1.0 s · step glpk",
        Self.erase + "solving week: 1.3 s · step eaten_week · best 61.40 USD · bound 44.28 · gap 27.9%",
        Self.erase,
      ])
  }

  @Test("a solve that ends within the first second writes nothing, and its ticker stops")
  func quickSolve() {
    let harness = Harness()
    let line = ProgressLine(
      name: "day", currency: nil, phase: "glpk", now: { harness.time },
      write: { harness.written.append($0) })
    line.startTicker()
    line.finish()
    #expect(harness.written.isEmpty)
  }

  @Test("a food plan's line shows the elapsed time and phase only")
  func foodLine() {
    #expect(
      ProgressLine.text(name: "cheap_day", seconds: 2.24, phase: "glpk")
        == "solving cheap_day: 2.2 s · step glpk")
    #expect(
      ProgressLine.text(
        name: "week", seconds: 3.2,
        SolveProgress(seconds: 3.2, step: .withoutBudget, innerStep: .eatenWeek, bound: 44.28),
        currency: "USD")
        == "solving week: 3.2 s · step without_budget/eaten_week · bound 44.28")
  }

  static let week = PlannerProcess.packageRoot.appendingPathComponent("Examples/week.plan").path

  @Test("without a terminal on standard error, a meal plan's solve writes nothing there")
  func noTerminal() {
    let run = CapturedRun(["solve", Self.week, "--plan", "week"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(run.stdout.hasPrefix("Plan 'week'"))
  }

  @Test("JSON output shows no progress, even on a terminal")
  func jsonOnTerminal() {
    var stderr = ""
    var stdout = ""
    let console = Console(errorIsTerminal: true) { stream, text in
      switch stream {
      case .output: stdout += text
      case .error: stderr += text
      }
    }
    let status = Planner.run(["solve", Self.week, "--plan", "week", "--format", "json"], console: console)
    #expect(status.rawValue == 0)
    #expect(stderr == "")
    #expect(stdout.hasPrefix("{"))
  }

  @Test("on a terminal, any progress drawn is erased before the results print")
  func terminalErases() {
    var stderr = ""
    let console = Console(errorIsTerminal: true) { stream, text in
      if stream == .error { stderr += text }
    }
    let status = Planner.run(["solve", Self.week, "--plan", "week"], console: console)
    #expect(status.rawValue == 0)
    #expect(
      stderr.isEmpty || (stderr.hasPrefix(Self.erase + "solving week: ") && stderr.hasSuffix(Self.erase)))
  }
}
