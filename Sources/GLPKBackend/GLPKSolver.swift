internal import CGLPK
import Foundation
import MealOptimizer

/// Solves a `LinearModel` with GLPK: the simplex or interior-point method
/// for LPs, branch-and-cut after an LP relaxation for MIPs.
///
/// The model is validated in Swift before anything reaches GLPK, and every
/// GLPK call runs inside a guard in the C shim: an internal GLPK error that
/// would otherwise `abort()` the process comes back as
/// `SolverError/solverFailure(_:)`. The GLPK problem object is created and
/// deleted inside one ``solve(_:options:)`` call and never leaves it, so one
/// `GLPKSolver` can be used from many threads at once (GLPK keeps its state
/// per thread). A model solved many times with small changes between solves
/// is loaded once into a session instead (``makeSession(for:)``).
///
/// A solve that runs inside a task stops when the task is cancelled (or, on
/// a Foundation `Thread`, when the thread is cancelled): the
/// solver checks before it calls GLPK, and GLPK's branch-and-cut asks at every
/// step of its search, so a cancelled MIP ends within moments and the call
/// throws `SolverError/cancelled`. (GLPK's simplex method cannot be
/// interrupted; an LP runs to its end, and the cancellation is reported after it.)
///
/// The time limit covers the whole call: compacting the model, loading it
/// into GLPK, the LP relaxation and branch-and-cut share it, each getting
/// what is left.
///
/// GLPK's own settings (simplex method, scaling, branching, cuts) are a
/// ``GLPKOptions`` value given to ``init(options:)``.
///
/// ```swift
/// let solution = try GLPKSolver().solve(model, options: SolverOptions())
/// if solution.status == .optimal { print(solution.objectiveValue ?? 0) }
/// ```
package struct GLPKSolver: Solver {
  /// GLPK's own settings for every solve (one solve can change them with
  /// `SolverOptions/backendSettings`).
  package var options: GLPKOptions

  /// Creates a solver with GLPK's settings.
  package init(options: GLPKOptions = GLPKOptions()) { self.options = options }

  /// Solves the model with GLPK.
  ///
  /// - Parameters:
  ///   - model: The model; it is validated with `LinearModel/validate()` first.
  ///   - options: The time limit, MIP gap, node limit, start, observer, and
  ///     GLPK settings by name over ``options``.
  /// - Returns: The termination and result statuses, values when there are
  ///   any, duals and reduced costs for an LP solved to optimality, the
  ///   relative gap for a MIP, and the seconds spent.
  /// - Throws: `SolverError/invalidModel(_:)` or
  ///   `SolverError/invalidOptions(_:)` before GLPK is called, and
  ///   `SolverError/solverFailure(_:)` when GLPK reports an internal error,
  ///   `SolverError/cancelled` when the task or the Foundation thread
  ///   running the solve is cancelled.
  package func solve(_ model: LinearModel, options: SolverOptions) throws(SolverError) -> Solution {
    try options.validate()
    let glpk = try self.options.applying(options.backendSettings)
    if GLPKCall.isCancelled { throw .cancelled }
    let clock = ContinuousClock()
    let entered = clock.now
    let compact = try model.compacted()
    let start = clock.now
    // The time limit covers the whole call: compacting a model of thousands of
    // recipes takes part of it.
    var options = options
    if let limit = options.timeLimit {
      let spent = start - entered
      let seconds = Double(spent.components.seconds) + Double(spent.components.attoseconds) * 1e-18
      options.timeLimit = max(0.001, limit - seconds)
    }
    if let column = Self.columnWithoutIntegerValue(compact) {
      return Solution(
        termination: .completed, status: .infeasible,
        message: "integer variable '\(compact.columns[column].name)' has no integer value between its bounds")
    }
    let raw = try GLPKCall.solve(
      compact, options: options, glpk: glpk, start: Self.start(options, model, glpk))
    if raw.stopped || GLPKCall.isCancelled { throw .cancelled }
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    return Self.solution(
      from: raw, mixedInteger: model.isMixedInteger, maximize: model.sense == .maximize, seconds: seconds)
  }

  /// The options' start for GLPK when the model is a MIP and the point fits
  /// it (its integer values rounded, as GLPK takes only whole ones); `nil`
  /// otherwise, and always with GLPK's MIP presolver, whose tree's columns
  /// are the presolved problem's: a start over the model's would be read
  /// against the wrong columns.
  static func start(_ options: SolverOptions, _ model: LinearModel, _ glpk: GLPKOptions) -> [Double]? {
    guard !glpk.mipPresolve, let point = options.start, point.count == model.variables.count,
      model.isMixedInteger, model.isFeasible(point)
    else { return nil }
    return zip(point, model.variables).map { $1.kind == .continuous ? $0 : $0.rounded() }
  }

  /// The first integer column whose bounds contain no integer, if any.
  static func columnWithoutIntegerValue(_ model: CompactModel) -> Int? {
    model.columns.indices.first { index in
      let column = model.columns[index]
      guard column.kind != .continuous, let lower = column.lower, let upper = column.upper else {
        return false
      }
      return lower.rounded(.up) > upper.rounded(.down)
    }
  }

  /// Frees this thread's GLPK environment, and with it every GLPK object
  /// of the thread: for a thread about to end after its solves.
  package func releaseThread() { GLPKCall.releaseThread() }
}

extension SolverOptions {
  /// Checks that the time limit and gap are usable numbers.
  func validate() throws(SolverError) {
    if let limit = timeLimit, !(limit.isFinite && limit > 0) {
      throw SolverError.invalidOptions("the time limit must be a positive number of seconds, not \(limit)")
    }
    if !(relativeGap.isFinite && relativeGap >= 0) {
      throw SolverError.invalidOptions(
        "the relative gap must be zero or a positive number, not \(relativeGap)")
    }
    if let limit = nodeLimit, limit < 1 {
      throw SolverError.invalidOptions("the node limit must be at least 1 node, not \(limit)")
    }
  }
}
