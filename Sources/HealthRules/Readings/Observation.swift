/// A time of day, to the second, with no date and no time zone: when a reading was taken.
///
/// The text form is `hh:mm` or `hh:mm:ss` on a 24-hour clock (`07:10`, `19:00:30`).
package struct TimeOfDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// Seconds since midnight, 0...86,399.
  package let seconds: Int

  /// Creates a time from seconds since midnight, or `nil` outside 0...86,399.
  package init?(seconds: Int) {
    guard (0..<86_400).contains(seconds) else { return nil }
    self.seconds = seconds
  }

  /// Creates a time from hours, minutes and seconds, or `nil` when one is out of range.
  package init?(hour: Int, minute: Int, second: Int = 0) {
    guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
    seconds = hour * 3600 + minute * 60 + second
  }

  /// Parses `hh:mm` or `hh:mm:ss` (24-hour clock, two digits each), or returns `nil`.
  package init?(text: some StringProtocol) {
    let bytes = Array(text.utf8)
    guard bytes.count == 5 || bytes.count == 8, bytes[2] == UInt8(ascii: ":"),
      bytes.count == 5 || bytes[5] == UInt8(ascii: ":")
    else { return nil }
    func pair(_ at: Int) -> Int? {
      let digits = bytes[at...(at + 1)]
      guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
      return Int(digits[at] - UInt8(ascii: "0")) * 10 + Int(digits[at + 1] - UInt8(ascii: "0"))
    }
    guard let hour = pair(0), let minute = pair(3) else { return nil }
    let second = bytes.count == 8 ? pair(6) : 0
    guard let second else { return nil }
    self.init(hour: hour, minute: minute, second: second)
  }

  /// `hh:mm`, or `hh:mm:ss` when the seconds are not zero.
  package var description: String {
    func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let text = "\(pad(seconds / 3600)):\(pad(seconds / 60 % 60))"
    return seconds % 60 == 0 ? text : text + ":\(pad(seconds % 60))"
  }

  package static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
    lhs.seconds < rhs.seconds
  }

  /// Decodes a time from its text.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let time = TimeOfDay(text: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "expected a time hh:mm, found '\(text)'")
    }
    self = time
  }

  /// Encodes a time as its text.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// One reading of one measure: its value, and when and in what context it was taken.
///
/// A day may hold any number of readings of a measure. Rules see one value a day per
/// measure (``Measurements/steps``: the mean of the day's readings, see
/// ``DayCombine/mean``) unless they choose another combination (``ReadingSelection``).
package struct Observation: Sendable, Hashable {
  /// The measure's name (`systolic`, `heart_rate`).
  package var metric: String
  /// The value in storage steps of the measure's canonical unit (``ValueUnit/storageScale``).
  package var steps: Int64
  /// When it was taken, or `nil` when the reading gave no time.
  package var time: TimeOfDay?
  /// The context it was taken in (`fasting`, `before meal`), normalized by
  /// ``Observation/normalizedContext(_:)``; `nil` when none was given.
  package var context: String?

  /// Creates a reading.
  package init(metric: String, steps: Int64, time: TimeOfDay? = nil, context: String? = nil) {
    self.metric = metric
    self.steps = steps
    self.time = time
    self.context = context.flatMap(Observation.normalizedContext)
  }

  /// The contexts the documentation names; any other words are accepted as the user's own.
  package static let knownContexts = ["fasting", "before meal", "after meal", "bedtime"]

  /// A context as readings and rules compare it: ASCII letters lowercased, spaces and tabs
  /// at the ends removed and runs of them inside made one space; `nil` when nothing is left.
  package static func normalizedContext(_ text: some StringProtocol) -> String? {
    var words: [String] = []
    var word = ""
    for scalar in text.unicodeScalars {
      if scalar == " " || scalar == "\t" {
        if !word.isEmpty { words.append(word) }
        word = ""
      } else if scalar.isASCII, ("A"..."Z").contains(scalar) {
        word.unicodeScalars.append(Unicode.Scalar(scalar.value + 32)!)
      } else {
        word.unicodeScalars.append(scalar)
      }
    }
    if !word.isEmpty { words.append(word) }
    return words.isEmpty ? nil : words.joined(separator: " ")
  }

  /// Orders a day's readings: by time, readings without a time first; readings at the same
  /// time (or both without one) by value, smallest first. SQL orders them the same way.
  package static func precedes(_ a: Observation, _ b: Observation) -> Bool {
    switch (a.time, b.time) {
    case (nil, .some): return true
    case (.some, nil): return false
    case (let x?, let y?) where x != y: return x < y
    default: return a.steps < b.steps
    }
  }
}

/// How a day's readings of one measure make the day's value.
package enum DayCombine: String, Sendable, Hashable, Codable, CaseIterable {
  /// The mean of the day's readings, rounded to the measure's storage step half away from
  /// zero (the default: `systolic.today`). Exact for one reading and for two readings written
  /// to thousandths; three readings of 120, 121 and 121 mmHg make 120.667 mmHg.
  case mean
  /// The earliest reading (see ``Observation/precedes(_:_:)``).
  case first
  /// The latest reading.
  case last
  /// The smallest reading.
  case min
  /// The largest reading.
  case max

  /// The day's value from readings' storage steps, in the order ``Observation/precedes(_:_:)``
  /// sorts them; `nil` for no readings.
  package func combine(_ steps: [Int64]) -> Int64? {
    guard let firstValue = steps.first, let lastValue = steps.last else { return nil }
    switch self {
    case .first: return firstValue
    case .last: return lastValue
    case .min: return steps.min()
    case .max: return steps.max()
    case .mean: return DayCombine.roundedMean(steps)
    }
  }

  /// The mean of whole numbers rounded half away from zero: `sign(s) * ((2|s| + n) div 2n)`
  /// for the sum `s` of `n` values, computed without overflow.
  static func roundedMean(_ steps: [Int64]) -> Int64? {
    guard !steps.isEmpty else { return nil }
    var sum: Int128 = 0
    for value in steps { sum += Int128(value) }
    let count = Int128(steps.count)
    let magnitude = (2 * (sum < 0 ? -sum : sum) + count) / (2 * count)
    return Int64(exactly: sum < 0 ? -magnitude : magnitude)
  }
}

/// Which of a day's readings a rule reads and how it combines them: `sugar(first where
/// context = fasting)`.
package struct ReadingSelection: Sendable, Hashable, Codable, CustomStringConvertible {
  /// How the day's chosen readings combine; ``DayCombine/mean`` by default.
  package var combine: DayCombine
  /// Only readings taken in this context (normalized), or every reading when `nil`.
  package var context: String?

  /// Creates a selection.
  package init(combine: DayCombine = .mean, context: String? = nil) {
    self.combine = combine
    self.context = context.flatMap(Observation.normalizedContext)
  }

  /// The selection as rules write it inside the parentheses: `first where context = "fasting"`.
  package var description: String {
    var parts: [String] = []
    if combine != .mean || context == nil { parts.append(combine.rawValue) }
    if let context { parts.append("where context = \"\(context)\"") }
    return parts.joined(separator: " ")
  }
}
