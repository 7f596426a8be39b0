/// A small JSON parser that keeps the line and column of every value, so readings
/// errors can point into the file. Numbers are kept as text, for exact decimals.
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

  private let characters: [Character]
  private let lines: [String]
  private var index = 0
  private var line = 1
  private var column = 1
  private var depth = 0

  /// Parses a whole JSON document.
  static func parse(_ text: String) throws(SyntaxError) -> Node {
    var scanner = JSONScanner(text)
    scanner.skipSpace()
    let node = try scanner.value()
    scanner.skipSpace()
    if scanner.index < scanner.characters.count {
      throw scanner.error("unexpected '\(scanner.characters[scanner.index])' after the end of the JSON value")
    }
    return node
  }

  private init(_ text: String) {
    characters = Array(text)
    lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
  }

  private func span(line: Int, column: Int, length: Int) -> SourceSpan {
    SourceSpan(
      line: line, column: column, length: length, lineText: line - 1 < lines.count ? lines[line - 1] : "")
  }

  private func error(_ message: String, hint: String? = nil) -> SyntaxError {
    SyntaxError(issue: span(line: line, column: column, length: 1).issue(.jsonSyntax, message, hint: hint))
  }

  private var current: Character? {
    index < characters.count ? characters[index] : nil
  }

  private mutating func advance() {
    if characters[index].isNewline {
      line += 1
      column = 1
    } else {
      column += 1
    }
    index += 1
  }

  private mutating func skipSpace() {
    while let character = current, character.isWhitespace { advance() }
  }

  private mutating func expect(_ character: Character) throws(SyntaxError) {
    guard current == character else {
      let found = current.map { "'\($0)'" } ?? "the end of the file"
      throw error("expected '\(character)', found \(found)")
    }
    advance()
  }

  private mutating func value() throws(SyntaxError) -> Node {
    let startLine = line
    let startColumn = column
    let startIndex = index
    guard let character = current else { throw error("expected a value, found the end of the file") }
    let value: Value
    switch character {
    case "{":
      value = try object()
    case "[":
      value = try array()
    case "\"":
      value = .string(try string())
    case "-", "0"..."9":
      var text = ""
      while let c = current,
        c == "-" || c == "+" || c == "." || c == "e" || c == "E" || ("0"..."9").contains(c)
      {
        text.append(c)
        advance()
      }
      value = .number(text)
    default:
      var word = ""
      while let c = current, c.isLetter {
        word.append(c)
        advance()
      }
      switch word {
      case "true": value = .bool(true)
      case "false": value = .bool(false)
      case "null": value = .null
      default:
        index = startIndex
        line = startLine
        column = startColumn
        throw error(
          "unexpected '\(word.isEmpty ? String(character) : word)'",
          hint: "expected a number, a string, an object, an array, true, false or null")
      }
    }
    let length = line == startLine ? column - startColumn : 1
    return Node(value: value, span: span(line: startLine, column: startColumn, length: length))
  }

  private mutating func object() throws(SyntaxError) -> Value {
    depth += 1
    defer { depth -= 1 }
    guard depth < 64 else { throw error("the JSON nests too deeply") }
    advance()
    var members: [(key: String, keySpan: SourceSpan, value: Node)] = []
    skipSpace()
    if current == "}" {
      advance()
      return .object(members)
    }
    while true {
      skipSpace()
      guard current == "\"" else { throw error("expected a quoted key") }
      let keyLine = line
      let keyColumn = column
      let key = try string()
      let keySpan = span(line: keyLine, column: keyColumn, length: column - keyColumn)
      skipSpace()
      try expect(":")
      skipSpace()
      members.append((key, keySpan, try value()))
      skipSpace()
      if current == "," {
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
    if current == "]" {
      advance()
      return .array(elements)
    }
    while true {
      skipSpace()
      elements.append(try value())
      skipSpace()
      if current == "," {
        advance()
        continue
      }
      try expect("]")
      return .array(elements)
    }
  }

  private mutating func string() throws(SyntaxError) -> String {
    advance()
    var text = ""
    while let character = current {
      if character == "\"" {
        advance()
        return text
      }
      if character.isNewline { throw error("unterminated string") }
      if character == "\\" {
        advance()
        guard let escaped = current else { break }
        switch escaped {
        case "n": text.append("\n")
        case "t": text.append("\t")
        case "r": text.append("\r")
        case "b", "f": break
        case "u":
          var hex = ""
          for _ in 0..<4 {
            advance()
            guard let digit = current, digit.isHexDigit else { throw error("bad \\u escape") }
            hex.append(digit)
          }
          if let scalar = UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) {
            text.unicodeScalars.append(scalar)
          }
        default: text.append(escaped)
        }
        advance()
        continue
      }
      text.append(character)
      advance()
    }
    throw error("unterminated string")
  }
}
