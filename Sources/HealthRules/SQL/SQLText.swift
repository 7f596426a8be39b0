/// Spelling of identifiers and literals in generated SQL.
enum SQLText {
  /// The smallest and largest 64-bit integers, as `numeric` literals.
  static let int64Min = "(-9223372036854775808)::numeric"
  static let int64Max = "9223372036854775807::numeric"
  static let int64MinPlusOne = "(-9223372036854775807)::numeric"

  /// A quoted identifier: `"weight"`, with inner quotes doubled.
  static func identifier(_ name: String) -> String {
    "\"" + name.replacingAll("\"", with: "\"\"") + "\""
  }

  /// A string literal that means the same whatever `standard_conforming_strings` is.
  static func literal(_ text: String) -> String {
    let quoted = text.replacingAll("'", with: "''")
    if text.contains("\\") { return "E'" + quoted.replacingAll("\\", with: "\\\\") + "'" }
    return "'" + quoted + "'"
  }

  /// An exact `numeric` literal for a 64-bit integer.
  static func number(_ value: Int64) -> String {
    value < 0 ? "(\(value))::numeric" : "\(value)::numeric"
  }

  /// Whether `expression` is a 64-bit integer other than the smallest: `x BETWEEN -2^63+1 AND 2^63-1`.
  static func fitsAboveMinimum(_ expression: String) -> String {
    "\(expression) BETWEEN \(int64MinPlusOne) AND \(int64Max)"
  }

  /// Whether `expression` is a 64-bit integer.
  static func fits(_ expression: String) -> String {
    "\(expression) BETWEEN \(int64Min) AND \(int64Max)"
  }
}

extension String {
  /// This text with every `target` replaced, without Foundation.
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    result.reserveCapacity(count)
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
