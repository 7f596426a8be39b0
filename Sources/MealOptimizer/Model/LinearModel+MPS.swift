extension LinearModel {
  /// How an MPS file states that the objective is maximised.
  package enum MPSObjectiveSense: Sendable, Hashable {
    /// An `OBJSENSE` section with `MAX`, read by CPLEX, Gurobi, HiGHS and SCIP.
    case section
    /// No section; a maximised objective is written negated, so any reader
    /// (GLPK 5 included, which does not read `OBJSENSE`) minimises the same
    /// model. The optimum's sign is then flipped.
    case negated
  }

  /// The model as a free-format MPS file.
  ///
  /// Names keep their shape (`x[oats,day3]`); blanks and characters outside
  /// printable ASCII become `_`. Integer columns sit between `MARKER` lines
  /// with explicit bounds; binary columns use `BV`; a constraint with both
  /// bounds is one row with a `RANGES` entry. A constant in the objective is
  /// carried by a column `obj_constant` fixed at 1, since readers disagree on
  /// the sign of an objective's right-hand side.
  ///
  /// - Parameter objectiveSense: How a maximised objective is written.
  /// - Returns: The file's text.
  /// - Throws: ``SolverError/invalidModel(_:)`` when the model is not valid.
  /// - Complexity: O(*v* + *n*) for *v* variables and *n* terms.
  package func mpsFileText(objectiveSense: MPSObjectiveSense = .section) throws -> String {
    let model = try compacted()
    let names = ExportNames(model, format: .mps)
    let negate = model.sense == .maximize && objectiveSense == .negated
    let needsConstant = model.objectiveConstant != 0 || model.columns.isEmpty
    var out = "* planner export; objective \(model.sense.rawValue)\(negate ? " (written negated)" : "")\n"
    out += "NAME \(ExportNames.sanitize(model.name, format: .mps))\n"
    if model.sense == .maximize && !negate { out += "OBJSENSE\n    MAX\n" }
    out += "ROWS\n N \(names.objective)\n"
    for (i, row) in model.rows.enumerated() {
      let type =
        switch (row.lower, row.upper) {
        case (nil, nil): "N"
        case (nil, _?): "L"
        case (let lo?, let hi?) where lo == hi: "E"
        case (_?, _): "G"
        }
      out += " \(type) \(names.rows[i])\n"
    }
    // Entries by column.
    var entries = [[(row: Int, coefficient: Double)]](repeating: [], count: model.columns.count)
    for (i, row) in model.rows.enumerated() {
      for term in row.terms { entries[term.column].append((i, term.coefficient)) }
    }
    out += "COLUMNS\n"
    var inIntegers = false
    var marker = 0
    for (j, column) in model.columns.enumerated() {
      let integer = column.kind != .continuous
      if integer != inIntegers {
        out += "    M\(marker) 'MARKER' \(integer ? "'INTORG'" : "'INTEND'")\n"
        marker += 1
        inIntegers = integer
      }
      let name = names.variables[j]
      let objective = negate ? -column.objective : column.objective
      if objective != 0 || entries[j].isEmpty {
        out += "    \(name) \(names.objective) \(Self.number(objective))\n"
      }
      for entry in entries[j] {
        out += "    \(name) \(names.rows[entry.row]) \(Self.number(entry.coefficient))\n"
      }
    }
    if inIntegers { out += "    M\(marker) 'MARKER' 'INTEND'\n" }
    if needsConstant {
      let constant = negate ? -model.objectiveConstant : model.objectiveConstant
      out += "    \(names.constantColumn) \(names.objective) \(Self.number(constant))\n"
    }
    out += "RHS\n"
    var ranges = ""
    for (i, row) in model.rows.enumerated() {
      let rhs: Double? = row.lower ?? row.upper
      if let rhs, rhs != 0 { out += "    RHS \(names.rows[i]) \(Self.number(rhs))\n" }
      if let lo = row.lower, let hi = row.upper, lo != hi {
        ranges += "    RNG \(names.rows[i]) \(Self.number(hi - lo))\n"
      }
    }
    if !ranges.isEmpty { out += "RANGES\n" + ranges }
    out += "BOUNDS\n"
    for (j, column) in model.columns.enumerated() {
      let name = names.variables[j]
      if column.kind == .binary, column.lower == 0, column.upper == 1 {
        out += " BV BND \(name)\n"
        continue
      }
      switch (column.lower, column.upper) {
      case (nil, nil): out += " FR BND \(name)\n"
      case (let lo?, let hi?) where lo == hi: out += " FX BND \(name) \(Self.number(lo))\n"
      default:
        if let lo = column.lower {
          if lo != 0 || column.kind != .continuous { out += " LO BND \(name) \(Self.number(lo))\n" }
        } else {
          out += " MI BND \(name)\n"
        }
        if let hi = column.upper {
          out += " UP BND \(name) \(Self.number(hi))\n"
        } else if column.kind != .continuous {
          out += " PL BND \(name)\n"
        }
      }
    }
    if needsConstant { out += " FX BND \(names.constantColumn) 1\n" }
    out += "ENDATA\n"
    return out
  }
}
