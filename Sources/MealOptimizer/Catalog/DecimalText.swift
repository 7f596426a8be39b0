/// Exact conversions between short decimal numbers and `Double`.
///
/// SR28 values have at most three decimals. A value is kept as an integer
/// mantissa and a decimal scale, and turned into a `Double` by one correctly
/// rounded division, so `0.074` read from the release or from the catalog file
/// is the same `Double` as the literal `0.074`.
enum DecimalText {
  /// Powers of ten that a `Double` holds exactly.
  static let powersOfTen: [Double] = (0...15).map { exponent in
    (0..<exponent).reduce(1.0) { product, _ in product * 10 }
  }

  /// The largest scale the catalog format stores.
  static let maximumScale = 7

  /// Parses `[-]digits[.digits]`; `nil` for anything else.
  static func parse(_ bytes: ArraySlice<UInt8>) -> Double? {
    var mantissa: Int64 = 0
    var scale = 0
    var negative = false
    var seenPoint = false
    var digits = 0
    for (offset, byte) in bytes.enumerated() {
      switch byte {
      case 0x2D where offset == 0:
        negative = true
      case 0x2E where !seenPoint:
        seenPoint = true
      case 0x30...0x39:
        guard mantissa < Int64(1) << 52 / 10 else { return nil }
        mantissa = mantissa * 10 + Int64(byte - 0x30)
        digits += 1
        if seenPoint { scale += 1 }
      default:
        return nil
      }
    }
    guard digits > 0, scale < powersOfTen.count else { return nil }
    let magnitude = Double(mantissa) / powersOfTen[scale]
    return negative ? -magnitude : magnitude
  }

  /// The mantissa and the smallest scale such that `mantissa / 10^scale == value`
  /// exactly; `nil` when no scale up to ``maximumScale`` gives `value` back.
  static func decompose(_ value: Double) -> (mantissa: Int64, scale: Int)? {
    guard value.isFinite else { return nil }
    for scale in 0...maximumScale {
      let scaled = (value * powersOfTen[scale]).rounded()
      guard abs(scaled) < 9e15 else { return nil }
      if scaled / powersOfTen[scale] == value {
        return (Int64(scaled), scale)
      }
    }
    return nil
  }

  /// The `Double` for a mantissa and scale made by ``decompose(_:)``.
  @inline(__always)
  static func compose(mantissa: Int64, scale: Int) -> Double {
    let divisor: Double
    switch scale {
    case 0: return Double(mantissa)
    case 1: divisor = 10
    case 2: divisor = 100
    case 3: divisor = 1000
    case 4: divisor = 10000
    case 5: divisor = 100_000
    case 6: divisor = 1_000_000
    default: divisor = 10_000_000
    }
    return Double(mantissa) / divisor
  }
}
