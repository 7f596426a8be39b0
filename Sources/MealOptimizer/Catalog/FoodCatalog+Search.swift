extension FoodCatalog {
  /// Finds the foods whose descriptions match every word of a query, best first.
  ///
  /// Each query word must match a word of the food's description or of its
  /// SR28 common names, either whole (`milk`), as a plural or singular
  /// (`banana` matches `bananas`) or as a prefix (`chick` matches `chicken`).
  /// Foods are ranked by, in decreasing weight:
  /// - whole-word matches over plural/singular matches over prefixes, and
  ///   description matches over common-name matches;
  /// - matches early in the description (in its first comma-separated
  ///   segments, and at its very first word);
  /// - query words found in the query's order, and next to each other;
  /// - plain foods: raw foods first, processed forms (breaded, nuggets, deli,
  ///   imitation, mixes ...) and brand names after;
  /// - shorter descriptions, where a word between or before the matched words
  ///   costs more than a trailing qualifier;
  /// - the food group, plain everyday groups first (vegetables, fruits,
  ///   legumes, dairy and egg, grains, nuts), restaurant and fast foods last.
  ///
  /// An empty query matches every food that passes the filters.
  ///
  /// ```swift
  /// catalog.search("cheddar", limit: 3)
  /// catalog.search("beans", filters: .init(tags: ["vegan"], conditions: [.init("protein", .atLeast, 20)]))
  /// ```
  ///
  /// - Parameters:
  ///   - query: Words to look for, in any case.
  ///   - filters: Groups, tags and nutrient conditions the results must satisfy.
  ///   - limit: The most results to return.
  /// - Returns: Up to `limit` matches, best first; ties are broken by shorter
  ///   description, then NDB number.
  /// - Complexity: O(*n*) in the number of words of all descriptions.
  public func search(_ query: String, filters: CatalogSearchFilter = CatalogSearchFilter(), limit: Int = 20)
    -> [CatalogMatch]
  {
    guard limit > 0 else { return [] }
    let search = index.search
    let matchers = SearchText.tokens(query).map { search.matcher(for: $0.text) }
    if matchers.contains(where: { $0.prefixes.isEmpty && $0.variants.isEmpty }) { return [] }
    let allowedGroups = allowedGroupIndices(filters.groups)
    var requiredTags: UInt16 = 0
    for tag in filters.tags {
      guard let known = FoodTag(rawValue: tag) else { return [] }
      requiredTags |= known.bit
    }

    var scored: [(score: Double, row: Int)] = []
    var positions = [Int](repeating: -1, count: matchers.count)
    for row in 0..<count {
      if let allowedGroups, !allowedGroups.contains(columns.groupIndices[row]) { continue }
      if columns.tagBits[row] & requiredTags != requiredTags { continue }
      guard let textScore = score(row: row, matchers: matchers, positions: &positions) else { continue }
      if !filters.conditions.allSatisfy({ isMet($0, row: row) }) { continue }
      scored.append((textScore, row))
    }
    scored.sort { left, right in
      if left.score != right.score { return left.score > right.score }
      let leftLength = columns.descriptions[left.row].utf8.count
      let rightLength = columns.descriptions[right.row].utf8.count
      if leftLength != rightLength { return leftLength < rightLength }
      return left.row < right.row
    }
    return scored.prefix(limit).map { match(row: $0.row, score: $0.score) }
  }

  func match(row: Int, score: Double) -> CatalogMatch {
    let ndbNumber = columns.ndbNumbers[row]
    return CatalogMatch(
      id: Self.identifier(forNDBNumber: ndbNumber), ndbNumber: ndbNumber,
      description: columns.descriptions[row], group: columns.groups[Int(columns.groupIndices[row])],
      score: score)
  }

  private func allowedGroupIndices(_ names: Set<String>) -> Set<UInt8>? {
    guard !names.isEmpty else { return nil }
    let folded = Set(names.map(SearchText.fold))
    var result: Set<UInt8> = []
    for (index, group) in columns.groups.enumerated() where folded.contains(SearchText.fold(group)) {
      result.insert(UInt8(truncatingIfNeeded: index))
    }
    return result
  }

  /// The text score of a food, or `nil` when a query word matches none of its words.
  private func score(row: Int, matchers: [CatalogSearchIndex.WordMatcher], positions: inout [Int]) -> Double?
  {
    let search = index.search
    let start = Int(search.wordStarts[row])
    let end = Int(search.wordStarts[row + 1])
    let wordCount = end - start
    var total = 0.0
    var matchedFirstWord = false
    for (queryIndex, matcher) in matchers.enumerated() {
      var best = 0
      var bestPosition = -1
      for position in start..<end {
        let strength = matcher.strength(search.words[position])
        if strength > best {
          best = strength
          bestPosition = position - start
          if strength == 3 { break }
        }
      }
      positions[queryIndex] = bestPosition
      if best > 0 {
        total += best == 3 ? 10 : best == 2 ? 9 : 5
        let segment = search.segments[start + bestPosition]
        total += segment == 0 ? 4 : segment == 1 ? 2 : segment == 2 ? 1 : 0
        if bestPosition == 0 { matchedFirstWord = true }
        continue
      }
      var common = 0
      for position in Int(search.commonStarts[row])..<Int(search.commonStarts[row + 1]) {
        common = max(common, matcher.strength(search.commonWords[position]))
      }
      guard common > 0 else { return nil }
      total += Double(common + 2)
    }
    if matchedFirstWord { total += 3 }
    for pair in zip(positions, positions.dropFirst()) where pair.0 >= 0 && pair.1 > pair.0 {
      total += pair.1 == pair.0 + 1 ? 3 : 1.5
    }
    // Words the query did not ask for: those among or before the matches cost
    // more than trailing qualifiers ("Milk, whole, 3.25% milkfat, ...").
    let last = positions.max() ?? -1
    let matchedBefore = Set(positions.filter { $0 >= 0 }).count
    total -= 0.5 * Double(last + 1 - matchedBefore) + 0.2 * Double(wordCount - last - 1)
    let traits = search.traits[row]
    if traits & CatalogSearchIndex.Traits.branded != 0 { total -= 2 }
    if traits & CatalogSearchIndex.Traits.raw != 0 { total += 2 }
    if traits & CatalogSearchIndex.Traits.processed != 0 { total -= 5 }
    total -= 0.8 * Double(search.groupRanks[row])
    return total
  }

  private func isMet(_ condition: NutrientCondition, row: Int) -> Bool {
    guard let per100g = value(of: condition.nutrient, row: row) else { return false }
    switch condition.basis {
    case .per100g:
      return condition.holds(for: per100g)
    case .perMeasure(let name):
      guard let measure = columns.measures[columns.measureRange(row)].first(where: { $0.name == name }) else {
        return false
      }
      return condition.holds(for: per100g * measure.gramsPerUnit / 100)
    }
  }
}
