extension MealPlanSearch {
  /// A lower bound from Lagrangian relaxation of the rows that tie days
  /// together (weekly budgets and goals, repetition limits).
  ///
  /// Each such row gets a price per unit of violation; the week then splits
  /// into days that are solved alone (identical days once), and the sum, less
  /// the prices times the right-hand sides, bounds the week from below for any
  /// non-negative prices. The prices are improved by subgradient steps (Polyak
  /// step toward the best plan known, `upper`). The bound is at least as strong
  /// as the day-by-day bound and usually stronger than the LP relaxation,
  /// because each day is solved with its integrality.
  ///
  /// - Returns: the best bound found, or `nil` when the objective does not
  ///   lie on the days' variables or no row ties the days together.
  func lagrangeBound(_ model: LinearModel, upper: Double, seconds: inout Double) throws(MealPlanError)
    -> Double?
  {
    var owner: [Int: Int] = [:]
    for (day, block) in dayBlocks.enumerated() {
      for index in block { owner[index] = day }
    }
    guard model.sense == .minimize, model.objective.terms.allSatisfy({ owner[$0.variable.index] != nil })
    else {
      return nil
    }
    let linking = model.constraints.filter { constraint in
      let terms = constraint.expression.terms
      return terms.allSatisfy { owner[$0.variable.index] != nil }
        && Set(terms.compactMap { owner[$0.variable.index] }).count > 1
    }
    guard !linking.isEmpty else { return nil }
    var above = [Double](repeating: 0, count: linking.count)
    var below = [Double](repeating: 0, count: linking.count)
    var best = -Double.infinity
    var step = 2.0
    var stalled = 0
    for _ in 0..<200 where clock.now < deadline && step > 1e-4 {
      var coefficients: [Int: Double] = [:]
      for term in model.objective.terms { coefficients[term.variable.index, default: 0] += term.coefficient }
      var constant = model.objective.constant
      for (k, row) in linking.enumerated() {
        let price = above[k] - below[k]
        if price != 0 {
          for term in row.expression.terms {
            coefficients[term.variable.index, default: 0] += price * term.coefficient
          }
          constant += price * row.expression.constant
        }
        constant -= above[k] * (row.set.upper ?? 0)
        constant += below[k] * (row.set.lower ?? 0)
      }
      var priced = model
      let terms = coefficients.keys.sorted().map { (VariableRef(index: $0), coefficients[$0] ?? 0) }
      priced.setObjective(.minimize, LinearExpression(terms, constant: constant))
      guard let days = try dayByDay(priced, gap: 1e-4, seconds: &seconds) else {
        return best.isFinite ? best : nil
      }
      if days.bound > best + 1e-9 {
        best = days.bound
        stalled = 0
      } else {
        stalled += 1
        if stalled >= 3 {
          step /= 2
          stalled = 0
        }
      }
      if upper - best <= relativeGap * max(abs(upper), 1e-9) { break }
      var over = [Double](repeating: 0, count: linking.count)
      var under = [Double](repeating: 0, count: linking.count)
      var norm = 0.0
      for (k, row) in linking.enumerated() {
        let value = row.expression.terms.reduce(row.expression.constant) {
          $0 + $1.coefficient * (days.values[$1.variable.index] ?? 0)
        }
        if let upperBound = row.set.upper { over[k] = value - upperBound }
        if let lowerBound = row.set.lower { under[k] = lowerBound - value }
        // Only directions that can move the price count toward the step length.
        if above[k] > 0 || over[k] > 0 { norm += over[k] * over[k] }
        if below[k] > 0 || under[k] > 0 { norm += under[k] * under[k] }
      }
      guard norm > 1e-12 else { break }
      let length = step * max(upper - days.bound, 1e-6 * max(abs(upper), 1)) / norm
      for k in linking.indices {
        above[k] = max(0, above[k] + length * over[k])
        below[k] = max(0, below[k] + length * under[k])
      }
    }
    return best.isFinite ? best : nil
  }
}
