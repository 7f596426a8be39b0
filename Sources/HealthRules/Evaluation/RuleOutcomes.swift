/// The outcome of every alert of a rule set for one window, as two bit masks.
///
/// Bit `i` stands for the rule set's alert `i`. This is what the fast path
/// returns: no allocation, no evidence. ``CompiledRuleSet/evaluate(_:)`` builds
/// the full ``Verdict`` from it.
package struct RuleOutcomes: Sendable, Hashable {
  /// Alerts whose condition held.
  package var fired: UInt64
  /// Alerts whose condition could not be decided.
  package var unknown: UInt64
  /// The number of alerts.
  package var count: Int
  /// Alerts of severity `info`: notes that never change the verdict.
  package var info: UInt64 = 0

  /// Creates outcomes from masks.
  package init(fired: UInt64, unknown: UInt64, count: Int) {
    self.fired = fired
    self.unknown = unknown
    self.count = count
  }

  /// The outcome of alert `index`.
  package func outcome(ofAlertAt index: Int) -> Truth {
    let bit = UInt64(1) << UInt64(index)
    if fired & bit != 0 { return .yes }
    if unknown & bit != 0 { return .unknown }
    return .no
  }

  /// Creates outcomes from masks, with the mask of `info` alerts.
  package init(fired: UInt64, unknown: UInt64, count: Int, info: UInt64) {
    self.init(fired: fired, unknown: unknown, count: count)
    self.info = info
  }

  /// The verdict these outcomes lead to: alert if any `warning` or `urgent` alert fired,
  /// else not enough data if any of them is unknown, else healthy. `info` alerts are
  /// notes: they never change the verdict.
  package var status: Verdict.Status {
    if fired & ~info != 0 { return .alert }
    if unknown & ~info != 0 { return .notEnoughData }
    return .healthy
  }
}
