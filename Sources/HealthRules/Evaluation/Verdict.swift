/// The answer to "am I at risk?" for one window: which alerts fired, or healthy, or not enough data.
///
/// - `alert` when any alert fired; alerts that could not be decided are listed in ``unknown``.
/// - `healthy` only when every alert was decided and none fired.
/// - `notEnoughData` otherwise, with ``missing`` saying which readings are needed.
///
/// JSON (keys in `snake_case`):
/// ```json
/// { "verdict": "alert", "message": "Your sugar level is high!", "rule_set": "baseline",
///   "today": "2026-03-07", "window_start": "2026-03-01", "alerts": ["sugar_high"],
///   "unknown": [], "results": [ … ], "missing": [] }
/// ```
public struct Verdict: Sendable, Hashable, Codable {
  /// The overall outcome.
  public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
    case healthy
    case alert
    case notEnoughData = "not_enough_data"
  }

  /// The overall outcome.
  public var status: Status
  /// What to tell the patient: the fired alerts' messages, the "otherwise" message, or what is missing.
  public var message: String
  /// The rule set's id.
  public var ruleSet: String
  /// The last day of the window.
  public var today: Day
  /// The first day of the window.
  public var windowStart: Day
  /// The ids of the alerts that fired, in rule order.
  public var alerts: [String]
  /// The ids of the alerts that could not be decided.
  public var unknown: [String]
  /// Every alert's outcome with its evidence, in rule order.
  public var results: [AlertResult]
  /// Readings that undecided alerts needed, without repeats.
  public var missing: [MissingReading]

  enum CodingKeys: String, CodingKey {
    case status = "verdict"
    case message
    case ruleSet = "rule_set"
    case today
    case windowStart = "window_start"
    case alerts, unknown, results, missing
  }

  /// The results of the alerts that fired.
  public var fired: [AlertResult] {
    results.filter { $0.outcome == .fired }
  }
}

/// One alert's outcome in a verdict.
public struct AlertResult: Sendable, Hashable, Codable {
  /// Whether an alert fired.
  public enum Outcome: String, Sendable, Hashable, Codable {
    case fired
    case notFired = "not_fired"
    case unknown
  }

  /// The alert's id.
  public var id: String
  /// Its severity.
  public var severity: Alert.Severity
  /// Its message.
  public var message: String
  /// Whether it fired.
  public var outcome: Outcome
  /// The condition as rules spell it.
  public var condition: String
  /// The values that made it fire (empty unless fired).
  public var evidence: [Evidence]
  /// The readings it needed and did not have (when unknown).
  public var missing: [MissingReading]
  /// Computations that failed although the readings were there (when unknown).
  public var problems: [String]
}
