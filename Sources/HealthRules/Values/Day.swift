/// A calendar day, with no time of day and no time zone.
///
/// Days are stored as a count of days since 1970-01-01 in the proleptic
/// Gregorian calendar, so arithmetic and comparison are plain integer work and
/// no time zone can shift a reading onto another day. The text form is ISO 8601
/// `yyyy-mm-dd`.
///
/// ```swift
/// let today = Day(year: 2026, month: 3, day: 7)!
/// today.advanced(by: -1).description  // "2026-03-06"
/// ```
public struct Day: Sendable, Hashable, Comparable {
  /// Days since 1970-01-01 (negative before it).
  package let ordinal: Int

  /// Creates a day from its count of days since 1970-01-01.
  package init(ordinal: Int) {
    self.ordinal = ordinal
  }

  /// Creates a day from a year, month and day of month, or `nil` when the date does not exist.
  ///
  /// - Parameters:
  ///   - year: The year, 1...9999.
  ///   - month: The month, 1...12.
  ///   - day: The day of the month, valid for that month and year.
  package init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Day.daysInMonth(year: year, month: month)).contains(day)
    else { return nil }
    // Shift the year to start in March so the leap day ends it.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let shiftedMonth = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    ordinal = era * 146_097 + dayOfEra - 719_468
  }

  /// Parses an ISO 8601 calendar date `yyyy-mm-dd`, or returns `nil`.
  ///
  /// - Parameter text: Exactly ten characters, such as `2026-03-07`.
  public init?(iso text: some StringProtocol) {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
      return nil
    }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let byte = bytes[index]
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
      return nil
    }
    self.init(year: year, month: month, day: day)
  }

  /// The year, month and day of month of this day.
  package var components: (year: Int, month: Int, day: Int) {
    let z = ordinal + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  /// The day `count` days after this one (before it when negative).
  public func advanced(by count: Int) -> Day {
    Day(ordinal: ordinal + count)
  }

  /// The number of days from this day to `other` (negative when `other` is earlier).
  package func distance(to other: Day) -> Int {
    other.ordinal - ordinal
  }

  public static func < (lhs: Day, rhs: Day) -> Bool {
    lhs.ordinal < rhs.ordinal
  }

  static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

extension Day: CustomStringConvertible {
  /// The ISO 8601 form, `yyyy-mm-dd`.
  public var description: String {
    let (year, month, day) = components
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }
}

extension Day: Codable {
  /// Decodes a day from its ISO 8601 text.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let day = Day(iso: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "expected a date yyyy-mm-dd, found '\(text)'")
    }
    self = day
  }

  /// Encodes a day as its ISO 8601 text.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
