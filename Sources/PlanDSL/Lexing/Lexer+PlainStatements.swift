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
      guard let close = scan.figures(into: &figures) else { return nil }
      return PlainEnd(
        position: close + 1, last: close..<close + 1, lastIsSymbol: true, lastAtLineStart: scan.lineStart,
        tokens: (figures.count - first) * 3 + scan.semicolons + 1)
    }
  }

  /// A number and its unit, `100 g`.
  struct PlainQuantity {
    var number: Range<Int>
    var value: Decimal
    var unit: Range<Int>
  }

  /// One statement of a plain food.
  enum PlainFoodStatement {
    /// `per 100 g { figures }`: the figures are `figures[figures]` of ``plainFoods(from:into:statements:figures:)``.
    case nutrition(keyword: Range<Int>, amount: PlainQuantity, open: Int, figures: Range<Int>, close: Int)
    /// `price 0.41 USD per 100 g`.
    case price(keyword: Range<Int>, price: PlainQuantity, package: PlainQuantity)
  }

  /// A food declaration in its plainest form.
  struct PlainFood {
    /// Its `food`.
    var keyword: Range<Int>
    var name: Range<Int>
    /// The display name's string token, quotes included, its contents, and
    /// whether they hold an escape (`\"` or `\\`).
    var display: (token: Range<Int>, contents: Range<Int>, escaped: Bool)?
    /// Its statements, in the `statements` of ``plainFoods(from:into:statements:figures:)``.
    var statements: Range<Int>
    /// The `}` that ends it.
    var close: Int
  }

  /// Reads a run of food declarations from `start` (the first byte of a
  /// `food`) while they are plain: `food NAME "Display name" {` on one line
  /// (the display name printable ASCII, with no escape but `\"` and `\\`;
  /// it may be left out), then only plain `per AMOUNT { figures }` and
  /// `price PRICE per AMOUNT` statements (no store, not loose), and the `}`;
  /// between them, spaces, line breaks and `;`. `foods`, `statements` and
  /// `figures` get them; `nil` when the first is not plain.
  func plainFoods(
    from start: Int, into foods: inout [PlainFood], statements: inout [PlainFoodStatement],
    figures: inout [PlainFigure]
  ) -> PlainEnd? {
    bytes.withUnsafeBufferPointer { buffer in
      var scan = PlainScan(bytes: buffer, end: end, position: start)
      var read: PlainEnd?
      var tokens = 0
      while foods.count < Self.longestPlainRun {
        // Counted afresh for each food: a food that is not plain leaves the count of those before.
        scan.semicolons = 0
        let figuresBefore = figures.count
        let statementsBefore = statements.count
        guard let food = scan.food(statements: &statements, figures: &figures, tokens: &tokens) else {
          figures.removeSubrange(figuresBefore...)
          statements.removeSubrange(statementsBefore...)
          return read
        }
        tokens += scan.semicolons + 3 * (figures.count - figuresBefore)
        foods.append(food)
        read = PlainEnd(
          position: food.close + 1, last: food.close..<food.close + 1, lastIsSymbol: true,
          lastAtLineStart: scan.lineStart, tokens: tokens)
        // The next declaration, after spaces, line breaks and `;` (tokens of their own).
        scan.position = food.close + 1
        scan.lineStart = false
        scan.semicolons = 0
        scan.skipBetweenStatements()
        tokens += scan.semicolons
        scan.lineStart = false
      }
      return read
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
      while limits.count < Self.longestPlainRun {
        let statementStart = scan.position
        guard let keyword = scan.name(), PlainScan.equal(buffer[keyword], "limit"), scan.space(),
          let food = scan.name(), scan.space(), let bound = scan.comparison(), scan.space(),
          let number = scan.number(), scan.space(), let unit = scan.unit()
        else { return read }
        var last = unit
        var period: Range<Int>?
        if !scan.atStatementEnd() {
          guard let per = scan.nameAfterSpaces(), PlainScan.equal(buffer[per], "per"), scan.space(),
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
      return read
    }
  }

  /// The most foods or limits one call reads: the parser keeps what a run reads
  /// until the run is done, so a long file's run is read a few hundred at a time.
  static let longestPlainRun = 256

  /// Whether `word` is one of ``Parser/declarationKeywords``.
  static func startsDeclaration(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    word.count <= 9
      && Parser.declarationKeywords.contains { PlainScan.equal(word, $0) }
  }
}

/// The strings of short names read lately (`energy`, `kcal`, `g`), so that a
/// name met again is not made and validated again: a food's dozen nutrient
/// names and units are most of the strings a large plan's syntax tree holds.
struct NameCache {
  private struct Entry {
    var low: UInt64
    var high: UInt64
    var count: Int
    var text: String
  }

  private var entries = [Entry?](repeating: nil, count: 64)

  /// The text of the ASCII name in `range` of `lexer`'s file.
  mutating func text(_ range: Range<Int>, in lexer: Lexer) -> String {
    guard range.count <= 16 else { return lexer.text(range) }
    // The bytes as two words (zero past the name), copied in one go.
    var words: (low: UInt64, high: UInt64) = (0, 0)
    lexer.bytes.withUnsafeBytes { bytes in
      withUnsafeMutableBytes(of: &words) {
        $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[range]))
      }
    }
    let (low, high) = words
    let slot = Int(
      truncatingIfNeeded: ((low ^ (high &* 31) ^ UInt64(range.count)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    if let entry = entries[slot], entry.low == low, entry.high == high, entry.count == range.count {
      return entry.text
    }
    let text = lexer.text(range)
    entries[slot] = Entry(low: low, high: high, count: range.count, text: text)
    return text
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

  /// The figures of a nutrition block from here (just after its `{`) to its
  /// `}`, when every one is plain; the offset of the `}` (the cursor stays on it).
  mutating func figures(into figures: inout [Lexer.PlainFigure]) -> Int? {
    while true {
      skipBetweenStatements()
      guard position < end else { return nil }
      if bytes[position] == UInt8(ascii: "}") { return position }
      // A name that starts a declaration, at the start of a line, may mean a missing `}`.
      guard let name = name(), space(), !(lineStart && Lexer.startsDeclaration(bytes[name])) else {
        return nil
      }
      guard let number = number(), space(), let unit = unit(), atStatementEnd() else { return nil }
      lineStart = false
      figures.append(Lexer.PlainFigure(name: name, number: number.range, value: number.value, unit: unit))
    }
  }

  /// Whether `word` is the ASCII text `text`.
  static func equal(_ word: Slice<UnsafeBufferPointer<UInt8>>, _ text: String) -> Bool {
    var text = text
    return text.withUTF8 { other in
      guard other.count == word.count else { return false }
      var i = word.startIndex
      for byte in other {
        if word.base[i] != byte { return false }
        i += 1
      }
      return true
    }
  }

  /// A plain food from here (see ``Lexer/plainFoods(from:into:statements:figures:)``),
  /// its statements appended to `statements` and its figures to `figures`;
  /// `tokens` counts its tokens but its figures' and `;`s.
  mutating func food(
    statements: inout [Lexer.PlainFoodStatement], figures: inout [Lexer.PlainFigure], tokens: inout Int
  ) -> Lexer.PlainFood? {
    let firstStatement = statements.count
    var count = 0
    guard let keyword = name(), Self.equal(bytes[keyword], "food"), space(), let name = name() else {
      return nil
    }
    _ = space()
    count += 2
    let display = string()
    if display != nil {
      count += 1
      _ = space()
    }
    guard symbol("{") else { return nil }
    count += 1
    while true {
      skipBetweenStatements()
      guard position < end else { return nil }
      if bytes[position] == UInt8(ascii: "}") {
        tokens += count + 1
        return Lexer.PlainFood(
          keyword: keyword, name: name, display: display, statements: firstStatement..<statements.count,
          close: position)
      }
      guard let keyword = self.name(), space() else { return nil }
      let word = bytes[keyword]
      if Self.equal(word, "per") {
        guard let amount = quantity() else { return nil }
        _ = space()
        let open = position
        guard symbol("{") else { return nil }
        let first = figures.count
        guard let close = self.figures(into: &figures) else { return nil }
        position = close + 1
        guard atStatementEnd() else { return nil }
        statements.append(
          .nutrition(
            keyword: keyword, amount: amount, open: open, figures: first..<figures.count, close: close))
        // per, the amount's two, the braces (the figures are counted by the caller).
        count += 5
      } else if Self.equal(word, "price") {
        guard let price = quantity(), space(), let per = self.name(), Self.equal(bytes[per], "per"), space(),
          let package = quantity(), atStatementEnd()
        else { return nil }
        statements.append(.price(keyword: keyword, price: price, package: package))
        count += 6
      } else {
        return nil
      }
      lineStart = false
    }
  }

  /// A plain number, spaces and a unit.
  mutating func quantity() -> Lexer.PlainQuantity? {
    guard let number = number(), space(), let unit = unit() else { return nil }
    return Lexer.PlainQuantity(number: number.range, value: number.value, unit: unit)
  }

  /// A string of printable ASCII, with no escape but `\"` and `\\`: the
  /// token (quotes included), its contents, and whether they hold an escape.
  mutating func string() -> (token: Range<Int>, contents: Range<Int>, escaped: Bool)? {
    guard position < end, bytes[position] == UInt8(ascii: "\"") else { return nil }
    var p = position + 1
    var escaped = false
    while p < end {
      let b = bytes[p]
      if b == UInt8(ascii: "\"") {
        defer { position = p + 1 }
        return (position..<p + 1, position + 1..<p, escaped)
      }
      guard b >= 0x20, b < 0x7F else { return nil }
      if b == UInt8(ascii: "\\") {
        guard p + 1 < end, bytes[p + 1] == UInt8(ascii: "\"") || bytes[p + 1] == UInt8(ascii: "\\") else {
          return nil
        }
        escaped = true
        p += 2
        continue
      }
      p += 1
    }
    return nil
  }

  /// The one-byte symbol `symbol`, skipped when it is here.
  mutating func symbol(_ symbol: Unicode.Scalar) -> Bool {
    guard position < end, bytes[position] == UInt8(ascii: symbol) else { return false }
    position += 1
    return true
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
    if let first = word.first, Parser.mayBeNonUnitWord(count: word.count, first: first),
      Self.equal(word, "fl") || Parser.nonUnitWords.contains(where: { Self.equal(word, $0) })
    {
      return nil
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
