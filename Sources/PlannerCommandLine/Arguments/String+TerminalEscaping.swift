extension String {
  /// The text with every control character written as a visible escape, for
  /// text that came from an input file or the command line.
  ///
  /// A line break, a tab, an ANSI escape sequence (`ESC [ …`), a carriage
  /// return or a bidirectional override in a readings file's symptom text
  /// could otherwise start a forged line ("HEALTHY: …"), move the cursor,
  /// recolour the terminal or reorder what is shown. Each becomes `\u{…}`
  /// (`\n` and `\t` as themselves), so what is shown is what is in the file.
  ///
  /// - Complexity: O(n) in the length of the text.
  var escapedForTerminal: String {
    guard unicodeScalars.contains(where: \.needsTerminalEscape) else { return self }
    var out = ""
    for scalar in unicodeScalars {
      if scalar.needsTerminalEscape { out += scalar.visibleEscape } else { out.unicodeScalars.append(scalar) }
    }
    return out
  }
}

extension Unicode.Scalar {
  /// How a scalar that ``needsTerminalEscape`` is shown: `\n`, `\t`, `\r`, else `\u{1B}`.
  var visibleEscape: String {
    switch self {
    case "\n": "\\n"
    case "\t": "\\t"
    case "\r": "\\r"
    default: "\\u{\(String(value, radix: 16, uppercase: true))}"
    }
  }

  /// C0 and C1 control characters, DEL, and the bidirectional embedding, override and isolate marks.
  var needsTerminalEscape: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
