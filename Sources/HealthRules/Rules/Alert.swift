/// A rule that raises a message when its condition holds.
public struct Alert: Sendable, Hashable, Identifiable {
  /// How serious an alert is.
  public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case info
    case warning
    case urgent

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs.rank < rhs.rank
    }

    private var rank: Int {
      switch self {
      case .info: return 0
      case .warning: return 1
      case .urgent: return 2
      }
    }
  }

  /// A stable identifier, `snake_case`, unique within its rule set (`sugar_high`).
  public var id: String
  /// How serious the alert is.
  public var severity: Severity
  /// The message shown when it fires ("Your sugar level is high!").
  package var message: String
  /// When it fires.
  package var condition: Condition
  /// The message as text and values: `Weight up {weight.today - weight.yesterday}` is
  /// `[.text("Weight up "), .value(…)]`. A message with no values is one `.text`.
  package var messageParts: [MessagePart]

  /// A piece of a message template.
  package enum MessagePart: Sendable, Hashable {
    /// Text shown as it is.
    case text(String)
    /// A value computed in the window and shown in the unit the patient entered it in.
    case value(HealthExpression)
  }

  /// Creates an alert.
  ///
  /// - Parameters:
  ///   - id: A stable identifier, unique within its rule set.
  ///   - severity: How serious it is; `.warning` by default.
  ///   - message: The message shown when it fires.
  ///   - condition: When it fires.
  package init(id: String, severity: Severity = .warning, message: String, condition: Condition) {
    self.id = id
    self.severity = severity
    self.message = message
    self.condition = condition
    messageParts = [.text(message)]
  }

  /// Creates an alert whose message shows values from the window when it fires.
  ///
  /// - Parameters:
  ///   - id: A stable identifier, unique within its rule set.
  ///   - severity: How serious it is.
  ///   - template: The message as written, with `{…}` around each value (kept in ``message``).
  ///   - parts: The message as text and values.
  ///   - condition: When it fires.
  package init(
    id: String, severity: Severity = .warning, template: String, parts: [MessagePart], condition: Condition
  ) {
    self.id = id
    self.severity = severity
    self.message = template
    self.condition = condition
    messageParts = parts
  }
}
