/// What a change to a ``LinearModel``'s variables replaced, so that
/// ``LinearModel/restore(_:)`` can put it back.
///
/// Returned by ``LinearModel/fix(_:)`` and ``LinearModel/relaxIntegrality()``,
/// as JuMP's `fix_discrete_variables` and `relax_integrality` return a
/// function that undoes them.
///
/// ```swift
/// let undo = model.relaxIntegrality()
/// let bound = try solver.solve(model, options: SolverOptions()).objectiveValue
/// model.restore(undo)  // the integer model again
/// ```
package struct ModelUndo: Sendable, Hashable {
  /// The variables as they were before the change, by index.
  let saved: [Int: LinearModel.Variable]

  /// How many variables the change touched.
  package var count: Int { saved.count }
}

extension LinearModel {
  /// Fixes variables to values: both bounds become the value and the
  /// variable becomes continuous (an integer variable fixed to a whole number
  /// needs no integrality, and a model whose integer variables are all fixed
  /// is an LP, with duals).
  ///
  /// Fixing a variable twice keeps the first undo's record of it, so one
  /// ``restore(_:)`` of the merged undo puts back the original.
  ///
  /// - Parameter values: the value of each variable to fix.
  /// - Returns: what puts the variables back, for ``restore(_:)``.
  /// - Precondition: every variable belongs to this model and every value is finite.
  /// - Complexity: O(*k*) for *k* fixed variables.
  @discardableResult
  package mutating func fix(_ values: [VariableRef: Double]) -> ModelUndo {
    var saved: [Int: Variable] = [:]
    for (variable, value) in values {
      precondition(
        variables.indices.contains(variable.index), "variable #\(variable.index) is not in the model")
      precondition(value.isFinite, "a variable can only be fixed to a finite value")
      saved[variable.index] = variables[variable.index]
      variables[variable.index].lower = value
      variables[variable.index].upper = value
      variables[variable.index].kind = .continuous
    }
    return ModelUndo(saved: saved)
  }

  /// Fixes one variable to a value; see ``fix(_:)``.
  ///
  /// - Parameters:
  ///   - variable: the variable.
  ///   - value: its value.
  /// - Returns: what puts the variable back, for ``restore(_:)``.
  @discardableResult
  package mutating func fix(_ variable: VariableRef, to value: Double) -> ModelUndo {
    fix([variable: value])
  }

  /// A copy of the model with variables fixed; the model itself is unchanged.
  ///
  /// - Parameter values: the value of each variable to fix.
  /// - Returns: the copy, with the same variables and rows in the same places.
  package func fixing(_ values: [VariableRef: Double]) -> LinearModel {
    var copy = self
    copy.fix(values)
    return copy
  }

  /// A copy of the model with variables fixed and every row on fixed
  /// variables alone left out: a constant then, which the caller checks
  /// (``isFeasible(_:tolerance:)``, with its own tolerance) rather than the
  /// solver. The other rows keep their places relative to each other.
  ///
  /// - Parameter values: the value of each variable to fix.
  /// - Returns: the copy, with the same variables.
  package func settling(_ values: [VariableRef: Double]) -> LinearModel {
    var copy = fixing(values)
    copy.constraints.removeAll { $0.expression.terms.allSatisfy { values[$0.variable] != nil } }
    return copy
  }

  /// Makes every integer and binary variable continuous, keeping its bounds
  /// (a binary variable keeps 0...1): the LP relaxation, whose optimum bounds
  /// the integer optimum.
  ///
  /// - Returns: what makes the variables integer again, for ``restore(_:)``.
  /// - Complexity: O(*v*) for *v* variables.
  @discardableResult
  package mutating func relaxIntegrality() -> ModelUndo {
    relaxIntegrality(of: variables.indices.map { VariableRef(index: $0) })
  }

  /// Makes some integer and binary variables continuous, keeping their
  /// bounds; see ``relaxIntegrality()``.
  ///
  /// - Parameter block: the variables to relax; continuous ones are left alone.
  /// - Returns: what makes them integer again, for ``restore(_:)``.
  @discardableResult
  package mutating func relaxIntegrality(of block: [VariableRef]) -> ModelUndo {
    var saved: [Int: Variable] = [:]
    for variable in block where variables[variable.index].kind != .continuous {
      let index = variable.index
      saved[index] = variables[index]
      if variables[index].kind == .binary {
        variables[index].lower = max(0, variables[index].lower ?? 0)
        variables[index].upper = min(1, variables[index].upper ?? 1)
      }
      variables[index].kind = .continuous
    }
    return ModelUndo(saved: saved)
  }

  /// A copy of the model with integrality relaxed; see ``relaxIntegrality()``.
  package func relaxingIntegrality() -> LinearModel {
    var copy = self
    copy.relaxIntegrality()
    return copy
  }

  /// Puts back the variables an earlier ``fix(_:)`` or
  /// ``relaxIntegrality()`` changed: their bounds and kinds as they were.
  ///
  /// - Parameter undo: what the change returned.
  /// - Precondition: the undo came from this model (or a copy with at least as many variables).
  package mutating func restore(_ undo: ModelUndo) {
    for (index, variable) in undo.saved {
      precondition(variables.indices.contains(index), "the undo names variable #\(index), not in the model")
      variables[index] = variable
    }
  }
}
