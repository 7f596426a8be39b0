import Foundation

/// A solve running on a thread of its own: its progress as an
/// `AsyncStream`, its plan to await, and a way to stop it that keeps the
/// best plan found.
///
/// ``Planner/start(_:)`` returns one, for a plan of any kind. The solve runs on a Foundation
/// thread started for it, never on a thread of Swift's cooperative pool:
/// GLPK blocks the thread it runs on for seconds at a time, and the pool has
/// one thread per processor, so two solves on the pool would stall every
/// other task of the process. Awaiting ``plan`` suspends the awaiting task
/// without blocking its thread.
///
/// ``stop()``, or cancelling a task while it awaits ``plan``, asks the
/// search to stop. It ends the step it is in and returns the best plan
/// found so far, with the bound and gap proven so far and the termination
/// ``TerminationStatus/cancelled`` (a plan with status
/// ``PlanStatus/unknown`` when it had found none). Cancellation is not an
/// error; only a food plan solved in one branch-and-cut call, which keeps no
/// plan of its own, throws ``PlanningError/cancelled``.
///
/// ```swift
/// let running = Planner().start(.meals(problem))
/// let watcher = Task {
///   for await event in running.progress {
///     if let gap = event.gap, gap < 0.05 { running.stop() }  // good enough
///   }
/// }
/// let plan = try await running.plan
/// await watcher.value
/// print(plan.status, plan.report.termination, plan.report.relativeGap ?? .nan)
/// ```
public final class RunningSolve<Plan: Sendable>: @unchecked Sendable {
  // Unchecked: `thread` is only started and cancelled, which Foundation
  // allows from any thread, and `result` and `waiters` are read and written
  // only with `lock` held.
  /// Snapshots of the search as it runs (``SolveProgress``): when a step
  /// starts, and when the best plan or the proven bound improves. The
  /// sequence finishes when the solve ends, before ``plan`` returns. It
  /// keeps every snapshot until it is read; iterate it from one task.
  public let progress: AsyncStream<SolveProgress>

  private let lock = NSLock()
  private var result: Result<Plan, PlanningError>?
  private var waiters: [CheckedContinuation<Result<Plan, PlanningError>, Never>] = []
  private var thread: Thread?

  /// Starts `body` on a thread of its own.
  ///
  /// - Parameters:
  ///   - name: the thread's name.
  ///   - reportsProgress: whether ``progress`` gets the snapshots; without,
  ///     it finishes empty when the solve ends.
  ///   - body: the synchronous solve, given the hook that feeds ``progress``.
  ///   - release: called on the thread after `body` (``Solver/releaseThread()``).
  package init(
    name: String, reportsProgress: Bool = true,
    body: @escaping @Sendable (_ report: SolveProgressHandler?) throws(PlanningError) -> Plan,
    release: @escaping @Sendable () -> Void
  ) {
    let (stream, continuation) = AsyncStream.makeStream(of: SolveProgress.self, bufferingPolicy: .unbounded)
    progress = stream
    var report: SolveProgressHandler?
    if reportsProgress { report = { progress in _ = continuation.yield(progress) } }
    let hook = report
    let thread = Thread { [self] in
      let outcome: Result<Plan, PlanningError>
      do throws(PlanningError) {
        outcome = .success(try body(hook))
      } catch {
        outcome = .failure(error)
      }
      release()
      continuation.finish()
      finish(outcome)
    }
    thread.name = name
    // The main thread's stack: the search and GLPK run here as they would there.
    thread.stackSize = 8 << 20
    self.thread = thread
    thread.start()
  }

  /// Asks the solve to stop. It ends within moments (a branch-and-cut tree
  /// at its next node; an LP runs to its end first) and ``plan`` returns the
  /// best plan found, with termination ``TerminationStatus/cancelled``.
  /// Stopping a solve that has ended does nothing.
  public func stop() {
    lock.lock()
    let thread = result == nil ? self.thread : nil
    lock.unlock()
    thread?.cancel()
  }

  /// Whether the solve has ended.
  package var isFinished: Bool {
    lock.lock()
    defer { lock.unlock() }
    return result != nil
  }

  /// The plan, once the solve has ended; awaiting it suspends the task
  /// without blocking a thread. Cancelling the awaiting task stops the
  /// solve (``stop()``), and the plan is the best found by then.
  ///
  /// - Throws: what the planner's synchronous `solve(_:)` throws.
  public var plan: Plan {
    get async throws(PlanningError) {
      let outcome = await withTaskCancellationHandler {
        await withCheckedContinuation { (waiter: CheckedContinuation<Result<Plan, PlanningError>, Never>) in
          lock.lock()
          if let result {
            lock.unlock()
            waiter.resume(returning: result)
          } else {
            waiters.append(waiter)
            lock.unlock()
          }
        }
      } onCancel: {
        stop()
      }
      return try outcome.get()
    }
  }

  /// Keeps the outcome and resumes every task awaiting it.
  private func finish(_ outcome: Result<Plan, PlanningError>) {
    lock.lock()
    result = outcome
    let waiting = waiters
    waiters = []
    thread = nil
    lock.unlock()
    for waiter in waiting { waiter.resume(returning: outcome) }
  }
}

extension Optional where Wrapped == SolveProgressHandler {
  /// A hook that calls this one, then `other`; `nil` when both are.
  package func then(_ other: SolveProgressHandler?) -> SolveProgressHandler? {
    guard let first = self else { return other }
    guard let other else { return first }
    return { progress in
      first(progress)
      other(progress)
    }
  }
}
