/// One way a point breaks a ``LinearModel``: a row outside its set, a
/// variable outside its bounds, or an integer variable that is not whole.
package struct ModelViolation: Sendable, Hashable {
  /// What is broken.
  package enum Kind: String, Sendable, Hashable, Codable {
    /// A row's value is below its set's lower bound.
    case rowBelow = "row_below"
    /// A row's value is above its set's upper bound.
    case rowAbove = "row_above"
    /// A variable is below its lower bound.
    case variableBelow = "variable_below"
    /// A variable is above its upper bound.
    case variableAbove = "variable_above"
    /// An integer or binary variable is not a whole number.
    case integrality
  }

  /// What is broken.
  package var kind: Kind
  /// The row's or variable's name.
  package var name: String
  /// The row, for a row's violation.
  package var constraint: ConstraintRef?
  /// The variable, for a variable's violation.
  package var variable: VariableRef?
  /// The row's group, when it has one.
  package var group: ConstraintGroup?
  /// The row's or variable's value at the point.
  package var value: Double
  /// How far outside the value is: the distance to the bound it breaks, or to the nearest whole number.
  package var amount: Double

  /// Creates a violation from its parts.
  package init(
    kind: Kind, name: String, constraint: ConstraintRef? = nil, variable: VariableRef? = nil,
    group: ConstraintGroup? = nil, value: Double, amount: Double
  ) {
    self.kind = kind
    self.name = name
    self.constraint = constraint
    self.variable = variable
    self.group = group
    self.value = value
    self.amount = amount
  }
}

extension LinearModel {
  /// Every row, bound and integrality that a point breaks by more than a tolerance.
  ///
  /// A bound *b* is broken when the value is beyond it by more than
  /// `tolerance × max(1, |b|)` (absolute for small bounds, relative for large
  /// ones); an integer variable is broken when it is more than `tolerance`
  /// from the nearest whole number. As JuMP's `primal_feasibility_report`,
  /// but as a list in model order: rows first, then variables.
  ///
  /// ```swift
  /// for violation in model.violations(at: values) {
  ///   print(violation.name, violation.kind, violation.amount)  // budget[week1] rowAbove 0.25
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - point: a value for every variable, in ``variables`` order.
  ///   - tolerance: the slack allowed, 1e-6 by default.
  /// - Returns: the violations; empty when the point is feasible.
  /// - Precondition: the point has a value for every variable.
  /// - Complexity: O(*v* + *n*) for *v* variables and *n* terms.
  package func violations(at point: [Double], tolerance: Double = 1e-6) -> [ModelViolation] {
    precondition(
      point.count == variables.count, "the point has \(point.count) values for \(variables.count) variables")
    func slack(_ bound: Double) -> Double { tolerance * max(1, abs(bound)) }
    var found: [ModelViolation] = []
    for (index, constraint) in constraints.enumerated() {
      let value = constraint.expression.value(point)
      var broken: (ModelViolation.Kind, Double)?
      if let lower = constraint.set.lower, value < lower - slack(lower) {
        broken = (.rowBelow, lower - value)
      } else if let upper = constraint.set.upper, value > upper + slack(upper) {
        broken = (.rowAbove, value - upper)
      }
      if let (kind, amount) = broken {
        found.append(
          ModelViolation(
            kind: kind, name: constraint.name, constraint: ConstraintRef(index: index),
            group: constraint.group,
            value: value, amount: amount))
      }
    }
    for (index, variable) in variables.enumerated() {
      let value = point[index]
      var broken: [(ModelViolation.Kind, Double)] = []
      if let lower = variable.lower, value < lower - slack(lower) {
        broken.append((.variableBelow, lower - value))
      }
      if let upper = variable.upper, value > upper + slack(upper) {
        broken.append((.variableAbove, value - upper))
      }
      if variable.kind != .continuous, abs(value - value.rounded()) > tolerance {
        broken.append((.integrality, abs(value - value.rounded())))
      }
      for (kind, amount) in broken {
        found.append(
          ModelViolation(
            kind: kind, name: variable.name, variable: VariableRef(index: index), value: value, amount: amount
          ))
      }
    }
    return found
  }

  /// Whether a point keeps every row, bound and integrality within the
  /// tolerance; see ``violations(at:tolerance:)``.
  ///
  /// - Parameters:
  ///   - point: a value for every variable; a point of another length is not feasible.
  ///   - tolerance: the slack allowed, 1e-6 by default.
  package func isFeasible(_ point: [Double], tolerance: Double = 1e-6) -> Bool {
    point.count == variables.count && violations(at: point, tolerance: tolerance).isEmpty
  }
}
