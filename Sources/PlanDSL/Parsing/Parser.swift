import Diagnostics
import Foundation

/// Parses the tokens of one file into declarations, recovering from errors so
/// that every mistake in a file is reported in one run.
///
/// Statements end at a line break, a `;` or a `}`. Every loop consumes at
/// least one token, so parsing always terminates.
struct Parser {
  /// The tokens around the cursor: `tokens[0]` is token number ``base`` of the file.
  ///
  /// Reading from a ``Lexer`` (``init(lexer:file:)``), only a few tokens behind and
  /// ``lookahead`` tokens ahead of the cursor are kept, so a file's tokens are never
  /// all in memory at once; from an array (``init(tokens:file:)``), all of them.
  private var tokens: [Token]
  /// The number in the file of `tokens[0]`.
  private var base = 0
  /// The number in the file of the current token (only ever grows).
  var index = 0
  /// Where tokens come from when they are read as the cursor moves.
  private var lexer: Lexer?
  /// Whether the lexer has given its `endOfFile` (the last of ``tokens``).
  private var readToEnd = false
  var diagnostics: [Diagnostic] = []
  let file: Int
  /// How many rule expressions enclose the cursor (see ``maximumExpressionNesting``).
  var expressionNesting = 0
  /// Operators read so far in the outermost rule expression.
  var expressionOperators = 0
  /// Whether the expression being read has passed a limit (reported once).
  var expressionLimitReported = false
  /// Nutrient figures of the nutrition blocks being read, reused from block to
  /// block so that each block's list is allocated once, at its size.
  var nutrientScratch: [NutrientAmount] = []
  /// The figures of the plain nutrition block being read (``plainNutritionBlock()``).
  private var plainFigureScratch: [Lexer.PlainFigure] = []
  /// The strings of the names plain statements read lately.
  private var names = NameCache()
  /// The plain foods being read, and their statements (``plainFoods()``).
  private var plainFoodScratch: [Lexer.PlainFood] = []
  private var plainFoodStatementScratch: [Lexer.PlainFoodStatement] = []
  /// The limits of the plain limit statements being read (``plainLimits()``).
  private var plainLimitScratch: [Lexer.PlainLimit] = []
  /// How many blocks ``plainNutritionBlock()``, statements ``plainLimits()`` and foods ``plainFoods()`` have read (for tests).
  private(set) var plainBlocksRead = 0
  private(set) var plainStatementsRead = 0
  private(set) var plainFoodsRead = 0

  /// A parser of tokens already read (they must end with `endOfFile`).
  init(tokens: [Token], file: Int) {
    self.tokens = tokens
    self.file = file
  }

  /// A parser that reads its tokens from `lexer` as it goes; the lexer's
  /// diagnostics are in ``lexerDiagnostics``.
  init(lexer: Lexer, file: Int) {
    self.init(lexer: lexer, file: file, continuing: false)
  }

  /// A parser that reads its tokens from `lexer` as it goes; with `continuing`,
  /// the lexer reads a later part of a file (``PartedParse``), so its first token
  /// is not the file's first (a line break before it ends a statement).
  init(lexer: Lexer, file: Int, continuing: Bool) {
    self.lexer = lexer
    self.tokens = []
    self.file = file
    if continuing {
      base = 1
      index = 1
    }
    tokens.reserveCapacity(Self.keptTokens + Self.lookahead + 2)
    fill()
  }

  /// How many declarations to make room for before reading: about one per 256
  /// bytes (a food with its nutrition takes about 300), so that a large file's
  /// list is not copied again and again as it grows; room not used is not touched.
  var declarationsExpected: Int { (lexer?.byteCount ?? 0) / 256 }

  /// What the lexer reported (empty for a parser of tokens already read).
  var lexerDiagnostics: [Diagnostic] { lexer?.diagnostics ?? [] }

  // MARK: Cursor

  /// How far ``peek(_:)`` may look ahead: the parser looks at most 4 tokens
  /// past the current one (`peek(4)`). Kept short: the tokens read ahead of a
  /// plain block are read again (``plainNutritionBlock()``).
  static let lookahead = 4
  /// How many tokens behind the cursor are kept before they are dropped.
  private static let keptTokens = 256

  /// Reads tokens until ``lookahead`` of them follow the cursor (or the file ends), and
  /// drops tokens well behind the cursor.
  private mutating func fill() {
    guard lexer != nil else { return }
    let position = index - base
    if position > Self.keptTokens {
      // Keep the previous token: messages point just after it.
      tokens.removeFirst(position - 1)
      base += position - 1
    }
    while !readToEnd, tokens.count - (index - base) <= Self.lookahead {
      readNext()
    }
  }

  /// Appends the lexer's next token to ``tokens``.
  private mutating func readNext() {
    guard let token = lexer?.nextToken() else { return }
    readToEnd = token.kind == .endOfFile
    tokens.append(token)
  }

  var current: Token { tokens[index - base] }

  // MARK: Plain statements

  /// A nutrition block whose statements are all plain figures
  /// (`{ energy 717 kcal; protein 0.85 g }`), read by the lexer straight from
  /// the file's bytes (``Lexer/plainFigures(from:into:)``) with the cursor at
  /// its `{`: the same entries and range as ``parseBlock(of:_:)`` reads token
  /// by token, and the cursor just after the `}`. `nil`, with nothing moved,
  /// for any other block, or when the tokens do not come from a lexer.
  mutating func plainNutritionBlock() -> (entries: [NutrientAmount], range: SourceRange)? {
    guard let lexer, canReadPlain, current.isSymbol("{") else { return nil }
    let open = current.range
    plainFigureScratch.removeAll(keepingCapacity: true)
    guard let end = lexer.plainFigures(from: open.end, into: &plainFigureScratch) else { return nil }
    let entries = nutrientAmounts(plainFigureScratch[...], lexer)
    moveCursor(past: end, tokensBefore: 1)
    plainBlocksRead += 1
    return (entries, open.union(range(end.last)))
  }

  /// A run of food declarations in their plainest form (a header on one line,
  /// only plain `per` and `price` statements: ``Lexer/plainFoods(from:into:statements:figures:)``),
  /// read by the lexer straight from the bytes with the cursor at the first
  /// one's `food`: the same declarations as ``parseFood()`` reads token by
  /// token, and the cursor just after the last one's `}`. `nil`, with nothing
  /// moved, when the first is not plain.
  mutating func plainFoods() -> [Declaration]? {
    guard let lexer, canReadPlain, current.isWord("food") else { return nil }
    plainFoodScratch.removeAll(keepingCapacity: true)
    plainFoodStatementScratch.removeAll(keepingCapacity: true)
    plainFigureScratch.removeAll(keepingCapacity: true)
    guard
      let end = lexer.plainFoods(
        from: current.range.start, into: &plainFoodScratch, statements: &plainFoodStatementScratch,
        figures: &plainFigureScratch)
    else { return nil }
    var declarations: [Declaration] = []
    declarations.reserveCapacity(plainFoodScratch.count)
    for plain in plainFoodScratch {
      var food = FoodDeclaration(
        name: Identifier(name: lexer.text(plain.name), range: range(plain.name)),
        displayName: plain.display.map {
          StringLiteral(
            value: $0.escaped ? lexer.unescaped($0.contents) : lexer.text($0.contents), range: range($0.token)
          )
        },
        catalog: nil, nutrition: [], measures: [], density: nil, prices: [], tags: [], removedTags: [],
        range: range(plain.keyword).union(range(plain.close..<plain.close + 1)))
      for statement in plainFoodStatementScratch[plain.statements] {
        switch statement {
        case .nutrition(let keyword, let amount, let open, let figures, let close):
          let entries = nutrientAmounts(plainFigureScratch[figures], lexer)
          food.nutrition.append(
            NutritionBlock(
              amount: quantity(amount.number, amount.value, unit: amount.unit, lexer), entries: entries,
              range: range(keyword).union(range(open..<open + 1)).union(range(close..<close + 1))))
        case .price(let keyword, let price, let package):
          food.prices.append(
            PriceStatement(
              price: quantity(price.number, price.value, unit: price.unit, lexer),
              package: quantity(package.number, package.value, unit: package.unit, lexer), store: nil,
              loose: false, range: range(keyword).union(range(package.unit))))
        }
      }
      declarations.append(.food(food))
    }
    moveCursor(past: end, tokensBefore: 0)
    plainFoodsRead += declarations.count
    return declarations
  }

  /// A run of plain `limit` statements (`limit f01001 <= 500 g per day`) read
  /// by the lexer straight from the bytes (``Lexer/plainLimits(from:into:)``)
  /// with the cursor at the first one's `limit`: the same statements as
  /// ``parsePlanStatement(_:)`` reads token by token, and the cursor just after
  /// the last. `nil`, with nothing moved, when the first is not plain.
  mutating func plainLimits() -> [PlanStatement]? {
    guard let lexer, canReadPlain, current.isWord("limit") else { return nil }
    plainLimitScratch.removeAll(keepingCapacity: true)
    guard let end = lexer.plainLimits(from: current.range.start, into: &plainLimitScratch) else { return nil }
    var statements: [PlanStatement] = []
    statements.reserveCapacity(plainLimitScratch.count)
    for limit in plainLimitScratch {
      let amount = quantity(limit.number, limit.value, unit: limit.unit, lexer)
      let bound = BoundLiteral(
        kind: limit.atMost ? .atMost(amount) : .atLeast(amount),
        range: range(limit.bound).union(range(limit.unit)))
      let period = limit.period.map {
        PeriodLiteral(period: Identifier(name: names.text($0, in: lexer), range: range($0)))
      }
      statements.append(
        .limit(
          [Identifier(name: lexer.text(limit.food), range: range(limit.food))], bound, period,
          range(limit.statement)))
    }
    moveCursor(past: end, tokensBefore: 0)
    plainStatementsRead += statements.count
    return statements
  }

  /// Whether plain statements may be read from the bytes: the tokens come from
  /// a lexer and neither it nor the parser has stopped at too many errors.
  private var canReadPlain: Bool {
    guard let lexer else { return false }
    return diagnostics.count < Lexer.maximumErrors && lexer.diagnostics.count < Lexer.maximumErrors
  }

  private func range(_ bytes: Range<Int>) -> SourceRange {
    SourceRange(file: file, start: bytes.lowerBound, end: bytes.upperBound)
  }

  /// The syntax of plain figures: what a nutrition block's statements read.
  private mutating func nutrientAmounts(_ figures: ArraySlice<Lexer.PlainFigure>, _ lexer: Lexer)
    -> [NutrientAmount]
  {
    var entries: [NutrientAmount] = []
    entries.reserveCapacity(figures.count)
    for figure in figures {
      entries.append(
        NutrientAmount(
          nutrient: Identifier(name: names.text(figure.name, in: lexer), range: range(figure.name)),
          amount: quantity(figure.number, figure.value, unit: figure.unit, lexer)))
    }
    return entries
  }

  /// The quantity of a plain number and unit: what ``parseQuantity(_:startsStatement:)`` reads.
  private mutating func quantity(_ number: Range<Int>, _ value: Decimal, unit: Range<Int>, _ lexer: Lexer)
    -> QuantityLiteral
  {
    let numberRange = range(number)
    let unitRange = range(unit)
    return QuantityLiteral(
      value: value, unit: UnitName(text: names.text(unit, in: lexer), range: unitRange),
      range: numberRange.union(unitRange),
      numberRange: numberRange)
  }

  /// Moves the cursor past plain statements the lexer read from the bytes: past
  /// `tokensBefore` tokens from the current one, then `end.tokens` more, the last
  /// of which becomes the one token kept behind the cursor; the lexer reads on
  /// from just after it (the tokens it had read ahead are read again).
  private mutating func moveCursor(past end: Lexer.PlainEnd, tokensBefore: Int) {
    guard let lexer else { return }
    index += tokensBefore + end.tokens - 1
    let last = Token(
      kind: end.lastIsSymbol ? .symbol : .identifier, value: lexer.text(end.last), range: range(end.last),
      atLineStart: end.lastAtLineStart)
    tokens.removeAll(keepingCapacity: true)
    tokens.append(last)
    base = index
    index += 1
    readToEnd = false
    self.lexer?.rewind(to: end.position)
    fill()
  }

  func peek(_ ahead: Int = 1) -> Token {
    tokens[min(index - base + ahead, tokens.count - 1)]
  }

  var previous: Token { tokens[max(0, index - 1 - base)] }

  var atEnd: Bool { current.kind == .endOfFile }

  @discardableResult
  mutating func advance() -> Token {
    let token = current
    if !atEnd {
      index += 1
      fill()
    }
    return token
  }

  /// Moves the cursor to the end of the file (the lexer still reads the rest, so
  /// that its own errors there are reported).
  private mutating func skipToEnd() {
    if lexer != nil {
      while !readToEnd {
        readNext()
        if tokens.count > Self.keptTokens {
          let drop = tokens.count - 2
          tokens.removeFirst(drop)
          base += drop
        }
      }
    }
    index = base + tokens.count - 1
  }

  /// Whether the current token ends a statement: `;`, `}`, end of file, or a new line.
  var atStatementEnd: Bool {
    atEnd || current.isSymbol(";") || current.isSymbol("}") || (current.atLineStart && index > 0)
  }

  mutating func consumeSymbol(_ symbol: String) -> Bool {
    if current.isSymbol(symbol) {
      advance()
      return true
    }
    return false
  }

  mutating func consumeWord(_ word: String) -> Bool {
    if current.isWord(word), !atStatementEnd {
      advance()
      return true
    }
    return false
  }

  // MARK: Errors

  mutating func report(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
  }

  /// After ``Lexer/maximumErrors`` diagnostics, reports where parsing stopped and
  /// moves to the end of the file; returns whether it did.
  mutating func stopAfterTooManyErrors() -> Bool {
    guard diagnostics.count >= Lexer.maximumErrors, !atEnd else { return false }
    let here = SourceRange(file: file, start: current.range.start, end: current.range.start)
    diagnostics.append(DiagnosticMessage.tooManyErrors(limit: Lexer.maximumErrors, at: here))
    skipToEnd()
    return true
  }

  /// Reports "expected X, found Y" at the current token (or just after the previous one at a line break).
  mutating func expected(_ what: String, hint: String? = nil) {
    let range: SourceRange
    if atEnd || (current.atLineStart && index > 0) {
      range = previous.range.afterEnd
    } else {
      range = current.range
    }
    report(
      DiagnosticMessage.expected(what, found: atStatementEnd && !atEnd ? nil : current, at: range, hint: hint)
    )
  }

  /// Skips to the end of the current statement.
  mutating func skipStatement() {
    var depth = 0
    while !atEnd {
      if depth == 0 && (current.isSymbol(";") || current.isSymbol("}")) { return }
      if depth == 0 && current.atLineStart && index > 0 && !current.isSymbol("{") { return }
      if current.isSymbol("{") { depth += 1 }
      if current.isSymbol("}") { depth -= 1 }
      advance()
    }
  }

  /// After a statement: reports extra tokens and skips them.
  mutating func finishStatement(_ what: @autoclosure () -> String) {
    if atStatementEnd { return }
    report(DiagnosticMessage.extraTokens(after: what(), current))
    skipStatement()
  }

  // MARK: Names

  /// A name; `startsStatement` allows it to be the first token on a line.
  mutating func parseIdentifier(_ what: @autoclosure () -> String, startsStatement: Bool = false)
    -> Identifier?
  {
    guard current.kind == .identifier, startsStatement || !atStatementEnd else {
      expected(what())
      return nil
    }
    let token = advance()
    return Identifier(name: token.value, range: token.range)
  }

  mutating func parseOptionalString() -> StringLiteral? {
    guard current.kind == .string, !current.atLineStart || index == 0 else { return nil }
    let token = advance()
    return StringLiteral(value: token.value, range: token.range)
  }

  /// A comma-separated list of names.
  mutating func parseIdentifierList(_ what: @autoclosure () -> String) -> [Identifier] {
    var names: [Identifier] = []
    repeat {
      guard let name = parseIdentifier(what()) else { break }
      names.append(name)
    } while consumeSymbol(",")
    return names
  }

  // MARK: Blocks

  /// Words that start a top-level declaration.
  static let declarationKeywords = [
    "use", "include", "store", "food", "goal", "plan", "rules", "test", "recipe", "pantry", "household",
    "adapt",
  ]

  /// Whether the current token looks like the start of a new top-level declaration
  /// (`food name {`), which inside a block means its `}` is missing.
  var atDeclarationStart: Bool {
    guard current.atLineStart, current.isWord(in: Self.declarationKeywords) else { return false }
    if current.value == "include" || current.value == "use" || current.value == "test" {
      return peek().kind == .string || peek().isWord("catalog")
    }
    guard peek().kind == .identifier else { return false }
    let third = peek(2)
    if current.value == "adapt" { return third.isWord("when") }
    return third.isSymbol("{") || third.kind == .string || third.isSymbol("=")
  }

  /// Parses `{ statements }`, calling `statement` for each, and returns the range of the braces.
  ///
  /// A missing `}` is reported with a note at the opening brace; parsing resumes at the
  /// next declaration.
  mutating func parseBlock(
    of owner: String, _ statement: (inout Parser) -> Void
  ) -> SourceRange? {
    guard current.isSymbol("{") else {
      expected("'{' to begin the \(owner) block")
      skipStatement()
      return nil
    }
    let open = advance()
    while true {
      while consumeSymbol(";") {}
      if current.isSymbol("}") {
        let close = advance()
        return open.range.union(close.range)
      }
      if atEnd || atDeclarationStart {
        report(DiagnosticMessage.unclosedBlock(owner, at: previous.range.afterEnd, opening: open.range))
        return open.range.union(previous.range)
      }
      if stopAfterTooManyErrors() { return open.range.union(previous.range) }
      let before = index
      statement(&self)
      if index == before {
        advance()
        skipStatement()
      }
    }
  }
}
