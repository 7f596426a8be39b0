/// A day or a run of days in a window, as rules name them.
///
/// Day numbers count from 1 (the oldest day) to the window length (today).
/// `last(3)` in a seven-day window is days 5...7.
package enum DayRange: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The last day of the window.
  case today
  /// The calendar day before today.
  case yesterday
  /// One day by number, 1 is the oldest.
  case day(Int)
  /// Days `first` through `last`, inclusive.
  case days(Int, Int)
  /// The last `count` days, ending today.
  case last(Int)
  /// Every day of the window.
  case window

  /// The 1-based day numbers this range covers in a window of `length` days,
  /// or `nil` when any of them falls outside it.
  package func dayNumbers(inWindowOf length: Int) -> ClosedRange<Int>? {
    let range: ClosedRange<Int>
    switch self {
    case .today: range = length...length
    case .yesterday: range = (length - 1)...(length - 1)
    case .day(let n): range = n...n
    case .days(let a, let b):
      guard a <= b else { return nil }
      range = a...b
    case .last(let count):
      guard count >= 1 else { return nil }
      range = (length - count + 1)...length
    case .window: range = 1...length
    }
    return range.lowerBound >= 1 && range.upperBound <= length ? range : nil
  }

  /// Whether the range names exactly one day regardless of the window.
  package var isSingleDay: Bool {
    switch self {
    case .today, .yesterday, .day: return true
    case .days(let a, let b): return a == b
    case .last(let count): return count == 1
    case .window: return false
    }
  }

  /// The rule-language spelling: `today`, `day 3`, `days 4...7`, `last 3 days`, `window`.
  package var description: String {
    switch self {
    case .today: return "today"
    case .yesterday: return "yesterday"
    case .day(let n): return "day \(n)"
    case .days(let a, let b): return "days \(a)...\(b)"
    case .last(let count): return count == 1 ? "last 1 day" : "last \(count) days"
    case .window: return "window"
    }
  }
}
