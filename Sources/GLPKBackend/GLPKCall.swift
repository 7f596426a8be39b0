internal import CGLPK
import Foundation
import MealOptimizer

/// What one guarded GLPK solve returned, copied out of the C result.
struct GLPKRawResult: Sendable {
  var lpReturn: Int32
  var lpStatus: Int32
  var primalStatus: Int32
  var dualStatus: Int32
  var lpReclassified: Bool
  var mipRan: Bool
  var mipReturn: Int32
  var mipStatus: Int32
  var mipGap: Double?
  /// The best active node's bound, last seen by the branch-and-cut callback.
  var mipBound: Double?
  /// Whether the stop query ended the search (the task was cancelled).
  var stopped: Bool
  /// Whether ``SolverOptions/nodeLimit`` ended the search.
  var nodeLimitHit: Bool
  /// Whether branch-and-cut took the caller's start as its first incumbent.
  var startAccepted: Bool
  var objective: Double
  var values: [Double]
  var columnDuals: [Double]
  var rowDuals: [Double]
}

/// The two file formats GLPK reads back for checking exports.
enum GLPKFileFormat: Int32, Sendable {
  case cplexLP = 0
  case freeMPS = 1
}

/// The only place that calls the C shim. Each call is synchronous and runs on
/// the calling thread from start to end, which GLPK's per-thread state needs.
enum GLPKCall {
  /// Solves a validated model inside the shim's guard.
  ///
  /// Branch-and-cut asks `Task.isCancelled` and `Thread.current.isCancelled`
  /// at every callback and ends its search when the task or the Foundation
  /// thread running this call is cancelled; the result then says
  /// ``GLPKRawResult/stopped``.
  static func solve(
    _ model: CompactModel, options: SolverOptions, glpk: GLPKOptions, start: [Double]?
  ) throws(SolverError) -> GLPKRawResult {
    let buffers = GLPKProblemBuffers(model)
    defer { buffers.deallocate() }
    var problem = buffers.problem(constant: model.objectiveConstant, maximize: model.sense == .maximize)
    return try run(
      options: options, glpk: glpk, start: start, columns: model.columns.count, rows: model.rows.count
    ) {
      parameters, result in cglpk_solve(&problem, &parameters, &result)
    }
  }

  /// Runs one guarded solve with the options turned into the shim's, and
  /// copies its result out.
  ///
  /// - Parameters:
  ///   - start: A point already checked feasible, to offer branch-and-cut; `nil` for none.
  ///   - columns, rows: The size of the problem the call solves.
  ///   - call: The shim's entry point, given the parameters and the result to fill.
  static func run(
    options: SolverOptions, glpk: GLPKOptions, start: [Double]?, columns: Int, rows: Int,
    _ call: (inout cglpk_options, inout cglpk_result) -> Int32
  ) throws(SolverError) -> GLPKRawResult {
    // The shim reads the start 1-based: element 0 unused.
    let startValues = start.map { [0] + $0 }
    var values = [Double](repeating: 0, count: max(columns, 1))
    var columnDuals = [Double](repeating: 0, count: max(columns, 1))
    var rowDuals = [Double](repeating: 0, count: max(rows, 1))
    var result = cglpk_result()
    let code = withExtendedLifetime(options.observer) {
      (startValues ?? []).withUnsafeBufferPointer { startBuffer in
        values.withUnsafeMutableBufferPointer { valueBuffer in
          columnDuals.withUnsafeMutableBufferPointer { columnDualBuffer in
            rowDuals.withUnsafeMutableBufferPointer { rowDualBuffer in
              var parameters = cglpk_options(
                method: method(glpk.method), presolve: glpk.presolve ? 1 : 0, scaling: scaling(glpk.scaling),
                time_limit: options.timeLimit ?? 0, mip_gap: options.relativeGap,
                should_stop: { GLPKCall.isCancelled ? 1 : 0 }, cuts: cutFlags(glpk.cuts),
                node_limit: Int32(clamping: options.nodeLimit ?? 0), branching: branching(glpk.branching),
                backtracking: backtracking(glpk.nodeSelection),
                mip_presolve: glpk.mipPresolve ? 1 : 0,
                on_incumbent: options.observer == nil
                  ? nil
                  : { context, objective in
                    guard let context else { return }
                    Unmanaged<SolveObserver>.fromOpaque(context).takeUnretainedValue().record(
                      incumbent: objective)
                  },
                // The callback reaches the observer through an unretained pointer.
                report_context: options.observer.map { Unmanaged.passUnretained($0).toOpaque() },
                start: startValues == nil ? nil : startBuffer.baseAddress)
              result.col_value = valueBuffer.baseAddress
              result.col_dual = columnDualBuffer.baseAddress
              result.row_dual = rowDualBuffer.baseAddress
              return call(&parameters, &result)
            }
          }
        }
      }
    }
    result.col_value = nil
    result.col_dual = nil
    result.row_dual = nil
    let message = messageText(&result.message)
    guard code == Int32(CGLPK_OK) else {
      throw SolverError.solverFailure(
        message.isEmpty ? "GLPK rejected the call (code \(code))" : "GLPK error: \(message)")
    }
    return GLPKRawResult(
      lpReturn: result.lp_return, lpStatus: result.lp_status, primalStatus: result.primal_status,
      dualStatus: result.dual_status, lpReclassified: result.lp_reclassified != 0,
      mipRan: result.mip_ran != 0,
      mipReturn: result.mip_return, mipStatus: result.mip_status,
      mipGap: result.mip_gap >= 0 ? result.mip_gap : nil,
      mipBound: result.has_mip_bound != 0 ? result.mip_bound : nil, stopped: result.stopped != 0,
      nodeLimitHit: result.node_limit_hit != 0, startAccepted: result.start_accepted != 0,
      objective: result.objective,
      values: Array(values.prefix(columns)),
      columnDuals: Array(columnDuals.prefix(columns)),
      rowDuals: Array(rowDuals.prefix(rows)))
  }

  /// Reads an LP or MPS file with GLPK and solves it; for checking exports.
  ///
  /// - Returns: GLPK's status (`GLP_OPT` is 5) and objective value.
  static func solveFile(atPath path: String, format: GLPKFileFormat) throws(SolverError) -> (
    status: Int32, objective: Double
  ) {
    var status: Int32 = 0
    var objective = 0.0
    var message = [CChar](repeating: 0, count: 512)
    let code = message.withUnsafeMutableBufferPointer { buffer in
      cglpk_solve_file(path, format.rawValue, &status, &objective, buffer.baseAddress, Int32(buffer.count))
    }
    guard code == Int32(CGLPK_OK) else {
      let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw SolverError.solverFailure("GLPK could not read '\(path)': \(text)")
    }
    return (status, objective)
  }

  /// Makes a wrong GLPK call inside the guard and returns GLPK's message.
  static func provokeError() -> (code: Int32, message: String) {
    var message = [CChar](repeating: 0, count: 512)
    let code = message.withUnsafeMutableBufferPointer { buffer in
      cglpk_provoke_error(buffer.baseAddress, Int32(buffer.count))
    }
    return (code, String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  /// Whether the caller of a solve asked it to stop: the task running it, or
  /// the Foundation thread (``MealOptimizer/BackgroundSolve``), was cancelled.
  static var isCancelled: Bool { Task.isCancelled || Thread.current.isCancelled }

  /// Frees the calling thread's GLPK environment (``GLPKSolver/releaseThread()``).
  static func releaseThread() { cglpk_release_thread() }

  static let optimalStatus = Int32(GLP_OPT)
  static let internalErrorCode = Int32(CGLPK_ERROR_INTERNAL)

  private static func method(_ method: GLPKOptions.Method) -> Int32 {
    switch method {
    case .primalSimplex: Int32(CGLPK_PRIMAL)
    case .dualSimplex: Int32(CGLPK_DUAL)
    case .interiorPoint: Int32(CGLPK_INTERIOR)
    }
  }

  private static func scaling(_ scaling: GLPKOptions.Scaling) -> Int32 {
    switch scaling {
    case .none: 0
    case .equilibration: Int32(GLP_SF_EQ)
    case .geometric: Int32(GLP_SF_GM)
    case .geometricThenEquilibration: Int32(GLP_SF_AUTO)
    }
  }

  private static func cutFlags(_ cuts: GLPKOptions.CutPlanes) -> Int32 {
    let flags: [(GLPKOptions.CutPlanes, Int32)] = [
      (.mixedIntegerRounding, Int32(CGLPK_CUT_MIR)), (.gomory, Int32(CGLPK_CUT_GOMORY)),
      (.cover, Int32(CGLPK_CUT_COVER)), (.clique, Int32(CGLPK_CUT_CLIQUE)),
    ]
    return flags.reduce(0) { cuts.contains($1.0) ? $0 | $1.1 : $0 }
  }

  private static func branching(_ branching: GLPKOptions.Branching) -> Int32 {
    switch branching {
    case .firstFractional: Int32(GLP_BR_FFV)
    case .lastFractional: Int32(GLP_BR_LFV)
    case .mostFractional: Int32(GLP_BR_MFV)
    case .driebeckTomlin: Int32(GLP_BR_DTH)
    case .pseudocost: Int32(GLP_BR_PCH)
    }
  }

  private static func backtracking(_ selection: GLPKOptions.NodeSelection) -> Int32 {
    switch selection {
    case .depthFirst: Int32(GLP_BT_DFS)
    case .breadthFirst: Int32(GLP_BT_BFS)
    case .bestBound: Int32(GLP_BT_BLB)
    case .bestProjection: Int32(GLP_BT_BPH)
    }
  }

  private static func messageText<T>(_ tuple: inout T) -> String {
    withUnsafeBytes(of: &tuple) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}
