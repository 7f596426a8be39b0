/// What a plan's values are, for food-level plans (``DietPlan``) and weekly
/// meal plans (``MealPlan``) alike.
///
/// The cases are ordered from the strongest claim to the weakest answer:
/// a plan is ``optimal`` only when it is proven optimal, within
/// `optimalGap` (1e-4, relative) of a proven bound; ``feasible`` when it
/// keeps every goal and rule but is only proven within a larger gap (the
/// planner's gap target, `--gap`, or what the time allowed), stated in
/// ``SolveReport/relativeGap`` (JSON `proven_gap`) against
/// `SolveReport/bound`; and ``unknown`` when the planner stopped (a time
/// limit, a gap limit) before it found any plan.
public enum PlanStatus: String, Sendable, Hashable, Codable, CaseIterable {
  /// The best plan, proven within `optimalGap` of a proven bound.
  case optimal
  /// A plan that keeps every goal and rule, proven within ``SolveReport/relativeGap``
  /// of the best plan there is when that is known.
  case feasible
  /// No plan keeps every goal and rule; see `SolveReport/explanation`.
  case infeasible
  /// The objective can improve without end (a nutrient maximised without a limit).
  case unbounded
  /// The planner stopped before it found a plan, and before it proved there is none.
  case unknown

  /// Whether a plan with this status has days to show (optimal or feasible).
  package var hasPlan: Bool { self == .optimal || self == .feasible }

  /// The largest relative gap between a plan and a proven bound at which the
  /// plan is called ``optimal``: 1e-4.
  package static let optimalGap = 1e-4

  /// The status of a plan that keeps every line: ``optimal`` when its proven
  /// relative gap is at most ``optimalGap``, ``feasible`` otherwise (and
  /// when no gap is known).
  package static func ofPlan(provenGap: Double?) -> PlanStatus {
    guard let provenGap, provenGap <= optimalGap else { return .feasible }
    return .optimal
  }
}
