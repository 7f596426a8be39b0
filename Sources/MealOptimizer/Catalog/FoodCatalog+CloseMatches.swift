internal import Diagnostics

extension FoodCatalog {
  /// Foods whose descriptions are close to a name that matched nothing, for "did you mean" messages.
  ///
  /// Each word of `name` is compared with the catalog's words: the same word
  /// counts fully, a word it is a prefix of or one within a small edit
  /// distance (1 for words up to five letters, 2 for longer ones) counts
  /// partly. A food scores the sum over the name's words, less a little for
  /// each of its own words the name does not mention; at least half of the
  /// name's words must be found.
  ///
  /// ```swift
  /// catalog.closeMatches(for: "Chese, chedar")   // "Cheese, cheddar", ...
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name that was not found.
  ///   - limit: The most suggestions to return.
  /// - Returns: Up to `limit` matches, closest first.
  /// - Complexity: O(*v* × *w*) in the vocabulary size and the name's words,
  ///   plus a pass over every food's words.
  public func closeMatches(for name: String, limit: Int = 3) -> [CatalogMatch] {
    let search = index.search
    let words = Array(Set(SearchText.tokens(name).map(\.text)))
    guard !words.isEmpty, limit > 0 else { return [] }
    // For each name word, the weight of each vocabulary word that resembles it.
    let resemblances: [[Int32: Double]] = words.map { word in
      var weights: [Int32: Double] = [:]
      let limit = word.count <= 5 ? 1 : 2
      for (id, candidate) in search.vocabulary.enumerated() {
        if candidate == word {
          weights[Int32(id)] = 1
        } else if candidate.hasPrefix(word) && word.count >= 3 {
          weights[Int32(id)] = 0.8
        } else if let distance = Suggestions.distance(Array(word.utf8), Array(candidate.utf8), limit: limit) {
          weights[Int32(id)] = distance == 1 ? 0.7 : 0.5
        }
      }
      return weights
    }
    var scored: [(score: Double, row: Int)] = []
    for row in 0..<count {
      let range = Int(search.wordStarts[row])..<Int(search.wordStarts[row + 1])
      var total = 0.0
      var found = 0
      for weights in resemblances {
        var best = 0.0
        for position in range {
          if let weight = weights[search.words[position]], weight > best { best = weight }
        }
        if best > 0 { found += 1 }
        total += best
      }
      guard found * 2 >= words.count, total > 0 else { continue }
      total -= 0.05 * Double(max(0, range.count - found))
      scored.append((total, row))
    }
    scored.sort { left, right in
      if left.score != right.score { return left.score > right.score }
      let leftLength = columns.descriptions[left.row].utf8.count
      let rightLength = columns.descriptions[right.row].utf8.count
      return leftLength != rightLength ? leftLength < rightLength : left.row < right.row
    }
    return scored.prefix(limit).map { match(row: $0.row, score: $0.score) }
  }
}
