extension HealthExpression: CustomStringConvertible {
  /// The rule-language spelling: `mean(weight, days 4...7)`, `sugar.yesterday * 110%`.
  package var description: String {
    text(parentPrecedence: 0)
  }

  private var precedence: Int {
    switch self {
    case .arithmetic(let op, _, _): return op == .add || op == .subtract ? 1 : 2
    case .negate: return 3
    default: return 4
    }
  }

  /// A constant that is not a whole number of thousandths of its canonical unit but is one
  /// of another input unit, as it was most likely written: `1 kg` rather than
  /// `100000000/45359237 lb`, `3 mmol/L` rather than `54.048 mg/dL`... only when needed.
  static func writtenInOtherUnit(_ value: Rational, _ unit: ValueUnit) -> String? {
    guard value.multiplied(by: Rational(1000))?.reduced.denominator != 1 else { return nil }
    if let base = unit.perDayBase {
      // A rate: per day in another unit, else per week.
      if let perDay = writtenInOtherUnit(value, base) { return perDay + "/day" }
      guard let weekly = value.multiplied(by: Rational(7)) else { return nil }
      if weekly.multiplied(by: Rational(1000))?.reduced.denominator == 1 {
        return "\(weekly) \(base.symbol)/week"
      }
      return writtenInOtherUnit(weekly, base).map { $0 + "/week" }
    }
    for input in InputUnit.allCases where input.canonical == unit && input.factor != .one {
      if let written = value.divided(by: input.factor),
        written.multiplied(by: Rational(1000))?.reduced.denominator == 1
      {
        return "\(written) \(input.rawValue)"
      }
    }
    return nil
  }

  func text(parentPrecedence: Int) -> String {
    let body: String
    switch self {
    case .constant(let value, let unit):
      if unit == .number, value.denominator != 1,
        let percent = value.multiplied(by: Rational(100)), percent.reduced.denominator == 1
      {
        body = "\(percent)%"
      } else if let written = HealthExpression.writtenInOtherUnit(value, unit) {
        body = written
      } else {
        body = unit.symbol.isEmpty ? "\(value)" : "\(value) \(unit.symbol)"
      }
    case .reading(let metric, let range):
      switch range {
      case .today, .yesterday: body = "\(metric).\(range)"
      case .day(let n): body = "\(metric).day(\(n))"
      default: body = "\(metric)(\(range))"
      }
    case .aggregate(let aggregate, let metric, let range, let minimum):
      let needs = minimum.map { ", \($0)" } ?? ""
      body = "\(aggregate.rawValue)(\(metric), \(range)\(needs))"
    case .arithmetic(let op, let lhs, let rhs):
      let p = precedence
      body = "\(lhs.text(parentPrecedence: p)) \(op.rawValue) \(rhs.text(parentPrecedence: p + 1))"
    case .negate(let operand):
      body = "-\(operand.text(parentPrecedence: 3))"
    case .countDays(let range, let inner, let missing):
      body = "count(\(range) where \(inner), missing counts as \(missing.rawValue))"
    case .parameter(let name, _):
      body = name
    }
    return precedence < parentPrecedence ? "(\(body))" : body
  }
}

extension Condition: CustomStringConvertible {
  /// The rule-language spelling: `a > b or not c`.
  package var description: String {
    text(parentPrecedence: 0)
  }

  /// A constant that is not a whole number of thousandths of its canonical unit but is one
  /// of another input unit, as it was most likely written: `1 kg` rather than
  /// `100000000/45359237 lb`, `3 mmol/L` rather than `54.048 mg/dL`... only when needed.
  static func writtenInOtherUnit(_ value: Rational, _ unit: ValueUnit) -> String? {
    guard value.multiplied(by: Rational(1000))?.reduced.denominator != 1 else { return nil }
    for input in InputUnit.allCases where input.canonical == unit && input.factor != .one {
      if let written = value.divided(by: input.factor),
        written.multiplied(by: Rational(1000))?.reduced.denominator == 1
      {
        return "\(written) \(input.rawValue)"
      }
    }
    return nil
  }

  func text(parentPrecedence: Int) -> String {
    let body: String
    let precedence: Int
    switch self {
    case .comparison(let lhs, let op, let rhs):
      body = "\(lhs) \(op.rawValue) \(rhs)"
      precedence = 4
    case .or(let lhs, let rhs):
      body = "\(lhs.text(parentPrecedence: 1)) or \(rhs.text(parentPrecedence: 2))"
      precedence = 1
    case .and(let lhs, let rhs):
      body = "\(lhs.text(parentPrecedence: 2)) and \(rhs.text(parentPrecedence: 3))"
      precedence = 2
    case .not(let operand):
      body = "not \(operand.text(parentPrecedence: 3))"
      precedence = 3
    case .symptomsMention(let word, let range):
      body = range == .today ? "symptoms mention \"\(word)\"" : "symptoms mention \"\(word)\" in \(range)"
      precedence = 4
    case .noReadings(let range):
      if case .last(let n) = range {
        body = "no readings for \(n) \(n == 1 ? "day" : "days")"
      } else {
        body = "no readings in \(range)"
      }
      precedence = 4
    case .daysHolding(let count, let range, let inner, let missing):
      let days = range.description
      let head =
        if case .last(let n) = range, n == count { "\(n) days in a row" } else {
          "at least \(count) of \(days)"
        }
      body = "\(head) (missing counts as \(missing.rawValue)): \(inner.text(parentPrecedence: 0))"
      precedence = 0
    case .inARow(let count, let range, let inner, let missing):
      body =
        "\(count) days in a row in \(range) (missing counts as \(missing.rawValue)): \(inner.text(parentPrecedence: 0))"
      precedence = 0
    }
    return precedence < parentPrecedence ? "(\(body))" : body
  }
}
