/// Renders diagnostics the way the Swift compiler does:
///
/// ```
/// week.plan:3:3: error: unknown nutrient 'protien'
///   protien >= 90 g per day
///   ^~~~~~~
///   hint: did you mean 'protein'?
///   fix-it: replace 'protien' with 'protein'
/// ```
///
/// A fix-it on the diagnostic's own line is shown as the edit alone; one
/// elsewhere starts with its `line:column` (and its file, when that differs).
package struct DiagnosticRenderer: Sendable {
  /// Whether to colour the output with ANSI escapes (only on a terminal).
  package var colors: Bool

  /// How many diagnostics are shown; the rest are counted in one line.
  package var limit: Int

  /// The widest source line shown, in characters; a longer line is elided
  /// around the caret with `…`.
  package static let maximumLineWidth = 120

  /// The longest message shown, in characters; a longer one keeps its start and end.
  package static let maximumMessageLength = 240

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - colors: Whether to colour the output; see ``usesColors(onTerminal:environment:)``.
  ///   - limit: How many diagnostics are shown in full (at least 1).
  package init(colors: Bool = false, limit: Int = 50) {
    self.colors = colors
    self.limit = max(1, limit)
  }

  /// Whether diagnostics are coloured: only on a terminal, and never when the
  /// `NO_COLOR` environment variable is set (to anything; see no-color.org).
  package static func usesColors(onTerminal isTerminal: Bool, environment: [String: String]) -> Bool {
    isTerminal && environment["NO_COLOR"] == nil
  }

  /// Renders the first ``limit`` diagnostics, a line counting the rest, then
  /// a summary line when there are errors or warnings.
  package func render(_ list: DiagnosticList) -> String {
    var out = ""
    for diagnostic in list.diagnostics.prefix(limit) {
      out += render(diagnostic, sources: list.sources)
    }
    if list.diagnostics.count > limit {
      let more = list.diagnostics.count - limit
      let allErrors = list.diagnostics.dropFirst(limit).allSatisfy { $0.severity == .error }
      let noun = allErrors ? (more == 1 ? "error" : "errors") : (more == 1 ? "diagnostic" : "diagnostics")
      out += "and \(more) more \(noun) not shown\n"
      // Where reading stopped is shown even when it is past the limit.
      for diagnostic in list.diagnostics.dropFirst(limit) where diagnostic.id == "too-many-errors" {
        out += render(diagnostic, sources: list.sources)
      }
    }
    let errors = list.diagnostics.filter { $0.severity == .error }.count
    let warnings = list.diagnostics.filter { $0.severity == .warning }.count
    if errors + warnings > 0 {
      var parts: [String] = []
      if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
      if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
      out += parts.joined(separator: " and ") + " generated.\n"
    }
    return out
  }

  /// Renders one diagnostic with its source line, caret, hint, fix-its and notes.
  package func render(_ diagnostic: Diagnostic, sources: SourceManager) -> String {
    var out = header(diagnostic.severity, diagnostic.message, diagnostic.range, sources)
    out += snippet(diagnostic.range, sources)
    if let hint = diagnostic.hint {
      out += "  " + paint("hint:", Self.cyan) + " " + Self.shortened(hint).escapingControlCharacters() + "\n"
    }
    for fixIt in diagnostic.fixIts {
      guard let edit = Self.describe(fixIt, near: diagnostic.range, sources: sources) else { continue }
      out += "  " + paint("fix-it:", Self.green) + " " + edit + "\n"
    }
    for note in diagnostic.notes {
      out += header(.note, note.message, note.range, sources)
      out += snippet(note.range, sources)
    }
    return out
  }

  private static let red = "\u{1B}[1;31m"
  private static let yellow = "\u{1B}[1;33m"
  private static let cyan = "\u{1B}[1;36m"
  private static let green = "\u{1B}[1;32m"
  private static let bold = "\u{1B}[1m"
  private static let reset = "\u{1B}[0m"

  private func paint(_ text: String, _ code: String) -> String {
    colors ? code + text + Self.reset : text
  }

  private func header(
    _ severity: Diagnostic.Severity, _ message: String, _ range: SourceRange?, _ sources: SourceManager
  ) -> String {
    let label: String
    switch severity {
    case .error: label = paint("error:", Self.red)
    case .warning: label = paint("warning:", Self.yellow)
    case .note: label = paint("note:", Self.bold)
    }
    let shown = Self.shortened(message).escapingControlCharacters()
    guard let range, let file = sources.file(range.file) else {
      return "planner: \(label) \(paint(shown, Self.bold))\n"
    }
    let (line, column) = file.lineAndColumn(of: range.start)
    return "\(file.path):\(line):\(column): \(label) \(paint(shown, Self.bold))\n"
  }

  /// `replace 'a' with 'b'`, `insert 'b'` or `delete 'a'`, preceded by the fix-it's place when
  /// it is not on the diagnostic's line; `nil` when its file is unknown.
  static func describe(_ fixIt: Diagnostic.FixIt, near range: SourceRange?, sources: SourceManager) -> String?
  {
    guard let file = sources.file(fixIt.range.file) else { return nil }
    func quoted(_ text: String) -> String { "'" + shortened(text).escapingControlCharacters() + "'" }
    let old = file.text(in: fixIt.range)
    let new = fixIt.replacement
    let edit =
      old.isEmpty
      ? "insert \(quoted(new))"
      : new.isEmpty ? "delete \(quoted(old))" : "replace \(quoted(old)) with \(quoted(new))"
    let (line, column) = file.lineAndColumn(of: min(max(0, fixIt.range.start), file.bytes.count))
    guard let range, range.file == fixIt.range.file else { return "\(file.path):\(line):\(column): " + edit }
    return file.lineAndColumn(of: range.start).line == line ? edit : "\(line):\(column): " + edit
  }

  /// A message of at most ``maximumMessageLength`` characters: its start, `…`, its end.
  static func shortened(_ message: String) -> String {
    guard message.count > maximumMessageLength else { return message }
    let tail = maximumMessageLength / 3
    return message.prefix(maximumMessageLength - tail - 1) + "…" + message.suffix(tail)
  }

  /// The source line with a caret under the range; a line wider than
  /// ``maximumLineWidth`` shows only the part around the caret, between `…`.
  private func snippet(_ range: SourceRange?, _ sources: SourceManager) -> String {
    guard let range, let file = sources.file(range.file) else { return "" }
    let (line, _) = file.lineAndColumn(of: range.start)
    let bounds = file.lineBounds(line)
    guard !bounds.isEmpty else { return "" }
    let start = min(max(range.start, bounds.lowerBound), bounds.upperBound)
    let end = min(max(range.end, start), bounds.upperBound)
    // At most a few hundred bytes on each side are decoded, however long the line.
    let from = Self.boundary(file.bytes, max(bounds.lowerBound, start - 4 * Self.maximumLineWidth), up: true)
    let to = Self.boundary(file.bytes, min(bounds.upperBound, end + 4 * Self.maximumLineWidth), up: false)
    var before = Self.visible(file.bytes[from..<start])
    var marked = Self.visible(file.bytes[start..<end])
    var after = Self.visible(file.bytes[end..<max(end, to)])
    var leading = from > bounds.lowerBound
    var trailing = to < bounds.upperBound
    if before.count + marked.count + after.count > Self.maximumLineWidth {
      let width = Self.maximumLineWidth
      if marked.count > width / 2 {
        marked = String(marked.prefix(width / 2))
        after = ""
        trailing = true
      }
      if before.count > width / 3 {
        before = String(before.suffix(width / 3))
        leading = true
      }
      let room = max(0, width - before.count - marked.count)
      if after.count > room {
        after = String(after.prefix(room))
        trailing = true
      }
    }
    let text = (leading ? "…" : "") + before + marked + after + (trailing ? "…" : "")
    let column = (leading ? 1 : 0) + before.count
    let caret =
      String(repeating: " ", count: column) + "^" + String(repeating: "~", count: max(0, marked.count - 1))
    return "  " + text + "\n  " + paint(caret, Self.green) + "\n"
  }

  /// The nearest offset at or after (`up`) or at or before `offset` that starts a UTF-8 character.
  private static func boundary(_ bytes: [UInt8], _ offset: Int, up: Bool) -> Int {
    var offset = offset
    while offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 {
      offset += up ? 1 : -1
    }
    return offset
  }

  /// Source text as shown under a diagnostic: tabs as spaces and other control characters as
  /// `?`, one column each, so the caret stays aligned and nothing reaches the terminal raw.
  private static func visible(_ bytes: ArraySlice<UInt8>) -> String {
    var out = ""
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
      if scalar == "\t" {
        out += " "
      } else if scalar.isControlForDisplay {
        out += "?"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

extension Unicode.Scalar {
  /// C0 and C1 control characters, DEL, and bidirectional embedding, override and isolate marks.
  var isControlForDisplay: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}

extension String {
  /// The text with control characters written as `\u{…}` (line breaks and tabs as `\n`, `\t`).
  func escapingControlCharacters() -> String {
    guard unicodeScalars.contains(where: \.isControlForDisplay) else { return self }
    var out = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case _ where scalar.isControlForDisplay:
        out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
