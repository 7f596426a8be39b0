/// The arithmetic of aggregates over one metric's row of storage steps, shared by both evaluators.
///
/// `scale` is the row's ``ValueUnit/storageScale``: a stored integer `n` is the value `n / scale`.
enum AggregateKernel {
  /// The fewest readings an aggregate can be computed from at all.
  static func structuralMinimum(_ aggregate: Aggregate) -> Int {
    switch aggregate {
    case .count, .sum: return 0
    case .change, .percentChange, .slope: return 2
    default: return 1
    }
  }

  /// The readings an aggregate needs: the requested minimum, raised to what it needs to be defined.
  static func effectiveMinimum(_ aggregate: Aggregate, requested: Int?) -> Int {
    max(requested ?? aggregate.defaultMinimumReadings, structuralMinimum(aggregate))
  }

  /// The mean of the present values in `numbers[start...end]`, or `nil`.
  @inline(__always)
  static func mean(
    _ numbers: UnsafePointer<Int64>, from start: Int, through end: Int, minimum: Int, scale: Int64
  )
    -> Rational?
  {
    var sum: Int64 = 0
    var count: Int64 = 0
    for index in start...end {
      let value = numbers[index]
      if value != Window.missing {
        let (next, overflow) = sum.addingReportingOverflow(value)
        if overflow { return nil }
        sum = next
        count += 1
      }
    }
    guard count >= minimum, count > 0, sum != .min else { return nil }
    return Rational(unreduced: sum, count &* scale)
  }

  /// Any aggregate of the present values in `numbers[start...end]` (slot `start` is day `firstDay`),
  /// or `nil` when too few readings are present, a division is by zero, or a result overflows.
  ///
  /// - Complexity: O(k) in the number of days, O(k log k) for the median.
  static func evaluate(
    _ aggregate: Aggregate, _ numbers: UnsafePointer<Int64>, from start: Int, through end: Int, minimum: Int,
    scale: Int64
  ) -> Rational? {
    if aggregate == .mean { return mean(numbers, from: start, through: end, minimum: minimum, scale: scale) }
    var count: Int64 = 0
    var sum: Int64 = 0
    var low = Int64.max
    var high = Int64.min
    var first: Int64?
    var last: Int64?
    var overflow = false
    for index in start...end {
      let value = numbers[index]
      guard value != Window.missing else { continue }
      count += 1
      let (next, o) = sum.addingReportingOverflow(value)
      overflow = overflow || o
      sum = next
      low = Swift.min(low, value)
      high = Swift.max(high, value)
      if first == nil { first = value }
      last = value
    }
    guard count >= minimum else { return nil }
    switch aggregate {
    case .count:
      return Rational(unreduced: count, 1)
    case .sum:
      return overflow || sum == .min ? nil : Rational(unreduced: sum, scale)
    case .mean:
      return nil
    case .min:
      return count > 0 ? Rational(unreduced: low, scale) : nil
    case .max:
      return count > 0 ? Rational(unreduced: high, scale) : nil
    case .first:
      return first.map { Rational(unreduced: $0, scale) }
    case .last:
      return last.map { Rational(unreduced: $0, scale) }
    case .change:
      guard let first, let last, count >= 2 else { return nil }
      let (difference, o) = last.subtractingReportingOverflow(first)
      return o || difference == .min ? nil : Rational(unreduced: difference, scale)
    case .percentChange:
      guard let first, let last, count >= 2, first != 0 else { return nil }
      let (difference, o) = last.subtractingReportingOverflow(first)
      guard !o, difference != .min else { return nil }
      return first < 0 ? Rational(-difference, -first) : Rational(difference, first)
    case .median:
      guard count > 0 else { return nil }
      let sorted = UnsafeBufferPointer(start: numbers + start, count: end - start + 1)
        .filter { $0 != Window.missing }.sorted()
      let middle = sorted.count / 2
      if sorted.count % 2 == 1 { return Rational(unreduced: sorted[middle], scale) }
      let (pair, o) = sorted[middle - 1].addingReportingOverflow(sorted[middle])
      let (double, o2) = scale.multipliedReportingOverflow(by: 2)
      return o || o2 || pair == .min ? nil : Rational(unreduced: pair, double)
    case .slope:
      return slope(numbers, from: start, through: end, scale: scale)
    }
  }

  /// The least-squares slope per day of the present values, or `nil` with fewer than two.
  private static func slope(_ numbers: UnsafePointer<Int64>, from start: Int, through end: Int, scale: Int64)
    -> Rational?
  {
    var n: Int64 = 0
    var sx: Int64 = 0
    var sy: Int64 = 0
    var sxy: Int64 = 0
    var sxx: Int64 = 0
    for index in start...end {
      let y = numbers[index]
      guard y != Window.missing else { continue }
      let x = Int64(index - start)
      n += 1
      sx += x
      sxx += x * x
      guard let nextY = checked(sy, plus: y), let xy = checked(x, times: y),
        let nextXY = checked(sxy, plus: xy)
      else { return nil }
      sy = nextY
      sxy = nextXY
    }
    guard n >= 2, let a = checked(n, times: sxy), let b = checked(sx, times: sy),
      let numerator = checked(a, plus: -b)
    else { return nil }
    let spread = n * sxx - sx * sx
    guard spread > 0, numerator != .min else { return nil }
    guard let denominator = checked(spread, times: scale) else { return nil }
    return Rational(unreduced: numerator, denominator)
  }

  private static func checked(_ a: Int64, plus b: Int64) -> Int64? {
    let (value, overflow) = a.addingReportingOverflow(b)
    return overflow ? nil : value
  }

  private static func checked(_ a: Int64, times b: Int64) -> Int64? {
    let (value, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? nil : value
  }
}
