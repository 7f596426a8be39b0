/// A condition over a window with three outcomes: yes, no or unknown.
///
/// `and`, `or` and `not` follow Kleene's three-valued logic: `no and unknown`
/// is no, `yes or unknown` is yes, any other mix with unknown is unknown, and
/// `not unknown` is unknown. A comparison is unknown when either side is.
package indirect enum Condition: Sendable, Hashable {
  /// `lhs op rhs`; both sides must have the same unit.
  case comparison(HealthExpression, ComparisonOperator, HealthExpression)
  /// Both hold.
  case and(Condition, Condition)
  /// Either holds.
  case or(Condition, Condition)
  /// The condition does not hold.
  case not(Condition)
  /// The symptom text of some day in the range contains the word, ignoring case.
  ///
  /// Yes when a day's text contains it; otherwise unknown when a day in the
  /// range has no symptom text recorded, and no when every day has one.
  /// A word matches whole words only: `ache` does not match `headache`.
  case symptomsMention(String, DayRange)
  /// No day of the range has any reading: no value of any metric, no symptom text (not even
  /// "none"). Never unknown: a day either has a reading or it does not. `no readings for 3 days`
  /// is `.noReadings(.last(3))`: with the window ending on the calendar day (`--as-of today`),
  /// it fires when a patient stopped measuring.
  case noReadings(DayRange)
  /// The condition holds on at least `count` days of the range: `at least 3 of last 7 days`,
  /// or, with `count` equal to the number of days, `3 days in a row` ending on the range's last day.
  ///
  /// The condition is written for one day, as if that day were today (see
  /// ``shifted(back:inWindowOf:)``); `missing` says how an undecided day counts.
  case daysHolding(Int, of: DayRange, Condition, missing: MissingDays)
  /// The condition holds on `count` consecutive days somewhere in the range: `2 days in a row
  /// in window`. Each run of `count` days is `.daysHolding(count, of: run, …)`, and the runs
  /// are or-ed: yes when some run holds on every day, no when every run has a day where it
  /// does not hold (an undecided day counting as `missing` says), else unknown.
  case inARow(Int, within: DayRange, Condition, missing: MissingDays)

  /// `lhs && rhs` builds `.and`.
  package static func && (lhs: Condition, rhs: Condition) -> Condition {
    .and(lhs, rhs)
  }

  /// `lhs || rhs` builds `.or`.
  package static func || (lhs: Condition, rhs: Condition) -> Condition {
    .or(lhs, rhs)
  }

  /// `!operand` builds `.not`.
  package static prefix func ! (operand: Condition) -> Condition {
    .not(operand)
  }
}
