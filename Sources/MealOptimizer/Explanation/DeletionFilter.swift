import Foundation

/// Finds a minimal set of lines that cannot hold together (an irreducible
/// infeasible subset) by deletion filtering, for any kind of plan.
///
/// A *line* is whatever a plan can drop: a goal, the budget, a limit, a diet
/// label, a lock. The filter knows lines only by their position; the caller's
/// test says whether a set of lines has no plan. Starting from every line, it
/// drops one line at a time and keeps it out when the rest still has no plan.
/// What is left has no plan, and dropping any one of its lines gives a plan:
/// each line that stayed was tested without it and a plan was found.
///
/// A test that cannot decide (a solve that stopped at its time limit) keeps
/// the line, so the set still has no plan but may not be minimal; the result
/// says so (``Result/proven`` is `false`). Past the deadline every remaining
/// test counts as undecided.
struct DeletionFilter {
  /// What the filter found.
  struct Result: Hashable {
    /// The positions of the lines left, in increasing order.
    var members: [Int]
    /// Whether every line left was proven necessary.
    var proven: Bool
  }

  /// How many lines there are.
  var count: Int
  /// The clock the deadline is on.
  var deadline: ContinuousClock.Instant?
  /// Called before each test with the number of lines tested so far and the total.
  var progress: ((Int, Int) -> Void)?

  /// Runs the filter.
  ///
  /// - Parameter infeasible: Whether the plan with only the given lines has
  ///   no plan: `true` proven infeasible, `false` a plan exists, `nil` undecided.
  /// - Returns: The lines left and whether they are proven minimal.
  /// - Throws: whatever the test throws.
  /// - Complexity: One test per line.
  func run(_ infeasible: (Set<Int>) throws(PlanningError) -> Bool?) throws(PlanningError) -> Result {
    var kept = Set(0..<count)
    var proven = true
    for line in 0..<count {
      progress?(line, count)
      if let deadline, ContinuousClock.now >= deadline {
        proven = false
        break
      }
      let without = kept.subtracting([line])
      switch try infeasible(without) {
      case true?: kept = without
      case false?: break
      case nil: proven = false
      }
    }
    progress?(count, count)
    return Result(members: kept.sorted(), proven: proven)
  }
}

/// A snapshot of an explanation being worked out, for a progress display
/// (`DietExplainer/progress`, ``MealPlannerOptions/explanationProgress``).
package struct ExplanationProgress: Sendable, Hashable, CustomStringConvertible {
  /// What the explanation is doing.
  package enum Phase: String, Sendable, Hashable, Codable {
    /// Dropping lines one at a time to find a minimal conflicting set;
    /// ``ExplanationProgress/done`` and ``ExplanationProgress/total`` count lines.
    case deletionFilter = "deletion filter"
    /// Measuring how far each line of the conflict must move; counts lines of the conflict.
    case relaxation
    /// Solving again with each bound moved a step; counts sides of lines.
    case marginalCosts = "marginal costs"
    /// Solving the elastic model of a meal plan for the smallest weighted
    /// change; no count.
    case smallestChange = "smallest change"
    /// Searching for the cheapest week without its budgets (a meal plan with
    /// a budget); no count.
    case withoutBudgets = "cheapest week without budgets"
  }

  /// Seconds since the explanation started.
  package var seconds: Double
  /// What it is doing.
  package var phase: Phase
  /// How many items of the phase are done.
  package var done: Int
  /// How many items the phase has.
  package var total: Int

  /// Creates a snapshot.
  package init(seconds: Double, phase: Phase, done: Int, total: Int) {
    self.seconds = seconds
    self.phase = phase
    self.done = done
    self.total = total
  }

  /// `deletion filter 4/12 lines`, `marginal costs 3/8 bounds`, `cheapest week without budgets`.
  package var description: String {
    if phase == .withoutBudgets || phase == .smallestChange { return phase.rawValue }
    let items = phase == .marginalCosts ? "bounds" : "lines"
    return "\(phase.rawValue) \(done)/\(total) \(items)"
  }
}

/// A progress hook for explanations: called with each ``ExplanationProgress`` from the thread that solves.
package typealias ExplanationProgressHandler = @Sendable (ExplanationProgress) -> Void
