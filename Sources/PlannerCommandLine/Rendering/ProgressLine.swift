import Dispatch
import Foundation
import MealOptimizer

/// One updating line on standard error while a solve runs, such as
/// `solving week: 3.2 s · step eaten_week · best 61.40 USD · bound 44.28 · gap 38.7%`.
///
/// Only for a terminal (``make(console:format:name:currency:)`` returns nil
/// otherwise, and for JSON or CSV). Nothing shows during the first second;
/// after that, a ticker thread redraws the elapsed time twice a second, and
/// every draw (the ticker's or a ``SolveProgress`` from the solver) is at
/// most four a second. ``finish()`` stops the ticker, waits for it, and
/// erases the line, so no thread outlives the solve and results start on a
/// clean line.
final class ProgressLine: @unchecked Sendable {
  /// Seconds of a solve before the line shows.
  static let delay = 1.0
  /// The least time between two draws.
  static let interval = 0.25
  /// How often the ticker redraws.
  static let tick = 0.5

  private let lock = NSLock()
  private let write: (String) -> Void
  private let now: () -> Double
  private let name: String
  private let currency: String?
  private let start: Double
  /// The step shown until the solver reports one.
  private let phase: String
  /// The solver's last snapshot, once it has sent one.
  private var latest: SolveProgress?
  /// The explanation's last snapshot, once one is running; it replaces the solve's on the line.
  private var explaining: ExplanationProgress?
  private var lastDraw: Double?
  private var finished = false
  private let stop = DispatchSemaphore(value: 0)
  private let stopped = DispatchSemaphore(value: 0)
  private var ticking = false

  /// A line for the solve of plan `name`, starting in `phase`.
  ///
  /// - Parameters:
  ///   - name: the plan's name.
  ///   - currency: the currency of the objective, nil to show it bare.
  ///   - phase: the step shown until the solver reports one.
  ///   - now: a monotonic clock in seconds (tests inject their own).
  ///   - write: where text goes (standard error).
  init(
    name: String, currency: String?, phase: String, now: @escaping () -> Double = ProgressLine.monotonic,
    write: @escaping (String) -> Void
  ) {
    self.name = name
    self.currency = currency
    self.now = now
    self.write = write
    self.start = now()
    self.phase = phase
  }

  /// A line on the console's standard error when it is a terminal and the format is not JSON or CSV.
  static func make(console: Console, format: OutputFormat, name: String, currency: String?, phase: String)
    -> ProgressLine?
  {
    guard console.errorIsTerminal, format != .json, format != .csv else { return nil }
    return ProgressLine(name: name, currency: currency, phase: phase) { console.err($0) }
  }

  /// Seconds on the system's monotonic clock.
  static func monotonic() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

  /// The line's text (without the carriage return) for a snapshot at `seconds`.
  static func text(name: String, seconds: Double, _ progress: SolveProgress, currency: String?) -> String {
    var parts = ["solving \(name): " + String(format: "%.1f s", seconds), "step \(progress.stepName)"]
    if let cost = progress.bestCost {
      parts.append("best " + String(format: "%.2f", cost) + (currency.map { " \($0)" } ?? ""))
    }
    if let bound = progress.bound { parts.append("bound " + String(format: "%.2f", bound)) }
    if let gap = progress.gap { parts.append("gap " + String(format: "%.1f%%", gap * 100)) }
    return parts.joined(separator: " · ")
  }

  /// The line's text before the solver's first snapshot: `solving week: 1.0 s · step glpk`.
  static func text(name: String, seconds: Double, phase: String) -> String {
    "solving \(name): " + String(format: "%.1f s", seconds) + " · step \(phase)"
  }

  /// The line's text while an explanation runs:
  /// `explaining week: deletion filter 4/12 lines, 3.2 s`.
  static func text(name: String, seconds: Double, _ progress: ExplanationProgress) -> String {
    "explaining \(name): \(progress.description), " + String(format: "%.1f s", seconds)
  }

  /// Takes a snapshot from an explanation, and draws it unless a draw was too recent.
  func update(_ progress: ExplanationProgress) {
    lock.lock()
    defer { lock.unlock() }
    explaining = progress
    drawIfDue()
  }

  /// Takes a snapshot from the solver, and draws it unless a draw was too recent.
  func update(_ progress: SolveProgress) {
    lock.lock()
    defer { lock.unlock() }
    latest = progress
    drawIfDue()
  }

  /// Redraws the elapsed time unless a draw was too recent (the ticker's work).
  func refresh() {
    lock.lock()
    defer { lock.unlock() }
    drawIfDue()
  }

  /// Starts the ticker thread; ``finish()`` ends it.
  func startTicker() {
    lock.lock()
    defer { lock.unlock() }
    guard !ticking, !finished else { return }
    ticking = true
    let thread = Thread { [self] in
      // Sleep until the line is due, then tick until told to stop.
      var wait = Self.delay
      while stop.wait(timeout: .now() + wait) == .timedOut {
        refresh()
        wait = Self.tick
      }
      stopped.signal()
    }
    thread.name = "planner progress"
    thread.start()
  }

  /// Stops the ticker and waits for it, then erases the line if one was drawn.
  func finish() {
    lock.lock()
    let wasTicking = ticking && !finished
    finished = true
    lock.unlock()
    if wasTicking {
      stop.signal()
      stopped.wait()
    }
    lock.lock()
    defer { lock.unlock() }
    if lastDraw != nil { write("\r\u{1B}[K") }
    lastDraw = nil
  }

  /// Draws `latest` when the solve has run past ``delay`` and the last draw is ``interval`` old.
  private func drawIfDue() {
    guard !finished else { return }
    let time = now()
    let elapsed = time - start
    guard elapsed >= Self.delay else { return }
    if let lastDraw, time - lastDraw < Self.interval { return }
    lastDraw = time
    let text =
      explaining.map { Self.text(name: name, seconds: elapsed, $0) }
      ?? latest.map { Self.text(name: name, seconds: elapsed, $0, currency: currency) }
      ?? Self.text(name: name, seconds: elapsed, phase: phase)
    write("\r\u{1B}[K" + text)
  }
}

extension ProgressLine {
  /// Runs `body` with a ticking line (nil: just runs it), and erases the line however it ends.
  static func running<T>(_ line: ProgressLine?, _ body: () throws(PlanningError) -> T) throws(PlanningError)
    -> T
  {
    line?.startTicker()
    defer { line?.finish() }
    return try body()
  }
}
