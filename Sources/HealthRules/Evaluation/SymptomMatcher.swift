/// Whole-word, case-insensitive matching of a word or phrase in symptom text, with plurals
/// and simple negation.
///
/// - A word of the phrase matches the same word in the text, or it followed by `s` or `es`
///   (`pain` matches `pains`, `rash` matches `rashes`).
/// - A mention is negated, and does not count, when a negation word (``negations``: `no`,
///   `not`, `denies`, `denied`, `deny`, `without`, `never`) comes before it in the same
///   clause. Clauses end at `.`, `,`, `;`, `:`, `!`, `?` and at the word `but`:
///   "no chest pain" does not mention chest pain; "no fever, chest pain" and "no fever but
///   chest pain" do.
struct SymptomMatcher: Sendable, Hashable {
  /// The phrase's words, lowercased.
  let words: [String]

  /// The words that negate the mentions after them in their clause.
  static let negations: Set<String> = ["no", "not", "denies", "denied", "deny", "without", "never"]
  /// The characters that end a clause.
  static let clauseBreaks: Set<Character> = [".", ",", ";", ":", "!", "?"]

  init(_ phrase: String) {
    words = SymptomMatcher.words(of: phrase)
  }

  /// Whether `text` contains the phrase's words in a row, not negated.
  func matches(_ text: String) -> Bool {
    guard !words.isEmpty else { return false }
    let tokens = SymptomMatcher.tokens(of: text)
    guard tokens.count >= words.count else { return false }
    for start in 0...(tokens.count - words.count) where !tokens[start].negated {
      var all = true
      for (offset, word) in words.enumerated()
      where !SymptomMatcher.word(tokens[start + offset].word, is: word) {
        all = false
        break
      }
      if all { return true }
    }
    return false
  }

  /// Whether a word of the text is a word of the phrase, or its plural.
  static func word(_ token: String, is word: String) -> Bool {
    token == word || token == word + "s" || token == word + "es"
  }

  static func words(of text: String) -> [String] {
    text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
  }

  /// The words of `text`, lowercased, each with whether a negation word comes before it in its clause.
  static func tokens(of text: String) -> [(word: String, negated: Bool)] {
    var result: [(word: String, negated: Bool)] = []
    var negated = false
    var current = ""
    func finish() {
      guard !current.isEmpty else { return }
      result.append((current, negated))
      if negations.contains(current) { negated = true }
      if current == "but" { negated = false }
      current = ""
    }
    for character in text.lowercased() {
      if character.isLetter || character.isNumber {
        current.append(character)
        continue
      }
      finish()
      if clauseBreaks.contains(character) { negated = false }
    }
    finish()
    return result
  }
}
