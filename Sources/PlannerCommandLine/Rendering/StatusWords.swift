import MealOptimizer

/// A plan's status in words: `optimal` only when proven optimal
/// (``PlanStatus/optimalGap``), `within 0.99% of the cheapest` for a plan
/// proven within a larger gap, otherwise the status itself (`feasible`,
/// `infeasible`, `unknown`).
enum StatusWords {
  /// - Parameters:
  ///   - best: what the gap is measured against: `the cheapest` for a plan
  ///     that minimises cost, `the best` for another objective.
  static func phrase(_ status: PlanStatus, _ report: SolveReport, best: String = "the cheapest") -> String {
    guard status == .feasible, let gap = report.relativeGap, gap.isFinite else { return status.rawValue }
    return "within \(Quantities.number(gap * 100, digits: 2))% of \(best)"
  }
}
