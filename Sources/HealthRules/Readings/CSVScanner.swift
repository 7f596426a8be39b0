/// Splits CSV into records and fields one record at a time, remembering where each field starts.
///
/// Fields are separated by commas; a field may be quoted with `"` and then hold
/// commas, line breaks and doubled quotes (`""`). Blank lines are skipped. A record
/// ends at `"\n"` (a `"\r"` before it is dropped, outside quotes).
///
/// The text is read per UTF-8 byte: every character that means something in CSV is
/// ASCII, so a `"` next to a combining mark or after a prepended mark (U+0600) is
/// still a quote, where Swift's `Character` would fold it into one grapheme cluster.
/// Columns count Unicode scalars, as the diagnostics renderer does.
///
/// - Complexity: O(n) in the bytes; memory holds one record.
struct CSVScanner {
  struct Field {
    var text: String
    /// Whether the field was written in quotes (its text is then taken exactly).
    var quoted: Bool
    var span: SourceSpan
  }

  struct Record {
    var line: Int
    var fields: [Field]
    /// Where a missing field would start: just past the end of the record.
    var end: SourceSpan
  }

  private static let quote = UInt8(ascii: "\"")
  private static let comma = UInt8(ascii: ",")

  private var reader: LineReader
  private var bytes: [UInt8] = []
  private var ended = false
  private var lineText = ""
  private var line = 0
  private var position = 0
  private var column = 1
  /// Problems found in the records returned so far; ``takeIssues()`` hands them over.
  private var issues: [ReadingsIssue] = []

  /// A scanner over text in memory.
  init(_ text: String) {
    reader = LineReader(text)
  }

  /// A scanner over lines read as needed.
  init(_ reader: LineReader) {
    self.reader = reader
  }

  /// Whether the input was not well-formed UTF-8 (the scan stopped there).
  var invalidUTF8: Bool { reader.invalidUTF8 }
  /// Why reading the file failed part way, if it did (the scan stopped there).
  var readError: String? { reader.readError }

  /// The problems found since the last call.
  mutating func takeIssues() -> [ReadingsIssue] {
    defer { issues = [] }
    return issues
  }

  /// Loads the next physical line; false at the end.
  private mutating func nextLine() -> Bool {
    guard let next = reader.next() else { return false }
    bytes = next.bytes
    ended = next.ended
    lineText = LineReader.displayText(bytes)
    line += 1
    position = 0
    column = 1
    return true
  }

  /// The end of the line's content: before a final `"\r"`.
  private var contentEnd: Int {
    bytes.last == UInt8(ascii: "\r") ? bytes.count - 1 : bytes.count
  }

  /// Moves past one byte, counting a column at the start of each scalar.
  private mutating func step() {
    if bytes[position] & 0xC0 != 0x80 { column += 1 }
    position += 1
  }

  /// The next non-blank record, or `nil` at the end.
  mutating func next() -> Record? {
    while nextLine() {
      let recordLine = line
      var fields: [Field] = []
      while true {
        fields.append(field())
        guard position < contentEnd, bytes[position] == Self.comma else { break }
        step()
      }
      let blank =
        fields.count == 1 && !fields[0].quoted && fields[0].text.allSatisfy { $0 == " " || $0 == "\t" }
        && fields[0].span.length <= 1
      if blank { continue }
      let end = SourceSpan(line: line, column: column, length: 1, lineText: lineText)
      return Record(line: recordLine, fields: fields, end: end)
    }
    return nil
  }

  private mutating func field() -> Field {
    let startLine = line
    let startColumn = column
    let startText = lineText
    var text: [UInt8] = []
    guard position < contentEnd, bytes[position] == Self.quote else {
      let start = position
      while position < contentEnd, bytes[position] != Self.comma { step() }
      text.append(contentsOf: bytes[start..<position])
      let span = SourceSpan(
        line: startLine, column: startColumn, length: column - startColumn, lineText: startText)
      return Field(text: String(decoding: text, as: UTF8.self), quoted: false, span: span)
    }
    step()
    var length = 1
    var closed = false
    scan: while true {
      while position < bytes.count {
        let byte = bytes[position]
        if byte == Self.quote {
          if position + 1 < bytes.count, bytes[position + 1] == Self.quote {
            text.append(Self.quote)
            position += 2
            column += 2
            length += 2
            continue
          }
          step()
          length += 1
          closed = true
          break scan
        }
        text.append(byte)
        if byte & 0xC0 != 0x80 { length += 1 }
        step()
      }
      // The line ends inside the quotes: the line break is part of the field.
      guard ended, nextLine() else { break }
      text.append(UInt8(ascii: "\n"))
      length += 1
    }
    if !closed {
      issues.append(
        ReadingsIssue(
          .unterminatedQuote, line: startLine, column: startColumn, message: "unterminated quoted field",
          hint: "add the closing '\"'", lineText: startText))
    }
    // Anything between the closing quote and the next separator is an error.
    let strayColumn = column
    while position < contentEnd, bytes[position] != Self.comma { step() }
    if column > strayColumn {
      issues.append(
        ReadingsIssue(
          .textAfterQuote, line: line, column: strayColumn, length: column - strayColumn,
          message: "unexpected text after a quoted field",
          hint: "put the whole field inside the quotes", lineText: lineText))
    }
    let span = SourceSpan(
      line: startLine, column: startColumn, length: length, lineText: startText)
    return Field(text: String(decoding: text, as: UTF8.self), quoted: true, span: span)
  }
}
