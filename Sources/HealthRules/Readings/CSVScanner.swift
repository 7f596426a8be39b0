/// Splits CSV text into records and fields, remembering where each field starts.
///
/// Fields are separated by commas; a field may be quoted with `"` and then hold
/// commas, line breaks and doubled quotes (`""`). Blank lines are skipped.
struct CSVScanner {
  struct Field {
    var text: String
    var span: SourceSpan
  }

  struct Record {
    var line: Int
    var fields: [Field]
    /// Where a missing field would start: just past the end of the record.
    var end: SourceSpan
  }

  let lines: [String]
  private(set) var records: [Record] = []
  private(set) var issues: [ReadingsIssue] = []

  init(_ text: String) {
    lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    scan(Array(text))
  }

  private func lineText(_ line: Int) -> String {
    line - 1 < lines.count ? lines[line - 1] : ""
  }

  private mutating func scan(_ characters: [Character]) {
    var index = 0
    var line = 1
    var column = 1
    var fields: [Field] = []
    var recordLine = 1

    func finishRecord(_ scanner: inout CSVScanner, endColumn: Int) {
      let blank = fields.count == 1 && fields[0].text.trimmingSpaces().isEmpty && fields[0].span.length <= 1
      if !fields.isEmpty && !blank {
        let end = SourceSpan(
          line: recordLine, column: endColumn, length: 1, lineText: scanner.lineText(recordLine))
        scanner.records.append(Record(line: recordLine, fields: fields, end: end))
      }
      fields = []
    }

    while index <= characters.count {
      // Start of a field.
      let startLine = line
      let startColumn = column
      if fields.isEmpty { recordLine = line }
      var text = ""
      var length = 0
      if index < characters.count, characters[index] == "\"" {
        index += 1
        column += 1
        length = 1
        var closed = false
        while index < characters.count {
          let character = characters[index]
          if character == "\"" {
            if index + 1 < characters.count, characters[index + 1] == "\"" {
              text.append("\"")
              index += 2
              column += 2
              length += 2
              continue
            }
            index += 1
            column += 1
            length += 1
            closed = true
            break
          }
          text.append(character)
          index += 1
          if character.isNewline {
            line += 1
            column = 1
          } else {
            column += 1
          }
          length += 1
        }
        if !closed {
          issues.append(
            ReadingsIssue(
              .unterminatedQuote, line: startLine, column: startColumn, message: "unterminated quoted field",
              hint: "add the closing '\"'", lineText: lineText(startLine)))
        }
        // Anything between the closing quote and the next separator is an error.
        var stray = 0
        let strayColumn = column
        while index < characters.count, characters[index] != ",", !characters[index].isNewline {
          stray += 1
          index += 1
          column += 1
        }
        if stray > 0 {
          issues.append(
            ReadingsIssue(
              .textAfterQuote, line: line, column: strayColumn, length: stray,
              message: "unexpected text after a quoted field",
              hint: "put the whole field inside the quotes", lineText: lineText(line)))
        }
      } else {
        while index < characters.count, characters[index] != ",", !characters[index].isNewline {
          text.append(characters[index])
          index += 1
          column += 1
          length += 1
        }
      }
      let span = SourceSpan(
        line: startLine, column: startColumn, length: length, lineText: lineText(startLine))
      fields.append(Field(text: text, span: span))
      if index >= characters.count {
        finishRecord(&self, endColumn: column)
        break
      }
      let separator = characters[index]
      index += 1
      if separator == "," {
        column += 1
      } else {
        finishRecord(&self, endColumn: column)
        line += 1
        column = 1
      }
    }
  }
}
