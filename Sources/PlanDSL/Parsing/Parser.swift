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

  /// How far ``peek(_:)`` may look ahead.
  static let lookahead = 8
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
