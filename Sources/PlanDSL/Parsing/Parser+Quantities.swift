import Foundation

#if canImport(FoundationEssentials)
  @_spi(SwiftCorelibsFoundation) import FoundationEssentials
#endif

extension Parser {
  /// Words that never read as a unit after a number: they continue the statement.
  static let nonUnitWords: Set<String> = [
    "per", "at", "of", "and", "or", "when", "in", "to", "for", "from", "on", "with", "step", "as",
  ]

  /// Whether `word` is one of ``nonUnitWords``. A unit follows most numbers, so
  /// words that cannot be among them (by length and first letter: `g`, `mg`,
  /// `kcal`, `USD`) are told apart without hashing them.
  static func isNonUnitWord(_ word: String) -> Bool {
    guard let first = word.utf8.first, mayBeNonUnitWord(count: word.utf8.count, first: first) else {
      return false
    }
    return nonUnitWords.contains(word)
  }

  /// Whether a word of `count` bytes that starts with the byte `first` can be
  /// one of ``nonUnitWords`` (or `fl`, of `fl oz`): they are 2 to 4 letters
  /// long and start with one of a few letters.
  static func mayBeNonUnitWord(count: Int, first: UInt8) -> Bool {
    guard count >= 2, count <= 4 else { return false }
    switch first {
    case UInt8(ascii: "a"), UInt8(ascii: "f"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "p"),
      UInt8(ascii: "s"), UInt8(ascii: "t"), UInt8(ascii: "w"):
      return true
    default:
      return false
    }
  }

  /// Whether the current token can start a quantity (`-` or a number).
  var atQuantity: Bool {
    !atStatementEnd && (current.kind == .number || (current.isSymbol("-") && peek().kind == .number))
  }

  /// `-`? number unit?, where unit is `%`, a name, `name/name` or `fl oz`.
  mutating func parseQuantity(_ what: @autoclosure () -> String, startsStatement: Bool = false)
    -> QuantityLiteral?
  {
    let atNumber = current.kind == .number || (current.isSymbol("-") && peek().kind == .number)
    guard startsStatement ? atNumber : atQuantity else {
      expected(what())
      return nil
    }
    let start = current.range
    let negative = consumeSymbol("-")
    let number = advance()
    guard var value = exactDecimal(number) else { return nil }
    if negative { value.negate() }
    let numberRange = start.union(number.range)
    // A missing unit is the checker's to report: it knows the dimension, so its hint fits.
    let unit = parseUnit()
    return QuantityLiteral(
      value: value, unit: unit, range: numberRange.union(unit?.range ?? numberRange), numberRange: numberRange
    )
  }

  /// The most significant digits a number may have: what `Decimal` holds exactly.
  static let maximumSignificantDigits = 38

  /// The value of a number token, or `nil` after reporting one that cannot be
  /// read or that has more significant digits than `Decimal` holds (it would
  /// be rounded silently).
  mutating func exactDecimal(_ number: Token) -> Decimal? {
    if let value = Self.shortDecimal(number.value) { return value }
    let digits = number.value.filter(\.isNumber).drop { $0 == "0" }.reversed().drop { $0 == "0" }
    guard digits.count <= Self.maximumSignificantDigits else {
      report(
        DiagnosticMessage.tooManySignificantDigits(
          number.value, limit: Self.maximumSignificantDigits, at: number.range))
      return nil
    }
    guard let value = Decimal(string: number.value, locale: Locale(identifier: "en_US_POSIX")) else {
      report(DiagnosticMessage.badNumber(number.value, at: number.range))
      return nil
    }
    return value
  }

  /// The value of a plain number of up to 19 significant digits (`643`,
  /// `51.368`, `0.020`), read from its bytes: the same `Decimal` as
  /// `Decimal(string:)` gives (trailing zeros dropped, as it does), without
  /// its cost. `nil` for anything else, which takes the general path.
  static func shortDecimal(_ text: String) -> Decimal? {
    var text = text
    return text.withUTF8 { bytes in shortDecimal(bytes) }
  }

  /// ``shortDecimal(_:)`` of the number's bytes.
  static func shortDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Decimal? {
    var mantissa: UInt64 = 0
    var digits = 0
    var scale = 0
    var seenPoint = false
    var seenDigit = false
    for byte in bytes {
      if byte == UInt8(ascii: ".") {
        if seenPoint { return nil }
        seenPoint = true
        continue
      }
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      seenDigit = true
      if seenPoint { scale += 1 }
      if mantissa == 0, byte == UInt8(ascii: "0") { continue }
      digits += 1
      if digits > 19 { return nil }
      mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
    }
    guard seenDigit else { return nil }
    var exponent = -scale
    // `0.0` keeps its exponent in `Decimal(string:)`; the general path reads it.
    if mantissa == 0 { return scale == 0 ? Decimal.zero : nil }
    while mantissa % 10 == 0 {
      mantissa /= 10
      exponent += 1
    }
    // Where Foundation is swift-foundation (Linux), the fields that
    // `Decimal(sign: .plus, exponent:, significand: Decimal(mantissa))` sets,
    // set directly: that initializer multiplies by a power of ten in `Decimal`
    // arithmetic, a tenth of the cost of reading a food (a test compares the
    // bytes of the two on every digit count and exponent).
    #if canImport(FoundationEssentials)
      let words = (
        UInt16(truncatingIfNeeded: mantissa), UInt16(truncatingIfNeeded: mantissa >> 16),
        UInt16(truncatingIfNeeded: mantissa >> 32), UInt16(truncatingIfNeeded: mantissa >> 48)
      )
      let length: UInt32 = words.3 != 0 ? 4 : words.2 != 0 ? 3 : words.1 != 0 ? 2 : 1
      return Decimal(
        _exponent: Int32(exponent), _length: length, _isNegative: 0, _isCompact: 1, _reserved: 0,
        _mantissa: (words.0, words.1, words.2, words.3, 0, 0, 0, 0))
    #else
      return Decimal(sign: .plus, exponent: exponent, significand: Decimal(mantissa))
    #endif
  }

  /// A number with no unit, when the next word is not a unit (`lock day 3 dinner …`).
  mutating func parsePlainNumber(_ what: @autoclosure () -> String) -> QuantityLiteral? {
    guard current.kind == .number, !atStatementEnd else {
      expected(what())
      return nil
    }
    let token = advance()
    guard let value = exactDecimal(token) else { return nil }
    return QuantityLiteral(value: value, unit: nil, range: token.range, numberRange: token.range)
  }

  /// A unit right after a number, if one is written.
  mutating func parseUnit() -> UnitName? {
    if atStatementEnd { return nil }
    if current.isSymbol("%") {
      let token = advance()
      return UnitName(text: "%", range: token.range)
    }
    guard current.kind == .identifier, !Self.isNonUnitWord(current.value) else { return nil }
    let first = advance()
    var text = first.value
    var range = first.range
    if text == "fl", current.isWord("oz"), !atStatementEnd {
      range = range.union(advance().range)
      text = "fl oz"
    } else if current.isSymbol("/"), peek().kind == .identifier, !atStatementEnd {
      advance()
      let second = advance()
      text += "/" + second.value
      range = range.union(second.range)
      // A rate of a compound unit: `mg/dL/day`, `mmol/L/week`.
      if current.isSymbol("/"), peek().isWord("day") || peek().isWord("week"), !atStatementEnd {
        advance()
        let third = advance()
        text += "/" + third.value
        range = range.union(third.range)
      }
    }
    return UnitName(text: text, range: range)
  }

  /// A bound: `>= q`, `<= q`, `== q`, `= q`, `q...q`, `at least q`, `at most q`.
  mutating func parseBound(_ what: @autoclosure () -> String) -> BoundLiteral? {
    let start = current.range
    func finish(_ kind: BoundLiteral.Kind) -> BoundLiteral {
      BoundLiteral(kind: kind, range: start.union(previous.range))
    }
    if consumeSymbol(">=") {
      return parseQuantity("an amount after '>='").map { finish(.atLeast($0)) }
    }
    if consumeSymbol("<=") {
      return parseQuantity("an amount after '<='").map { finish(.atMost($0)) }
    }
    if consumeSymbol("==") || consumeSymbol("=") {
      return parseQuantity("an amount after '='").map { finish(.exactly($0)) }
    }
    if current.isSymbol(">") || current.isSymbol("<") {
      let op = advance()
      report(DiagnosticMessage.strictBound(op.value, at: op.range))
      guard let quantity = parseQuantity("an amount") else { return nil }
      return finish(op.value == ">" ? .atLeast(quantity) : .atMost(quantity))
    }
    if current.isWord("at"), peek().isWord("least") || peek().isWord("most") {
      advance()
      let least = advance().value == "least"
      return parseQuantity("an amount").map { finish(least ? .atLeast($0) : .atMost($0)) }
    }
    if atQuantity {
      guard let low = parseQuantity("an amount") else { return nil }
      if consumeSymbol("...") {
        guard var high = parseQuantity("the upper end of the range") else { return nil }
        var low = low
        if low.unit == nil, let unit = high.unit { low.unit = unit }
        if high.unit == nil, let unit = low.unit { high.unit = unit }
        return finish(.between(low, high))
      }
      return finish(.exactly(low))
    }
    expected(what())
    return nil
  }

  /// `per day` / `per week`, if written.
  mutating func parsePeriod() -> PeriodLiteral? {
    guard current.isWord("per"), !atStatementEnd, peek().kind == .identifier else { return nil }
    advance()
    let token = advance()
    return PeriodLiteral(period: Identifier(name: token.value, range: token.range))
  }
}
