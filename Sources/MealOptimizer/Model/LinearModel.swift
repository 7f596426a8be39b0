/// A solver-neutral linear or mixed-integer program.
///
/// Variables and constraints have readable names (`x[oats,day3]`) so that an
/// exported LP file or an infeasibility report reads like the user's plan.
/// Constraints are "function in set", as in JuMP: an affine expression and
/// the set it must lie in.
///
/// ```swift
/// var model = LinearModel()
/// let x = model.addVariable("x", lower: 0)
/// let y = model.addVariable("y", lower: 0, upper: 4, kind: .integer)
/// model.addConstraint("c1", LinearExpression([(x, 1), (y, 2)]), .lessThan(14))
/// model.setObjective(.maximize, LinearExpression([(x, 3), (y, 4)]))
/// ```
package struct LinearModel: Sendable, Hashable {
  /// Whether the objective is minimised or maximised.
  package enum Sense: String, Sendable, Hashable, Codable {
    case minimize, maximize
  }

  /// Continuous, integer or binary.
  package enum VariableKind: String, Sendable, Hashable, Codable {
    case continuous, integer, binary
  }

  /// One decision variable.
  package struct Variable: Sendable, Hashable {
    package var name: String
    /// Lower bound; `nil` is minus infinity.
    package var lower: Double?
    /// Upper bound; `nil` is plus infinity.
    package var upper: Double?
    package var kind: VariableKind
  }

  /// One constraint: `expression ∈ set`.
  package struct Constraint: Sendable, Hashable {
    package var name: String
    package var expression: LinearExpression
    package var set: ConstraintSet
    /// The kind of row this is (a budget, a daily goal), so that searches
    /// can drop or keep whole kinds; `nil` when the builder gave none.
    package var group: ConstraintGroup?
  }

  package internal(set) var variables: [Variable] = []
  package internal(set) var constraints: [Constraint] = []
  package private(set) var sense: Sense = .minimize
  package private(set) var objective = LinearExpression()
  /// A name for the whole model, used in exports.
  package var name: String

  package init(name: String = "planner") { self.name = name }

  /// Adds a variable and returns a reference to it.
  @discardableResult
  package mutating func addVariable(
    _ name: String, lower: Double? = 0, upper: Double? = nil, kind: VariableKind = .continuous
  ) -> VariableRef {
    let (lo, up): (Double?, Double?) = kind == .binary ? (0, 1) : (lower, upper)
    variables.append(Variable(name: name, lower: lo, upper: up, kind: kind))
    return VariableRef(index: variables.count - 1)
  }

  /// Adds a constraint `expression ∈ set` and returns a reference to it.
  ///
  /// - Parameters:
  ///   - name: a readable name, such as `budget[week1]`.
  ///   - expression: the affine expression.
  ///   - set: the set it must lie in.
  ///   - group: the kind of row, for `constraints(in:)` and `dropping(_:)`.
  @discardableResult
  package mutating func addConstraint(
    _ name: String, _ expression: LinearExpression, _ set: ConstraintSet, group: ConstraintGroup? = nil
  ) -> ConstraintRef {
    constraints.append(Constraint(name: name, expression: expression, set: set, group: group))
    return ConstraintRef(index: constraints.count - 1)
  }

  /// Sets the objective.
  package mutating func setObjective(_ sense: Sense, _ expression: LinearExpression) {
    self.sense = sense
    self.objective = expression
  }

  /// Whether any variable is integer or binary.
  package var isMixedInteger: Bool { variables.contains { $0.kind != .continuous } }
}

/// A reference to a variable of a ``LinearModel``.
package struct VariableRef: Sendable, Hashable, Comparable {
  /// The position of the variable in ``LinearModel/variables``.
  package let index: Int
  package static func < (a: VariableRef, b: VariableRef) -> Bool { a.index < b.index }
}

/// A reference to a constraint of a ``LinearModel``.
package struct ConstraintRef: Sendable, Hashable {
  /// The position of the constraint in ``LinearModel/constraints``.
  package let index: Int
}

/// An affine expression: a sum of coefficient times variable, plus a constant.
package struct LinearExpression: Sendable, Hashable {
  package var terms: [Term]
  package var constant: Double

  /// One coefficient times one variable.
  package struct Term: Sendable, Hashable {
    package var variable: VariableRef
    package var coefficient: Double
    package init(_ variable: VariableRef, _ coefficient: Double) {
      self.variable = variable
      self.coefficient = coefficient
    }
  }

  package init(_ terms: [(VariableRef, Double)] = [], constant: Double = 0) {
    self.terms = terms.map { Term($0.0, $0.1) }
    self.constant = constant
  }

  /// Adds `coefficient × variable`.
  package mutating func add(_ variable: VariableRef, _ coefficient: Double) {
    terms.append(Term(variable, coefficient))
  }

  /// The value of the expression for the given variable values.
  package func value(_ values: [Double]) -> Double {
    terms.reduce(constant) { $0 + $1.coefficient * values[$1.variable.index] }
  }
}

/// The set a constraint's expression must lie in.
package enum ConstraintSet: Sendable, Hashable {
  case lessThan(Double)
  case greaterThan(Double)
  case equalTo(Double)
  case interval(Double, Double)

  /// The lower bound, or `nil` for none.
  package var lower: Double? {
    switch self {
    case .lessThan: nil
    case .greaterThan(let v), .equalTo(let v), .interval(let v, _): v
    }
  }

  /// The upper bound, or `nil` for none.
  package var upper: Double? {
    switch self {
    case .greaterThan: nil
    case .lessThan(let v), .equalTo(let v), .interval(_, let v): v
    }
  }
}
