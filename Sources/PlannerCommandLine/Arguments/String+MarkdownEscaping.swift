extension String {
  /// The text made inert inside a line of Markdown, for text that came from an
  /// input file (a symptom, a food's or a rule's message, a title).
  ///
  /// Control characters are written as visible escapes, as
  /// ``escapedForTerminal`` does (a line break would end a table row or start
  /// a forged line); `&` and `<` become entities, so raw HTML such as
  /// `<script>` is shown as text by every renderer. Markdown's punctuation gets
  /// a backslash where it could mean something: `\`, `` ` ``, `[`, `]`, `|`,
  /// `~` and `#` always; `*` unless spaces surround it (`2 * 3`); `_` unless it
  /// joins two letters or digits (`bp_high`, where CommonMark never reads it as
  /// emphasis); `>` and a list marker (`-`, `+`, `1.`, `1)`) only at the start, where
  /// they could open a quote or a list. Each is handled per Unicode scalar, so a combining mark
  /// after `|` does not hide it.
  ///
  /// - Complexity: O(n) in the length of the text.
  var escapedForMarkdown: String {
    let scalars = Array(unicodeScalars)
    func isWordScalar(_ index: Int) -> Bool {
      scalars.indices.contains(index) && scalars[index].properties.isAlphabetic
        || scalars.indices.contains(index) && scalars[index].properties.numericType != nil
    }
    func isSpace(_ index: Int) -> Bool {
      !scalars.indices.contains(index) || scalars[index].properties.isWhitespace
    }
    // "12. " or "3) " at the start would open an ordered list.
    let digits = scalars.prefix { ("0"..."9").contains($0) }.count
    let orderedMarkerEnd = digits > 0 && isSpace(digits + 1) ? digits : -1
    var out = ""
    out.unicodeScalars.reserveCapacity(scalars.count)
    for (index, scalar) in scalars.enumerated() {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">" where index == 0: out += "&gt;"
      case "-" where index == 0 && isSpace(1), "+" where index == 0 && isSpace(1),
        "." where index == orderedMarkerEnd, ")" where index == orderedMarkerEnd:
        out += "\\"
        out.unicodeScalars.append(scalar)
      case "\\", "`", "[", "]", "|", "#", "~":
        out += "\\"
        out.unicodeScalars.append(scalar)
      case "*" where !(isSpace(index - 1) && isSpace(index + 1)),
        "_" where !(isWordScalar(index - 1) && isWordScalar(index + 1)):
        out += "\\"
        out.unicodeScalars.append(scalar)
      case _ where scalar.needsTerminalEscape: out += scalar.visibleEscape
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The text as a Markdown code span: control characters escaped, fenced by
  /// one more backtick than its longest run of backticks, so nothing in it ends
  /// the span early.
  var markdownCodeSpan: String {
    let text = escapedForTerminal
    var longest = 0
    var run = 0
    for scalar in text.unicodeScalars {
      run = scalar == "`" ? run + 1 : 0
      longest = Swift.max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padded = text.unicodeScalars.first == "`" || text.unicodeScalars.last == "`" ? " \(text) " : text
    return fence + padded + fence
  }
}
