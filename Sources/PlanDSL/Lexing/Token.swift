import Diagnostics

/// One token of a `.plan` file.
package struct Token: Sendable, Hashable {
  /// What kind of token it is.
  package enum Kind: Sendable, Hashable {
    /// A name: `oats`, `protein`, `gluten-free`, `µg`.
    case identifier
    /// A number literal: `42`, `3.49`, `08120`.
    case number
    /// A calendar date: `2026-11-29`.
    case date
    /// A quoted string; ``Token/value`` holds its contents without quotes and escapes.
    case string
    /// Punctuation or an operator: `{`, `...`, `<=`, `%`.
    case symbol
    case endOfFile
  }

  package var kind: Kind
  /// The token's text as written (for strings, the unescaped contents).
  package var value: String
  package var range: SourceRange
  /// Whether the token is the first on its line (statements end at line breaks).
  package var atLineStart: Bool

  /// Whether this is the symbol `text`.
  package func isSymbol(_ text: String) -> Bool { kind == .symbol && value.isSame(as: text) }

  /// Whether this is the identifier `text` (keywords are identifiers in context).
  package func isWord(_ text: String) -> Bool { kind == .identifier && value.isSame(as: text) }

  /// Whether this is an identifier among `words`.
  package func isWord(in words: [String]) -> Bool {
    kind == .identifier && words.contains { value.isSame(as: $0) }
  }

  /// How the token reads in a message: `'{'`, `end of file`, `string "…"`.
  package var quoted: String {
    switch kind {
    case .endOfFile: "end of file"
    case .string: "string \"\(value)\""
    default: "'\(value)'"
    }
  }
}

extension String {
  /// Whether the two strings are equal, comparing their lengths in UTF-8 first: a
  /// parser asks this of many words that differ, and most differ in length, which
  /// is known without a call into the standard library's comparison. Unlike `==`,
  /// it does not equate canonically equivalent strings of different lengths (the
  /// Kelvin sign and `K`); the keywords it is asked about are ASCII words with
  /// no such twin, and the checker's lists fall back to the tables' lookups.
  @inline(__always)
  package func isSame(as other: String) -> Bool {
    utf8.count == other.utf8.count && self == other
  }
}
