/// What a plan's values are, for food-level plans (``DietPlan``) and weekly
/// meal plans (``MealPlan``) alike.
///
/// The cases are ordered from the strongest claim to the weakest answer:
/// a plan is ``optimal`` only when the planner proved it within the relative
/// gap it states (``SolveReport/relativeGap`` against ``SolveReport/bound``),
/// ``feasible`` when it keeps every goal but is not proven that close, and
/// ``unknown`` when the planner stopped (a time limit, a gap limit) before
/// it found any plan.
public enum PlanStatus: String, Sendable, Hashable, Codable, CaseIterable {
  /// The best plan, proven within the stated relative gap.
  case optimal
  /// A plan that keeps every goal and rule but is not proven best within the gap.
  case feasible
  /// No plan keeps every goal and rule; see ``SolveReport/explanation``.
  case infeasible
  /// The objective can improve without end (a nutrient maximised without a limit).
  case unbounded
  /// The planner stopped before it found a plan, and before it proved there is none.
  case unknown

  /// Whether a plan with this status has days to show (optimal or feasible).
  public var hasPlan: Bool { self == .optimal || self == .feasible }
}
