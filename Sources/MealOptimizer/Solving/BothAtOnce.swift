import Dispatch
import Foundation

/// Two independent pieces of work run at once, on two threads when the
/// machine has more than one processor, one after the other otherwise.
///
/// A large plan's steps around the solve each take milliseconds on one
/// thread (validating the problem, finding its one-day form, checking the
/// plan's limits); those that read the same values and write nothing shared
/// overlap here. Each piece must only read what it shares with the other.
package enum BothAtOnce {
  /// The results of `first` and `second`, run at once.
  package static func run<First, Second>(
    _ first: () -> First, _ second: () -> Second
  ) -> (First, Second) {
    guard ProcessInfo.processInfo.activeProcessorCount > 1 else { return (first(), second()) }
    let results = Results<First, Second>()
    withoutActuallyEscaping(first) { first in
      withoutActuallyEscaping(second) { second in
        let work = Work(first: first, second: second)
        DispatchQueue.concurrentPerform(iterations: 2) { part in
          // Each part writes its own slot only.
          if part == 0 { results.first = work.first() } else { results.second = work.second() }
        }
      }
    }
    // concurrentPerform returns when both parts have: both slots are set.
    return (results.first!, results.second!)
  }

  /// The two pieces of work, handed to the threads.
  private struct Work<First, Second>: @unchecked Sendable {
    // Unchecked: each closure is called on one thread only, and the caller
    // promises they share nothing they write.
    let first: () -> First
    let second: () -> Second
  }

  /// One slot for each result, each written by one thread and read after both end.
  private final class Results<First, Second>: @unchecked Sendable {
    var first: First?
    var second: Second?
  }
}
