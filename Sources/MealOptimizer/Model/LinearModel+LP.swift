extension LinearModel {
  /// The model as a CPLEX LP file, which GLPK, CPLEX, Gurobi, HiGHS and SCIP read.
  ///
  /// Names are rewritten to what the format allows (see the discussion in
  /// docs/solver.md): `x[oats,day3]` is written `x(oats,day3)`. A constraint
  /// with both bounds becomes two rows, `name` (the lower bound) and
  /// `name_hi`, because the format has no portable ranged row. A constant in
  /// the objective is carried by a column `obj_constant` fixed at 1. A
  /// constraint with no bound at all is left out.
  ///
  /// - Returns: The file's text.
  /// - Throws: ``SolverError/invalidModel(_:)`` when the model is not valid.
  /// - Complexity: O(*v* + *n*) for *v* variables and *n* terms.
  package func lpFileText() throws -> String {
    let model = try compacted()
    let names = ExportNames(model, format: .cplexLP)
    let needsConstant = model.objectiveConstant != 0 || model.columns.isEmpty
    var out = "\\ Problem: \(ExportNames.sanitize(model.name, format: .cplexLP))\n\n"
    out += model.sense == .minimize ? "Minimize\n" : "Maximize\n"
    var objective = model.columns.indices.compactMap { j -> (String, Double)? in
      model.columns[j].objective == 0 ? nil : (names.variables[j], model.columns[j].objective)
    }
    if needsConstant { objective.append((names.constantColumn, model.objectiveConstant)) }
    out +=
      " \(names.objective):"
      + Self.lpTerms(objective, fallback: names.variables.first ?? names.constantColumn) + "\n"
    out += "\nSubject To\n"
    var rowName = names.rows.makeIterator()
    for row in model.rows {
      let terms = row.terms.map { (names.variables[$0.column], $0.coefficient) }
      let text = Self.lpTerms(terms, fallback: names.variables.first ?? names.constantColumn)
      let name = rowName.next() ?? "_"
      switch (row.lower, row.upper) {
      case (nil, nil): out += "\\ \(name) has no bound and is left out\n"
      case (let lo?, let hi?) where lo == hi: out += " \(name):\(text) = \(Self.number(lo))\n"
      case (let lo?, nil): out += " \(name):\(text) >= \(Self.number(lo))\n"
      case (nil, let hi?): out += " \(name):\(text) <= \(Self.number(hi))\n"
      case (let lo?, let hi?):
        out += " \(name):\(text) >= \(Self.number(lo))\n"
        out += " \(rowName.next() ?? "_"):\(text) <= \(Self.number(hi))\n"
      }
    }
    // A binary column with other bounds (fixed at 0 or 1) is written as a
    // general integer with them: the Binary section would reset its bounds to 0..1.
    let isPlainBinary = { (column: CompactModel.Column) in
      column.kind == .binary && column.lower == 0 && column.upper == 1
    }
    out += "\nBounds\n"
    for (j, column) in model.columns.enumerated() where !isPlainBinary(column) {
      let name = names.variables[j]
      switch (column.lower, column.upper) {
      case (0?, nil): break
      case (nil, nil): out += " \(name) free\n"
      case (let lo?, nil): out += " \(name) >= \(Self.number(lo))\n"
      case (nil, let hi?): out += " -inf <= \(name) <= \(Self.number(hi))\n"
      case (let lo?, let hi?) where lo == hi: out += " \(name) = \(Self.number(lo))\n"
      case (let lo?, let hi?): out += " \(Self.number(lo)) <= \(name) <= \(Self.number(hi))\n"
      }
    }
    if needsConstant { out += " \(names.constantColumn) = 1\n" }
    let binaries = model.columns.indices.filter { isPlainBinary(model.columns[$0]) }
    let integers = model.columns.indices.filter {
      model.columns[$0].kind != .continuous && !isPlainBinary(model.columns[$0])
    }
    if !integers.isEmpty { out += "\nGeneral\n" + Self.lpList(integers.map { names.variables[$0] }) }
    if !binaries.isEmpty { out += "\nBinary\n" + Self.lpList(binaries.map { names.variables[$0] }) }
    out += "\nEnd\n"
    return out
  }

  /// ` + 3 x - 2 y`, broken into lines of at most 8 terms; `0 fallback` when empty.
  private static func lpTerms(_ terms: [(String, Double)], fallback: String) -> String {
    guard !terms.isEmpty else { return " 0 \(fallback)" }
    var text = ""
    for (k, (name, coefficient)) in terms.enumerated() {
      if k > 0 && k % 8 == 0 { text += "\n  " }
      text += coefficient < 0 ? " - \(number(-coefficient)) \(name)" : " + \(number(coefficient)) \(name)"
    }
    return text
  }

  private static func lpList(_ names: [String]) -> String {
    stride(from: 0, to: names.count, by: 8).map {
      " " + names[$0..<min($0 + 8, names.count)].joined(separator: " ") + "\n"
    }
    .joined()
  }

  /// A number in the shortest form that reads back to the same `Double`.
  static func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }
}
