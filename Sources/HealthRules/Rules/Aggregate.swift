/// A function that summarises a metric over a range of days, skipping missing days.
///
/// Each aggregate needs a minimum number of readings in its range (see
/// ``defaultMinimumReadings``); with fewer, its value is unknown.
package enum Aggregate: String, Sendable, Hashable, Codable, CaseIterable {
  /// The arithmetic mean of the readings.
  case mean
  /// The smallest reading.
  case min
  /// The largest reading.
  case max
  /// The sum of the readings.
  case sum
  /// How many days have a reading; never unknown, a plain number.
  case count
  /// The median; the mean of the two middle readings when their count is even.
  case median
  /// The reading of the earliest day that has one.
  case first
  /// The reading of the latest day that has one.
  case last
  /// `last - first`.
  case change
  /// `(last - first) / first`, a ratio (`0.1` is 10%); unknown when `first` is zero.
  case percentChange = "percent_change"
  /// The least-squares slope of the readings against the day number, per day.
  case slope

  /// The readings this aggregate needs by default: 0 for `count`, 2 for `change`,
  /// `percent_change` and `slope`, 1 for the others.
  package var defaultMinimumReadings: Int {
    switch self {
    case .count: return 0
    case .change, .percentChange, .slope: return 2
    default: return 1
    }
  }

  /// The unit of the result for a metric in `unit`.
  package func resultUnit(for unit: ValueUnit) -> ValueUnit {
    switch self {
    case .count, .percentChange: return .number
    case .slope: return unit.perDay
    default: return unit
    }
  }
}
