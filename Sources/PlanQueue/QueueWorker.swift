import Foundation
import HealthDatabase

/// What a worker's solve function returns for a job.
package enum JobOutcome: Sendable {
  /// A result to store (a plan, or the word that there is none: infeasible, unknown).
  case solved(JobResult)
  /// The attempt failed; the job is queued again, or parked after its last attempt.
  case failed(String)
}

/// What a worker did, as it happens (for its log).
package enum WorkerEvent: Sendable {
  /// A job was claimed.
  case claimed(ClaimedJob)
  /// A job's result was stored, after `seconds`.
  case finished(ClaimedJob, status: String, seconds: Double)
  /// An attempt failed; the job is now `state` (queued again or parked).
  case failed(ClaimedJob, error: String, state: JobState)
  /// A job was no longer this worker's when it finished (its lease ran out); nothing was written.
  case lost(ClaimedJob)
  /// Jobs were given back, their attempts not counted (the worker was told to stop at once).
  case returned([Int64])
}

/// Stops a ``QueueWorker`` from another thread or a signal: ``stop()`` after the current
/// jobs, ``abandon()`` at once, giving the current jobs back.
///
/// Both write a byte to a pipe that the worker's waits watch, so an idle worker wakes at once.
package final class WorkerControl: @unchecked Sendable {
  private let lock = NSLock()
  private var stopping = false
  private var abandoning = false
  /// Pipes made readable (and left so) by ``stop()`` and by ``abandon()``.
  private let stopPipe: (read: Int32, write: Int32)
  private let abandonPipe: (read: Int32, write: Int32)

  /// Creates a control.
  package init() {
    func makePipe() -> (Int32, Int32) {
      var pair: [Int32] = [-1, -1]
      if pipe(&pair) != 0 { pair = [-1, -1] }
      return (pair[0], pair[1])
    }
    stopPipe = makePipe()
    abandonPipe = makePipe()
  }

  deinit {
    for descriptor in [stopPipe.read, stopPipe.write, abandonPipe.read, abandonPipe.write] {
      close(descriptor)
    }
  }

  /// Stop claiming jobs; finish the current ones, then return from ``QueueWorker/run()``.
  ///
  /// Safe to call from any thread (not from a signal handler: use a thread that waits for signals).
  package func stop() {
    lock.withLock { stopping = true }
    Self.signal(stopPipe.write)
  }

  /// Stop now: give the current jobs back (their attempts not counted) and return from
  /// ``QueueWorker/run()`` without waiting for their solves.
  package func abandon() {
    lock.withLock {
      stopping = true
      abandoning = true
    }
    Self.signal(stopPipe.write)
    Self.signal(abandonPipe.write)
  }

  /// Whether ``stop()`` or ``abandon()`` was called.
  package var isStopping: Bool { lock.withLock { stopping } }
  /// Whether ``abandon()`` was called.
  package var isAbandoning: Bool { lock.withLock { abandoning } }
  /// Readable once ``stop()`` or ``abandon()`` was called.
  var stopDescriptor: Int32 { stopPipe.read }
  /// Readable once ``abandon()`` was called.
  var abandonDescriptor: Int32 { abandonPipe.read }

  private static func signal(_ descriptor: Int32) {
    var byte: UInt8 = 1
    _ = write(descriptor, &byte, 1)
  }
}

/// Claims jobs and solves them on `concurrency` threads until stopped (or, with ``Settings/drain``,
/// until no job is ready).
///
/// Each thread has its own connection: it claims a job (``JobQueue/claim(worker:lease:sources:)``),
/// calls `solve`, and stores the result or the failure. While solves run, the thread that called
/// ``run()`` renews their leases every third of the lease. An idle thread waits for
/// `NOTIFY planner_jobs` (sent when a job is queued), or for the next lease of another worker to
/// run out, whichever comes first: it never polls the database in a loop.
///
/// ```swift
/// let control = WorkerControl()
/// let worker = QueueWorker(url: url, settings: .init(name: "host:1"), control: control) { job in
///   .solved(solve(job))
/// }
/// let summary = try worker.run()
/// ```
package final class QueueWorker: @unchecked Sendable {
  /// How a worker runs.
  package struct Settings: Sendable {
    /// The worker's name in the jobs table; unique among running workers.
    package var name: String
    /// How many jobs are solved at once, each on its own thread and connection.
    package var concurrency = 1
    /// Seconds a claim lasts unless renewed; renewed every third of it.
    package var lease = 60.0
    /// Return when no job is ready instead of waiting for more.
    package var drain = false

    /// Creates settings.
    package init(name: String, concurrency: Int = 1, lease: Double = 60, drain: Bool = false) {
      self.name = name
      self.concurrency = concurrency
      self.lease = lease
      self.drain = drain
    }
  }

  /// What a run did.
  package struct Summary: Sendable, Hashable {
    /// Jobs whose result was stored.
    package var finished = 0
    /// Attempts that failed.
    package var failed = 0
    /// Jobs given back when abandoned.
    package var returned = 0
    /// Jobs lost to an expired lease.
    package var lost = 0
  }

  private let url: String
  private let settings: Settings
  private let control: WorkerControl
  private let solve: @Sendable (ClaimedJob) -> JobOutcome
  private let onEvent: @Sendable (WorkerEvent) -> Void
  private let lock = NSLock()
  private var active: [Int: (id: Int64, attempt: Int)] = [:]
  private var summary = Summary()
  private var running = 0
  private var firstError: QueueError?
  private var sources: [Int64: PlanSource] = [:]
  /// Written when a thread ends, so that ``run()`` notices at once.
  private let slotEnded: (read: Int32, write: Int32) = {
    var pair: [Int32] = [-1, -1]
    if pipe(&pair) != 0 { pair = [-1, -1] }
    return (pair[0], pair[1])
  }()

  /// Creates a worker.
  ///
  /// - Parameters:
  ///   - url: The database, as for ``HealthDatabase/PostgresConnection/init(url:)``.
  ///   - settings: Name, concurrency, lease, drain.
  ///   - control: How the worker is stopped.
  ///   - onEvent: Called on the worker's threads as jobs are claimed, finished or fail.
  ///   - solve: Solves one job; called on a worker thread, up to `concurrency` at once.
  package init(
    url: String, settings: Settings, control: WorkerControl,
    onEvent: @escaping @Sendable (WorkerEvent) -> Void = { _ in },
    solve: @escaping @Sendable (ClaimedJob) -> JobOutcome
  ) {
    self.url = url
    self.settings = settings
    self.control = control
    self.onEvent = onEvent
    self.solve = solve
  }

  deinit {
    close(slotEnded.read)
    close(slotEnded.write)
  }

  /// Runs until stopped, drained, or a database error; blocks the calling thread.
  ///
  /// After ``WorkerControl/abandon()`` it returns once the current jobs are given back, while
  /// their solves may still be running on the worker's threads: the caller then exits.
  ///
  /// - Throws: ``QueueError`` when the database fails (the first error; the other threads stop).
  @discardableResult
  package func run() throws(QueueError) -> Summary {
    let keeper = try JobQueue(url: url)
    let count = max(1, settings.concurrency)
    lock.withLock { running = count }
    for slot in 0..<count {
      let thread = Thread { [self] in self.slotLoop(slot) }
      thread.stackSize = 8 << 20
      thread.start()
    }
    let interval = max(0.05, settings.lease / 3)
    while true {
      // Once stopping, only abandon() should cut the wait short (the stop pipe stays readable).
      let wake = control.isStopping ? control.abandonDescriptor : control.stopDescriptor
      try? keeper.waitForWork(timeout: interval, wake: [wake, slotEnded.read])
      if control.isAbandoning {
        let held = lock.withLock { Array(active.values) }
        let returned = try keeper.release(held, worker: settings.name)
        if !returned.isEmpty { onEvent(.returned(returned)) }
        return lock.withLock {
          summary.returned += returned.count
          return summary
        }
      }
      let (held, left, error) = lock.withLock { (Array(active.values), running, firstError) }
      if left == 0 {
        if let error { throw error }
        return lock.withLock { summary }
      }
      if !held.isEmpty {
        do throws(QueueError) {
          try keeper.renew(held, worker: settings.name, lease: settings.lease)
        } catch {
          record(error)
        }
      }
    }
  }

  private func record(_ error: QueueError) {
    lock.withLock { if firstError == nil { firstError = error } }
    control.stop()
  }

  private func slotLoop(_ slot: Int) {
    defer {
      lock.withLock { running -= 1 }
      var byte: UInt8 = 1
      _ = write(slotEnded.write, &byte, 1)
    }
    let queue: JobQueue
    do throws(QueueError) {
      queue = try JobQueue(url: url)
      try queue.listen()
    } catch {
      record(error)
      return
    }
    while !control.isStopping {
      do throws(QueueError) {
        let known = lock.withLock { sources }
        guard let job = try queue.claim(worker: settings.name, lease: settings.lease, sources: known) else {
          if settings.drain { return }
          // Wake at the next notification, or when another worker's lease may have run out.
          let expiry = try queue.secondsToNextExpiry().map { $0 + 0.05 }
          try queue.waitForWork(
            timeout: min(expiry ?? settings.lease, settings.lease), wake: [control.stopDescriptor])
          continue
        }
        lock.withLock {
          active[slot] = (job.id, job.attempt)
          sources[job.sourceID] = job.source
        }
        onEvent(.claimed(job))
        let started = Date()
        let outcome = solve(job)
        lock.withLock { active[slot] = nil }
        if control.isAbandoning { return }
        switch outcome {
        case .solved(let result):
          if try queue.complete(job, worker: settings.name, result: result) {
            lock.withLock { summary.finished += 1 }
            onEvent(.finished(job, status: result.status, seconds: Date().timeIntervalSince(started)))
          } else {
            lock.withLock { summary.lost += 1 }
            onEvent(.lost(job))
          }
        case .failed(let message):
          if let state = try queue.fail(job, worker: settings.name, error: message) {
            lock.withLock { summary.failed += 1 }
            onEvent(.failed(job, error: message, state: state))
          } else {
            lock.withLock { summary.lost += 1 }
            onEvent(.lost(job))
          }
        }
      } catch {
        record(error)
        return
      }
    }
  }
}
