extension DayRange {
  /// This range in a window `delta` days longer (shorter when negative), keeping its meaning
  /// relative to the window's end: `days 4...7` of a 7-day window is `days 11...14` of a
  /// 14-day window, and `window` is `last 7 days`. The result may fall outside the new
  /// window; ``RuleSet/check()`` reports that.
  func moved(by delta: Int, from length: Int) -> DayRange {
    guard delta != 0 else { return self }
    switch self {
    case .today, .yesterday, .last: return self
    case .day(let n): return .day(n + delta)
    case .days(let a, let b): return .days(a + delta, b + delta)
    case .window: return .last(length)
    }
  }
}

extension Condition {
  /// This condition written for a window of `length` days, moved to a window `delta` days
  /// longer, with every day range keeping its meaning relative to the window's end.
  package func moved(by delta: Int, from length: Int) -> Condition {
    guard delta != 0 else { return self }
    switch self {
    case .comparison(let lhs, let op, let rhs):
      return .comparison(lhs.moved(by: delta, from: length), op, rhs.moved(by: delta, from: length))
    case .and(let a, let b): return .and(a.moved(by: delta, from: length), b.moved(by: delta, from: length))
    case .or(let a, let b): return .or(a.moved(by: delta, from: length), b.moved(by: delta, from: length))
    case .not(let a): return .not(a.moved(by: delta, from: length))
    case .symptomsMention(let word, let range):
      return .symptomsMention(word, range.moved(by: delta, from: length))
    case .noReadings(let range):
      return .noReadings(range.moved(by: delta, from: length))
    case .daysHolding(let count, let range, let inner, let missing):
      return .daysHolding(
        count, of: range.moved(by: delta, from: length), inner.moved(by: delta, from: length),
        missing: missing)
    case .inARow(let count, let range, let inner, let missing):
      return .inARow(
        count, within: range.moved(by: delta, from: length), inner.moved(by: delta, from: length),
        missing: missing)
    }
  }
}

extension HealthExpression {
  /// This expression written for a window of `length` days, moved to a window `delta` days
  /// longer, with every day range keeping its meaning relative to the window's end.
  package func moved(by delta: Int, from length: Int) -> HealthExpression {
    guard delta != 0 else { return self }
    switch self {
    case .constant, .parameter: return self
    case .reading(let metric, let range): return .reading(metric, range.moved(by: delta, from: length))
    case .aggregate(let aggregate, let metric, let range, let minimum):
      return .aggregate(aggregate, metric, range.moved(by: delta, from: length), minimumReadings: minimum)
    case .arithmetic(let op, let lhs, let rhs):
      return .arithmetic(op, lhs.moved(by: delta, from: length), rhs.moved(by: delta, from: length))
    case .negate(let operand): return .negate(operand.moved(by: delta, from: length))
    case .countDays(let range, let inner, let missing):
      return .countDays(
        range.moved(by: delta, from: length), inner.moved(by: delta, from: length), missing: missing)
    }
  }
}

extension Alert {
  /// This alert moved to a window `delta` days longer; see ``Condition/moved(by:from:)``.
  package func moved(by delta: Int, from length: Int) -> Alert {
    var copy = self
    copy.condition = condition.moved(by: delta, from: length)
    copy.messageParts = messageParts.map { part in
      if case .value(let expression) = part { return .value(expression.moved(by: delta, from: length)) }
      return part
    }
    return copy
  }
}

extension RuleSet {
  /// This rule set over a window of `length` days, every day range keeping its meaning
  /// relative to the window's end (the day ranges of `extends` with a new `window`).
  ///
  /// `days 4...7` of a 7-day window reads the same four days, ending today, in a 14-day
  /// window (`days 11...14`); `window` becomes `last 7 days`.
  ///
  /// - Throws: ``RuleError`` when a range falls before the first day of a shorter window.
  package func movingWindow(to length: Int) throws(RuleError) -> RuleSet {
    var copy = self
    copy.windowLength = length
    copy.alerts = alerts.map { $0.moved(by: length - windowLength, from: windowLength) }
    try copy.check()
    return copy
  }
}
