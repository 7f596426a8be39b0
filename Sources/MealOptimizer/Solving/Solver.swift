import Foundation

/// Something that solves a ``LinearModel``.
///
/// The only backend today is `GLPKSolver` (library `GLPKBackend`); an LP or
/// MPS export is another consumer of the same model.
package protocol Solver: Sendable {
  /// Solves the model.
  ///
  /// An infeasible or unbounded model is a result, not an error. A backend
  /// should stop early when the task running the solve is cancelled, or the
  /// Foundation `Thread` running it (`Thread.cancel()`: the meal-plan
  /// search's background solve), and throw ``SolverError/cancelled``.
  /// - Throws: ``SolverError`` when the model cannot be given to the solver
  ///   (a non-finite coefficient, inverted bounds), the solver fails, or the
  ///   task or thread was cancelled.
  func solve(_ model: LinearModel, options: SolverOptions) throws(SolverError) -> Solution

  /// Frees what the backend keeps for the calling thread; called on a thread
  /// that is about to end after its solves (the meal-plan search's
  /// background solve). The default does nothing.
  func releaseThread()

  /// Loads a model into a session, to change it and solve it again without
  /// loading it again (``SolverSession``). The default session gives the
  /// changed model whole to ``solve(_:options:)`` at each solve; a backend
  /// that can keep its problem between solves (`GLPKSolver`) gives its own.
  ///
  /// - Throws: ``SolverError/invalidModel(_:)`` for a model that does not
  ///   validate, ``SolverError/solverFailure(_:)`` when the backend fails.
  func makeSession(for model: LinearModel) throws(SolverError) -> any SolverSession
}

extension Solver {
  /// Does nothing: a backend that keeps nothing per thread needs no release.
  package func releaseThread() {}

  /// A session that solves the changed model whole each time.
  package func makeSession(for model: LinearModel) throws(SolverError) -> any SolverSession {
    try ModelSession(solver: self, model: model)
  }
}

/// What any MIP solver understands: limits, a gap, a starting point and an
/// observer. A backend's own settings (GLPK's simplex method, scaling,
/// branching rule, cutting planes, presolvers) belong to the backend
/// (`GLPKOptions`, given to `GLPKSolver(options:)`); a caller that must
/// change them for one solve names them in ``backendSettings``.
///
/// ```swift
/// var options = SolverOptions()
/// options.timeLimit = 10
/// options.relativeGap = 0.01
/// let solution = try GLPKSolver().solve(model, options: options)
/// ```
package struct SolverOptions: Sendable, Hashable {
  /// Wall-clock limit in seconds for the whole solve; `nil` for none.
  package var timeLimit: Double? = nil
  /// Relative MIP gap at which to stop (0.01 is 1%). LPs ignore it.
  package var relativeGap: Double = 1e-4
  /// The most branch-and-bound nodes a MIP solve may create; `nil` for no
  /// limit. A work limit rather than a clock: the same model and options stop
  /// at the same node on every run, with the best plan found by then
  /// (termination ``TerminationStatus/nodeLimit``). LPs ignore it.
  package var nodeLimit: Int? = nil
  /// A point of the model (one value per variable, in
  /// ``LinearModel/variables`` order) for a MIP to start from: when it
  /// satisfies every row, bound and integrality (within 1e-6), it is the
  /// first incumbent, and the search prunes every node that cannot beat it.
  /// A point that does not fit the model is not used. `nil` for none. LPs
  /// ignore it, and so does GLPK with its MIP presolver (`mip_presolve`),
  /// whose tree is over the presolved problem's columns, not the model's.
  package var start: [Double]? = nil
  /// Told each better solution a MIP finds while it runs, for another
  /// thread to read (``SolveObserver``); `nil` for none. LPs ignore it.
  package var observer: SolveObserver? = nil
  /// A backend's own settings for this solve, by the backend's names, on
  /// top of the settings the backend was made with: GLPK's are the
  /// properties of `GLPKOptions` (docs/solver.md), such as
  /// `["branching": "pseudocost", "cuts": "mir,cover"]`. A backend rejects a
  /// name or value it does not know with ``SolverError/invalidOptions(_:)``.
  package var backendSettings: [String: String] = [:]

  package init() {}
}

/// What a running MIP has found so far, for another thread to read: the
/// objective value of its best solution. Options with an observer are
/// equal only when they share the same one. An observer is meant for one
/// solve: given to another, it shows the last value it was told until that
/// solve reports its own.
///
/// ```swift
/// let observer = SolveObserver()
/// var options = SolverOptions()
/// options.observer = observer
/// // On another thread, while the solve runs:
/// if let best = observer.incumbent { print("best so far", best) }
/// ```
package final class SolveObserver: @unchecked Sendable, Hashable {
  // Unchecked: `best` is read and written only with `lock` held.
  private let lock = NSLock()
  private var best: Double?
  private let onIncumbent: (@Sendable (Double) -> Void)?

  /// An observer that has seen nothing yet.
  package init() { onIncumbent = nil }

  /// An observer that also calls `onIncumbent` with each better solution's
  /// objective value, on the thread that solves, from inside the solve.
  package init(onIncumbent: @escaping @Sendable (Double) -> Void) { self.onIncumbent = onIncumbent }

  /// The best solution's objective value so far; `nil` before the first.
  package var incumbent: Double? {
    lock.lock()
    defer { lock.unlock() }
    return best
  }

  /// Records a better solution's objective value (a backend calls this).
  package func record(incumbent value: Double) {
    lock.lock()
    best = value
    lock.unlock()
    onIncumbent?(value)
  }

  /// Observers are equal when they are the same object.
  package static func == (lhs: SolveObserver, rhs: SolveObserver) -> Bool { lhs === rhs }

  /// Hashes the object's identity.
  package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Why the solver stopped.
public enum TerminationStatus: String, Sendable, Hashable, Codable {
  /// It proved the answer (optimal, infeasible or unbounded).
  case completed
  /// It reached the time limit.
  case timeLimit = "time_limit"
  /// It reached the requested relative gap.
  case gapLimit = "gap_limit"
  /// It reached `SolverOptions.nodeLimit`.
  case nodeLimit = "node_limit"
  /// It failed: numerical trouble, a bad model, an internal error.
  case failed
  /// The caller stopped it: ``RunningSolve/stop()``, or the cancellation
  /// of the task awaiting the plan (or running a synchronous solve). A plan
  /// with this termination is the best found by then, with the bound and
  /// gap proven by then.
  case cancelled
}

/// What the result's values are.
package enum ResultStatus: String, Sendable, Hashable, Codable {
  case optimal
  /// A feasible point that is not proven optimal (within a gap or time limit).
  case feasible
  case infeasible
  case unbounded
  /// No usable values.
  case unknown
}

/// The result of a solve.
package struct Solution: Sendable, Hashable {
  package var termination: TerminationStatus
  package var status: ResultStatus
  /// The objective value, when there are values.
  package var objectiveValue: Double?
  /// The primal value of each variable, in ``LinearModel/variables`` order (empty without values).
  package var values: [Double]
  /// Row duals, for LPs solved to optimality (empty otherwise).
  package var rowDuals: [Double]
  /// Reduced costs of the variables, for LPs solved to optimality (empty otherwise).
  package var reducedCosts: [Double]
  /// The relative gap between the best solution and the best bound, for MIPs.
  package var relativeGap: Double?
  /// A proven bound on the objective (a lower bound when minimising): the
  /// objective itself for an LP solved to optimality, the best bound of the
  /// branch-and-cut tree for a MIP; `nil` when none is known.
  package var bound: Double?
  /// Seconds spent in the solver.
  package var seconds: Double
  /// A sentence for people when the solver failed or stopped early.
  package var message: String?

  package init(
    termination: TerminationStatus, status: ResultStatus, objectiveValue: Double? = nil,
    values: [Double] = [], rowDuals: [Double] = [], reducedCosts: [Double] = [],
    relativeGap: Double? = nil, bound: Double? = nil, seconds: Double = 0, message: String? = nil
  ) {
    self.termination = termination
    self.status = status
    self.objectiveValue = objectiveValue
    self.values = values
    self.rowDuals = rowDuals
    self.reducedCosts = reducedCosts
    self.relativeGap = relativeGap
    self.bound = bound
    self.seconds = seconds
    self.message = message
  }

  /// The value of a variable, when there are values.
  package func value(_ variable: VariableRef) -> Double? {
    values.indices.contains(variable.index) ? values[variable.index] : nil
  }

  /// The dual value (shadow price) of a constraint: how much the objective
  /// changes per unit the constraint's bound moves, at this solution.
  ///
  /// ```swift
  /// let protein = model.addConstraint("protein", expression, .greaterThan(50))
  /// let price = try GLPKSolver().solve(model, options: SolverOptions()).dual(protein)
  /// ```
  ///
  /// - Parameter constraint: A constraint of the model that was solved.
  /// - Returns: The dual for an LP solved to optimality; `nil` for a MIP, a
  ///   solution that is not optimal, or a reference out of range.
  package func dual(_ constraint: ConstraintRef) -> Double? {
    rowDuals.indices.contains(constraint.index) ? rowDuals[constraint.index] : nil
  }

  /// The reduced cost of a variable: how much the objective changes per unit
  /// the variable moves away from its bound, at this solution.
  ///
  /// - Parameter variable: A variable of the model that was solved.
  /// - Returns: The reduced cost for an LP solved to optimality; `nil` for a
  ///   MIP, a solution that is not optimal, or a reference out of range.
  package func reducedCost(_ variable: VariableRef) -> Double? {
    reducedCosts.indices.contains(variable.index) ? reducedCosts[variable.index] : nil
  }
}

/// A model the solver cannot accept, a solver failure, or a cancelled solve.
public enum SolverError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
  /// The model itself is malformed (a NaN coefficient, lower bound above upper bound, a
  /// reference to a variable that does not exist).
  case invalidModel(String)
  /// A `SolverOptions` value is out of range (a negative time limit, a gap that is not a number).
  case invalidOptions(String)
  /// The solver library reported an error it could not recover from.
  case solverFailure(String)
  /// The task running the solve was cancelled and the solver stopped early.
  case cancelled

  /// The error in words: `invalid model: variable #0 'x': lower bound 2 is above upper bound 1`.
  public var description: String {
    switch self {
    case .invalidModel(let why): "invalid model: \(why)"
    case .invalidOptions(let why): "invalid solver options: \(why)"
    case .solverFailure(let why): "solver failure: \(why)"
    case .cancelled: "the solve was cancelled"
    }
  }

  /// The same text as ``description``, for `localizedDescription`.
  public var errorDescription: String? { description }
}
