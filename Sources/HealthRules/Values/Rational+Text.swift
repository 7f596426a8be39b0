extension Rational {
  /// Parses a plain decimal such as `181.5`, `-3` or `0.25` exactly, or returns `nil`.
  ///
  /// Exponents, thousands separators, `nan` and `inf` are not numbers here.
  ///
  /// - Parameter text: The decimal text, with an optional leading sign.
  /// - Returns: The exact value, or `nil` when the text is not a decimal or has more
  ///   than 15 significant digits.
  package init?(decimal text: some StringProtocol) {
    var numerator: Int64 = 0
    var denominator: Int64 = 1
    var negative = false
    var digits = 0
    var seenPoint = false
    var index = text.utf8.startIndex
    let utf8 = text.utf8
    if index < utf8.endIndex, utf8[index] == UInt8(ascii: "-") || utf8[index] == UInt8(ascii: "+") {
      negative = utf8[index] == UInt8(ascii: "-")
      index = utf8.index(after: index)
    }
    var fractionDigits = 0
    while index < utf8.endIndex {
      let byte = utf8[index]
      if byte == UInt8(ascii: ".") {
        guard !seenPoint else { return nil }
        seenPoint = true
      } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        digits += 1
        guard digits <= 15 else { return nil }
        numerator = numerator * 10 + Int64(byte - UInt8(ascii: "0"))
        if seenPoint {
          denominator *= 10
          fractionDigits += 1
        }
      } else {
        return nil
      }
      index = utf8.index(after: index)
    }
    guard digits > 0 else { return nil }
    self.init(negative ? -numerator : numerator, denominator)
  }

  /// The value rounded to thousandths (half away from zero), as a fixed-point integer.
  ///
  /// - Returns: The count of thousandths, or `nil` when it does not fit in 64 bits.
  package func roundedToThousandths() -> Int64? {
    let (scaled, overflow) = numerator.multipliedReportingOverflow(by: 1000)
    guard !overflow else { return nil }
    let quotient = scaled / denominator
    let remainder = scaled % denominator
    if remainder.magnitude * 2 >= denominator.magnitude {
      return scaled < 0 ? quotient - 1 : quotient + 1
    }
    return quotient
  }

  /// This value as a whole number of `1 / scale` steps, rounded half away from zero,
  /// or `nil` when it does not fit in 64 bits.
  ///
  /// Exact when the value is a multiple of `1 / scale`: `(8000000000/45359237).roundedToSteps(45_359_237_000)`
  /// is `8_000_000_000_000`. Intermediate products use 128 bits.
  package func roundedToSteps(_ scale: Int64) -> Int64? {
    guard scale > 0 else { return nil }
    let product = numerator.magnitude.multipliedFullWidth(by: scale.magnitude)
    let divisor = denominator.magnitude
    guard product.high < divisor else { return nil }
    let (quotient, remainder) = divisor.dividingFullWidth(product)
    guard quotient < UInt64(Int64.max) else { return nil }
    let rounded = remainder >= divisor - remainder ? quotient + 1 : quotient
    guard rounded <= UInt64(Int64.max) else { return nil }
    return numerator < 0 ? -Int64(rounded) : Int64(rounded)
  }

  /// Decimal text with at most `maximumFractionDigits` digits, rounded half away from zero.
  ///
  /// Trailing zeros are dropped: `181.5`, `181.333`, `-2`.
  package func formatted(maximumFractionDigits: Int = 3) -> String {
    var scale: Int64 = 1
    for _ in 0..<maximumFractionDigits { scale *= 10 }
    let value = reduced
    let (scaledNumerator, overflow) = value.numerator.multipliedReportingOverflow(by: scale)
    guard !overflow else { return String(value.doubleValue) }
    var quotient = scaledNumerator / value.denominator
    let remainder = scaledNumerator % value.denominator
    if remainder.magnitude * 2 >= value.denominator.magnitude {
      quotient += scaledNumerator < 0 ? -1 : 1
    }
    let negative = quotient < 0
    let magnitude = quotient.magnitude
    let whole = magnitude / UInt64(scale)
    var fraction = magnitude % UInt64(scale)
    var fractionDigits = maximumFractionDigits
    while fractionDigits > 0, fraction % 10 == 0 {
      fraction /= 10
      fractionDigits -= 1
    }
    var text = (negative ? "-" : "") + String(whole)
    if fractionDigits > 0 {
      let digits = String(fraction)
      text += "." + String(repeating: "0", count: fractionDigits - digits.count) + digits
    }
    return text
  }
}

extension Rational: CustomStringConvertible {
  /// Exact text: a decimal when the value has at most six decimal places, otherwise `n/d`.
  public var description: String {
    let value = reduced
    var d = value.denominator
    var places = 0
    while d % 10 == 0 {
      d /= 10
      places += 1
    }
    while d % 2 == 0 || d % 5 == 0 {
      d /= d % 2 == 0 ? 2 : 5
      places += 1
    }
    if d == 1, places <= 6 { return formatted(maximumFractionDigits: places) }
    return "\(value.numerator)/\(value.denominator)"
  }
}

extension Rational: Codable {
  /// Decodes from exact text (`"181.5"`, `"544/3"`) or a JSON number with up to 15 digits.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let text = try? container.decode(String.self) {
      let parts = text.split(separator: "/", omittingEmptySubsequences: false)
      if parts.count == 2, let n = Int64(parts[0]), let d = Int64(parts[1]), d != 0,
        n != .min, d != .min
      {
        self.init(n, d)
        return
      }
      if let value = Rational(decimal: text) {
        self = value
        return
      }
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "expected an exact number, found '\(text)'")
    }
    let number = try container.decode(Double.self)
    guard let value = Rational(decimal: String(number)) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "number \(number) cannot be represented exactly")
    }
    self = value
  }

  /// Encodes as exact text (see ``description``).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
