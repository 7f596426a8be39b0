/// A numeric expression over a window's readings, in canonical units.
///
/// A front end lowers `mean(weight, days 4...7)` to
/// `.aggregate(.mean, .weight, .days(4, 7))`, `sugar.yesterday * 110%` to
/// `.arithmetic(.multiply, .reading(.sugar, .yesterday), .percent(110))`, and
/// `181.5 lb` to `.constant(Rational(1815, 10), .pound)` after converting units.
///
/// An expression's value is unknown when a reading it needs is missing, an
/// aggregate has fewer readings than it needs, a division is by zero, or a
/// result does not fit in 64-bit fractions.
package indirect enum HealthExpression: Sendable, Hashable {
  /// A number with its canonical unit (``ValueUnit/number`` for plain numbers and percents).
  case constant(Rational, ValueUnit)
  /// A metric's reading on one day (`sugar.today`, `weight.day(3)`).
  case reading(Metric, DayRange)
  /// An aggregate of a metric over days; `minimumReadings` overrides the aggregate's default.
  case aggregate(Aggregate, Metric, DayRange, minimumReadings: Int? = nil)
  /// `lhs op rhs`.
  case arithmetic(ArithmeticOperator, HealthExpression, HealthExpression)
  /// `-operand`.
  case negate(HealthExpression)
  /// The number of days of the range on which a condition holds, a plain number:
  /// `count(last 7 days where systolic.today >= 135 mmHg, missing counts as false)`.
  ///
  /// The condition is written for one day, as if that day were today. With
  /// `missing: .asFalse` an undecided day does not count; with `.asUnknown` the count
  /// is unknown when any day is undecided.
  case countDays(DayRange, Condition, missing: MissingDays)
  /// A per-patient parameter (`dry_weight`), in its canonical unit; unknown when the
  /// window has no value for it (see ``Window/setParameter(_:steps:)``).
  case parameter(String, ValueUnit)

  /// A percent as a plain number: `percent(110)` is `11/10`.
  package static func percent(_ value: Rational) -> HealthExpression {
    .constant(value.multiplied(by: Rational(1, 100)) ?? .zero, .number)
  }

  /// A plain number.
  package static func number(_ value: Rational) -> HealthExpression {
    .constant(value, .number)
  }

  /// `lhs * rhs`.
  package static func * (lhs: HealthExpression, rhs: HealthExpression) -> HealthExpression {
    .arithmetic(.multiply, lhs, rhs)
  }

  /// `lhs / rhs`.
  package static func / (lhs: HealthExpression, rhs: HealthExpression) -> HealthExpression {
    .arithmetic(.divide, lhs, rhs)
  }

  /// `lhs + rhs`.
  package static func + (lhs: HealthExpression, rhs: HealthExpression) -> HealthExpression {
    .arithmetic(.add, lhs, rhs)
  }

  /// `lhs - rhs`.
  package static func - (lhs: HealthExpression, rhs: HealthExpression) -> HealthExpression {
    .arithmetic(.subtract, lhs, rhs)
  }
}
