import Foundation

/// One side of one line that an elastic model may move: a slack variable
/// that moves that side's bound on each of the line's rows.
///
/// The slack is in the line's own units; on row `k` it moves the bound by
/// `coefficients[k]` times the slack (the row units per line unit: 1 for a
/// daily row, a block's share of a week for a weekly row over fewer than
/// seven days). Its objective coefficient is `cost`: the line's weight over
/// the size of its bound (``DietExplainer/weight(of:side:)``).
struct ElasticSide {
  /// Row indices in the model.
  var rows: [Int]
  /// Which bound of the rows moves.
  var side: PlanLine.Side
  /// Row units per unit of slack, one per row; `nil` for 1 on every row.
  var coefficients: [Double]?
  /// The slack's cost per unit in the objective.
  var cost: Double
}

extension LinearModel {
  /// This model with a slack on each of the given sides: the minimum side of
  /// a row becomes `expression + c × slack ≥ lower`, the maximum side
  /// `expression − c × slack ≤ upper`, a relaxed row keeps its other side as
  /// it was, and the objective is the sum of each slack times its cost.
  ///
  /// One implementation for every kind of plan: food-level plans
  /// (``DietExplainer``) and meal plans (``MealPlanner``) describe their
  /// lines as rows of their own models and share this.
  ///
  /// - Returns: the elastic model and each side's slack, in the order of `sides`.
  func elastic(_ sides: [ElasticSide]) -> (model: LinearModel, slacks: [VariableRef]) {
    var copy = self
    var objective = LinearExpression()
    var slacks: [VariableRef] = []
    var split: [Int: (lower: Int?, upper: Int?)] = [:]
    for (s, side) in sides.enumerated() {
      let slack = copy.addVariable("slack[\(s),\(side.side.rawValue)]")
      slacks.append(slack)
      objective.add(slack, side.cost)
      for (k, row) in side.rows.enumerated() {
        let constraint = constraints[row]
        let coefficient = side.coefficients?[k] ?? 1
        switch side.side {
        case .minimum:
          guard let lower = constraint.set.lower else { continue }
          var expression = constraint.expression
          expression.add(slack, coefficient)
          split[row, default: (nil, nil)].lower =
            copy.addConstraint(
              constraint.name + "[elastic_min]", expression, .greaterThan(lower), group: constraint.group
            ).index
        case .maximum:
          guard let upper = constraint.set.upper else { continue }
          var expression = constraint.expression
          expression.add(slack, -coefficient)
          split[row, default: (nil, nil)].upper =
            copy.addConstraint(
              constraint.name + "[elastic_max]", expression, .lessThan(upper), group: constraint.group
            ).index
        }
      }
    }
    var removed = Set<Int>()
    for (row, parts) in split {
      let set = constraints[row].set
      if parts.lower != nil, let upper = set.upper, parts.upper == nil {
        copy.constraints[row].set = .lessThan(upper)
      } else if parts.upper != nil, let lower = set.lower, parts.lower == nil {
        copy.constraints[row].set = .greaterThan(lower)
      } else {
        removed.insert(row)
      }
    }
    copy.constraints = copy.constraints.indices.filter { !removed.contains($0) }.map { copy.constraints[$0] }
    copy.setObjective(.minimize, objective)
    return (copy, slacks)
  }
}
