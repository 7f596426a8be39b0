/// Finds the candidate closest to a misspelt name, for "did you mean" hints.
package enum Suggestions {
  /// The longest name a hint is searched for; a longer one is not a misspelling.
  package static let maximumNameLength = 64

  /// The closest candidate within a small edit distance, or `nil`.
  ///
  /// A name longer than ``maximumNameLength`` gets no hint, and a candidate
  /// whose length differs from the name's by more than the allowed distance is
  /// skipped before any distance is computed, so a 1 MB name costs no more than
  /// reading it.
  ///
  /// - Complexity: O(n × m × k) for n candidates of length m and a name of
  ///   length k ≤ ``maximumNameLength``.
  package static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
    guard name.utf8.count <= maximumNameLength * 4, name.count <= maximumNameLength else { return nil }
    let target = Array(name.lowercased())
    let limit = max(1, min(3, target.count / 3 + 1))
    var best: (String, Int)?
    for candidate in candidates {
      guard abs(candidate.count - target.count) <= limit,
        let distance = distance(target, Array(candidate.lowercased()), limit: limit)
      else { continue }
      if distance < (best?.1 ?? Int.max) || (distance == best?.1 && candidate < best!.0) {
        best = (candidate, distance)
      }
    }
    return best?.0
  }

  /// The edit distance between two sequences, or `nil` when it is larger than `limit`: the fewest
  /// insertions, deletions, substitutions and swaps of two neighbours that turn one into the other
  /// (Damerau–Levenshtein, optimal string alignment).
  ///
  /// The one distance every "did you mean" of planner uses: names in plans and readings (on
  /// characters), catalog words (on UTF-8 bytes, for speed).
  ///
  /// ```swift
  /// Suggestions.distance(Array("protien"), Array("protein"))            // 1 (a swap)
  /// Suggestions.distance(Array("cheese".utf8), Array("chess".utf8), limit: 1)  // nil (2 > 1)
  /// ```
  ///
  /// - Parameters:
  ///   - a: One sequence.
  ///   - b: The other.
  ///   - limit: The largest distance worth knowing; the work stops once every path exceeds it.
  /// - Returns: The distance, or `nil` when it exceeds `limit`.
  /// - Complexity: O(*m* × *n*) in the lengths, less when the limit cuts it short; O(1) when the
  ///   lengths differ by more than `limit`.
  package static func distance<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int = .max) -> Int?
  {
    if abs(a.count - b.count) > limit { return nil }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
        rowMinimum = min(rowMinimum, current[j])
      }
      // Every later row holds a value no smaller than this row's smallest (a swap reaches back
      // two rows, but the row between holds a substitution as cheap), so none can come back under.
      if rowMinimum > limit { return nil }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }

  /// "did you mean 'x'?" for the closest candidate, or `nil`.
  package static func hint(for name: String, in candidates: some Sequence<String>) -> String? {
    closest(to: name, in: candidates).map { "did you mean '\($0)'?" }
  }

  /// The most candidates ``list(_:)`` names; more are counted.
  package static let maximumListed = 12

  /// "expected one of: a, b, c" for the candidates, sorted, or `nil` when there are none.
  ///
  /// At most ``maximumListed`` are named; the rest are counted ("and 20 more").
  package static func list(_ candidates: some Sequence<String>) -> String? {
    let names = Set(candidates).sorted()
    guard !names.isEmpty else { return nil }
    let shown = names.prefix(maximumListed).map { "'\($0)'" }.joined(separator: ", ")
    let more = names.count - min(names.count, maximumListed)
    return "expected one of: " + shown + (more > 0 ? " and \(more) more" : "")
  }
}
