extension LinearModel {
  /// Checks that the model can be given to a solver or written to a file.
  ///
  /// A model is valid when every name is non-empty, every coefficient,
  /// constant and bound is a number (`nil` or an infinity of the right sign
  /// stands for "no bound"), no lower bound is above its upper bound, a binary
  /// variable's bounds lie within 0...1, and every term refers to a variable of
  /// this model. Duplicate names are allowed: solvers work by position, and
  /// the LP and MPS writers make names unique.
  ///
  /// - Throws: ``SolverError/invalidModel(_:)`` naming the first problem found.
  /// - Complexity: O(*v* + *n*) for *v* variables and *n* terms.
  package func validate() throws(SolverError) {
    _ = try compacted()
  }

  /// The model with terms merged and bounds normalised, after validation.
  package func compacted() throws(SolverError) -> CompactModel {
    if variables.count >= Int(Int32.max) || constraints.count >= Int(Int32.max) {
      throw SolverError.invalidModel("the model has more variables or constraints than GLPK accepts")
    }
    var columns: [CompactModel.Column] = []
    columns.reserveCapacity(variables.count)
    for index in variables.indices { columns.append(try compactColumn(index)) }
    for (column, coefficient) in try merged(objective, in: "the objective") {
      columns[column].objective = coefficient
    }
    guard objective.constant.isFinite else {
      throw SolverError.invalidModel("the objective's constant is not a finite number")
    }
    var rows: [CompactModel.Row] = []
    rows.reserveCapacity(constraints.count)
    for index in constraints.indices { rows.append(try compactRow(index)) }
    return CompactModel(
      name: name, sense: sense, objectiveConstant: objective.constant, columns: columns, rows: rows)
  }

  /// One variable as ``compacted()`` gives it, with an objective coefficient of 0.
  package func compactColumn(_ index: Int) throws(SolverError) -> CompactModel.Column {
    let variable = variables[index]
    // Named in a message only on a mistake: no text is built for each of many variables.
    func label() -> String { "variable #\(index) '\(variable.name)'" }
    if variable.name.isEmpty { throw SolverError.invalidModel("variable #\(index) has an empty name") }
    let lower = try Self.bound(variable.lower, isLower: true, label())
    let upper = try Self.bound(variable.upper, isLower: false, label())
    if let lower, let upper, lower > upper {
      throw SolverError.invalidModel("\(label()): lower bound \(lower) is above upper bound \(upper)")
    }
    if variable.kind == .binary, (lower ?? -1) < 0 || (upper ?? 2) > 1 {
      throw SolverError.invalidModel("\(label()): a binary variable's bounds must lie within 0...1")
    }
    return .init(name: variable.name, lower: lower, upper: upper, kind: variable.kind, objective: 0)
  }

  /// One constraint as ``compacted()`` gives it: terms merged, the constant moved to the bounds.
  package func compactRow(_ index: Int) throws(SolverError) -> CompactModel.Row {
    let constraint = constraints[index]
    func label() -> String { "constraint #\(index) '\(constraint.name)'" }
    if constraint.name.isEmpty { throw SolverError.invalidModel("constraint #\(index) has an empty name") }
    let terms = try merged(constraint.expression, in: label())
    let constant = constraint.expression.constant
    guard constant.isFinite else {
      throw SolverError.invalidModel("\(label()): the constant is not a finite number")
    }
    var lower = try Self.bound(constraint.set.lower, isLower: true, label())
    var upper = try Self.bound(constraint.set.upper, isLower: false, label())
    if let l = lower, let u = upper, l > u {
      throw SolverError.invalidModel("\(label()): lower bound \(l) is above upper bound \(u)")
    }
    lower = lower.map { $0 - constant }
    upper = upper.map { $0 - constant }
    return .init(name: constraint.name, lower: lower, upper: upper, terms: terms)
  }

  /// The objective's coefficients merged by variable, as ``compacted()`` gives them.
  package func compactObjective() throws(SolverError) -> [(column: Int, coefficient: Double)] {
    try merged(objective, in: "the objective")
  }

  /// A bound as a finite number or `nil`; an infinity on the open side means no bound.
  private static func bound(
    _ value: Double?, isLower: Bool, _ label: @autoclosure () -> String
  ) throws(SolverError) -> Double? {
    guard let value else { return nil }
    if value.isNaN { throw SolverError.invalidModel("\(label()): a bound is not a number (nan)") }
    if value.isInfinite {
      if (value < 0) == isLower { return nil }
      throw SolverError.invalidModel(
        "\(label()): \(isLower ? "lower" : "upper") bound is \(value < 0 ? "-" : "+")infinity")
    }
    return value
  }

  /// The expression's terms, each variable once, in index order, without zeros.
  private func merged(
    _ expression: LinearExpression, in label: @autoclosure () -> String
  ) throws(SolverError) -> [(
    column: Int, coefficient: Double
  )] {
    if let ordered = orderedTerms(expression) { return ordered }
    var sums: [Int: Double] = [:]
    for term in expression.terms {
      let index = term.variable.index
      guard index >= 0, index < variables.count else {
        throw SolverError.invalidModel(
          "\(label()) refers to variable #\(index), but the model has \(variables.count) variables")
      }
      guard term.coefficient.isFinite else {
        throw SolverError.invalidModel(
          "\(label()): the coefficient of '\(variables[index].name)' is not a finite number (\(term.coefficient))"
        )
      }
      sums[index, default: 0] += term.coefficient
    }
    var result: [(column: Int, coefficient: Double)] = []
    result.reserveCapacity(sums.count)
    for (column, coefficient) in sums.sorted(by: { $0.key < $1.key }) where coefficient != 0 {
      guard coefficient.isFinite else {
        throw SolverError.invalidModel("\(label()): the coefficients of '\(variables[column].name)' overflow")
      }
      result.append((column, coefficient))
    }
    return result
  }

  /// The terms of an expression whose variables are already in increasing
  /// order, each once (as the planners build their rows), checked and without
  /// zeros; `nil` when the expression needs merging. A fast path of
  /// ``merged(_:in:)`` with the same result: no dictionary, no sort.
  private func orderedTerms(_ expression: LinearExpression) -> [(
    column: Int, coefficient: Double
  )]? {
    var previous = -1
    for term in expression.terms {
      guard term.variable.index > previous else { return nil }
      previous = term.variable.index
    }
    guard previous < variables.count else { return nil }
    var result: [(column: Int, coefficient: Double)] = []
    result.reserveCapacity(expression.terms.count)
    for term in expression.terms {
      guard term.coefficient.isFinite else { return nil }
      if term.coefficient != 0 { result.append((term.variable.index, term.coefficient)) }
    }
    return result
  }
}
