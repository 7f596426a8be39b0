extension RuleSet {
  /// Checks the rule set: unique alert ids, day ranges inside the window, matching units.
  ///
  /// - Throws: The first ``RuleError`` found.
  package func check() throws(RuleError) {
    guard windowLength >= 1 else {
      throw RuleError(.invalidWindow, message: "a window needs at least 1 day, not \(windowLength)")
    }
    guard alerts.count <= RuleSet.maximumAlertCount else {
      throw RuleError(
        .tooManyAlerts,
        message: "a rule set holds at most \(RuleSet.maximumAlertCount) alerts, not \(alerts.count)")
    }
    var seen = Set<String>()
    for alert in alerts {
      guard seen.insert(alert.id).inserted else {
        throw RuleError(.duplicateAlert, alertID: alert.id, message: "alert '\(alert.id)' is defined twice")
      }
      try RuleSet.check(alert.condition, windowLength: windowLength, alertID: alert.id)
      for case .value(let expression) in alert.messageParts {
        _ = try RuleSet.unit(of: expression, windowLength: windowLength, alertID: alert.id)
      }
    }
  }

  /// Checks one condition against a window of `windowLength` days: days inside the window,
  /// units that can be compared, counts that can hold.
  ///
  /// - Throws: The first ``RuleError`` found, naming `alertID` when given.
  package static func check(_ condition: Condition, windowLength: Int, alertID: String? = nil)
    throws(RuleError)
  {
    switch condition {
    case .comparison(let lhs, let op, let rhs):
      let left = try unit(of: lhs, windowLength: windowLength, alertID: alertID)
      let right = try unit(of: rhs, windowLength: windowLength, alertID: alertID)
      guard left == right else {
        throw RuleError(
          .unitMismatch, alertID: alertID,
          message:
            "cannot compare \(describe(left)) with \(describe(right)) in '\(lhs) \(op.rawValue) \(rhs)'")
      }
    case .and(let a, let b), .or(let a, let b):
      try check(a, windowLength: windowLength, alertID: alertID)
      try check(b, windowLength: windowLength, alertID: alertID)
    case .not(let a):
      try check(a, windowLength: windowLength, alertID: alertID)
    case .symptomsMention(let word, let range):
      guard !word.trimmingSpaces().isEmpty else {
        throw RuleError(.emptyWord, alertID: alertID, message: "a symptom word cannot be empty")
      }
      try checkRange(range, windowLength: windowLength, alertID: alertID)
    case .noReadings(let range):
      try checkRange(range, windowLength: windowLength, alertID: alertID)
    case .daysHolding(let count, let range, let inner, _):
      try checkRange(range, windowLength: windowLength, alertID: alertID)
      try check(inner, windowLength: windowLength, alertID: alertID)
      let days = range.dayNumbers(inWindowOf: windowLength)?.count ?? 0
      guard (1...max(1, days)).contains(count) else {
        throw RuleError(
          .invalidMinimum, alertID: alertID,
          message: "'at least \(count) of \(range)' needs a count from 1 to \(days)")
      }
      try checkPerDay(inner, over: range, windowLength: windowLength, alertID: alertID)
    case .inARow(let count, let range, let inner, _):
      try checkRange(range, windowLength: windowLength, alertID: alertID)
      try check(inner, windowLength: windowLength, alertID: alertID)
      let days = range.dayNumbers(inWindowOf: windowLength)?.count ?? 0
      guard (1...max(1, days)).contains(count) else {
        throw RuleError(
          .invalidMinimum, alertID: alertID,
          message: "'\(count) days in a row in \(range)' needs a count from 1 to \(days)")
      }
      try checkPerDay(inner, over: range, windowLength: windowLength, alertID: alertID)
    }
  }

  private static func checkPerDay(
    _ inner: Condition, over range: DayRange, windowLength: Int, alertID: String?
  ) throws(RuleError) {
    guard Condition.perDay(inner, over: range, length: windowLength) != nil else {
      throw RuleError(
        .dayOutOfRange, alertID: alertID,
        message:
          "'\(inner)' read on each day of '\(range)' needs days before the \(windowLength)-day window")
    }
  }

  /// The canonical unit of an expression's value.
  ///
  /// - Parameters:
  ///   - expression: The expression to check.
  ///   - windowLength: The window's number of days.
  ///   - alertID: The alert to name in errors.
  /// - Throws: ``RuleError`` for a day outside the window or mismatched units.
  package static func unit(
    of expression: HealthExpression, windowLength: Int, alertID: String? = nil
  ) throws(RuleError) -> ValueUnit {
    switch expression {
    case .constant(_, let unit):
      return unit
    case .reading(let metric, let range):
      guard range.isSingleDay else {
        throw RuleError(
          .singleDayExpected, alertID: alertID,
          message: "'\(metric.name)' on '\(range)' names several days; use an aggregate such as 'mean'")
      }
      try checkRange(range, windowLength: windowLength, alertID: alertID)
      return metric.unit
    case .aggregate(let aggregate, let metric, let range, let minimum):
      try checkRange(range, windowLength: windowLength, alertID: alertID)
      if let minimum, minimum < 0 {
        throw RuleError(
          .invalidMinimum, alertID: alertID,
          message: "'\(aggregate.rawValue)' cannot need \(minimum) readings")
      }
      return aggregate.resultUnit(for: metric.unit)
    case .negate(let operand):
      return try unit(of: operand, windowLength: windowLength, alertID: alertID)
    case .countDays(let range, let inner, _):
      try checkRange(range, windowLength: windowLength, alertID: alertID)
      try check(inner, windowLength: windowLength, alertID: alertID)
      try checkPerDay(inner, over: range, windowLength: windowLength, alertID: alertID)
      return .number
    case .parameter(_, let unit):
      return unit
    case .arithmetic(let op, let lhs, let rhs):
      let left = try unit(of: lhs, windowLength: windowLength, alertID: alertID)
      let right = try unit(of: rhs, windowLength: windowLength, alertID: alertID)
      switch op {
      case .add, .subtract:
        if left == right { return left }
      case .multiply:
        if right == .number { return left }
        if left == .number { return right }
        // A rate times days: `0.5 lb/day * 3 days` is lb.
        if right == .day, let base = left.perDayBase { return base }
        if left == .day, let base = right.perDayBase { return base }
      case .divide:
        if left == right { return .number }
        if right == .number { return left }
        // A change over days: `(weight.today - weight.day(1)) / 6 days` is lb/day.
        if right == .day, left.perDayBase == nil, left != .day { return left.perDay }
      }
      throw RuleError(
        .unitMismatch, alertID: alertID,
        message:
          "cannot apply '\(op.rawValue)' to \(describe(left)) and \(describe(right)) in '\(expression)'")
    }
  }

  private static func checkRange(_ range: DayRange, windowLength: Int, alertID: String?) throws(RuleError) {
    guard range.dayNumbers(inWindowOf: windowLength) != nil else {
      throw RuleError(
        .dayOutOfRange, alertID: alertID,
        message: "'\(range)' is not within the \(windowLength)-day window (days 1...\(windowLength))")
    }
  }

  private static func describe(_ unit: ValueUnit) -> String {
    unit == .number ? "a plain number" : "'\(unit.symbol)'"
  }
}
