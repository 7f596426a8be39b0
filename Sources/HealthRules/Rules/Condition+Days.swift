/// How a day whose condition cannot be decided (a reading missing that day) counts in
/// `at least K of …` and `N days in a row`.
package enum MissingDays: String, Sendable, Hashable, Codable, CaseIterable {
  /// An undecided day counts as a day where the condition does not hold: the result is
  /// always yes or no.
  case asFalse = "false"
  /// An undecided day may go either way: the result is yes when enough days hold whatever
  /// the undecided ones are, no when they cannot reach the count, else unknown.
  case asUnknown = "unknown"
}

extension Condition {
  /// This condition with every day range moved `days` days into the past, or `nil` when a
  /// range would leave a window of `length` days.
  ///
  /// A condition inside `at least K of …` is written for one day, as if that day were
  /// today: `systolic.today >= 135 mmHg` read on day 3 is `systolic.day(3) >= 135 mmHg`.
  package func shifted(back days: Int, inWindowOf length: Int) -> Condition? {
    switch self {
    case .comparison(let lhs, let op, let rhs):
      guard let l = lhs.shifted(back: days, inWindowOf: length),
        let r = rhs.shifted(back: days, inWindowOf: length)
      else { return nil }
      return .comparison(l, op, r)
    case .and(let a, let b):
      guard let x = a.shifted(back: days, inWindowOf: length),
        let y = b.shifted(back: days, inWindowOf: length)
      else { return nil }
      return .and(x, y)
    case .or(let a, let b):
      guard let x = a.shifted(back: days, inWindowOf: length),
        let y = b.shifted(back: days, inWindowOf: length)
      else { return nil }
      return .or(x, y)
    case .not(let a):
      return a.shifted(back: days, inWindowOf: length).map { .not($0) }
    case .symptomsMention(let word, let range):
      return range.shifted(back: days, inWindowOf: length).map { .symptomsMention(word, $0) }
    case .noReadings(let range):
      return range.shifted(back: days, inWindowOf: length).map { .noReadings($0) }
    case .daysHolding(let count, let range, let inner, let missing):
      return range.shifted(back: days, inWindowOf: length).map {
        .daysHolding(count, of: $0, inner, missing: missing)
      }
    case .inARow(let count, let range, let inner, let missing):
      return range.shifted(back: days, inWindowOf: length).map {
        .inARow(count, within: $0, inner, missing: missing)
      }
    }
  }

  /// The outcome of "some `count` days in a row hold" over per-day truths, oldest first:
  /// yes when some run of `count` days is all yes, no when every run has a no (or, with
  /// `missing: .asFalse`, a day that is not yes), else unknown.
  static func run(_ count: Int, in days: [Truth], missing: MissingDays) -> Truth {
    guard count >= 1, days.count >= count else { return .no }
    var result = Truth.no
    for start in 0...(days.count - count) {
      var yes = 0
      var unknown = 0
      for truth in days[start..<(start + count)] {
        switch truth {
        case .yes: yes += 1
        case .unknown: unknown += 1
        case .no: break
        }
      }
      result = result || atLeast(count, yes: yes, unknown: unknown, missing: missing)
      if result == .yes { return .yes }
    }
    return result
  }

  /// The conditions of `.daysHolding(_:of:_:missing:)`, one for each day of `range`, oldest first,
  /// or `nil` when a day's condition reads outside the window.
  package static func perDay(_ inner: Condition, over range: DayRange, length: Int) -> [Condition]? {
    guard let days = range.dayNumbers(inWindowOf: length) else { return nil }
    var result: [Condition] = []
    for day in days {
      guard let shifted = inner.shifted(back: length - day, inWindowOf: length) else { return nil }
      result.append(shifted)
    }
    return result
  }

  /// The outcome of "at least `count` of these", with undecided days counted as `missing` says.
  static func atLeast(_ count: Int, yes: Int, unknown: Int, missing: MissingDays) -> Truth {
    if yes >= count { return .yes }
    if missing == .asFalse || yes + unknown < count { return .no }
    return .unknown
  }
}

extension HealthExpression {
  /// This expression with every day range moved `days` days into the past, or `nil` when a
  /// range would leave the window.
  func shifted(back days: Int, inWindowOf length: Int) -> HealthExpression? {
    switch self {
    case .constant: return self
    case .reading(let metric, let range):
      return range.shifted(back: days, inWindowOf: length).map { .reading(metric, $0) }
    case .aggregate(let aggregate, let metric, let range, let minimum):
      return range.shifted(back: days, inWindowOf: length).map {
        .aggregate(aggregate, metric, $0, minimumReadings: minimum)
      }
    case .arithmetic(let op, let lhs, let rhs):
      guard let l = lhs.shifted(back: days, inWindowOf: length),
        let r = rhs.shifted(back: days, inWindowOf: length)
      else { return nil }
      return .arithmetic(op, l, r)
    case .negate(let operand):
      return operand.shifted(back: days, inWindowOf: length).map { .negate($0) }
    case .countDays(let range, let inner, let missing):
      return range.shifted(back: days, inWindowOf: length).map { .countDays($0, inner, missing: missing) }
    case .parameter:
      return self
    }
  }
}

extension DayRange {
  /// This range moved `days` days into the past, as absolute day numbers, or `nil` when it
  /// would start before day 1. Unshifted ranges are returned as they are.
  func shifted(back days: Int, inWindowOf length: Int) -> DayRange? {
    guard days != 0 else { return self }
    guard let numbers = dayNumbers(inWindowOf: length), numbers.lowerBound - days >= 1 else { return nil }
    let first = numbers.lowerBound - days
    let last = numbers.upperBound - days
    if first == last { return first == length - 1 ? .yesterday : .day(first) }
    return .days(first, last)
  }
}
