/// Spelling of identifiers and literals in generated SQL.
///
/// SQL quotes are defined per character of the text, not per grapheme cluster: a `'` that a
/// prepended scalar (U+0600) or a combining mark (U+0301) joins into one Swift `Character` is
/// still a quote to PostgreSQL. Quoting therefore walks Unicode scalars.
enum SQLText {
  /// The smallest and largest 64-bit integers, as `numeric` literals.
  static let int64Min = "(-9223372036854775808)::numeric"
  static let int64Max = "9223372036854775807::numeric"
  static let int64MinPlusOne = "(-9223372036854775807)::numeric"

  /// A quoted identifier: `"weight"`, with every `"` scalar doubled.
  static func identifier(_ name: String) -> String {
    "\"" + name.replacingScalar("\"", with: "\"\"") + "\""
  }

  /// A string literal that means the same whatever `standard_conforming_strings` is: `'o''brien'`,
  /// or `E'a\\b'` when the text holds a backslash; every `'` and `\` scalar doubled.
  static func literal(_ text: String) -> String {
    let quoted = text.replacingScalar("'", with: "''")
    if text.unicodeScalars.contains("\\") { return "E'" + quoted.replacingScalar("\\", with: "\\\\") + "'" }
    return "'" + quoted + "'"
  }

  /// A PostgreSQL array value (`{"a","b"}`) of texts, as `text[]` input reads it: every element
  /// in double quotes, each `"` and `\` scalar escaped with a backslash.
  static func textArray(_ elements: [String]) -> String {
    let items = elements.map { element in
      "\"" + element.replacingScalar("\\", with: "\\\\").replacingScalar("\"", with: "\\\"") + "\""
    }
    return "{" + items.joined(separator: ",") + "}"
  }

  /// Whether a scalar is a control character: U+0000 to U+001F or U+007F to U+009F.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// `U+000A`: a scalar's code point as Unicode writes it.
  static func code(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// Text fit to show inside `'…'` in a message: each control character written as `\u{…}`.
  static func shown(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
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
  /// This text with every `target` scalar replaced, without Foundation.
  ///
  /// Works per Unicode scalar, so a `'` inside a grapheme cluster (after U+0600, before
  /// U+0301) is replaced too.
  func replacingScalar(_ target: Unicode.Scalar, with replacement: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      if scalar == target {
        result.append(contentsOf: replacement.unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }
}
