/// A small JSON parser that keeps the line and column of every value, so readings
/// errors can point into the file. Numbers are kept as text, for exact decimals.
///
/// The text is read per UTF-8 byte, as JSON is defined: a `"` or `\\` next to a
/// combining mark or after a prepended mark (U+0600) is still itself, where Swift's
/// `Character` would fold it into one grapheme cluster. Columns count Unicode scalars.
struct JSONScanner {
  indirect enum Value {
    case object([(key: String, keySpan: SourceSpan, value: Node)])
    case array([Node])
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

  private let bytes: [UInt8]
  /// The byte offset where each line starts.
  private let lineStarts: [Int]
  private var index = 0
  private var line = 1
  private var column = 1
  private var depth = 0
  /// The last line whose text a span took, kept so the values of one line share it.
  private var cachedLine = (number: 0, text: "")

  /// Parses a whole JSON document.
  static func parse(_ text: String) throws(SyntaxError) -> Node {
    var scanner = JSONScanner(text)
    scanner.skipSpace()
    let node = try scanner.value()
    scanner.skipSpace()
    if scanner.index < scanner.bytes.count {
      throw scanner.error("unexpected '\(scanner.scalarText())' after the end of the JSON value")
    }
    return node
  }

  private init(_ text: String) {
    bytes = Array(text.utf8)
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
    lineStarts = starts
  }

  private mutating func lineText(_ line: Int) -> String {
    if cachedLine.number == line { return cachedLine.text }
    guard line >= 1, line <= lineStarts.count else { return "" }
    let start = lineStarts[line - 1]
    let end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    let text = LineReader.displayText(Array(bytes[start..<max(start, end)]))
    cachedLine = (line, text)
    return text
  }

  private mutating func span(line: Int, column: Int, length: Int) -> SourceSpan {
    SourceSpan(line: line, column: column, length: length, lineText: lineText(line))
  }

  private mutating func error(_ message: String, hint: String? = nil) -> SyntaxError {
    SyntaxError(issue: span(line: line, column: column, length: 1).issue(.jsonSyntax, message, hint: hint))
  }

  private var current: UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  /// The whole scalar starting at the current byte, for messages.
  private func scalarText() -> String {
    guard index < bytes.count else { return "" }
    var end = index + 1
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    return String(decoding: bytes[index..<end], as: UTF8.self)
  }

  private mutating func advance() {
    if bytes[index] == UInt8(ascii: "\n") {
      line += 1
      column = 1
    } else if bytes[index] & 0xC0 != 0x80 {
      column += 1
    }
    index += 1
  }

  private mutating func skipSpace() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
  }

  private mutating func expect(_ character: Unicode.Scalar) throws(SyntaxError) {
    guard current == UInt8(character.value) else {
      let found = current == nil ? "the end of the file" : "'\(scalarText())'"
      throw error("expected '\(character)', found \(found)")
    }
    advance()
  }

  private mutating func value() throws(SyntaxError) -> Node {
    let startLine = line
    let startColumn = column
    let startIndex = index
    guard let byte = current else { throw error("expected a value, found the end of the file") }
    let value: Value
    switch byte {
    case UInt8(ascii: "{"):
      value = try object()
    case UInt8(ascii: "["):
      value = try array()
    case UInt8(ascii: "\""):
      value = .string(try string())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
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
        line = startLine
        column = startColumn
        throw error(
          "unexpected '\(word.isEmpty ? scalarText() : word)'",
          hint: "expected a number, a string, an object, an array, true, false or null")
      }
    }
    let length = line == startLine ? column - startColumn : 1
    return Node(value: value, span: span(line: startLine, column: startColumn, length: length))
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

  private mutating func object() throws(SyntaxError) -> Value {
    depth += 1
    defer { depth -= 1 }
    guard depth < 64 else { throw error("the JSON nests too deeply") }
    advance()
    var members: [(key: String, keySpan: SourceSpan, value: Node)] = []
    skipSpace()
    if current == UInt8(ascii: "}") {
      advance()
      return .object(members)
    }
    while true {
      skipSpace()
      guard current == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
      let keyLine = line
      let keyColumn = column
      let key = try string()
      let keySpan = span(line: keyLine, column: keyColumn, length: column - keyColumn)
      skipSpace()
      try expect(":")
      skipSpace()
      members.append((key, keySpan, try value()))
      skipSpace()
      if current == UInt8(ascii: ",") {
        advance()
        continue
      }
      try expect("}")
      return .object(members)
    }
  }

  private mutating func array() throws(SyntaxError) -> Value {
    depth += 1
    defer { depth -= 1 }
    guard depth < 64 else { throw error("the JSON nests too deeply") }
    advance()
    var elements: [Node] = []
    skipSpace()
    if current == UInt8(ascii: "]") {
      advance()
      return .array(elements)
    }
    while true {
      skipSpace()
      elements.append(try value())
      skipSpace()
      if current == UInt8(ascii: ",") {
        advance()
        continue
      }
      try expect("]")
      return .array(elements)
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
          // `\"`, `\\`, `\/`, and any other byte stands for itself.
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

  /// The scalar of a `\uXXXX` escape (a surrogate pair takes two), the index on its last digit.
  private mutating func unicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
    // The escape starts at the backslash, one column before the current `u`.
    let escapeLine = line
    let escapeColumn = column - 1
    let first = try hexQuad()
    let lone = span(line: escapeLine, column: escapeColumn, length: 6).issue(
      .jsonSyntax, "a lone surrogate \\u\(String(first, radix: 16, uppercase: true)) is not a character",
      hint: "write the character itself, or a \\uD800-\\uDBFF escape followed by a \\uDC00-\\uDFFF one")
    if (0xD800...0xDBFF).contains(first) {
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

  /// Four hex digits after the current byte; the index ends on the last one.
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
