import Diagnostics
import HealthRules
import PlanDSL

/// Points a rule that cannot be written as SQL back at its place in the rules file.
///
/// Rule sets carry no source ranges, so the alert is found by its declaration
/// (`alert ID`), or the rule set by its header (`rules ID`) for a problem of the
/// whole set; an alert inherited from another rule set is reported without a place.
enum SQLErrorLocation {
  /// The error as `file:line:col: error: …` with the line and a caret, or unlocated.
  static func message(for error: SQLError, ruleSet: RuleSet, sources: SourceManager?) -> String {
    let text = "rule set '\(ruleSet.id)' cannot be written as SQL: \(error)"
    let needle = error.alertID.map { "alert \($0)" } ?? "rules \(ruleSet.id)"
    guard let sources else { return "planner: error: \(text)\n" }
    for file in sources.files {
      guard let offset = byteOffset(of: needle, in: file.text) else { continue }
      let (line, column) = file.lineAndColumn(of: offset)
      let caret =
        String(repeating: " ", count: column - 1) + "^" + String(repeating: "~", count: needle.count - 1)
      return "\(file.path):\(line):\(column): error: \(text)\n  \(file.lineText(line))\n  \(caret)\n"
    }
    return "planner: error: \(text)\n"
  }

  /// The byte offset of `needle` as a whole declaration (followed by a space or a line end).
  private static func byteOffset(of needle: String, in text: String) -> Int? {
    let haystack = Array(text.utf8)
    let pattern = Array(needle.utf8)
    guard pattern.count <= haystack.count else { return nil }
    for start in 0...(haystack.count - pattern.count)
    where haystack[start..<(start + pattern.count)].elementsEqual(pattern) {
      let next = start + pattern.count
      let before = start == 0 ? UInt8(ascii: "\n") : haystack[start - 1]
      let boundaryAfter =
        next == haystack.count
        || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(
          haystack[next])
      let boundaryBefore = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n")].contains(before)
      if boundaryAfter && boundaryBefore { return start }
    }
    return nil
  }
}
