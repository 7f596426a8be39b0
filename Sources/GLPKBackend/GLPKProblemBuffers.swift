internal import CGLPK
import MealOptimizer

/// The C arrays of one ``CompactModel`` as GLPK's loader wants them.
///
/// Allocated by `init` and released by ``deallocate()``, which the owner calls
/// in a `defer` right after creating it; the pointers never leave the call
/// that loads the model (``GLPKCall/solve(_:options:glpk:start:)``, a
/// session's load).
struct GLPKProblemBuffers {
  let rows: Int
  let columns: Int
  let nonzeros: Int
  let rowType, columnType, columnKind, entryRow, entryColumn: UnsafeMutableBufferPointer<Int32>
  let rowLower, rowUpper, columnLower, columnUpper, objective, entryValue: UnsafeMutableBufferPointer<Double>

  init(_ model: CompactModel) {
    rows = model.rows.count
    columns = model.columns.count
    nonzeros = model.nonzeros
    func ints(_ count: Int) -> UnsafeMutableBufferPointer<Int32> {
      let buffer = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(count, 1))
      buffer.initialize(repeating: 0)
      return buffer
    }
    func doubles(_ count: Int) -> UnsafeMutableBufferPointer<Double> {
      let buffer = UnsafeMutableBufferPointer<Double>.allocate(capacity: max(count, 1))
      buffer.initialize(repeating: 0)
      return buffer
    }
    rowType = ints(rows)
    rowLower = doubles(rows)
    rowUpper = doubles(rows)
    columnType = ints(columns)
    columnLower = doubles(columns)
    columnUpper = doubles(columns)
    columnKind = ints(columns)
    objective = doubles(columns)
    // GLPK's loader reads elements 1...nonzeros; element 0 is unused.
    entryRow = ints(nonzeros + 1)
    entryColumn = ints(nonzeros + 1)
    entryValue = doubles(nonzeros + 1)

    for (i, row) in model.rows.enumerated() {
      (rowType[i], rowLower[i], rowUpper[i]) = Self.boundType(row.lower, row.upper)
    }
    for (j, column) in model.columns.enumerated() {
      var lower = column.lower
      var upper = column.upper
      if column.kind != .continuous {
        lower = lower.map { $0.rounded(.up) }
        upper = upper.map { $0.rounded(.down) }
      }
      (columnType[j], columnLower[j], columnUpper[j]) = Self.boundType(lower, upper)
      columnKind[j] = column.kind == .continuous ? Int32(GLP_CV) : Int32(GLP_IV)
      objective[j] = column.objective
    }
    var k = 1
    for (i, row) in model.rows.enumerated() {
      for term in row.terms {
        entryRow[k] = Int32(i + 1)
        entryColumn[k] = Int32(term.column + 1)
        entryValue[k] = term.coefficient
        k += 1
      }
    }
  }

  /// The problem description the shim reads.
  func problem(constant: Double, maximize: Bool) -> cglpk_problem {
    cglpk_problem(
      rows: Int32(rows), cols: Int32(columns),
      row_type: UnsafePointer(rowType.baseAddress), row_lower: UnsafePointer(rowLower.baseAddress),
      row_upper: UnsafePointer(rowUpper.baseAddress), col_type: UnsafePointer(columnType.baseAddress),
      col_lower: UnsafePointer(columnLower.baseAddress), col_upper: UnsafePointer(columnUpper.baseAddress),
      col_kind: UnsafePointer(columnKind.baseAddress), objective: UnsafePointer(objective.baseAddress),
      objective_constant: constant, maximize: maximize ? 1 : 0, nonzeros: Int32(nonzeros),
      entry_row: UnsafePointer(entryRow.baseAddress), entry_col: UnsafePointer(entryColumn.baseAddress),
      entry_value: UnsafePointer(entryValue.baseAddress))
  }

  /// Releases every buffer.
  func deallocate() {
    for buffer in [rowType, columnType, columnKind, entryRow, entryColumn] { buffer.deallocate() }
    for buffer in [
      rowLower, rowUpper, columnLower, columnUpper, objective, entryValue,
    ] {
      buffer.deallocate()
    }
  }

  /// GLPK's bound type and the two bound values for optional bounds.
  static func boundType(_ lower: Double?, _ upper: Double?) -> (Int32, Double, Double) {
    switch (lower, upper) {
    case (nil, nil): (Int32(GLP_FR), 0, 0)
    case (let l?, nil): (Int32(GLP_LO), l, 0)
    case (nil, let u?): (Int32(GLP_UP), 0, u)
    case (let l?, let u?): l == u ? (Int32(GLP_FX), l, u) : (Int32(GLP_DB), l, u)
    }
  }
}
