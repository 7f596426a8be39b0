/// One change to a model in a ``SolverSession``: what a search changes
/// between two solves of the same model.
///
/// ``LinearModel/apply(_:)`` makes the same change to a model value, so a
/// session's ``SolverSession/model`` is always the model its next solve
/// solves.
package enum ModelChange: Sendable, Hashable {
  /// New bounds for a variable (`nil` for none): equal bounds fix it, its
  /// old bounds free it again.
  case variableBounds(VariableRef, lower: Double?, upper: Double?)
  /// A variable's kind: `.continuous` relaxes its integrality, `.integer`
  /// (or `.binary`, within 0...1) restores it.
  case variableKind(VariableRef, LinearModel.VariableKind)
  /// A variable's coefficient in the objective.
  case objectiveCoefficient(VariableRef, Double)
  /// New bounds for a constraint's expression; `nil` for none on that side,
  /// so `lower: nil, upper: nil` leaves the row free: it holds nothing, as
  /// if dropped, and keeps its place.
  case constraintBounds(ConstraintRef, lower: Double?, upper: Double?)
  /// A new constraint, after the model's others.
  case addConstraint(name: String, expression: LinearExpression, set: ConstraintSet)
}

extension ConstraintSet {
  /// The set with the given bounds; with neither, the whole line
  /// (`.interval(-.infinity, .infinity)`: a row that holds nothing).
  package static func between(_ lower: Double?, _ upper: Double?) -> ConstraintSet {
    switch (lower, upper) {
    case (let l?, let u?): l == u ? .equalTo(l) : .interval(l, u)
    case (let l?, nil): .greaterThan(l)
    case (nil, let u?): .lessThan(u)
    case (nil, nil): .interval(-.infinity, .infinity)
    }
  }
}

extension LinearModel {
  /// Makes a change to the model, as a ``SolverSession`` makes it to the
  /// model it keeps.
  ///
  /// ```swift
  /// var changed = model
  /// try changed.apply(.variableBounds(x, lower: 2, upper: 2))  // fix x at 2
  /// ```
  ///
  /// - Throws: ``SolverError/invalidModel(_:)`` when a reference is out of
  ///   range or the changed variable or constraint would not validate (a
  ///   NaN, inverted bounds); the model is then unchanged.
  package mutating func apply(_ change: ModelChange) throws(SolverError) {
    switch change {
    case .variableBounds(let variable, let lower, let upper):
      try check(variable)
      var copy = variables[variable.index]
      copy.lower = lower
      copy.upper = upper
      try replace(variable, with: copy)
    case .variableKind(let variable, let kind):
      try check(variable)
      var copy = variables[variable.index]
      copy.kind = kind
      try replace(variable, with: copy)
    case .objectiveCoefficient(let variable, let coefficient):
      try check(variable)
      guard coefficient.isFinite else {
        throw SolverError.invalidModel(
          "the objective coefficient of '\(variables[variable.index].name)' is not a finite number (\(coefficient))"
        )
      }
      var expression = objective
      expression.terms.removeAll { $0.variable == variable }
      if coefficient != 0 { expression.add(variable, coefficient) }
      setObjective(sense, expression)
    case .constraintBounds(let constraint, let lower, let upper):
      guard constraints.indices.contains(constraint.index) else {
        throw SolverError.invalidModel(
          "constraint #\(constraint.index) does not exist: the model has \(constraints.count) constraints")
      }
      let old = constraints[constraint.index].set
      constraints[constraint.index].set = .between(lower, upper)
      do {
        _ = try compactRow(constraint.index)
      } catch {
        constraints[constraint.index].set = old
        throw error
      }
    case .addConstraint(let name, let expression, let set):
      addConstraint(name, expression, set)
      do {
        _ = try compactRow(constraints.count - 1)
      } catch {
        constraints.removeLast()
        throw error
      }
    }
  }

  private func check(_ variable: VariableRef) throws(SolverError) {
    guard variables.indices.contains(variable.index) else {
      throw SolverError.invalidModel(
        "variable #\(variable.index) does not exist: the model has \(variables.count) variables")
    }
  }

  private mutating func replace(_ variable: VariableRef, with new: Variable) throws(SolverError) {
    let old = variables[variable.index]
    variables[variable.index] = new
    do {
      _ = try compactColumn(variable.index)
    } catch {
      variables[variable.index] = old
      throw error
    }
  }
}

/// A model loaded once into a solver and kept there across changes and
/// solves: fix and free variables, move row bounds, add rows, relax and
/// restore integrality, change objective coefficients, and solve again.
///
/// Each solve gives what solving ``model`` (the loaded model with every
/// change so far) from scratch gives (a MIP stopped at a relative gap above
/// 0 may stop at another solution within the gap); what a session saves is the loading,
/// and a backend that can also starts from what its last solve left: GLPK's
/// session (`GLPKSolver.makeSession(for:)`) keeps its problem object, whose
/// simplex basis the next LP starts from, and offers a MIP its last integer
/// solution as the first incumbent when that solution still fits the
/// changed model (``SolverOptions/start``, when given, comes first).
///
/// A session is not `Sendable`: use it from one thread at a time. GLPK's
/// objects belong to the thread that made them: used from another thread,
/// GLPK's session loads its model again there (docs/solver.md, "Sessions").
///
/// ```swift
/// let session = try GLPKSolver().makeSession(for: model)
/// let first = try session.solve(options: SolverOptions())
/// try session.apply(.variableBounds(x, lower: 0, upper: 0))   // x out
/// let second = try session.solve(options: SolverOptions())    // from the last basis
/// ```
package protocol SolverSession: AnyObject {
  /// The model the next solve solves: the loaded one with every change so far.
  var model: LinearModel { get }

  /// Changes the model in the backend and in ``model``.
  ///
  /// - Throws: ``SolverError/invalidModel(_:)`` for a change
  ///   ``LinearModel/apply(_:)`` rejects (nothing changes then), or
  ///   ``SolverError/solverFailure(_:)`` when the backend fails.
  func apply(_ change: ModelChange) throws(SolverError)

  /// Solves ``model`` as ``Solver/solve(_:options:)`` would, from what the
  /// backend kept of the last solve.
  ///
  /// - Throws: What ``Solver/solve(_:options:)`` throws.
  func solve(options: SolverOptions) throws(SolverError) -> Solution
}

extension SolverSession {
  // The shorthands for one change each are `package`: ``apply(_:)`` with a
  // ``ModelChange`` is the package way, and keeps the package surface small.

  /// Adds a constraint `expression ∈ set` and returns a reference to it.
  @discardableResult
  package func addConstraint(_ name: String, _ expression: LinearExpression, _ set: ConstraintSet)
    throws(SolverError) -> ConstraintRef
  {
    try apply(.addConstraint(name: name, expression: expression, set: set))
    return ConstraintRef(index: model.constraints.count - 1)
  }

  /// Sets a variable's bounds (`nil` for none).
  package func setBounds(_ variable: VariableRef, lower: Double?, upper: Double?) throws(SolverError) {
    try apply(.variableBounds(variable, lower: lower, upper: upper))
  }

  /// Fixes a variable at a value.
  package func fix(_ variable: VariableRef, at value: Double) throws(SolverError) {
    try apply(.variableBounds(variable, lower: value, upper: value))
  }

  /// Sets a constraint's bounds (`nil` for none; neither leaves it free).
  package func setBounds(_ constraint: ConstraintRef, lower: Double?, upper: Double?) throws(SolverError) {
    try apply(.constraintBounds(constraint, lower: lower, upper: upper))
  }

  /// Changes a variable's kind: `.continuous` relaxes its integrality.
  package func setKind(_ variable: VariableRef, _ kind: LinearModel.VariableKind) throws(SolverError) {
    try apply(.variableKind(variable, kind))
  }

  /// Sets a variable's coefficient in the objective.
  package func setObjectiveCoefficient(_ variable: VariableRef, _ coefficient: Double) throws(SolverError) {
    try apply(.objectiveCoefficient(variable, coefficient))
  }
}

/// The session of a backend that keeps nothing between solves: each solve
/// gives the changed model whole to ``Solver/solve(_:options:)``, with the
/// last integer solution as its start when it still fits. What
/// ``Solver/makeSession(for:)`` gives by default.
final class ModelSession: SolverSession {
  let solver: any Solver
  private(set) var model: LinearModel
  /// The last MIP solve's point, offered to the next as its start.
  private var incumbent: [Double]?

  init(solver: any Solver, model: LinearModel) throws(SolverError) {
    try model.validate()
    self.solver = solver
    self.model = model
  }

  func apply(_ change: ModelChange) throws(SolverError) { try model.apply(change) }

  func solve(options: SolverOptions) throws(SolverError) -> Solution {
    var options = options
    if options.start == nil, let incumbent, model.isMixedInteger, model.isFeasible(incumbent) {
      options.start = incumbent
    }
    let solution = try solver.solve(model, options: options)
    if model.isMixedInteger, solution.status.hasValues { incumbent = solution.values }
    return solution
  }
}
