import Foundation

/// A solve, or solves one after another, on a Foundation thread of its own
/// while the caller goes on: the meal-plan search's
/// ``MealPlanSearch/Step/weekTotals`` trees, started when the search starts
/// so that they have the whole search's time on the second core.
///
/// The thread ends when the solve does; ``stop()`` cancels the thread, which
/// a backend sees (GLPK's branch-and-cut asks at every callback) and ends
/// its search early with ``SolverError/cancelled``. Before the thread ends it
/// calls ``Solver/releaseThread()``, so nothing the backend keeps per thread
/// outlives it.
package final class BackgroundSolve: @unchecked Sendable {
  // Unchecked: `Thread` is not marked Sendable, and this class only starts
  // and cancels it, which Foundation allows from any thread.
  /// What the thread hands back, behind its lock.
  private final class Handoff: @unchecked Sendable {
    // `outcome` is read and written only with `condition` locked.
    let condition = NSCondition()
    var outcome: Result<Solution, SolverError>?
  }

  private let handoff = Handoff()
  private let thread: Thread
  /// What the solve has found so far, when its options have an observer.
  package let observer: SolveObserver?
  /// The least objective of the points every solve of the thread found,
  /// when the work reports them there; ``observer`` otherwise.
  package let points: SolveObserver?

  /// Starts the solve.
  ///
  /// - Parameters:
  ///   - solver: the backend.
  ///   - model: the model to solve.
  ///   - options: the solve's options, its time limit included.
  package convenience init(solver: any Solver, model: LinearModel, options: SolverOptions) {
    self.init(name: model.name, solver: solver, observer: options.observer, points: options.observer) {
      () throws(SolverError) in
      try solver.solve(model, options: options)
    }
  }

  /// Starts solves that `work` makes one after another, on one thread.
  ///
  /// - Parameters:
  ///   - name: the thread's name, after "planner ".
  ///   - solver: the backend, whose per-thread state the thread releases when `work` ends.
  ///   - observer: what ``observer`` shows: the observer of the solve that
  ///     `work` makes last, when it makes more than one.
  ///   - points: what ``points`` shows.
  ///   - work: the solves; the thread's cancellation stops the one running
  ///     (it throws ``SolverError/cancelled``).
  package init(
    name: String, solver: any Solver, observer: SolveObserver?, points: SolveObserver?,
    work: @escaping @Sendable () throws(SolverError) -> Solution
  ) {
    self.observer = observer
    self.points = points
    let handoff = handoff
    thread = Thread {
      let result: Result<Solution, SolverError>
      do throws(SolverError) {
        result = .success(try work())
      } catch {
        result = .failure(error)
      }
      solver.releaseThread()
      handoff.condition.lock()
      handoff.outcome = result
      handoff.condition.broadcast()
      handoff.condition.unlock()
    }
    thread.name = "planner " + name
    thread.start()
  }

  /// The answer, once the solve has ended; `nil` while it runs.
  package var result: Result<Solution, SolverError>? {
    handoff.condition.lock()
    defer { handoff.condition.unlock() }
    return handoff.outcome
  }

  /// Waits for the answer until `deadline`; `nil` when the solve still runs then.
  package func wait(until deadline: ContinuousClock.Instant) -> Result<Solution, SolverError>? {
    let clock = ContinuousClock()
    handoff.condition.lock()
    defer { handoff.condition.unlock() }
    while handoff.outcome == nil {
      let left = deadline - clock.now
      guard left > .zero else { break }
      let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) * 1e-18
      _ = handoff.condition.wait(until: Date(timeIntervalSinceNow: seconds))
    }
    return handoff.outcome
  }

  /// Waits for the answer, however long the solve takes (its time limit ends it).
  package func wait() -> Result<Solution, SolverError> {
    handoff.condition.lock()
    defer { handoff.condition.unlock() }
    while true {
      if let outcome = handoff.outcome { return outcome }
      handoff.condition.wait()
    }
  }

  /// Cancels the solve without waiting for its thread, which ends on its own
  /// (a cancelled search answers within moments; an LP runs to its end first).
  package func cancel() {
    thread.cancel()
  }

  /// Cancels the solve and waits for its thread's answer (a cancelled
  /// search answers within moments; an LP runs to its end first).
  @discardableResult
  package func stop() -> Result<Solution, SolverError> {
    thread.cancel()
    return wait()
  }
}
