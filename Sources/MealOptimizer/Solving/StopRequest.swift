import Foundation

/// Whether the caller of a solve asked it to stop: the Swift task running
/// it is cancelled, or the Foundation thread running it is (a
/// ``RunningSolve``'s thread, cancelled by ``RunningSolve/stop()``). Both
/// are sticky: once asked, a solve stays stopped.
///
/// The meal-plan search treats a stop like a deadline that has passed: it
/// ends the step it is in, keeps the best plan and the proven bound it
/// has, and ends with ``TerminationStatus/cancelled``. GLPK's
/// branch-and-cut asks the same question at every step of its own search.
package enum StopRequest {
  /// Whether the solve running on the calling thread was asked to stop.
  package static var isRequested: Bool { Task.isCancelled || Thread.current.isCancelled }

  /// The answer the search takes in place of a solver call it did not make
  /// (or whose ``SolverError/cancelled`` it caught) because it was stopped:
  /// no values, no bound.
  package static let stoppedSolution = Solution(
    termination: .cancelled, status: .unknown, message: "the solve was stopped")
}
