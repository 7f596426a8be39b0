/// How a planner reached its answer: why the solver stopped, how close the
/// plan is proven to be to the best one, how long it took, and sentences
/// for people.
///
/// The relative gap is measured against a proven bound on the objective
/// (a lower bound when minimising): `|objective - bound| / max(|objective|, 1e-9)`,
/// so a plan with gap 0.01 is proven at most 1% worse than the best plan
/// there is. Encoded as JSON with snake_case keys.
public struct SolveReport: Sendable, Hashable, Codable {
  /// Why the solver stopped.
  public var termination: TerminationStatus
  /// The relative gap between the plan's objective and `bound`, when both
  /// are known: the plan is proven at most this far from the best plan
  /// there is (JSON `proven_gap`).
  public var relativeGap: Double?
  /// A proven bound on the best objective value there is (a lower bound
  /// when minimising, an upper bound when maximising), when one is known.
  public var bound: Double?
  /// Wall-clock seconds spent, over every solver call.
  public var seconds: Double
  /// Seconds from the start of the solve until the plan's cost was proven
  /// within the gap (a meal or household plan's search; a tie-break may
  /// run after it), when it was; `nil` otherwise.
  package var provenSeconds: Double?
  /// Sentences for people: why there is no plan, or why the plan is not proven best.
  package var explanation: [String]

  /// Creates a report from its parts.
  package init(
    termination: TerminationStatus, relativeGap: Double? = nil, bound: Double? = nil, seconds: Double = 0,
    explanation: [String] = []
  ) {
    self.termination = termination
    self.relativeGap = relativeGap
    self.bound = bound
    self.seconds = seconds
    self.explanation = explanation
  }

  /// Whether the planner proved its answer to its target: it ran to
  /// completion or met its relative gap (``TerminationStatus/gapLimit``),
  /// or a meal plan's cost was proven within the gap before a tie-break ran
  /// out of time (``provenSeconds``). A plan with this set is proven within
  /// ``relativeGap`` of the best plan, and that gap is within the gap asked
  /// for (`--gap`, 1% by default).
  package var metGapTarget: Bool {
    termination == .completed || termination == .gapLimit || provenSeconds != nil
  }

  enum CodingKeys: String, CodingKey {
    case termination, bound, seconds, explanation
    case relativeGap = "proven_gap"
    case provenSeconds = "proven_seconds"
  }
}
