import Foundation

/// Goals that a health alert adds to a plan (an `adapt` block), and whether
/// they were applied: the alert fired, did not fire, or could not be decided
/// for lack of readings.
///
/// ```swift
/// for adaptation in plan.adaptations ?? [] { print(adaptation.message) }
/// // sodium cap 1500 mg a day because bp_high fired on 2026-11-29: systolic 132 >= 110% of 120
/// ```
public struct PlanAdaptation: Sendable, Hashable, Codable {
  /// What became of the adaptation.
  package enum State: String, Sendable, Hashable, Codable {
    /// The alert fired: its goals were added.
    case applied
    /// The alert did not fire: nothing changed.
    case notApplied = "not_applied"
    /// The readings could not decide the alert: nothing changed.
    case unknown
  }

  /// The rule set's name.
  package var rules: String
  /// The alert's name.
  package var alert: String
  /// The household member the goals are for; `nil` for the whole plan.
  package var member: String?
  /// Whether the goals were applied.
  package var state: State
  /// The day the rules were evaluated for (ISO 8601), when known.
  package var day: String?
  /// The evidence of the alert's verdict (`systolic 132 >= 110% of 120`), when it fired.
  package var evidence: String?
  /// The goals the adaptation adds.
  package var goals: [NutrientGoal]
  /// One sentence for people: what changed and why, or why nothing did.
  public var message: String

  /// Creates a value from its parts.
  package init(
    rules: String, alert: String, member: String? = nil, state: State, day: String? = nil,
    evidence: String? = nil, goals: [NutrientGoal], message: String
  ) {
    self.rules = rules
    self.alert = alert
    self.member = member
    self.state = state
    self.day = day
    self.evidence = evidence
    self.goals = goals
    self.message = message
  }
}
