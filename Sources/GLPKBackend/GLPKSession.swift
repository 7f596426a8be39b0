internal import CGLPK
import Foundation
import MealOptimizer

/// GLPK's ``SolverSession``: one GLPK problem object, loaded once and changed
/// in place.
///
/// A change goes to the problem object at once (`glp_set_col_bnds`,
/// `glp_set_row_bnds`, `glp_set_col_kind`, `glp_set_obj_coef`, and
/// `glp_add_rows` with `glp_set_mat_row`) and to ``model``. A solve runs the
/// simplex method on the changed problem, which starts from the basis the
/// last solve left in it (GLPK keeps it in the problem object; after
/// branch-and-cut the session puts back the LP relaxation's optimal basis),
/// then branch-and-cut for a MIP, with ``SolverOptions/start`` or else the
/// last integer solution as its first incumbent when that point fits the
/// changed model. The problem is scaled before the first solve and again
/// after rows are added, as a fresh load of the changed model would be.
///
/// GLPK's objects belong to the thread that made them, and an error inside
/// any GLPK call of that thread frees them all. Before each change and solve
/// the session checks that its problem object still exists and belongs to
/// the calling thread; when not, it loads ``model`` again (the basis is
/// lost, the results are the same). A problem left on another thread is
/// freed with that thread's GLPK environment (``GLPKSolver/releaseThread()``).
final class GLPKSession: SolverSession {
  private(set) var model: LinearModel
  /// GLPK's settings of the solver that made the session.
  private let glpk: GLPKOptions
  /// The shim's session; `nil` only while loading.
  private var handle: OpaquePointer?
  /// Each column's objective coefficient as GLPK has it.
  private var objective: [Double] = []
  /// The last MIP solve's point, offered to the next as its first incumbent.
  private var incumbent: [Double]?
  /// How many times the model was loaded into GLPK: 1, and one more each
  /// time the problem object had to be made again.
  private(set) var loads = 0

  init(model: LinearModel, options: GLPKOptions) throws(SolverError) {
    self.model = model
    self.glpk = options
    try load()
  }

  deinit { cglpk_session_destroy(handle) }

  /// Loads ``model`` into a new problem object.
  private func load() throws(SolverError) {
    cglpk_session_destroy(handle)
    handle = nil
    let compact = try model.compacted()
    let buffers = GLPKProblemBuffers(compact)
    defer { buffers.deallocate() }
    var problem = buffers.problem(constant: compact.objectiveConstant, maximize: compact.sense == .maximize)
    var made: OpaquePointer?
    var message = [CChar](repeating: 0, count: 512)
    let code = message.withUnsafeMutableBufferPointer { buffer in
      cglpk_session_create(&problem, &made, buffer.baseAddress, Int32(buffer.count))
    }
    guard code == Int32(CGLPK_OK), let made else {
      let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw SolverError.solverFailure(
        "GLPK could not load the model: \(text.isEmpty ? "code \(code)" : text)")
    }
    handle = made
    objective = compact.columns.map(\.objective)
    loads += 1
  }

  /// The problem object, loaded again when GLPK no longer has it for this thread.
  private func usableHandle() throws(SolverError) -> OpaquePointer {
    if let handle, cglpk_session_usable(handle) != 0 { return handle }
    try load()
    guard let handle else { throw SolverError.solverFailure("GLPK could not load the model") }
    return handle
  }

  func apply(_ change: ModelChange) throws(SolverError) {
    // Loaded first: a load after the change would hold it already, and add an added row twice.
    let handle = try usableHandle()
    try model.apply(change)
    let code: Int32
    switch change {
    case .variableBounds(let variable, _, _), .variableKind(let variable, _):
      code = try setColumn(variable.index, handle)
    case .objectiveCoefficient(let variable, let coefficient):
      objective[variable.index] = coefficient
      code = try setColumn(variable.index, handle)
    case .constraintBounds(let constraint, _, _):
      let row = try model.compactRow(constraint.index)
      let (type, lower, upper) = GLPKProblemBuffers.boundType(row.lower, row.upper)
      code = cglpk_session_set_row(handle, Int32(constraint.index), type, lower, upper)
    case .addConstraint:
      let row = try model.compactRow(model.constraints.count - 1)
      let (type, lower, upper) = GLPKProblemBuffers.boundType(row.lower, row.upper)
      // glp_set_mat_row reads elements 1...count; element 0 is unused.
      let columns = [Int32(0)] + row.terms.map { Int32($0.column + 1) }
      let values = [0] + row.terms.map(\.coefficient)
      code = cglpk_session_add_row(handle, type, lower, upper, Int32(row.terms.count), columns, values)
    }
    // A failed call freed the problem object (or found it gone): the next
    // change or solve loads the changed model again.
    if code != Int32(CGLPK_OK), cglpk_session_usable(handle) != 0 {
      throw SolverError.solverFailure("GLPK rejected a change to the session's problem (code \(code))")
    }
  }

  /// Sends a column's kind, bounds and objective coefficient to GLPK.
  private func setColumn(_ index: Int, _ handle: OpaquePointer) throws(SolverError) -> Int32 {
    let column = try model.compactColumn(index)
    var lower = column.lower
    var upper = column.upper
    // As a fresh load does: an integer column's bounds rounded inward, unless
    // no integer lies between them (the solve then answers infeasible).
    if column.kind != .continuous {
      let inner = (lower.map { $0.rounded(.up) }, upper.map { $0.rounded(.down) })
      if let l = inner.0, let u = inner.1, l > u {
      } else {
        (lower, upper) = inner
      }
    }
    let (type, low, up) = GLPKProblemBuffers.boundType(lower, upper)
    let kind = column.kind == .continuous ? Int32(GLP_CV) : Int32(GLP_IV)
    return cglpk_session_set_column(handle, Int32(index), type, low, up, kind, objective[index])
  }

  func solve(options: SolverOptions) throws(SolverError) -> Solution {
    try options.validate()
    let glpk = try self.glpk.applying(options.backendSettings)
    if GLPKCall.isCancelled { throw .cancelled }
    let handle = try usableHandle()
    if let variable = model.variables.first(where: { variable in
      variable.kind != .continuous
        && (variable.lower ?? -.infinity).rounded(.up) > (variable.upper ?? .infinity).rounded(.down)
    }) {
      return Solution(
        termination: .completed, status: .infeasible,
        message: "integer variable '\(variable.name)' has no integer value between its bounds")
    }
    let mixedInteger = model.isMixedInteger
    var start = GLPKSolver.start(options, model, glpk)
    if start == nil, let incumbent {
      var offered = options
      offered.start = incumbent
      start = GLPKSolver.start(offered, model, glpk)
    }
    let clock = ContinuousClock()
    let began = clock.now
    let raw = try GLPKCall.run(
      options: options, glpk: glpk, start: start, columns: model.variables.count,
      rows: model.constraints.count
    ) { parameters, result in cglpk_session_solve(handle, &parameters, &result) }
    if raw.stopped || GLPKCall.isCancelled { throw .cancelled }
    let elapsed = clock.now - began
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    let solution = GLPKSolver.solution(
      from: raw, mixedInteger: mixedInteger, maximize: model.sense == .maximize, seconds: seconds)
    if mixedInteger, solution.status == .optimal || solution.status == .feasible {
      incumbent = solution.values
    }
    return solution
  }
}

extension GLPKSolver {
  /// Loads a model into GLPK once, for changes and solves without loading
  /// it again (the design of GLPK's session is in docs/solver.md, "Sessions").
  ///
  /// ```swift
  /// let session = try GLPKSolver().makeSession(for: model)
  /// var solution = try session.solve(options: SolverOptions())
  /// try session.apply(.constraintBounds(budget, lower: nil, upper: nil))  // drop the budget row
  /// solution = try session.solve(options: SolverOptions())  // from the last basis
  /// ```
  ///
  /// The session uses this solver's ``options``; use it on the thread that made it.
  ///
  /// - Throws: `SolverError/invalidModel(_:)` for a model that does not
  ///   validate, `SolverError/solverFailure(_:)` when GLPK fails to load it.
  package func makeSession(for model: LinearModel) throws(SolverError) -> any SolverSession {
    try GLPKSession(model: model, options: options)
  }
}
