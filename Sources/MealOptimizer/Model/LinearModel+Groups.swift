extension LinearModel {
  /// The rows of a group, in model order.
  ///
  /// - Parameter group: the group.
  /// - Returns: references to its rows; empty when the model has none.
  /// - Complexity: O(*m*) for *m* rows.
  package func constraints(in group: ConstraintGroup) -> [ConstraintRef] {
    constraints.indices.filter { constraints[$0].group == group }.map { ConstraintRef(index: $0) }
  }

  /// The groups of the model's rows, each once, in order of first appearance.
  package var constraintGroups: [ConstraintGroup] {
    var seen: Set<ConstraintGroup> = []
    return constraints.compactMap { $0.group }.filter { seen.insert($0).inserted }
  }

  /// A copy of the model without the rows of some groups.
  ///
  /// Variables keep their places, so values of one model are values of the
  /// other; rows after a dropped row move up. Dropping rows can only lower a
  /// minimum, so the copy's optimum bounds the model's from below.
  ///
  /// - Parameter groups: the groups to leave out.
  /// - Returns: the copy.
  /// - Complexity: O(*m*) for *m* rows.
  package func dropping(_ groups: Set<ConstraintGroup>) -> LinearModel {
    var copy = self
    copy.constraints.removeAll { $0.group.map(groups.contains) ?? false }
    return copy
  }

  /// A copy of the model with only the rows of some groups (and untagged rows
  /// when `untagged` is true); variables keep their places.
  ///
  /// - Parameters:
  ///   - groups: the groups to keep.
  ///   - untagged: whether rows without a group stay.
  /// - Returns: the copy.
  package func keeping(_ groups: Set<ConstraintGroup>, untagged: Bool = false) -> LinearModel {
    var copy = self
    copy.constraints.removeAll { $0.group.map { !groups.contains($0) } ?? !untagged }
    return copy
  }

  /// The model restricted to some variables: a new model of just those
  /// variables (in the order given, with their bounds and kinds), the rows
  /// that mention no other variable, and the objective's terms on them.
  ///
  /// Rows that mention any other variable are left out, so the restriction's
  /// optimum is a lower bound for that part of the objective in any point of
  /// the whole model, whatever the other variables are. The objective's
  /// constant is kept.
  ///
  /// - Parameter block: the variables to keep.
  /// - Returns: the restricted model; variable *k* of it is `block[k]`.
  /// - Complexity: O(*v* + *n*) for *v* variables and *n* terms.
  package func restricted(to block: [VariableRef]) -> LinearModel {
    var local: [Int: VariableRef] = [:]
    var restricted = LinearModel(name: name)
    for variable in block {
      local[variable.index] = VariableRef(index: restricted.variables.count)
      restricted.variables.append(variables[variable.index])
    }
    func remap(_ expression: LinearExpression) -> LinearExpression? {
      var mapped = LinearExpression(constant: expression.constant)
      for term in expression.terms {
        guard let variable = local[term.variable.index] else { return nil }
        mapped.add(variable, term.coefficient)
      }
      return mapped
    }
    for constraint in constraints {
      if let expression = remap(constraint.expression) {
        restricted.addConstraint(constraint.name, expression, constraint.set, group: constraint.group)
      }
    }
    var objective = LinearExpression(constant: self.objective.constant)
    for term in self.objective.terms {
      if let variable = local[term.variable.index] { objective.add(variable, term.coefficient) }
    }
    restricted.setObjective(sense, objective)
    return restricted
  }
}
