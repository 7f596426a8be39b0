/// "Did you mean …?" suggestions by edit distance.
enum Suggestion {
  /// The candidate closest to `word` (ignoring case) within a distance of 2, or `nil`.
  ///
  /// A word longer than 64 characters gets no suggestion, and candidates whose
  /// length differs by more than 2 are skipped, so the work is bounded by the
  /// candidates, not by the word.
  static func closest(to word: String, among candidates: [String]) -> String? {
    guard word.utf8.count <= 256, word.count <= 64 else { return nil }
    let target = Array(word.lowercased())
    var best: (name: String, distance: Int)?
    for candidate in candidates where abs(candidate.count - target.count) <= 2 {
      let distance = editDistance(target, Array(candidate.lowercased()))
      if distance <= min(2, max(1, target.count / 2)), distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// The Levenshtein distance: insertions, deletions and substitutions.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = Array(repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// `did you mean 'x'?`, or `nil`.
  static func hint(for word: String, among candidates: [String]) -> String? {
    closest(to: word, among: candidates).map { "did you mean '\($0)'?" }
  }
}
