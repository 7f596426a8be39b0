import Foundation

/// The parts of a ``StoreSetSplit`` solved on threads of their own, each
/// asking for a summed week under the cutoff: proven when every part ends
/// without one, failed as soon as one part has one (or a part stops short).
///
/// A part is taken by the next free thread, the most stores first. The
/// proof starts with one thread, beside the search (``begin(after:)``);
/// ``addThreads(upTo:)`` adds more when the search has nothing else to do.
/// A solution under the cutoff cancels its own thread from the solver's
/// callback and the other threads with it: the proof cannot succeed any
/// more, and the threads' time is the search's.
final class StoreSetProof: @unchecked Sendable {
  // Unchecked: every stored property but the constants is read and written
  // only with `condition` locked.

  /// Where the proof stands.
  enum State: Sendable, Hashable {
    /// Parts are still waiting or running.
    case running
    /// Every part ended without a week under the cutoff.
    case proven
    /// A part found one (its objective, the least seen), or stopped short (`nil`).
    case failed(Double?)
  }

  /// The objective every part asks to be under.
  let cutoff: Double
  private let solver: any Solver
  private let options: SolverOptions
  private let deadline: ContinuousClock.Instant?
  private let condition = NSCondition()
  private var waiting: [LinearModel]
  private var unfinished: Int
  private var threads: [Thread] = []
  /// What a thread runs before it takes a part; set by ``begin(after:)``,
  /// before which no thread starts.
  private var earlier: (@Sendable () -> Void)?
  private var alive = 0
  private var failure: Double??
  private var solves = 0
  private var seconds = 0.0

  /// A proof of `split`, started by ``begin(after:)``.
  ///
  /// - Parameters:
  ///   - split: the parts.
  ///   - cutoff: the split's cutoff.
  ///   - solver: the backend.
  ///   - options: each part's options.
  ///   - deadline: when every part ends; each part's time limit is the time
  ///     left when it starts. Without one, `options`' time limit is each part's.
  init(
    split: StoreSetSplit, cutoff: Double, solver: any Solver, options: SolverOptions,
    deadline: ContinuousClock.Instant? = nil
  ) {
    self.cutoff = cutoff
    self.solver = solver
    self.options = options
    self.deadline = deadline
    waiting = split.parts.map(\.model)
    unfinished = waiting.count
  }

  /// Starts the proof on one thread, which first waits for `earlier` to
  /// return: the threads of the work this proof replaces, cancelled but
  /// still ending (an LP, a round of cuts or pseudocost's probes at a
  /// tree's root run to their end before its callback sees the cancel), so
  /// that beside the search the proofs of one plan after another take one
  /// processor, not one each.
  func begin(after earlier: @escaping @Sendable () -> Void) {
    condition.lock()
    self.earlier = earlier
    condition.unlock()
    addThreads(upTo: 1)
  }

  /// Where the proof stands now.
  var state: State {
    condition.lock()
    defer { condition.unlock() }
    return stateLocked
  }

  private var stateLocked: State {
    if let failure { return .failed(failure) }
    return unfinished == 0 ? .proven : .running
  }

  /// Starts threads, up to `count` in all, while parts wait for one; none
  /// before ``begin(after:)``.
  func addThreads(upTo count: Int) {
    condition.lock()
    defer { condition.unlock() }
    // A thread without a part left to take ends at once.
    while earlier != nil, alive < count, !waiting.isEmpty, failure == nil { startThread() }
  }

  /// The solver calls ended so far and their seconds: (solver calls ended, their seconds).
  var counts: (solves: Int, seconds: Double) {
    condition.lock()
    defer { condition.unlock() }
    return (solves, seconds)
  }

  private func startThread() {
    let earlier = self.earlier
    let thread = Thread { [self] in
      earlier?()
      while let part = next() { solve(part) }
      solver.releaseThread()
      condition.lock()
      alive -= 1
      condition.broadcast()
      condition.unlock()
    }
    thread.name = "planner store-set proof"
    threads.append(thread)
    alive += 1
    thread.start()
  }

  /// Waits until the proof has an answer, `deadline` passes or the caller
  /// stops the search (``StopRequest``); the state then.
  func wait(until deadline: ContinuousClock.Instant) -> State {
    let clock = ContinuousClock()
    condition.lock()
    defer { condition.unlock() }
    // In slices of at most 20 ms, so that a caller's stop (StopRequest)
    // ends the wait within one.
    while stateLocked == .running, !StopRequest.isRequested {
      let left = deadline - clock.now
      guard left > .zero else { break }
      _ = condition.wait(until: Date(timeIntervalSinceNow: min(left.seconds, 0.02)))
    }
    return stateLocked
  }

  /// Stops every thread and waits for them to end.
  func stop() {
    cancel()
    waitForThreads()
  }

  /// Waits until every thread of the proof has ended.
  func waitForThreads() {
    condition.lock()
    while alive > 0 { condition.wait() }
    condition.unlock()
  }

  /// Stops every thread without waiting for them to end: a part's solve
  /// sees it at its next callback (an LP runs to its end first).
  func cancel() {
    condition.lock()
    defer { condition.unlock() }
    if failure == nil, unfinished > 0 { failure = .some(nil) }
    waiting.removeAll()
    for thread in threads { thread.cancel() }
  }

  private func next() -> LinearModel? {
    condition.lock()
    defer { condition.unlock() }
    guard failure == nil, !waiting.isEmpty else { return nil }
    return waiting.removeFirst()
  }

  private func solve(_ part: LinearModel) {
    var options = self.options
    if let deadline { options.timeLimit = max(0.05, (deadline - ContinuousClock.now).seconds) }
    options.observer = SolveObserver { [self] value in
      // A week under the cutoff: this part, and so the proof, cannot succeed.
      Thread.current.cancel()
      fail(value)
    }
    let result: Solution?
    do throws(SolverError) {
      result = try solver.solve(part, options: options)
    } catch {
      result = nil
    }
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    solves += 1
    seconds += result?.seconds ?? 0
    if let result, result.status == .infeasible, result.termination == .completed {
      unfinished -= 1
    } else if failure == nil {
      failure = .some(result?.objectiveValue.flatMap { $0 < cutoff ? $0 : nil })
      for thread in threads { thread.cancel() }
    }
  }

  private func fail(_ value: Double) {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    switch failure {
    case .some(.some(let known)): failure = .some(min(known, value))
    default: failure = .some(value)
    }
    waiting.removeAll()
    for thread in threads { thread.cancel() }
  }
}
