/// A named set of alert rules over a window of days, with the message shown when none fires.
///
/// Build one in Swift, lower one from a `rules` block, or start from
/// ``baseline``. Compile it once with ``compiled()`` and evaluate many windows.
public struct RuleSet: Sendable, Hashable, Identifiable {
  /// A stable identifier (`home`, `baseline`).
  public var id: String
  /// The display name ("Home monitoring").
  public var name: String
  /// The number of days in the window; 7 for the baseline rules.
  package var windowLength: Int
  /// The alerts, in the order they are reported.
  public var alerts: [Alert]
  /// The message when every rule was evaluated and none fired.
  package var otherwise: String
  /// Per-patient parameters the rules read (`parameter dry_weight: mass`), by name, with
  /// their canonical units; a window gives their values (``Window/setParameter(_:steps:)``).
  package var parameters: [String: ValueUnit] = [:]

  /// Creates a rule set.
  ///
  /// - Parameters:
  ///   - id: A stable identifier.
  ///   - name: The display name.
  ///   - windowLength: The number of days in the window, 7 by default.
  ///   - alerts: The alerts, in report order.
  ///   - otherwise: The message shown when nothing fired.
  package init(
    id: String, name: String, windowLength: Int = 7, alerts: [Alert], otherwise: String
  ) {
    self.id = id
    self.name = name
    self.windowLength = windowLength
    self.alerts = alerts
    self.otherwise = otherwise
  }

  /// The most alerts a rule set may hold (outcomes are kept in 64-bit masks).
  package static let maximumAlertCount = 64

  /// The alert with the given id, if any.
  package func alert(withID id: String) -> Alert? {
    alerts.first { $0.id == id }
  }

  /// This rule set with more alerts added after its own, or replacing those with the same id.
  ///
  /// - Parameter extra: Alerts to add; one with an existing id replaces it in place.
  /// - Returns: The extended rule set.
  package func adding(_ extra: [Alert]) -> RuleSet {
    var copy = self
    for alert in extra {
      if let index = copy.alerts.firstIndex(where: { $0.id == alert.id }) {
        copy.alerts[index] = alert
      } else {
        copy.alerts.append(alert)
      }
    }
    return copy
  }
}
