import Foundation

/// Something that solves a ``LinearModel``.
///
/// The only backend today is `GLPKSolver` (library `GLPKBackend`); an LP or
/// MPS export is another consumer of the same model.
public protocol Solver: Sendable {
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
}

extension Solver {
  /// Does nothing: a backend that keeps nothing per thread needs no release.
  public func releaseThread() {}
}

/// Settings for a solve. The defaults were chosen by measurement on diet models.
///
/// `Benchmarks/solver/run.sh` times every combination on a generated diet
/// model of 8,000 foods over 7 days (56,000 variables). GLPK's usual path,
/// the primal simplex with presolve on (which rescales the presolved problem
/// itself), took 3.5 s (5.9 s with weekly per-food limits, 8,091 rows); the
/// dual simplex with presolve off and equilibration scaling reached the same
/// optimum in 0.69 s (1.25 s): 5.1x (4.7x) faster. Without scaling it was a
/// little faster still on these generated data (0.52 s, 0.86 s), but
/// equilibration is kept as the default because real food tables mix
/// coefficients from micrograms to kilocalories. Presolve stays available for
/// models where it pays. The interior-point method is slow on such wide
/// models (minutes) and is not the default.
public struct SolverOptions: Sendable, Hashable {
  /// The LP algorithm.
  public enum Method: String, Sendable, Hashable, CaseIterable {
    case primalSimplex = "primal"
    case dualSimplex = "dual"
    case interiorPoint = "interior"
  }

  /// How branch-and-bound chooses the variable to branch on (GLPK's `br_tech`).
  public enum Branching: String, Sendable, Hashable, CaseIterable {
    /// The first fractional integer variable.
    case firstFractional = "first_fractional"
    /// The last fractional integer variable.
    case lastFractional = "last_fractional"
    /// The integer variable farthest from a whole number.
    case mostFractional = "most_fractional"
    /// Driebeck and Tomlin's heuristic, GLPK's default.
    case driebeckTomlin = "driebeck_tomlin"
    /// Hybrid pseudocost branching: each variable's measured effect on the
    /// bound, learned as the tree grows.
    case pseudocost
  }

  /// Which open node branch-and-bound solves next (GLPK's `bt_tech`).
  public enum NodeSelection: String, Sendable, Hashable, CaseIterable {
    /// The newest node first.
    case depthFirst = "depth_first"
    /// The oldest node first.
    case breadthFirst = "breadth_first"
    /// The node with the best local bound first (the lowest, for
    /// minimisation): it raises the tree's proven bound fastest. GLPK's default.
    case bestBound = "best_bound"
    /// The node whose bound projects best toward a whole solution.
    case bestProjection = "best_projection"
  }

  /// How the LP is scaled before solving.
  public enum Scaling: String, Sendable, Hashable, CaseIterable {
    case none, equilibration, geometric
    case geometricThenEquilibration = "auto"
  }

  /// The LP algorithm; the dual simplex by measurement. MIPs solve their LP
  /// relaxation with the simplex method even when the interior point is chosen.
  public var method: Method = .dualSimplex
  /// Whether GLPK's LP presolver runs first; off by measurement. With
  /// presolve on, GLPK scales the presolved problem itself and ``scaling`` is
  /// not used.
  public var presolve: Bool = false
  /// How the problem is scaled before the simplex method; equilibration by measurement.
  public var scaling: Scaling = .equilibration
  /// Wall-clock limit in seconds for the simplex method and for
  /// branch-and-cut; `nil` for none.
  public var timeLimit: Double? = nil
  /// Relative MIP gap at which to stop (0.01 is 1%).
  public var relativeGap: Double = 1e-4
  /// Families of cutting planes that branch-and-cut can add.
  public struct CutPlanes: OptionSet, Sendable, Hashable {
    /// The families as bits: 1 MIR, 2 Gomory, 4 cover, 8 clique.
    public let rawValue: Int
    /// The families whose bits are set in `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Mixed-integer rounding cuts (GLPK's `mir_cuts`).
    public static let mixedIntegerRounding = CutPlanes(rawValue: 1)
    /// Gomory's mixed-integer cuts (`gmi_cuts`).
    public static let gomory = CutPlanes(rawValue: 2)
    /// Mixed cover cuts (`cov_cuts`).
    public static let cover = CutPlanes(rawValue: 4)
    /// Clique cuts (`clq_cuts`).
    public static let clique = CutPlanes(rawValue: 8)
    /// All four families.
    public static let all: CutPlanes = [.mixedIntegerRounding, .gomory, .cover, .clique]
  }

  /// The cutting planes branch-and-cut adds. None by default: they slow each
  /// node, and most small models prove faster without them; they raise the
  /// bound of models with whole packages (see docs/meals.md and docs/solver.md).
  /// LPs ignore them.
  public var cuts: CutPlanes = []
  /// The most branch-and-bound nodes a MIP solve may create; `nil` for no
  /// limit. A work limit rather than a clock: the same model and options stop
  /// at the same node on every run, with the best plan found by then
  /// (termination ``TerminationStatus/nodeLimit``). LPs ignore it.
  public var nodeLimit: Int? = nil
  /// How branch-and-bound chooses the variable to branch on; GLPK's
  /// default. LPs ignore it.
  public var branching: Branching = .driebeckTomlin
  /// Which open node branch-and-bound solves next; GLPK's default. LPs ignore it.
  public var nodeSelection: NodeSelection = .bestBound
  /// Whether GLPK's MIP presolver runs before branch-and-cut (`glp_intopt`'s
  /// `presolve`); off by default. It tightens bounds and rows of the
  /// integer model: on issue 9's benchmark week it lifts the bound of the
  /// summed week (`MealPlanSearch` step `week_totals`) after 5 s from
  /// 39.75 to 40.39 USD (docs/performance.md). LPs ignore it.
  public var mipPresolve = false
  /// Told each better solution a MIP finds while it runs, for another
  /// thread to read (``SolveObserver``); `nil` for none. LPs ignore it.
  public var observer: SolveObserver? = nil

  public init() {}
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
public final class SolveObserver: @unchecked Sendable, Hashable {
  // Unchecked: `best` is read and written only with `lock` held.
  private let lock = NSLock()
  private var best: Double?
  private let onIncumbent: (@Sendable (Double) -> Void)?

  /// An observer that has seen nothing yet.
  public init() { onIncumbent = nil }

  /// An observer that also calls `onIncumbent` with each better solution's
  /// objective value, on the thread that solves, from inside the solve.
  package init(onIncumbent: @escaping @Sendable (Double) -> Void) { self.onIncumbent = onIncumbent }

  /// The best solution's objective value so far; `nil` before the first.
  public var incumbent: Double? {
    lock.lock()
    defer { lock.unlock() }
    return best
  }

  /// Records a better solution's objective value (a backend calls this).
  public func record(incumbent value: Double) {
    lock.lock()
    best = value
    lock.unlock()
    onIncumbent?(value)
  }

  /// Observers are equal when they are the same object.
  public static func == (lhs: SolveObserver, rhs: SolveObserver) -> Bool { lhs === rhs }

  /// Hashes the object's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Why the solver stopped.
public enum TerminationStatus: String, Sendable, Hashable, Codable {
  /// It proved the answer (optimal, infeasible or unbounded).
  case completed
  /// It reached the time limit.
  case timeLimit = "time_limit"
  /// It reached the requested relative gap.
  case gapLimit = "gap_limit"
  /// It reached ``SolverOptions/nodeLimit``.
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
public enum ResultStatus: String, Sendable, Hashable, Codable {
  case optimal
  /// A feasible point that is not proven optimal (within a gap or time limit).
  case feasible
  case infeasible
  case unbounded
  /// No usable values.
  case unknown
}

/// The result of a solve.
public struct Solution: Sendable, Hashable {
  public var termination: TerminationStatus
  public var status: ResultStatus
  /// The objective value, when there are values.
  public var objectiveValue: Double?
  /// The primal value of each variable, in ``LinearModel/variables`` order (empty without values).
  public var values: [Double]
  /// Row duals, for LPs solved to optimality (empty otherwise).
  public var rowDuals: [Double]
  /// Reduced costs of the variables, for LPs solved to optimality (empty otherwise).
  public var reducedCosts: [Double]
  /// The relative gap between the best solution and the best bound, for MIPs.
  public var relativeGap: Double?
  /// A proven bound on the objective (a lower bound when minimising): the
  /// objective itself for an LP solved to optimality, the best bound of the
  /// branch-and-cut tree for a MIP; `nil` when none is known.
  public var bound: Double?
  /// Seconds spent in the solver.
  public var seconds: Double
  /// A sentence for people when the solver failed or stopped early.
  public var message: String?

  public init(
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
  public func value(_ variable: VariableRef) -> Double? {
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
  public func dual(_ constraint: ConstraintRef) -> Double? {
    rowDuals.indices.contains(constraint.index) ? rowDuals[constraint.index] : nil
  }

  /// The reduced cost of a variable: how much the objective changes per unit
  /// the variable moves away from its bound, at this solution.
  ///
  /// - Parameter variable: A variable of the model that was solved.
  /// - Returns: The reduced cost for an LP solved to optimality; `nil` for a
  ///   MIP, a solution that is not optimal, or a reference out of range.
  public func reducedCost(_ variable: VariableRef) -> Double? {
    reducedCosts.indices.contains(variable.index) ? reducedCosts[variable.index] : nil
  }
}

/// A model the solver cannot accept, a solver failure, or a cancelled solve.
public enum SolverError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
  /// The model itself is malformed (a NaN coefficient, lower bound above upper bound, a
  /// reference to a variable that does not exist).
  case invalidModel(String)
  /// A ``SolverOptions`` value is out of range (a negative time limit, a gap that is not a number).
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
