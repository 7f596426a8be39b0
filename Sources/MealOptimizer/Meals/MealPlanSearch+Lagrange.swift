extension MealPlanSearch {
  /// ``Step/lagrangian``: a lower bound from Lagrangian relaxation of the
  /// rows that tie days together (weekly budgets and goals, repetition
  /// limits): every row whose terms lie on two or more days.
  ///
  /// Each such row gets a price per unit of violation; the week then splits
  /// into days solved alone (identical days once, each to
  /// ``Tuning/lagrangeDayGap``), and the sum, less the prices times the
  /// right-hand sides, bounds the week from below for any non-negative
  /// prices. The prices improve by subgradient steps (a Polyak step toward
  /// the best plan, factor ``Tuning/lagrangeStep``, halved after
  /// ``Tuning/lagrangeStall`` updates without progress), for at most
  /// ``Tuning/lagrangeIterations`` updates. The bound is at least the
  /// ``Step/separateDays`` bound and usually far above the LP's, because
  /// each day keeps its integrality.
  func lagrangian(_ model: LinearModel, _ progress: inout Progress) throws(PlanningError) {
    let upper = progress.objective
    guard upper.isFinite, !progress.dualBoundFound else { return }
    var owner: [VariableRef: Int] = [:]
    for (day, block) in dayBlocks.enumerated() {
      for variable in block { owner[variable] = day }
    }
    guard model.sense == .minimize, model.objective.terms.allSatisfy({ owner[$0.variable] != nil }) else {
      return
    }
    let linking = model.constraints.filter { constraint in
      let terms = constraint.expression.terms
      return terms.allSatisfy { owner[$0.variable] != nil }
        && Set(terms.compactMap { owner[$0.variable] }).count > 1
    }
    guard !linking.isEmpty else { return }
    var above = [Double](repeating: 0, count: linking.count)
    var below = [Double](repeating: 0, count: linking.count)
    var best = -Double.infinity
    var step = tuning.lagrangeStep
    var stalled = 0
    for _ in 0..<tuning.lagrangeIterations where !isPastDeadline && step > 1e-4 {
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
      guard let days = try solveDaysAlone(priced, gap: tuning.lagrangeDayGap, &progress) else { break }
      if days.bound > best + 1e-9 {
        best = days.bound
        stalled = 0
      } else {
        stalled += 1
        if stalled >= tuning.lagrangeStall {
          step /= 2
          stalled = 0
        }
      }
      if isProven(upper, bound: best) { break }
      var over = [Double](repeating: 0, count: linking.count)
      var under = [Double](repeating: 0, count: linking.count)
      var norm = 0.0
      for (k, row) in linking.enumerated() {
        let value = row.expression.terms.reduce(row.expression.constant) {
          $0 + $1.coefficient * (days.values[$1.variable] ?? 0)
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
    if best.isFinite { progress.raise(best) }
  }
}
