internal import CGLPK

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
  static func solve(_ model: CompactModel, options: SolverOptions) throws -> GLPKRawResult {
    let rows = model.rows.count, cols = model.columns.count, nonzeros = model.nonzeros
    var rowType = [Int32](), rowLower = [Double](), rowUpper = [Double]()
    rowType.reserveCapacity(rows)
    for row in model.rows {
      let (type, lower, upper) = boundType(row.lower, row.upper)
      rowType.append(type); rowLower.append(lower); rowUpper.append(upper)
    }
    var colType = [Int32](), colLower = [Double](), colUpper = [Double](), colKind = [Int32]()
    var objective = [Double]()
    for column in model.columns {
      var lower = column.lower, upper = column.upper
      if column.kind != .continuous {
        lower = lower.map { $0.rounded(.up) }
        upper = upper.map { $0.rounded(.down) }
      }
      let (type, lo, up) = boundType(lower, upper)
      colType.append(type); colLower.append(lo); colUpper.append(up)
      colKind.append(column.kind == .continuous ? Int32(GLP_CV) : Int32(GLP_IV))
      objective.append(column.objective)
    }
    var entryRow = [Int32](repeating: 0, count: nonzeros + 1)
    var entryCol = [Int32](repeating: 0, count: nonzeros + 1)
    var entryValue = [Double](repeating: 0, count: nonzeros + 1)
    var k = 1
    for (i, row) in model.rows.enumerated() {
      for term in row.terms {
        entryRow[k] = Int32(i + 1); entryCol[k] = Int32(term.column + 1); entryValue[k] = term.coefficient
        k += 1
      }
    }
    var values = [Double](repeating: 0, count: cols)
    var columnDuals = [Double](repeating: 0, count: cols)
    var rowDuals = [Double](repeating: 0, count: rows)
    // A start is used only when it fits: one finite value a variable, integers integral.
    var start = options.initialSolution ?? []
    if start.count != cols || !start.allSatisfy(\.isFinite) { start = [] }
    for (j, column) in model.columns.enumerated() where !start.isEmpty && column.kind != .continuous {
      start[j] = start[j].rounded()
    }
    var result = cglpk_result()
    let code: Int32 = start.withUnsafeBufferPointer { start in
      var parameters = cglpk_options(
        method: method(options.method), presolve: options.presolve ? 1 : 0, scaling: scaling(options.scaling),
        time_limit: options.timeLimit ?? 0, mip_gap: options.relativeGap,
        start: start.isEmpty ? nil : start.baseAddress)
      return rowType.withUnsafeBufferPointer { rowType in
      rowLower.withUnsafeBufferPointer { rowLower in
        rowUpper.withUnsafeBufferPointer { rowUpper in
          colType.withUnsafeBufferPointer { colType in
            colLower.withUnsafeBufferPointer { colLower in
              colUpper.withUnsafeBufferPointer { colUpper in
                colKind.withUnsafeBufferPointer { colKind in
                  objective.withUnsafeBufferPointer { objective in
                    entryRow.withUnsafeBufferPointer { entryRow in
                      entryCol.withUnsafeBufferPointer { entryCol in
                        entryValue.withUnsafeBufferPointer { entryValue in
                          values.withUnsafeMutableBufferPointer { values in
                            columnDuals.withUnsafeMutableBufferPointer { columnDuals in
                              rowDuals.withUnsafeMutableBufferPointer { rowDuals in
                                var problem = cglpk_problem(
                                  rows: Int32(rows), cols: Int32(cols),
                                  row_type: rowType.baseAddress, row_lower: rowLower.baseAddress,
                                  row_upper: rowUpper.baseAddress, col_type: colType.baseAddress,
                                  col_lower: colLower.baseAddress, col_upper: colUpper.baseAddress,
                                  col_kind: colKind.baseAddress, objective: objective.baseAddress,
                                  objective_constant: model.objectiveConstant,
                                  maximize: model.sense == .maximize ? 1 : 0, nonzeros: Int32(nonzeros),
                                  entry_row: entryRow.baseAddress, entry_col: entryCol.baseAddress,
                                  entry_value: entryValue.baseAddress)
                                result.col_value = values.baseAddress
                                result.col_dual = columnDuals.baseAddress
                                result.row_dual = rowDuals.baseAddress
                                return cglpk_solve(&problem, &parameters, &result)
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
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
      dualStatus: result.dual_status, lpReclassified: result.lp_reclassified != 0, mipRan: result.mip_ran != 0,
      mipReturn: result.mip_return, mipStatus: result.mip_status,
      mipGap: result.mip_gap >= 0 ? result.mip_gap : nil, objective: result.objective,
      values: values, columnDuals: columnDuals, rowDuals: rowDuals)
  }

  /// Reads an LP or MPS file with GLPK and solves it; for checking exports.
  ///
  /// - Returns: GLPK's status (`GLP_OPT` is 5) and objective value.
  static func solveFile(atPath path: String, format: GLPKFileFormat) throws -> (status: Int32, objective: Double) {
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

  static let optimalStatus = Int32(GLP_OPT)
  static let internalErrorCode = Int32(CGLPK_ERROR_INTERNAL)

  private static func boundType(_ lower: Double?, _ upper: Double?) -> (Int32, Double, Double) {
    switch (lower, upper) {
    case (nil, nil): (Int32(GLP_FR), 0, 0)
    case (let l?, nil): (Int32(GLP_LO), l, 0)
    case (nil, let u?): (Int32(GLP_UP), 0, u)
    case (let l?, let u?): l == u ? (Int32(GLP_FX), l, u) : (Int32(GLP_DB), l, u)
    }
  }

  private static func method(_ method: SolverOptions.Method) -> Int32 {
    switch method {
    case .primalSimplex: Int32(CGLPK_PRIMAL)
    case .dualSimplex: Int32(CGLPK_DUAL)
    case .interiorPoint: Int32(CGLPK_INTERIOR)
    }
  }

  private static func scaling(_ scaling: SolverOptions.Scaling) -> Int32 {
    switch scaling {
    case .none: 0
    case .equilibration: Int32(GLP_SF_EQ)
    case .geometric: Int32(GLP_SF_GM)
    case .geometricThenEquilibration: Int32(GLP_SF_AUTO)
    }
  }

  private static func messageText<T>(_ tuple: inout T) -> String {
    withUnsafeBytes(of: &tuple) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}
