/// One field of a CSV file that planner writes (RFC 4180).
///
/// A field is quoted when it holds a comma, a quote or a line break, and
/// quotes inside it are doubled; both are found per Unicode scalar, so a `"`
/// that a combining or prepended mark joins into one `Character` with its
/// neighbour (U+0600 before it, U+0301 after it) is still doubled.
///
/// Files meant for a spreadsheet (a shopping list, a table of verdicts) also
/// make formulas inert: a text that starts with `=`, `+`, `-`, `@`, a tab or a
/// carriage return, and is not a number, gets a leading `'`, which spreadsheets
/// show as text and never evaluate. Files planner reads back (a journal) keep
/// their text exactly.
package enum CSVField {
  /// The field as it is written.
  ///
  /// - Parameters:
  ///   - text: The value.
  ///   - inertFormulas: Whether a value a spreadsheet would evaluate gets a leading `'`.
  /// - Complexity: O(n) in the length of the text.
  package static func encode(_ text: String, inertFormulas: Bool) -> String {
    var field = text
    if inertFormulas, let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first),
      Double(text) == nil
    {
      field = "'" + text
    }
    guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
    else { return field }
    var quoted = String.UnicodeScalarView()
    quoted.append("\"")
    for scalar in field.unicodeScalars {
      quoted.append(scalar)
      if scalar == "\"" { quoted.append("\"") }
    }
    quoted.append("\"")
    return String(quoted)
  }
}
