import Foundation

/// Statements in their plainest form, read straight from the file's bytes.
///
/// A large plan is mostly foods' nutrition figures (`energy 717 kcal`) and
/// limits (`limit f01001 <= 500 g per day`). Read this way, no token is made
/// for them and no string but the names the syntax tree keeps. Nothing reads
/// differently: a reader here accepts only statements whose every token is
/// plain (ASCII names, plain numbers, spaces or tabs between them, each
/// statement ended by `;`, a line break or `}`), and gives `nil` for anything
/// else (a comment, a negative or unusual number, a compound unit, a word that
/// is not a unit, the end of the file), so that the parser reads those token by
/// token as before. StreamingParserTests compares the two readings.
extension Lexer {
  /// One statement of a nutrition block, `protein 17.3 g`.
  struct PlainFigure {
    var name: Range<Int>
    var number: Range<Int>
    var value: Decimal
    var unit: Range<Int>
  }

  /// One statement `limit NAME <= NUMBER UNIT per PERIOD` (or `>=`; the period is optional).
  struct PlainLimit {
    /// From `limit` to the last token.
    var statement: Range<Int>
    var food: Range<Int>
    /// The `<=` or `>=`.
    var bound: Range<Int>
    var atMost: Bool
    var number: Range<Int>
    var value: Decimal
    var unit: Range<Int>
    /// The word after `per`.
    var period: Range<Int>?
  }

  /// Where plain statements read from the bytes end.
  struct PlainEnd {
    /// The offset just after the last token read.
    var position: Int
    /// The last token: its range, and whether it is a symbol (`}` or `;`) or a name.
    var last: Range<Int>
    var lastIsSymbol: Bool
    /// Whether the last token is the first on its line.
    var lastAtLineStart: Bool
    /// How many tokens were read.
    var tokens: Int
  }

  /// Reads the statements of a nutrition block from `start` (just after its
  /// `{`) to its `}` when every one is a plain figure; `figures` gets them.
  func plainFigures(from start: Int, into figures: inout [PlainFigure]) -> PlainEnd? {
    bytes.withUnsafeBufferPointer { buffer in
      var scan = PlainScan(bytes: buffer, end: end, position: start)
      let first = figures.count
      while true {
        scan.skipBetweenStatements()
        guard scan.position < end else { return nil }
        if buffer[scan.position] == UInt8(ascii: "}") {
          let close = scan.position
          return PlainEnd(
            position: close + 1, last: close..<close + 1, lastIsSymbol: true, lastAtLineStart: scan.lineStart,
            tokens: (figures.count - first) * 3 + scan.semicolons + 1)
        }
        // A name that starts a declaration, at the start of a line, may mean a missing `}`.
        guard let name = scan.name(), scan.space(), !(scan.lineStart && Self.startsDeclaration(buffer[name]))
        else { return nil }
        guard let number = scan.number(), scan.space(), let unit = scan.unit(), scan.atStatementEnd() else {
          return nil
        }
        scan.lineStart = false
        figures.append(PlainFigure(name: name, number: number.range, value: number.value, unit: unit))
      }
    }
  }

  /// Reads a run of plain limit statements from `start` (the first byte of a
  /// `limit`) up to the first statement that is not one; `limits` gets them.
  /// `nil` when the first is not.
  func plainLimits(from start: Int, into limits: inout [PlainLimit]) -> PlainEnd? {
    bytes.withUnsafeBufferPointer { buffer in
      var scan = PlainScan(bytes: buffer, end: end, position: start)
      var read: PlainEnd?
      var tokens = 0
      while true {
        let statementStart = scan.position
        guard let keyword = scan.name(), buffer[keyword].elementsEqual("limit".utf8), scan.space(),
          let food = scan.name(), scan.space(), let bound = scan.comparison(), scan.space(),
          let number = scan.number(), scan.space(), let unit = scan.unit()
        else { return read }
        var last = unit
        var period: Range<Int>?
        if !scan.atStatementEnd() {
          guard let per = scan.nameAfterSpaces(), buffer[per].elementsEqual("per".utf8), scan.space(),
            let name = scan.name(), scan.atStatementEnd()
          else { return read }
          period = name
          last = name
        }
        limits.append(
          PlainLimit(
            statement: statementStart..<last.upperBound, food: food, bound: bound.range,
            atMost: bound.atMost, number: number.range, value: number.value, unit: unit,
            period: period))
        tokens += period == nil ? 5 : 7
        read = PlainEnd(
          position: last.upperBound, last: last, lastIsSymbol: false, lastAtLineStart: false, tokens: tokens)
        // `;`s after it end it too; the next statement must start a line or follow a `;`.
        let semicolonsBefore = scan.semicolons
        scan.skipBetweenStatements()
        if scan.semicolons > semicolonsBefore {
          // Read up to the last `;` (the parser would take them as it goes on).
          var lastSemicolon = scan.position - 1
          while buffer[lastSemicolon] != UInt8(ascii: ";") { lastSemicolon -= 1 }
          tokens += scan.semicolons - semicolonsBefore
          read = PlainEnd(
            position: lastSemicolon + 1, last: lastSemicolon..<lastSemicolon + 1, lastIsSymbol: true,
            lastAtLineStart: scan.semicolonAtLineStart, tokens: tokens)
        }
        guard scan.position < end, scan.lineStart || scan.semicolons > semicolonsBefore else { return read }
        scan.lineStart = false
      }
    }
  }

  /// Whether `word` is one of ``Parser/declarationKeywords``.
  static func startsDeclaration(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    word.count <= 9
      && Parser.declarationKeywords.contains { $0.utf8.count == word.count && $0.utf8.elementsEqual(word) }
  }
}

/// A cursor over a file's bytes for ``Lexer``'s plain statements.
private struct PlainScan {
  let bytes: UnsafeBufferPointer<UInt8>
  let end: Int
  var position: Int
  /// Whether a line break was passed since the last token.
  var lineStart = false
  /// How many `;` were passed.
  var semicolons = 0
  /// Whether the last `;` passed was the first token on its line.
  var semicolonAtLineStart = false

  static func isSpace(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }

  static func isNameByte(_ b: UInt8) -> Bool {
    (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
      || b == UInt8(ascii: "_") || Lexer.isDigit(b)
  }

  /// Spaces, line breaks and `;` between statements.
  mutating func skipBetweenStatements() {
    while position < end {
      let b = bytes[position]
      if b == UInt8(ascii: "\n") {
        lineStart = true
      } else if b == UInt8(ascii: ";") {
        semicolons += 1
        semicolonAtLineStart = lineStart
        lineStart = false
      } else if !Self.isSpace(b) && b != UInt8(ascii: "\r") {
        return
      }
      position += 1
    }
  }

  /// At least one space or tab, skipped; `false` (nothing moved) when none is here.
  mutating func space() -> Bool {
    guard position < end, Self.isSpace(bytes[position]) else { return false }
    repeat { position += 1 } while position < end && Self.isSpace(bytes[position])
    return true
  }

  /// An ASCII name (a letter or `_`, then letters, digits and `_`) ending at a
  /// byte that cannot continue a name (not `-`, not a byte of a longer scalar).
  mutating func name() -> Range<Int>? {
    let start = position
    guard position < end, Self.isNameByte(bytes[position]), !Lexer.isDigit(bytes[position]) else {
      return nil
    }
    position += 1
    while position < end, Self.isNameByte(bytes[position]) { position += 1 }
    guard position < end, bytes[position] != UInt8(ascii: "-"), bytes[position] < 0x80 else {
      position = start
      return nil
    }
    return start..<position
  }

  /// A name after optional spaces.
  mutating func nameAfterSpaces() -> Range<Int>? {
    _ = space()
    return name()
  }

  /// Digits with an optional fraction, of up to 19 significant digits, followed by a space.
  mutating func number() -> (range: Range<Int>, value: Decimal)? {
    let start = position
    while position < end, Lexer.isDigit(bytes[position]) { position += 1 }
    guard position > start, position < end else { return nil }
    if bytes[position] == UInt8(ascii: ".") {
      position += 1
      let fraction = position
      while position < end, Lexer.isDigit(bytes[position]) { position += 1 }
      guard position > fraction, position < end else { return nil }
    }
    guard Self.isSpace(bytes[position]) else { return nil }
    let range = start..<position
    guard let value = Parser.shortDecimal(UnsafeBufferPointer(rebasing: bytes[range])) else { return nil }
    return (range, value)
  }

  /// `<=` or `>=`.
  mutating func comparison() -> (range: Range<Int>, atMost: Bool)? {
    guard position + 1 < end, bytes[position + 1] == UInt8(ascii: "=") else { return nil }
    let first = bytes[position]
    guard first == UInt8(ascii: "<") || first == UInt8(ascii: ">") else { return nil }
    position += 2
    return (position - 2..<position, first == UInt8(ascii: "<"))
  }

  /// A unit: a name that is not `fl` (of `fl oz`) and not one of
  /// ``Parser/nonUnitWords``, not followed by `/` (a compound unit) or `%`.
  mutating func unit() -> Range<Int>? {
    guard let unit = name() else { return nil }
    let word = bytes[unit]
    if word.count >= 2, word.count <= 4 {
      switch word.first {
      case UInt8(ascii: "a"), UInt8(ascii: "f"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "p"),
        UInt8(ascii: "s"), UInt8(ascii: "t"), UInt8(ascii: "w"):
        if word.elementsEqual("fl".utf8)
          || Parser.nonUnitWords.contains(where: {
            $0.utf8.count == word.count && $0.utf8.elementsEqual(word)
          })
        {
          return nil
        }
      default:
        break
      }
    }
    return unit
  }

  /// Whether only spaces lie between here and a `;`, a line break or a `}`
  /// (the spaces are skipped).
  mutating func atStatementEnd() -> Bool {
    var p = position
    while p < end, Self.isSpace(bytes[p]) || bytes[p] == UInt8(ascii: "\r") { p += 1 }
    guard p < end else { return false }
    let b = bytes[p]
    guard b == UInt8(ascii: "\n") || b == UInt8(ascii: ";") || b == UInt8(ascii: "}") else { return false }
    position = p
    return true
  }
}
