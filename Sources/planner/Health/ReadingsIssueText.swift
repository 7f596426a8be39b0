import HealthRules

/// Renders readings problems like compiler diagnostics: location, message, the line, a caret, a hint.
enum ReadingsIssueText {
  /// One block per issue, then the error count.
  ///
  /// - Parameters:
  ///   - issues: The problems, in order.
  ///   - location: The prefix for an issue, such as `journal.csv:4:12` or `argument 2, column 8`.
  ///   - note: A last line, such as "the journal was not changed".
  static func render(
    _ issues: [ReadingsIssue], location: (ReadingsIssue) -> String, note: String? = nil
  ) -> String {
    var text = ""
    for issue in issues {
      text += "\(location(issue)): error: \(issue.message)\n"
      if !issue.lineText.isEmpty {
        text +=
          "  \(issue.lineText)\n  " + String(repeating: " ", count: max(0, issue.column - 1)) + "^"
          + String(repeating: "~", count: max(0, issue.length - 1)) + "\n"
      }
      if let hint = issue.hint { text += "  hint: \(hint)\n" }
    }
    if let note { text += note + "\n" }
    text += issues.count == 1 ? "1 error generated.\n" : "\(issues.count) errors generated.\n"
    return text
  }
}
