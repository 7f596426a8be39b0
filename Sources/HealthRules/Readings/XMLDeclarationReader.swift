/// Checks the XML declaration at the start of an Apple Health export and blanks it.
///
/// An XML declaration (`<?xml version="1.0" encoding="UTF-8"?>`) is read by
/// this type, not by the XML parser: Foundation's `XMLParser` on Linux reads a
/// null pointer on some malformed declarations (an `encoding="…` never
/// closed). The declaration must follow the XML grammar strictly: `version`,
/// then optionally `encoding`, then optionally `standalone`, each `name="value"`
/// with matching quotes, ending in `?>`; the version must be `1.0` and the
/// encoding UTF-8 (the only encoding the reader takes, and the one Apple Health
/// writes). A valid declaration becomes blanks of the same length (its line
/// breaks kept), so the parser reads the document as UTF-8, its default, and
/// line and column numbers do not move. A malformed one is a ``failure``, and
/// nothing after it is passed on.
///
/// A UTF-8 byte order mark at the very start is passed on, and the declaration
/// may follow it. A file that does not start with `<?xml` passes through
/// untouched (a declaration elsewhere in the prolog is found by
/// ``DoctypeBlanker``).
///
/// - Complexity: O(n) in the bytes fed; at most ``limit`` bytes are held.
struct XMLDeclarationReader: Sendable {
  /// The most bytes a declaration may take, up to and including its `?>`.
  static let limit = 1_024
  /// The declaration Apple Health writes, for hints.
  static let hint = "an export starts with <?xml version=\"1.0\" encoding=\"UTF-8\"?>"

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The bytes held from the start of the input until it shows whether a declaration starts there.
  private var held: [UInt8] = []
  /// Whether the start has been decided: bytes now pass through.
  private(set) var isPassingThrough = false
  /// Why the declaration is not accepted, once it is known.
  private(set) var failure: ReadingsIssue?

  /// Filters the next chunk; held bytes are returned by a later call or by ``finish()``.
  mutating func feed<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
    if isPassingThrough { return Array(bytes) }
    guard failure == nil else { return [] }
    var index = bytes.startIndex
    while index != bytes.endIndex, !isPassingThrough, failure == nil {
      held.append(bytes[index])
      index = bytes.index(after: index)
      decide(atEnd: false)
    }
    guard failure == nil else { return [] }
    guard isPassingThrough else { return [] }
    defer { held = [] }
    return held + bytes[index...]
  }

  /// Ends the input: held bytes are decided and returned (none after a failure).
  mutating func finish() -> [UInt8] {
    guard !isPassingThrough, failure == nil else { return [] }
    decide(atEnd: true)
    defer { held = [] }
    guard failure == nil else { return [] }
    return held
  }

  /// Where the declaration would start: after a byte order mark, if any.
  private var start: Int {
    held.starts(with: Self.byteOrderMark) ? Self.byteOrderMark.count : 0
  }

  /// Looks at the held bytes: passes them on, keeps holding, checks a complete declaration.
  private mutating func decide(atEnd: Bool) {
    if held.count < Self.byteOrderMark.count, Self.byteOrderMark.starts(with: held), !atEnd { return }
    let start = start
    let opening = held[start...].prefix(6)
    let looksLike = opening.enumerated().allSatisfy { offset, byte in
      switch offset {
      case 0: byte == UInt8(ascii: "<")
      case 1: byte == UInt8(ascii: "?")
      case 2...4: byte | 0x20 == Array("xml".utf8)[offset - 2]
      default: Self.isSpace(byte) || byte == UInt8(ascii: "?")
      }
    }
    if !looksLike {
      isPassingThrough = true
      return
    }
    if opening.count < 6 {
      if atEnd { isPassingThrough = true }
      return
    }
    let closed = held.count >= start + 4 && held.suffix(2).elementsEqual("?>".utf8)
    guard closed || atEnd || held.count >= Self.limit else { return }
    var parser = Parser(bytes: held, start: start)
    if let issue = parser.parse() {
      failure = issue
      return
    }
    for index in start..<held.count where held[index] != 0x0A && held[index] != 0x0D {
      held[index] = 0x20
    }
    isPassingThrough = true
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// A strict reading of one declaration held in memory.
  private struct Parser {
    let bytes: [UInt8]
    let start: Int
    var position: Int

    init(bytes: [UInt8], start: Int) {
      self.bytes = bytes
      self.start = start
      self.position = start + 5
    }

    /// The byte at the position, or nil at the end of what is held.
    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// The declaration's problem, or nil when it is well-formed and supported.
    mutating func parse() -> ReadingsIssue? {
      if !bytes[(start + 2)..<(start + 5)].elementsEqual("xml".utf8) {
        return issue(at: start, length: 5, "the XML declaration must be written '<?xml' in lowercase")
      }
      var seen: [String] = []
      while true {
        let afterLast = position
        let spaced = skipSpaces()
        if isAtClose {
          guard seen.contains("version") else {
            return issue(at: position, "the XML declaration has no version")
          }
          return nil
        }
        guard let byte = current, Self.isNameByte(byte) else {
          return issue(at: afterLast, "the XML declaration is not closed with '?>'")
        }
        let nameStart = position
        while let byte = current, Self.isNameByte(byte) { position += 1 }
        let name = text(nameStart..<position)
        let names = ["version", "encoding", "standalone"]
        guard let rank = names.firstIndex(of: name) else {
          return issue(
            at: nameStart, length: name.count,
            "'\(name)' is not allowed in the XML declaration; expected version, encoding or standalone")
        }
        if !spaced { return issue(at: nameStart, "expected a space before '\(name)' in the XML declaration") }
        if seen.contains(name) {
          return issue(at: nameStart, length: name.count, "'\(name)' appears twice in the XML declaration")
        }
        if name != "version", !seen.contains("version") {
          return issue(at: nameStart, length: name.count, "the XML declaration must start with 'version'")
        }
        if let last = seen.last, let lastRank = names.firstIndex(of: last), lastRank > rank {
          return issue(
            at: nameStart, length: name.count,
            "'\(name)' must come before '\(last)' in the XML declaration")
        }
        seen.append(name)
        skipSpaces()
        guard current == UInt8(ascii: "=") else {
          return issue(at: position, "expected '=' after '\(name)' in the XML declaration")
        }
        position += 1
        skipSpaces()
        guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
          return issue(at: position, "expected a quoted value after '\(name)=' in the XML declaration")
        }
        position += 1
        let valueStart = position
        while let byte = current, byte != quote, !Self.endsValue(byte) { position += 1 }
        guard current == quote else {
          let mark = quote == UInt8(ascii: "\"") ? "\"" : "'"
          return issue(at: position, "missing \(mark) to close the \(name) in the XML declaration")
        }
        let value = text(valueStart..<position)
        position += 1
        if let problem = check(name: name, value: value, at: valueStart) { return problem }
      }
    }

    /// A value's problem: a version other than 1.0, an encoding other than UTF-8, a standalone other than yes or no.
    func check(name: String, value: String, at offset: Int) -> ReadingsIssue? {
      let length = max(1, value.count)
      switch name {
      case "version" where value != "1.0":
        return issue(at: offset, length: length, "XML version '\(value)' is not supported; expected '1.0'")
      case "encoding" where value.lowercased() != "utf-8":
        return issue(
          at: offset, length: length, "encoding '\(value)' is not supported; Apple Health exports are UTF-8",
          hint: "save the file as UTF-8 and declare encoding=\"UTF-8\"")
      case "standalone" where value != "yes" && value != "no":
        return issue(at: offset, length: length, "standalone must be 'yes' or 'no', found '\(value)'")
      default:
        return nil
      }
    }

    var isAtClose: Bool {
      position + 1 < bytes.count && bytes[position] == UInt8(ascii: "?")
        && bytes[position + 1] == UInt8(ascii: ">")
    }

    @discardableResult
    mutating func skipSpaces() -> Bool {
      let before = position
      while let byte = current, XMLDeclarationReader.isSpace(byte) { position += 1 }
      return position > before
    }

    /// Letters: the names `version`, `encoding`, `standalone` and any other name written there.
    static func isNameByte(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// Bytes that cannot be in a value (a version, an encoding name, `yes` or `no`), so a value
    /// that reaches one was never closed: `<`, `>`, `?`, spaces and line breaks.
    static func endsValue(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "?")
        || XMLDeclarationReader.isSpace(byte)
    }

    func text(_ range: Range<Int>) -> String {
      String(decoding: bytes[range], as: UTF8.self)
    }

    /// An issue at a byte offset of the held bytes, with its line, column (in characters) and line text.
    func issue(at offset: Int, length: Int = 1, _ message: String, hint: String? = nil) -> ReadingsIssue {
      var line = 1
      var lineStart = start
      for index in start..<min(offset, bytes.count) where bytes[index] == 0x0A {
        line += 1
        lineStart = index + 1
      }
      let before = bytes[lineStart..<min(offset, bytes.count)]
      let column = 1 + before.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } + max(0, offset - bytes.count)
      let lineEnd = bytes[lineStart...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
      let lineText = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
      return ReadingsIssue(
        .xmlSyntax, line: line, column: column, length: length, message: message,
        hint: hint ?? XMLDeclarationReader.hint,
        lineText: lineText)
    }
  }
}
