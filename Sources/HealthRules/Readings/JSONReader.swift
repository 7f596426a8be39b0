/// Reads JSON one value at a time, pulling lines as it needs them (``LineReader``), and keeps
/// the line and column of every value so readings errors can point into the file. Numbers are
/// kept as text, for exact decimals.
///
/// A reader walks the document: ``beginObject()`` and ``nextMember()``, ``beginArray()`` and
/// ``nextElement()`` step through a container, ``value()`` reads a string, a number, `true`,
/// `false` or `null`, and passes over a whole container (checking its syntax) without keeping
/// what is inside it. So memory holds the current line and what the caller keeps, however
/// large the file is.
///
/// The text is read per UTF-8 byte, as JSON is defined: a `"` or `\\` next to a combining mark
/// or after a prepended mark (U+0600) is still itself, where Swift's `Character` would fold it
/// into one grapheme cluster. Columns count Unicode scalars.
///
/// - Complexity: O(n) in the bytes.
struct JSONReader {
  /// A value read by ``value()``: a container is only its kind.
  enum Value {
    case object
    case array
    case string(String)
    case number(String)
    case bool(Bool)
    case null
  }

  struct Node {
    var value: Value
    var span: SourceSpan
  }

  struct SyntaxError: Error {
    var issue: ReadingsIssue
  }

  /// Where a value starts, to give it a span once it ends (``span(from:)``).
  struct Start {
    var line: Int
    var column: Int
    var lineText: String
  }

  private var lines: LineReader
  /// The current line, without its `"\n"`.
  private var bytes: [UInt8] = []
  /// Whether a `"\n"` ends the current line: ``current`` is then `"\n"` just past its bytes.
  private var ended = false
  private var index = 0
  private var line = 1
  private var column = 1
  private var depth = 0
  /// For each container being walked, whether none of its members has been read yet.
  private var fresh: [Bool] = []
  /// The current line's text for messages, made once the first span needs it.
  private var cachedLineText: String?

  /// A reader of lines from a file or a text (``LineReader``).
  init(_ lines: LineReader) {
    self.lines = lines
    loadLine()
  }

  /// Whether the input was not well-formed UTF-8 (the reading stopped there).
  var invalidUTF8: Bool { lines.invalidUTF8 }
  /// Why reading the file failed part way, if it did (the reading stopped there).
  var readError: String? { lines.readError }

  /// The byte at the reading position: `"\n"` at the end of a line that has one, `nil` at the
  /// end of the input.
  var current: UInt8? {
    if index < bytes.count { return bytes[index] }
    return ended ? UInt8(ascii: "\n") : nil
  }

  private mutating func loadLine() {
    if let next = lines.next() {
      bytes = next.bytes
      ended = next.ended
    } else {
      bytes = []
      ended = false
    }
    index = 0
    cachedLineText = nil
  }

  private mutating func lineText() -> String {
    if let cachedLineText { return cachedLineText }
    let text = LineReader.displayText(bytes)
    cachedLineText = text
    return text
  }

  /// Where the value at the reading position starts.
  mutating func start() -> Start {
    Start(line: line, column: column, lineText: lineText())
  }

  /// The span from `start` to the reading position (one column when it ends on another line).
  func span(from start: Start) -> SourceSpan {
    let length = line == start.line ? column - start.column : 1
    return SourceSpan(line: start.line, column: start.column, length: length, lineText: start.lineText)
  }

  /// A syntax error at the reading position.
  mutating func error(_ message: String, hint: String? = nil) -> SyntaxError {
    let here = SourceSpan(line: line, column: column, length: 1, lineText: lineText())
    return SyntaxError(issue: here.issue(.jsonSyntax, message, hint: hint))
  }

  /// The whole scalar starting at the reading position, for messages.
  private func scalarText() -> String {
    guard index < bytes.count else { return ended ? "\n" : "" }
    var end = index + 1
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    return String(decoding: bytes[index..<end], as: UTF8.self)
  }

  /// Moves past the current byte (which must not be the end), counting a column at the start
  /// of each scalar and a line at each `"\n"`.
  private mutating func advance() {
    if index == bytes.count {
      guard ended else { return }
      line += 1
      column = 1
      loadLine()
      return
    }
    if bytes[index] & 0xC0 != 0x80 { column += 1 }
    index += 1
  }

  /// Moves past spaces, tabs and line breaks.
  mutating func skipSpace() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
  }

  /// Checks that nothing but white space follows the top-level value.
  mutating func finish() throws(SyntaxError) {
    skipSpace()
    if current != nil {
      throw error("unexpected '\(scalarText())' after the end of the JSON value")
    }
  }

  private mutating func expect(_ character: Unicode.Scalar) throws(SyntaxError) {
    guard current == UInt8(character.value) else {
      let found = current == nil ? "the end of the file" : "'\(scalarText())'"
      throw error("expected '\(character)', found \(found)")
    }
    advance()
  }

  /// Enters the object whose `{` is the current byte; then call ``nextMember()`` until it
  /// returns `nil`.
  mutating func beginObject() throws(SyntaxError) {
    try enter()
  }

  /// Enters the array whose `[` is the current byte; then call ``nextElement()`` until it
  /// returns false.
  mutating func beginArray() throws(SyntaxError) {
    try enter()
  }

  private mutating func enter() throws(SyntaxError) {
    depth += 1
    guard depth < 64 else { throw error("the JSON nests too deeply") }
    advance()
    skipSpace()
    fresh.append(true)
  }

  private mutating func leave() {
    depth -= 1
    fresh.removeLast()
  }

  /// The next member's key of the object being walked, the reading position then on its value
  /// (which the caller reads next), or `nil` after the closing `}`.
  mutating func nextMember() throws(SyntaxError) -> (key: String, span: SourceSpan)? {
    if fresh[fresh.count - 1] {
      fresh[fresh.count - 1] = false
      if current == UInt8(ascii: "}") {
        advance()
        leave()
        return nil
      }
    } else {
      skipSpace()
      if current == UInt8(ascii: ",") {
        advance()
      } else {
        try expect("}")
        leave()
        return nil
      }
    }
    skipSpace()
    guard current == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
    let keyStart = start()
    let key = try string()
    let keySpan = SourceSpan(
      line: keyStart.line, column: keyStart.column, length: column - keyStart.column,
      lineText: keyStart.lineText)
    skipSpace()
    try expect(":")
    skipSpace()
    return (key, keySpan)
  }

  /// Whether the array being walked has another element, the reading position then on it
  /// (which the caller reads next); false after the closing `]`.
  mutating func nextElement() throws(SyntaxError) -> Bool {
    if fresh[fresh.count - 1] {
      fresh[fresh.count - 1] = false
      if current == UInt8(ascii: "]") {
        advance()
        leave()
        return false
      }
    } else {
      skipSpace()
      if current == UInt8(ascii: ",") {
        advance()
      } else {
        try expect("]")
        leave()
        return false
      }
    }
    skipSpace()
    return true
  }

  /// Reads the value at the reading position: a scalar whole, a container passed over (its
  /// syntax checked, its contents not kept).
  mutating func value() throws(SyntaxError) -> Node {
    let start = start()
    let startIndex = index
    guard let byte = current else { throw error("expected a value, found the end of the file") }
    let value: Value
    switch byte {
    case UInt8(ascii: "{"):
      try beginObject()
      while try nextMember() != nil { _ = try self.value() }
      value = .object
    case UInt8(ascii: "["):
      try beginArray()
      while try nextElement() { _ = try self.value() }
      value = .array
    case UInt8(ascii: "\""):
      value = .string(try string())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      // A number is on one line: no byte of it is a line break.
      while let c = current, Self.isNumberByte(c) { advance() }
      value = .number(String(decoding: bytes[startIndex..<index], as: UTF8.self))
    default:
      while let c = current, (c | 0x20) >= UInt8(ascii: "a"), (c | 0x20) <= UInt8(ascii: "z") { advance() }
      let word = String(decoding: bytes[startIndex..<index], as: UTF8.self)
      switch word {
      case "true": value = .bool(true)
      case "false": value = .bool(false)
      case "null": value = .null
      default:
        index = startIndex
        column = start.column
        throw error(
          "unexpected '\(word.isEmpty ? scalarText() : word)'",
          hint: "expected a number, a string, an object, an array, true, false or null")
      }
    }
    return Node(value: value, span: span(from: start))
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
      UInt8(ascii: "e"), UInt8(ascii: "E"):
      return true
    default:
      return false
    }
  }

  private mutating func string() throws(SyntaxError) -> String {
    advance()
    var text: [UInt8] = []
    while let byte = current {
      switch byte {
      case UInt8(ascii: "\""):
        advance()
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        throw error("unterminated string")
      case UInt8(ascii: "\\"):
        advance()
        guard let escaped = current else { break }
        switch escaped {
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "u"):
          let scalar = try unicodeEscape()
          text.append(contentsOf: String(Character(scalar)).utf8)
        default:
          // `\"`, `\\`, `\/`, and any other byte stands for itself (a line break too).
          text.append(escaped)
        }
        advance()
      default:
        text.append(byte)
        advance()
      }
    }
    throw error("unterminated string")
  }

  /// The scalar of a `\uXXXX` escape (a surrogate pair takes two), the reading position on its
  /// last digit.
  private mutating func unicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
    // The escape starts at the backslash, one column before the current `u`.
    let escape = SourceSpan(line: line, column: column - 1, length: 6, lineText: lineText())
    let first = try hexQuad()
    let lone = escape.issue(
      .jsonSyntax, "a lone surrogate \\u\(String(first, radix: 16, uppercase: true)) is not a character",
      hint: "write the character itself, or a \\uD800-\\uDBFF escape followed by a \\uDC00-\\uDFFF one")
    if (0xD800...0xDBFF).contains(first) {
      // The digits never end a line, so the second escape's `\u` is on this line or absent.
      guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\"),
        bytes[index + 2] == UInt8(ascii: "u")
      else { throw SyntaxError(issue: lone) }
      advance()
      advance()
      let second = try hexQuad()
      guard (0xDC00...0xDFFF).contains(second) else {
        throw SyntaxError(issue: lone)
      }
      let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
      if let scalar = Unicode.Scalar(value) { return scalar }
    }
    guard let scalar = Unicode.Scalar(first) else {
      throw SyntaxError(issue: lone)
    }
    return scalar
  }

  /// Four hex digits after the current byte; the reading position ends on the last one.
  private mutating func hexQuad() throws(SyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      advance()
      guard let byte = current, let digit = Self.hexValue(byte) else { throw error("bad \\u escape") }
      value = value << 4 | digit
    }
    return value
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }
}
