import Diagnostics

/// Turns the text of one source file into tokens, reporting bad characters.
///
/// Comments are `// to end of line` and `/* block */`. Line breaks are not
/// tokens; each token records whether it starts a line.
struct Lexer {
  let bytes: [UInt8]
  private let file: Int
  private var position: Int
  /// The first byte read.
  private let startPosition: Int
  /// One past the last byte read: the file's end, or the end of the part given to ``init(_:fileIndex:part:)``.
  let end: Int
  private var sawLineBreak = true
  private(set) var diagnostics: [Diagnostic] = []

  init(_ source: SourceFile, fileIndex: Int) {
    self.bytes = source.bytes
    self.file = fileIndex
    self.position = 0
    self.startPosition = 0
    self.end = source.bytes.count
  }

  /// A lexer of the bytes `part` of a file only, as if they were the whole file;
  /// `part` starts at the beginning of a line, and ranges count from the file's start.
  init(_ source: SourceFile, fileIndex: Int, part: Range<Int>) {
    self.bytes = source.bytes
    self.file = fileIndex
    self.position = max(0, min(part.lowerBound, source.bytes.count))
    self.startPosition = position
    self.end = max(position, min(part.upperBound, source.bytes.count))
  }

  /// Every token of the file, ending with `endOfFile`.
  ///
  /// After ``maximumErrors`` diagnostics the rest of the file is not read: one
  /// more error says where reading stopped, and the tokens end there.
  mutating func tokenize() -> [Token] {
    var tokens: [Token] = []
    // About one token per five bytes in a typical plan: reserving avoids most regrowth copies.
    tokens.reserveCapacity((end - position) / 5 + 16)
    while true {
      let token = next()
      tokens.append(token)
      if token.kind == .endOfFile { return tokens }
    }
  }

  /// The next token, for a reader that takes them one at a time (the parser
  /// does, so that a file's tokens are never all in memory at once); after
  /// `endOfFile`, `endOfFile` again.
  mutating func nextToken() -> Token { next() }

  /// The size in bytes of what the lexer reads (the file, or its part).
  var byteCount: Int { end - startPosition }

  /// How many diagnostics one file may produce before the lexer stops reading it.
  static let maximumErrors = 1000

  private static let symbols: [String] = [
    "...", "..<", "<=", ">=", "==", "!=", "->", "{", "}", "(", ")", "[", "]", ",", ";", ":", "=", ".", "<",
    ">", "+", "-", "*", "/", "%", "!",
  ]

  private func peek(_ ahead: Int = 0) -> UInt8? {
    position + ahead < end ? bytes[position + ahead] : nil
  }

  private mutating func skipTrivia() {
    while let byte = peek() {
      if byte == UInt8(ascii: "\n") {
        sawLineBreak = true
        position += 1
      } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
        position += 1
      } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
        while let b = peek(), b != UInt8(ascii: "\n") { position += 1 }
      } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        let start = position
        position += 2
        var closed = false
        while let b = peek() {
          if b == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
            position += 2
            closed = true
            break
          }
          if b == UInt8(ascii: "\n") { sawLineBreak = true }
          position += 1
        }
        if !closed {
          diagnostics.append(
            DiagnosticMessage.unterminatedComment(SourceRange(file: file, start: start, end: start + 2)))
        }
      } else {
        return
      }
    }
  }

  /// The next token; runs of unexpected characters are reported (one diagnostic per run) and skipped.
  private mutating func next() -> Token {
    while true {
      if diagnostics.count >= Self.maximumErrors {
        skipTrivia()
        let here = SourceRange(file: file, start: position, end: position)
        if position < end {
          diagnostics.append(DiagnosticMessage.tooManyErrors(limit: Self.maximumErrors, at: here))
          position = end
        }
        return Token(kind: .endOfFile, value: "", range: here, atLineStart: true)
      }
      if let token = nextOrUnexpected() { return token }
    }
  }

  /// Whether the byte at the cursor can start nothing: not trivia, a number, a name, a string or a symbol.
  private func atUnexpectedCharacter() -> Bool {
    guard let byte = peek() else { return false }
    if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
      || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\"")
    {
      return false
    }
    if Self.isDigit(byte) || Self.isIdentifierStart(byte) { return false }
    return !Self.symbolStarts.contains(byte)
  }

  /// The first bytes of ``symbols``; each also stands alone as a one-byte symbol.
  private static let symbolStarts = Set(symbols.compactMap(\.utf8.first))

  /// The next token, or `nil` after reporting and skipping a run of unexpected characters.
  private mutating func nextOrUnexpected() -> Token? {
    skipTrivia()
    let atLineStart = sawLineBreak
    sawLineBreak = false
    let start = position
    func make(_ kind: Token.Kind, _ value: String? = nil) -> Token {
      let range = SourceRange(file: file, start: start, end: position)
      let text = value ?? self.text(start..<position)
      return Token(kind: kind, value: text, range: range, atLineStart: atLineStart)
    }
    guard let byte = peek() else { return make(.endOfFile, "") }

    if Self.isDigit(byte) {
      if let date = lexDate() { return make(.date, date) }
      while let b = peek(), Self.isDigit(b) { position += 1 }
      if peek() == UInt8(ascii: "."), let after = peek(1), Self.isDigit(after) {
        position += 1
        while let b = peek(), Self.isDigit(b) { position += 1 }
      } else if peek() == UInt8(ascii: ","), let after = peek(1), Self.isDigit(after) {
        // '3,49': a decimal comma. One error, and the number reads as '3.49' so nothing else follows.
        let whole = String(decoding: bytes[start..<position], as: UTF8.self)
        position += 1
        let fractionStart = position
        while let b = peek(), Self.isDigit(b) { position += 1 }
        let fraction = String(decoding: bytes[fractionStart..<position], as: UTF8.self)
        let range = SourceRange(file: file, start: start, end: position)
        diagnostics.append(DiagnosticMessage.decimalComma(whole: whole, fraction: fraction, at: range))
        return make(.number, whole + "." + fraction)
      }
      return make(.number)
    }
    if Self.isIdentifierStart(byte) {
      lexIdentifier()
      return make(.identifier)
    }
    if byte == UInt8(ascii: "\"") {
      return lexString(start: start, atLineStart: atLineStart)
    }
    if let length = symbolLength(byte) {
      position += length
      return make(.symbol, symbolText(start..<position))
    }
    // Unexpected characters: report the run once, skip whole scalars, and go on.
    position = min(end, position + Self.scalarLength(byte))
    let first = String(decoding: bytes[start..<position], as: UTF8.self)
    var count = 1
    while atUnexpectedCharacter(), let next = peek() {
      position = min(end, position + Self.scalarLength(next))
      count += 1
    }
    let range = SourceRange(file: file, start: start, end: position)
    if count == 1, let code = Self.currencyCodes[first], let amount = numberAhead() {
      diagnostics.append(DiagnosticMessage.currencySymbol(first, code: code, amount: amount, range))
    } else {
      diagnostics.append(
        count == 1
          ? DiagnosticMessage.unexpectedCharacter(first, range)
          : DiagnosticMessage.unexpectedCharacters(first, count: count, range))
    }
    sawLineBreak = atLineStart
    return nil
  }

  /// Currency symbols written before an amount, and the code the language reads after it.
  static let currencyCodes = ["$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"]

  /// The number that starts at the cursor (`3.19`), if one does.
  private func numberAhead() -> String? {
    var last = position
    while last < end, Self.isDigit(bytes[last]) || bytes[last] == UInt8(ascii: ".") { last += 1 }
    guard last > position, Self.isDigit(bytes[position]) else { return nil }
    return String(decoding: bytes[position..<last], as: UTF8.self)
  }

  /// The length of the symbol (one of ``symbols``, longest first) that starts with `byte` at the cursor.
  private func symbolLength(_ byte: UInt8) -> Int? {
    let second = peek(1)
    switch byte {
    case UInt8(ascii: "."):
      if second == UInt8(ascii: "."), let third = peek(2),
        third == UInt8(ascii: ".") || third == UInt8(ascii: "<")
      {
        return 3
      }
      return 1
    case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "!"):
      return second == UInt8(ascii: "=") ? 2 : 1
    case UInt8(ascii: "-"):
      return second == UInt8(ascii: ">") ? 2 : 1
    case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["),
      UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "+"),
      UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"):
      return 1
    default:
      return nil
    }
  }

  /// The text of the bytes in `range` (which lies in the file), read without
  /// taking a slice of the array (a slice retains its storage).
  func text(_ range: Range<Int>) -> String {
    bytes.withUnsafeBufferPointer { buffer in
      String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }
  }

  /// The text of the symbol in `range` (which lies in the file): a constant, so
  /// that no string is built per symbol.
  private func symbolText(_ range: Range<Int>) -> String {
    switch (bytes[range.lowerBound], range.count) {
    case (UInt8(ascii: "."), 3): bytes[range.upperBound - 1] == UInt8(ascii: "<") ? "..<" : "..."
    case (UInt8(ascii: "<"), 2): "<="
    case (UInt8(ascii: ">"), 2): ">="
    case (UInt8(ascii: "="), 2): "=="
    case (UInt8(ascii: "!"), 2): "!="
    case (UInt8(ascii: "-"), 2): "->"
    case (UInt8(ascii: "{"), 1): "{"
    case (UInt8(ascii: "}"), 1): "}"
    case (UInt8(ascii: "("), 1): "("
    case (UInt8(ascii: ")"), 1): ")"
    case (UInt8(ascii: "["), 1): "["
    case (UInt8(ascii: "]"), 1): "]"
    case (UInt8(ascii: ","), 1): ","
    case (UInt8(ascii: ";"), 1): ";"
    case (UInt8(ascii: ":"), 1): ":"
    case (UInt8(ascii: "="), 1): "="
    case (UInt8(ascii: "."), 1): "."
    case (UInt8(ascii: "<"), 1): "<"
    case (UInt8(ascii: ">"), 1): ">"
    case (UInt8(ascii: "+"), 1): "+"
    case (UInt8(ascii: "-"), 1): "-"
    case (UInt8(ascii: "*"), 1): "*"
    case (UInt8(ascii: "/"), 1): "/"
    case (UInt8(ascii: "%"), 1): "%"
    case (UInt8(ascii: "!"), 1): "!"
    default: text(range)
    }
  }

  /// `yyyy-mm-dd`, when the digits at the cursor have that shape.
  private mutating func lexDate() -> String? {
    // Digits but at 4 and 7, which hold '-' (no list is built: this runs for every number).
    for i in 0..<10 {
      guard let b = peek(i) else { return nil }
      if i == 4 || i == 7 ? b != UInt8(ascii: "-") : !Self.isDigit(b) { return nil }
    }
    if let b = peek(10), Self.isDigit(b) || Self.isIdentifierStart(b) { return nil }
    let text = String(decoding: bytes[position..<position + 10], as: UTF8.self)
    position += 10
    return text
  }

  private mutating func lexIdentifier() {
    while let b = peek() {
      if Self.isIdentifierStart(b) || Self.isDigit(b) {
        position += Self.scalarLength(b)
      } else if b == UInt8(ascii: "-"), let after = peek(1), Self.isIdentifierStart(after),
        position > 0, !Self.isDigit(bytes[position - 1])
      {
        position += 1
      } else {
        return
      }
    }
  }

  private mutating func lexString(start: Int, atLineStart: Bool) -> Token {
    position += 1
    // The contents are taken straight from the file unless an escape or a
    // control character makes them differ; then they are built byte by byte.
    let contentStart = position
    var built: [UInt8]?
    func contents() -> String {
      if let built { return String(decoding: built, as: UTF8.self) }
      return text(contentStart..<position)
    }
    while let b = peek() {
      // Printable ASCII other than a quote or a backslash stands for itself (most bytes of most strings).
      if b >= 0x20, b < 0x7F, b != UInt8(ascii: "\""), b != UInt8(ascii: "\\") {
        built?.append(b)
        position += 1
        continue
      }
      if b == UInt8(ascii: "\"") {
        let value = contents()
        position += 1
        let range = SourceRange(file: file, start: start, end: position)
        return Token(kind: .string, value: value, range: range, atLineStart: atLineStart)
      }
      if b == UInt8(ascii: "\n") { break }
      if b == UInt8(ascii: "\\"), let escaped = peek(1) {
        if built == nil { built = Array(bytes[contentStart..<position]) }
        switch escaped {
        case UInt8(ascii: "n"): built?.append(UInt8(ascii: "\n"))
        case UInt8(ascii: "t"): built?.append(UInt8(ascii: "\t"))
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): built?.append(escaped)
        default:
          diagnostics.append(
            DiagnosticMessage.unknownEscape(
              String(decoding: [escaped], as: UTF8.self),
              SourceRange(file: file, start: position, end: position + 2)))
          built?.append(escaped)
        }
        position += 2
        continue
      }
      if let width = controlCharacterWidth(at: position) {
        if built == nil { built = Array(bytes[contentStart..<position]) }
        let scalar = String(decoding: bytes[position..<position + width], as: UTF8.self)
        diagnostics.append(
          DiagnosticMessage.controlCharacterInString(
            scalar, SourceRange(file: file, start: position, end: position + width)))
        position += width
        continue
      }
      built?.append(b)
      position += 1
    }
    let range = SourceRange(file: file, start: start, end: position)
    diagnostics.append(
      DiagnosticMessage.unterminatedString(SourceRange(file: file, start: start, end: start + 1)))
    return Token(kind: .string, value: contents(), range: range, atLineStart: atLineStart)
  }

  /// The length in bytes of a control character at `offset` that a string may not hold raw:
  /// C0 controls but the tab, DEL, C1 controls, and the bidirectional marks, embeddings,
  /// overrides and isolates (which can make displayed text read differently from what it is).
  private func controlCharacterWidth(at offset: Int) -> Int? {
    let b = bytes[offset]
    if (b < 0x20 && b != UInt8(ascii: "\t")) || b == 0x7F { return 1 }
    guard offset + 1 < end else { return nil }
    let second = bytes[offset + 1]
    if b == 0xC2, (0x80...0x9F).contains(second) { return 2 }
    guard b == 0xE2, offset + 2 < end else { return nil }
    let third = bytes[offset + 2]
    if second == 0x80, [0x8E, 0x8F, 0xAA, 0xAB, 0xAC, 0xAD, 0xAE].contains(third) { return 3 }
    if second == 0x81, (0xA6...0xA9).contains(third) { return 3 }
    return nil
  }

  /// The text of a string's contents in `range` (which lies in the file) with
  /// its escapes `\"` and `\\` read (the only ones ``plainFoods(from:into:statements:figures:)`` accepts).
  func unescaped(_ range: Range<Int>) -> String {
    var built: [UInt8] = []
    built.reserveCapacity(range.count)
    var i = range.lowerBound
    while i < range.upperBound {
      if bytes[i] == UInt8(ascii: "\\"), i + 1 < range.upperBound { i += 1 }
      built.append(bytes[i])
      i += 1
    }
    return String(decoding: built, as: UTF8.self)
  }

  /// Moves the cursor back to `position` (just after a token), as if the
  /// lexer had read only up to there: what it reported from there on is
  /// dropped, to be reported again as it reads on. The parser calls this after
  /// reading plain statements straight from the bytes (Lexer+PlainStatements),
  /// past the tokens it had already read ahead.
  mutating func rewind(to position: Int) {
    self.position = position
    sawLineBreak = false
    while let last = diagnostics.last, let range = last.range, range.start >= position {
      diagnostics.removeLast()
    }
  }

  static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

  private static func isIdentifierStart(_ b: UInt8) -> Bool {
    (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
      || b == UInt8(ascii: "_") || b >= 0xC0
  }

  private static func scalarLength(_ lead: UInt8) -> Int {
    switch lead {
    case 0xF0...: 4
    case 0xE0...: 3
    case 0xC0...: 2
    default: 1
    }
  }
}
