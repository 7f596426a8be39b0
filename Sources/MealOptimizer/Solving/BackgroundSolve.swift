import Foundation

/// One solve on a Foundation thread of its own, while the caller goes on:
/// the meal-plan search's ``MealPlanSearch/Step/weekTotals`` tree, started
/// when the search starts so that it has the whole search's time on the
/// second core.
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

  /// Starts the solve.
  ///
  /// - Parameters:
  ///   - solver: the backend.
  ///   - model: the model to solve.
  ///   - options: the solve's options, its time limit included.
  package init(solver: any Solver, model: LinearModel, options: SolverOptions) {
    observer = options.observer
    let handoff = handoff
    thread = Thread {
      let result: Result<Solution, SolverError>
      do throws(SolverError) {
        result = .success(try solver.solve(model, options: options))
      } catch {
        result = .failure(error)
      }
      solver.releaseThread()
      handoff.condition.lock()
      handoff.outcome = result
      handoff.condition.broadcast()
      handoff.condition.unlock()
    }
    thread.name = "planner " + model.name
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
