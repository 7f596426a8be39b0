/// Whole-word, case-insensitive matching of a word or phrase in symptom text.
struct SymptomMatcher: Sendable, Hashable {
  /// The phrase's words, lowercased.
  let words: [String]

  init(_ phrase: String) {
    words = SymptomMatcher.words(of: phrase)
  }

  /// Whether `text` contains the phrase's words in a row.
  func matches(_ text: String) -> Bool {
    guard !words.isEmpty else { return false }
    let tokens = SymptomMatcher.words(of: text)
    guard tokens.count >= words.count else { return false }
    for start in 0...(tokens.count - words.count)
    where tokens[start..<(start + words.count)].elementsEqual(words) {
      return true
    }
    return false
  }

  static func words(of text: String) -> [String] {
    text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
  }
}
