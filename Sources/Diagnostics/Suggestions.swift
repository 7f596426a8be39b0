/// Finds the candidate closest to a misspelt name, for "did you mean" hints.
public enum Suggestions {
  /// The longest name a hint is searched for; a longer one is not a misspelling.
  public static let maximumNameLength = 64

  /// The closest candidate within a small edit distance, or `nil`.
  ///
  /// A name longer than ``maximumNameLength`` gets no hint, and a candidate
  /// whose length differs from the name's by more than the allowed distance is
  /// skipped before any distance is computed, so a 1 MB name costs no more than
  /// reading it.
  ///
  /// - Complexity: O(n × m × k) for n candidates of length m and a name of
  ///   length k ≤ ``maximumNameLength``.
  public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
    guard name.utf8.count <= maximumNameLength * 4, name.count <= maximumNameLength else { return nil }
    let target = Array(name.lowercased())
    let limit = max(1, min(3, target.count / 3 + 1))
    var best: (String, Int)?
    for candidate in candidates {
      guard abs(candidate.count - target.count) <= limit else { continue }
      let distance = editDistance(target, Array(candidate.lowercased()))
      if distance <= limit, distance < (best?.1 ?? Int.max) || (distance == best?.1 && candidate < best!.0) {
        best = (candidate, distance)
      }
    }
    return best?.0
  }

  /// Damerau–Levenshtein distance (with adjacent transpositions).
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }

  /// "did you mean 'x'?" for the closest candidate, or `nil`.
  public static func hint(for name: String, in candidates: some Sequence<String>) -> String? {
    closest(to: name, in: candidates).map { "did you mean '\($0)'?" }
  }

  /// The most candidates ``list(_:)`` names; more are counted.
  public static let maximumListed = 12

  /// "expected one of: a, b, c" for the candidates, sorted, or `nil` when there are none.
  ///
  /// At most ``maximumListed`` are named; the rest are counted ("and 20 more").
  public static func list(_ candidates: some Sequence<String>) -> String? {
    let names = Set(candidates).sorted()
    guard !names.isEmpty else { return nil }
    let shown = names.prefix(maximumListed).map { "'\($0)'" }.joined(separator: ", ")
    let more = names.count - min(names.count, maximumListed)
    return "expected one of: " + shown + (more > 0 ? " and \(more) more" : "")
  }
}
