/// The Levenshtein distance between two words: insertions, deletions and substitutions.
enum EditDistance {
  /// The distance between `left` and `right`, or `nil` when it is larger than `limit`.
  ///
  /// - Complexity: O(*m* × *n*) in the lengths, stopping early past `limit`.
  static func distance(_ left: String, _ right: String, limit: Int) -> Int? {
    let a = Array(left.utf8)
    let b = Array(right.utf8)
    if abs(a.count - b.count) > limit { return nil }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = current[0]
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
        rowMinimum = min(rowMinimum, current[j])
      }
      if rowMinimum > limit { return nil }
      swap(&previous, &current)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }
}
