import Foundation

/// What runs beside the meal-plan search: the best-bound trees of its
/// purchase relaxation (``MealPlanSearch/startWeekTotals(_:_:)``), and, once
/// a plan is in hand, the proof by store sets on its summed week
/// (``WeekTotals``, ``StoreSetProof``) that takes the trees' thread while it
/// runs. The search that owns it
/// (``MealPlanSearch/minimizeCost(_:)``) shares it with the inner search of
/// ``MealPlanSearch/Step/withoutBudget``, whose plans start proofs too.
package final class SummedWeekWork: @unchecked Sendable {
  // Unchecked: every stored property is read and written only with `lock` held.
  private let lock = NSLock()
  private var storedTree: BackgroundSolve?
  private var storedProof: StoreSetProof?
  private var storedSummed: LinearModel?
  private var restart: (@Sendable () -> BackgroundSolve?)?
  private var storedDeadline: ContinuousClock.Instant?
  private var treeStopped = false
  /// The least objective of a point of the summed week (or of a part) that
  /// a failed proof found, or of a point of the purchase relaxation that its
  /// trees found: no proof is tried with a cutoff above it. A failed proof's
  /// point shows the proof cannot succeed; the relaxation's points, whose
  /// meals may be fractions, only make it unlikely (on issue 9's benchmark
  /// week, where the proof succeeds, the summed week's optimum is 42.353
  /// USD with whole meals and 42.350 with meals in fractions), and a proof
  /// stops the trees while it runs.
  private var upper = Double.infinity
  /// The last cutoff a proof was started with.
  private var tried = Double.infinity
  /// The highest cutoff proven.
  private var proven: Double?
  /// Set by ``stopAll()``: the search is over, no proof starts any more.
  private var closed = false
  /// Whether the LP relaxation's optimum has been recorded, and the optimum.
  private var relaxationNoted = false
  private var relaxationValue: Double?
  /// Solver calls of proofs that have ended, and their seconds, not yet taken.
  private var ended = (solves: 0, seconds: 0.0)

  package init() {}

  /// The best-bound tree, while it runs.
  var tree: BackgroundSolve? {
    get { locked { storedTree } }
    set { locked { storedTree = newValue } }
  }

  /// The summed model proofs are made on, when they can be; how to start
  /// the tree again after a proof that failed; and when the search that
  /// owns the work ends, which ends its proofs too (an inner search's
  /// deadline comes sooner): set by that search.
  func prepare(
    summed: LinearModel?, restart: (@Sendable () -> BackgroundSolve?)?, deadline: ContinuousClock.Instant
  ) {
    locked {
      storedSummed = summed
      self.restart = restart
      storedDeadline = deadline
    }
  }

  /// When the search that owns the work ends.
  var deadline: ContinuousClock.Instant? { locked { storedDeadline } }

  /// The summed model, when proofs can be made.
  var summed: LinearModel? { locked { storedSummed } }

  /// The proof that runs, if any.
  var proof: StoreSetProof? {
    poll()
    return locked { storedProof }
  }

  /// The highest cutoff proven so far: no week costs less.
  var provenCutoff: Double? {
    poll()
    return locked { proven }
  }

  /// Whether a proof with this cutoff may succeed and is not already made or tried.
  func isWorthTrying(_ cutoff: Double) -> Bool {
    poll()
    return locked {
      let margin = 1e-9 * max(1, abs(cutoff))
      return !closed && cutoff < upper - margin && cutoff < tried - margin
        && cutoff > (proven ?? -.infinity) + margin
    }
  }

  /// Starts a proof in place of the one running, stopping the tree while
  /// it runs; once the work is closed, the proof is stopped instead. The
  /// proof's thread first waits for the threads of the proof and tree it
  /// replaces to end (``StoreSetProof/begin(after:)``).
  func start(_ proof: StoreSetProof) {
    let replaced: (proof: StoreSetProof?, tree: BackgroundSolve?)? = locked {
      if closed { return nil }
      defer {
        storedProof = proof
        tried = proof.cutoff
        if storedTree != nil { treeStopped = true }
        storedTree = nil
      }
      return (storedProof, storedTree)
    }
    guard let replaced else {
      proof.cancel()
      return
    }
    let (oldProof, oldTree) = replaced
    // Neither is waited for: the search goes on while they end, and the
    // new proof waits for them on its own thread.
    oldProof?.cancel()
    if let incumbent = oldTree?.points?.incumbent { locked { upper = min(upper, incumbent) } }
    oldTree?.cancel()
    proof.begin {
      oldProof?.waitForThreads()
      _ = oldTree?.wait()
    }
  }

  /// Takes a finished proof's answer: a proven cutoff, or, for a failed
  /// proof, what it learned, and the tree again.
  func poll() {
    let (failed, restartTree): (StoreSetProof?, (@Sendable () -> BackgroundSolve?)?) = locked {
      if let incumbent = storedTree?.points?.incumbent { upper = min(upper, incumbent) }
      guard let proof = storedProof else { return (nil, nil) }
      switch proof.state {
      case .running:
        return (nil, nil)
      case .proven:
        proven = max(proven ?? -.infinity, proof.cutoff)
        storedProof = nil
        countLocked(proof)
        return (nil, nil)
      case .failed(let value):
        if let value { upper = min(upper, value) }
        storedProof = nil
        guard treeStopped, storedTree == nil else { return (proof, nil) }
        treeStopped = false
        return (proof, restart)
      }
    }
    // The failed proof's threads are cancelled already: they end on their own.
    failed?.cancel()
    if let restartTree, let tree = restartTree() {
      locked { storedTree = tree }
    }
  }

  /// Records the optimum of the search's LP relaxation (``MealPlanSearch/Step/relaxation``),
  /// or `nil` when that step ended without one, for the trees' choice of
  /// model (``MealPlanSearch/solve(_:options:summedObserver:weekLP:)``). The first call counts:
  /// with a budget, that is the LP of ``MealPlanSearch/Step/withoutBudget``'s
  /// search, no higher than the week's.
  func noteRelaxation(_ value: Double?) {
    locked {
      guard !relaxationNoted else { return }
      relaxationNoted = true
      relaxationValue = value
    }
  }

  /// The LP optimum ``noteRelaxation(_:)`` recorded, waiting for it until
  /// `deadline` or until the calling thread is cancelled; `nil` without one.
  func relaxation(waitingUntil deadline: ContinuousClock.Instant) -> Double? {
    while true {
      let (noted, value) = locked { (relaxationNoted, relaxationValue) }
      if noted { return value }
      if ContinuousClock.now >= deadline || Thread.current.isCancelled { return nil }
      Thread.sleep(forTimeInterval: 0.01)
    }
  }

  /// Stops the proof and the tree, for good: no proof starts after it.
  func stopAll() {
    let (proof, tree) = locked {
      defer {
        storedProof = nil
        storedTree = nil
        treeStopped = false
        closed = true
      }
      return (storedProof, storedTree)
    }
    if let proof {
      proof.stop()
      count(proof)
    }
    tree?.stop()
  }

  /// The solver calls of the proofs ended since the last call, and their seconds.
  func takeCounts() -> (solves: Int, seconds: Double) {
    locked {
      defer { ended = (0, 0) }
      return ended
    }
  }

  private func count(_ proof: StoreSetProof) { locked { countLocked(proof) } }

  private func countLocked(_ proof: StoreSetProof) {
    let counts = proof.counts
    ended.solves += counts.solves
    ended.seconds += counts.seconds
  }

  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}
