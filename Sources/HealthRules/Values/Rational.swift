/// An exact fraction of two 64-bit integers, used for every value the rule engine compares.
///
/// Readings are stored as whole steps of a fine unit (`ValueUnit/storageScale`), and percents such as `110%`
/// are the fraction `11/10`, so `sugar.today >= sugar.yesterday * 110%` is decided
/// by integer cross-multiplication: a sugar of 100 then 110 fires, 100 then
/// 109.9 does not. Binary floating point never decides a comparison.
///
/// Arithmetic that would overflow 64 bits returns `nil` from the `…ReportingOverflow`
/// style methods; the evaluator turns that into an unknown outcome instead of a
/// wrong answer. Comparisons never overflow: they use 128-bit products.
public struct Rational: Sendable {
  /// The numerator; carries the sign.
  package let numerator: Int64
  /// The denominator; always positive.
  package let denominator: Int64

  /// Creates the fraction `numerator / denominator` in lowest terms.
  ///
  /// - Parameters:
  ///   - numerator: The numerator.
  ///   - denominator: The denominator; must not be zero.
  /// - Precondition: `denominator != 0` and neither part is `Int64.min`.
  public init(_ numerator: Int64, _ denominator: Int64 = 1) {
    precondition(denominator != 0, "a rational needs a non-zero denominator")
    precondition(numerator != .min && denominator != .min, "rational parts out of range")
    let sign: Int64 = denominator < 0 ? -1 : 1
    let divisor = Rational.gcd(numerator.magnitude, denominator.magnitude)
    self.numerator = sign * numerator / Int64(divisor)
    self.denominator = sign * denominator / Int64(divisor)
  }

  /// Creates a fraction without reducing it; `denominator` must be positive.
  init(unreduced numerator: Int64, _ denominator: Int64) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// The value of a fixed-point reading stored in thousandths.
  package static func milli(_ thousandths: Int64) -> Rational {
    Rational(thousandths, 1000)
  }

  /// The fraction for a percentage: `percent(110)` is `11/10`.
  package static func percent(_ value: Int64) -> Rational {
    Rational(value, 100)
  }

  /// Zero.
  package static let zero = Rational(unreduced: 0, 1)
  /// One.
  package static let one = Rational(unreduced: 1, 1)

  /// This value in lowest terms.
  package var reduced: Rational {
    Rational(numerator, denominator)
  }

  /// The nearest `Double`, for display and JSON only; never used to decide a rule.
  public var doubleValue: Double {
    Double(numerator) / Double(denominator)
  }

  static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return a == 0 ? 1 : a
  }
}

// MARK: - Arithmetic that reports overflow

extension Rational {
  /// The sum, or `nil` when it does not fit in 64-bit parts even in lowest terms.
  package func adding(_ other: Rational) -> Rational? {
    if denominator == other.denominator {
      let (sum, overflow) = numerator.addingReportingOverflow(other.numerator)
      if !overflow { return Rational(unreduced: sum, denominator) }
    }
    if let result = Rational.combine(self, other, sign: 1) { return result }
    return Rational.combine(reduced, other.reduced, sign: 1)
  }

  /// The difference, or `nil` on overflow.
  package func subtracting(_ other: Rational) -> Rational? {
    guard other.numerator != .min else { return nil }
    return adding(Rational(unreduced: -other.numerator, other.denominator))
  }

  /// The product, or `nil` on overflow.
  @inline(__always)
  package func multiplied(by other: Rational) -> Rational? {
    if let result = Rational.product(self, other) { return result }
    return multipliedReducing(other)
  }

  @inline(never)
  private func multipliedReducing(_ other: Rational) -> Rational? {
    // Cross-reduce, then try again.
    let g1 = Int64(Rational.gcd(numerator.magnitude, other.denominator.magnitude))
    let g2 = Int64(Rational.gcd(other.numerator.magnitude, denominator.magnitude))
    let a = Rational(unreduced: numerator / g1, denominator / g2)
    let b = Rational(unreduced: other.numerator / g2, other.denominator / g1)
    return Rational.product(a, b)
  }

  /// The quotient, or `nil` when `other` is zero or on overflow.
  package func divided(by other: Rational) -> Rational? {
    guard other.numerator != 0, other.numerator != .min else { return nil }
    let flipped =
      other.numerator > 0
      ? Rational(unreduced: other.denominator, other.numerator)
      : Rational(unreduced: -other.denominator, -other.numerator)
    return multiplied(by: flipped)
  }

  /// The negation, or `nil` on overflow.
  package func negated() -> Rational? {
    numerator == .min ? nil : Rational(unreduced: -numerator, denominator)
  }

  private static func combine(_ a: Rational, _ b: Rational, sign: Int64) -> Rational? {
    // Over the least common denominator, so values stored at a fine scale stay in range.
    let common = Int64(gcd(a.denominator.magnitude, b.denominator.magnitude))
    let (left, o1) = a.numerator.multipliedReportingOverflow(by: b.denominator / common)
    let (right, o2) = b.numerator.multipliedReportingOverflow(by: a.denominator / common)
    let (sum, o3) = left.addingReportingOverflow(right)
    let (den, o4) = (a.denominator / common).multipliedReportingOverflow(by: b.denominator)
    guard !(o1 || o2 || o3 || o4), sum != .min else { return nil }
    return Rational(unreduced: sum, den)
  }

  @inline(__always)
  private static func product(_ a: Rational, _ b: Rational) -> Rational? {
    let (num, o1) = a.numerator.multipliedReportingOverflow(by: b.numerator)
    let (den, o2) = a.denominator.multipliedReportingOverflow(by: b.denominator)
    guard !(o1 || o2), num != .min else { return nil }
    return Rational(unreduced: num, den)
  }
}

// MARK: - Exact comparison

extension Rational: Comparable, Hashable {
  /// Compares two fractions exactly by 128-bit cross-multiplication.
  ///
  /// - Returns: A negative number, zero or a positive number as `lhs` is below, equal to or above `rhs`.
  /// - Complexity: O(1); no division, no rounding.
  @inline(__always)
  package static func compare(_ lhs: Rational, _ rhs: Rational) -> Int {
    let left = lhs.numerator.multipliedFullWidth(by: rhs.denominator)
    let right = rhs.numerator.multipliedFullWidth(by: lhs.denominator)
    if left.high != right.high { return left.high < right.high ? -1 : 1 }
    if left.low != right.low { return left.low < right.low ? -1 : 1 }
    return 0
  }

  public static func < (lhs: Rational, rhs: Rational) -> Bool {
    compare(lhs, rhs) < 0
  }

  public static func == (lhs: Rational, rhs: Rational) -> Bool {
    compare(lhs, rhs) == 0
  }

  public func hash(into hasher: inout Hasher) {
    let value = reduced
    hasher.combine(value.numerator)
    hasher.combine(value.denominator)
  }
}

extension Rational: ExpressibleByIntegerLiteral {
  /// Creates a whole number: `let weight: Rational = 180`.
  public init(integerLiteral value: Int64) {
    self.init(value)
  }
}
