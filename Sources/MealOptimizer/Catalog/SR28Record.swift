/// One line of an SR28 file: its fields as byte ranges.
struct SR28Record {
  let file: SR28File
  /// The 1-based line number.
  let line: Int
  /// Each field's bytes, without the `~` quotes.
  private(set) var fields: [Range<Int>] = []
  /// The 1-based column where each field starts.
  private(set) var columns: [Int] = []

  init(file: SR28File, line: Int, range: Range<Int>) {
    self.file = file
    self.line = line
    var fieldStart = range.lowerBound
    for index in range.lowerBound...range.upperBound {
      if index == range.upperBound || file.bytes[index] == 0x5E {  // ^
        var lower = fieldStart
        var upper = index
        if upper - lower >= 2 && file.bytes[lower] == 0x7E && file.bytes[upper - 1] == 0x7E {  // ~
          lower += 1
          upper -= 1
        }
        fields.append(lower..<upper)
        columns.append(fieldStart - range.lowerBound + 1)
        fieldStart = index + 1
      }
    }
  }

  /// An error located at field `field` (0-based).
  func error(_ message: String, field: Int) -> SR28ImportError {
    .malformedRecord(
      file: file.name, line: line, column: field < columns.count ? columns[field] : 1, message: message)
  }

  /// Checks that the record has at least `count` fields.
  func require(fields count: Int) throws(SR28ImportError) {
    if fields.count < count {
      throw error("expected at least \(count) fields separated by '^', found \(fields.count)", field: 0)
    }
  }

  /// Field `field` decoded as Latin-1 text.
  func text(_ field: Int) -> String {
    guard field < fields.count else { return "" }
    let scalars = file.bytes[fields[field]].lazy.map { Character(Unicode.Scalar($0)) }
    return String(scalars)
  }

  /// Field `field` as ASCII text, for codes and numbers.
  func ascii(_ field: Int) -> String {
    guard field < fields.count else { return "" }
    return String(decoding: file.bytes[fields[field]], as: UTF8.self)
  }

  /// Field `field` as a non-negative integer.
  func integer(_ field: Int, what: String) throws(SR28ImportError) -> Int {
    guard field < fields.count, !fields[field].isEmpty else {
      throw error("missing \(what)", field: field)
    }
    var value = 0
    for byte in file.bytes[fields[field]] {
      guard byte >= 0x30 && byte <= 0x39, value < Int.max / 100 else {
        throw error("\(what) '\(ascii(field))' is not a whole number", field: field)
      }
      value = value * 10 + Int(byte - 0x30)
    }
    return value
  }

  /// Field `field` as a decimal number; `nil` when the field is empty (an absent value).
  func number(_ field: Int, what: String) throws(SR28ImportError) -> Double? {
    guard field < fields.count, !fields[field].isEmpty else { return nil }
    guard let value = DecimalText.parse(file.bytes[fields[field]]) else {
      throw error("\(what) '\(ascii(field))' is not a number", field: field)
    }
    return value
  }
}
