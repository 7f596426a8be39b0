/// The answer to "am I at risk?" for one window: which alerts fired, or healthy, or not enough data.
///
/// - `alert` when any `warning` or `urgent` alert fired; alerts that could not be decided are
///   listed in `unknown`.
/// - `healthy` when every `warning` and `urgent` alert was decided and none fired.
/// - `notEnoughData` otherwise, with `missing` saying which readings are needed.
///
/// Alerts of severity `info` are notes: they never change the verdict, and those that
/// fired are listed in `notes`, apart from ``alerts``. `severity` is the highest
/// severity of everything that fired, notes included.
///
/// JSON (keys in `snake_case`):
/// ```json
/// { "verdict": "alert", "severity": "warning", "message": "Your sugar level is high!", "rule_set": "baseline",
///   "today": "2026-03-07", "window_start": "2026-03-01", "alerts": ["sugar_high"],
///   "notes": [], "unknown": [], "results": [ … ], "missing": [] }
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
  /// The highest severity of the alerts and notes that fired, or `nil` when none did.
  package var severity: Alert.Severity?
  /// What to tell the patient: the fired alerts' messages, most severe first, then in rule
  /// order, one per line (`messages` lists them apart); the "otherwise" message; or what is
  /// missing. Notes are not part of it.
  public var message: String
  /// The rule set's id.
  package var ruleSet: String
  /// The last day of the window.
  package var today: Day
  /// The first day of the window.
  package var windowStart: Day
  /// The ids of the `warning` and `urgent` alerts that fired, most severe first, then in rule order.
  public var alerts: [String]
  /// The ids of the `info` alerts (notes) that fired, in rule order.
  package var notes: [String]
  /// The ids of the alerts that could not be decided.
  package var unknown: [String]
  /// Every alert's outcome with its evidence, in rule order.
  package var results: [AlertResult]
  /// Readings that undecided alerts needed, without repeats.
  package var missing: [MissingReading]

  enum CodingKeys: String, CodingKey {
    case status = "verdict"
    case severity
    case message
    case ruleSet = "rule_set"
    case today
    case windowStart = "window_start"
    case alerts, notes, unknown, results, missing
  }

  /// Creates a verdict.
  package init(
    status: Status, severity: Alert.Severity?, message: String, ruleSet: String, today: Day, windowStart: Day,
    alerts: [String], notes: [String], unknown: [String], results: [AlertResult], missing: [MissingReading]
  ) {
    self.status = status
    self.severity = severity
    self.message = message
    self.ruleSet = ruleSet
    self.today = today
    self.windowStart = windowStart
    self.alerts = alerts
    self.notes = notes
    self.unknown = unknown
    self.results = results
    self.missing = missing
  }

  /// Encodes every key, `severity` as `null` when nothing fired.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(status, forKey: .status)
    try container.encode(severity, forKey: .severity)
    try container.encode(message, forKey: .message)
    try container.encode(ruleSet, forKey: .ruleSet)
    try container.encode(today, forKey: .today)
    try container.encode(windowStart, forKey: .windowStart)
    try container.encode(alerts, forKey: .alerts)
    try container.encode(notes, forKey: .notes)
    try container.encode(unknown, forKey: .unknown)
    try container.encode(results, forKey: .results)
    try container.encode(missing, forKey: .missing)
    var extra = encoder.container(keyedBy: ExtraKeys.self)
    try extra.encode(messages, forKey: .messages)
  }

  enum ExtraKeys: String, CodingKey {
    case messages
  }

  /// The fired `warning` and `urgent` alerts' messages, one each, in the order of ``alerts``
  /// (most severe first, then rule order); empty unless the verdict is an alert.
  package var messages: [String] {
    fired.map(\.message)
  }

  /// The results of the `warning` and `urgent` alerts that fired, most severe first.
  package var fired: [AlertResult] {
    Verdict.bySeverity(results.filter { $0.outcome == .fired && $0.severity != .info })
  }

  /// The results of the notes (`info` alerts) that fired, in rule order.
  package var firedNotes: [AlertResult] {
    results.filter { $0.outcome == .fired && $0.severity == .info }
  }

  /// Results ordered most severe first, keeping rule order among equals.
  static func bySeverity(_ results: [AlertResult]) -> [AlertResult] {
    results.enumerated().sorted { a, b in
      a.element.severity != b.element.severity ? a.element.severity > b.element.severity : a.offset < b.offset
    }.map(\.element)
  }
}

/// One alert's outcome in a verdict.
package struct AlertResult: Sendable, Hashable, Codable {
  /// Whether an alert fired.
  package enum Outcome: String, Sendable, Hashable, Codable {
    case fired
    case notFired = "not_fired"
    case unknown
  }

  /// The alert's id.
  package var id: String
  /// Its severity.
  package var severity: Alert.Severity
  /// Its message.
  package var message: String
  /// Whether it fired.
  package var outcome: Outcome
  /// The condition as rules spell it.
  package var condition: String
  /// The values that made it fire (empty unless fired).
  package var evidence: [Evidence]
  /// The readings it needed and did not have (when unknown).
  package var missing: [MissingReading]
  /// Computations that failed although the readings were there (when unknown).
  package var problems: [String]
}
