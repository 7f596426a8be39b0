/// Whole-word, case-insensitive matching of a word or phrase in symptom text, with plurals,
/// a second word order, and negation before and after a mention.
///
/// - A word of the phrase matches the same word in the text, or it followed by `s` or `es`
///   (`pain` matches `pains`, `rash` matches `rashes`).
/// - A phrase of two or more words, none of them a preposition (``prepositions``), also
///   matches its last word, then a preposition, then at most two other words, then its other
///   words: "chest pain" matches "pain in my chest" and "pains in the left chest". In this
///   order the words must not be split by punctuation (`.`, `,`, `;`, `:`, `!`, `?`) and the
///   words between must not be conjunctions (``conjunctions``).
/// - A mention is negated, and does not count, when a negation word (``negations``: `no`,
///   `not`, `never`, `without`, the denial verbs `deny`, `denies`, `denied`, `denying`, and
///   `didn't`, `doesn't`, `don't`, `hasn't`, `haven't`, `hadn't`, `isn't`, `wasn't`,
///   `aren't`, `weren't`, with or without the apostrophe) comes before it in its scope. A
///   scope ends at `.`, `,`, `;`, `:`, `!`, `?` and at a conjunction (`and`, `but`,
///   `however`, `although`, `though`, `yet`, `except`): "no chest pain" and "no fever or
///   chest pain" do not mention chest pain; "no fever and chest pain", "no fever, chest pain"
///   and "no fever but chest pain" do. `can't` and `couldn't` are no negation ("can't
///   breathe" is a complaint).
/// - A mention is negated when it is followed in its clause, after any of the words
///   ``fillers`` (`is`, `has`, `been`, `now`, `went`, …) and any punctuation but `.`, `,`,
///   `;`, `!` and `?`, by a word of ``postNegations`` (`none`, `gone`, `resolved`, `absent`,
///   `negative`, `denied`, `free`, `away`): "chest pain: none", "chest pain gone", "chest pain
///   has resolved", "chest pain went away". "chest pain, none of the pills help" still
///   mentions it (the comma ends the clause).
///
/// The PostgreSQL query matches with one regular expression built from the same word lists
/// (``PostgresRuleCompiler``), and agrees on every text of ASCII words.
struct SymptomMatcher: Sendable, Hashable {
  /// The phrase's words, lowercased.
  let words: [String]

  /// The words that negate the mentions after them in their scope.
  static let negations: Set<String> = [
    "no", "not", "never", "without", "deny", "denies", "denied", "denying",
    "didn", "doesn", "don", "hasn", "haven", "hadn", "isn", "wasn", "aren", "weren",
    "didnt", "doesnt", "dont", "hasnt", "havent", "hadnt", "isnt", "wasnt", "arent", "werent",
  ]
  /// The words that end a negation's scope.
  static let conjunctions: Set<String> = ["and", "but", "however", "although", "though", "yet", "except"]
  /// The words that, after a mention in its clause, say the symptom is not there.
  static let postNegations: Set<String> = [
    "none", "gone", "resolved", "absent", "negative", "denied", "free", "away",
  ]
  /// The words that may stand between a mention and a word of ``postNegations``.
  static let fillers: Set<String> = [
    "is", "was", "are", "were", "has", "have", "had", "been", "now", "went", "all", "completely", "fully",
    "totally",
  ]
  /// The words that join a phrase's last word to its others in the second word order.
  static let prepositions: Set<String> = ["in", "on", "of", "at", "around", "across", "behind", "under"]
  /// The characters that end a clause.
  static let clauseBreaks: Set<Character> = [".", ",", ";", ":", "!", "?"]
  /// The clause breaks that also end the words after a mention that can negate it (all but `:`).
  static let hardBreaks: Set<Character> = [".", ",", ";", "!", "?"]

  init(_ phrase: String) {
    words = SymptomMatcher.words(of: phrase)
  }

  /// Whether the phrase also matches in the order "pain in my chest".
  var invertible: Bool {
    words.count >= 2 && !words.contains { SymptomMatcher.prepositions.contains($0) }
  }

  /// Whether `text` mentions the phrase, not negated.
  func matches(_ text: String) -> Bool {
    guard !words.isEmpty else { return false }
    let tokens = SymptomMatcher.tokens(of: text)
    guard tokens.count >= words.count else { return false }
    for start in tokens.indices where !tokens[start].negated {
      if let end = inOrder(tokens, from: start), !SymptomMatcher.negatedAfter(tokens, end) { return true }
      if invertible {
        for end in inverted(tokens, from: start) where !SymptomMatcher.negatedAfter(tokens, end) {
          return true
        }
      }
    }
    return false
  }

  /// The index of the phrase's last word when its words are in a row from `start`.
  private func inOrder(_ tokens: [Token], from start: Int) -> Int? {
    guard start + words.count <= tokens.count else { return nil }
    for (offset, word) in words.enumerated() where !SymptomMatcher.word(tokens[start + offset].word, is: word)
    {
      return nil
    }
    return start + words.count - 1
  }

  /// The indices of the phrase's last matched word for each way the phrase is found from
  /// `start` in the order "pain in my chest".
  private func inverted(_ tokens: [Token], from start: Int) -> [Int] {
    let head = words[words.count - 1]
    let others = words.dropLast()
    guard start + 1 < tokens.count, SymptomMatcher.word(tokens[start].word, is: head),
      tokens[start + 1].before == .none, SymptomMatcher.prepositions.contains(tokens[start + 1].word)
    else { return [] }
    var ends: [Int] = []
    for between in 0...2 {
      let first = start + 2 + between
      guard first + others.count <= tokens.count else { break }
      // The words between: no conjunction, no punctuation that ends a clause.
      if between > 0 {
        let middle = tokens[first - 1]
        if middle.before != .none || SymptomMatcher.conjunctions.contains(middle.word) { break }
      }
      var all = true
      for (offset, word) in others.enumerated() {
        let token = tokens[first + offset]
        if token.before != .none || !SymptomMatcher.word(token.word, is: word) {
          all = false
          break
        }
      }
      if all { ends.append(first + others.count - 1) }
    }
    return ends
  }

  /// Whether the words after `end` in its clause (after fillers) say the symptom is not there.
  private static func negatedAfter(_ tokens: [Token], _ end: Int) -> Bool {
    var index = end + 1
    while index < tokens.count, tokens[index].before != .hard {
      let word = tokens[index].word
      if postNegations.contains(word) { return true }
      guard fillers.contains(word) else { return false }
      index += 1
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

  /// What stands between a word and the one before it.
  enum Separator: Sendable {
    /// Spaces or other punctuation that ends no clause (`-`, `/`, `'`).
    case none
    /// A `:` (and no other clause break).
    case colon
    /// One of `.`, `,`, `;`, `!`, `?`.
    case hard
  }

  /// A word of symptom text.
  struct Token {
    /// The word, lowercased.
    var word: String
    /// Whether a negation word comes before it in its scope.
    var negated: Bool
    /// The punctuation between it and the word before it.
    var before: Separator
  }

  /// The words of `text`, lowercased, each with whether a negation word comes before it in its
  /// scope and the punctuation before it.
  static func tokens(of text: String) -> [Token] {
    var result: [Token] = []
    var negated = false
    var current = ""
    var before = Separator.none
    func finish() {
      guard !current.isEmpty else { return }
      result.append(Token(word: current, negated: negated, before: before))
      if negations.contains(current) { negated = true }
      if conjunctions.contains(current) { negated = false }
      current = ""
      before = .none
    }
    for character in text.lowercased() {
      if character.isLetter || character.isNumber {
        current.append(character)
        continue
      }
      finish()
      if hardBreaks.contains(character) {
        before = .hard
      } else if character == ":", before == .none {
        before = .colon
      }
      if clauseBreaks.contains(character) { negated = false }
    }
    finish()
    return result
  }
}
