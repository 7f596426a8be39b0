/// The catalog's words, tokenised once, for search.
///
/// Every distinct word of the descriptions and common names is kept once in a
/// sorted vocabulary; each food's words are stored as indices into it. A
/// query word then becomes a few integer ranges (the word itself, its plural
/// or singular, the words it is a prefix of) found by binary search, and
/// matching a food is integer comparisons.
struct CatalogSearchIndex: Sendable {
  /// Every distinct word, sorted.
  let vocabulary: [String]
  /// The description words of each food, as vocabulary indices.
  let words: [Int32]
  /// The comma-separated segment each description word is in.
  let segments: [UInt8]
  let wordStarts: [Int32]
  /// The common-name words of each food, as vocabulary indices.
  let commonWords: [Int32]
  let commonStarts: [Int32]
  /// Segments after this one are stored as this one (ranking does not tell them apart).
  static let maximumSegment = 15
  /// The rank of each food's group for tie-breaks (0 for everyday groups).
  let groupRanks: [UInt8]
  /// What the ranking knows of each description besides its words (``Traits``).
  let traits: [UInt8]

  /// Bits of ``traits``.
  enum Traits {
    /// The description names a brand (a word of three or more capitals) or a commodity program.
    static let branded: UInt8 = 1
    /// The description says the food is raw.
    static let raw: UInt8 = 2
    /// The description names a processed form (breaded, nuggets, deli, imitation, a mix ...).
    static let processed: UInt8 = 4
  }

  /// Words that mark a processed form of a food, ranked after plain forms.
  static let processedWords: Set<String> = [
    "breaded", "battered", "batter", "tenders", "nuggets", "patties", "patty", "sticks", "deli",
    "prepackaged",
    "imitation", "substitute", "mix", "flavored", "sliced", "loaf", "roll", "spread",
  ]

  init(
    vocabulary: [String], words: [Int32], segments: [UInt8], wordStarts: [Int32], commonWords: [Int32],
    commonStarts: [Int32], traits: [UInt8], columns: CatalogColumns
  ) {
    self.vocabulary = vocabulary
    self.words = words
    self.segments = segments
    self.wordStarts = wordStarts
    self.commonWords = commonWords
    self.commonStarts = commonStarts
    self.traits = traits
    self.groupRanks = Self.groupRanks(columns)
  }

  private static func groupRanks(_ columns: CatalogColumns) -> [UInt8] {
    let ranks = columns.groups.map(Self.rank(ofGroup:))
    return columns.groupIndices.map { Int($0) < ranks.count ? ranks[Int($0)] : 5 }
  }

  /// Tokenises every description and common name of `columns`.
  init(columns: CatalogColumns) {
    var ids: [String: Int32] = [:]
    var vocabulary: [String] = []
    func id(_ text: String) -> Int32 {
      if let existing = ids[text] { return existing }
      let new = Int32(vocabulary.count)
      ids[text] = new
      vocabulary.append(text)
      return new
    }
    var words: [Int32] = []
    var segments: [UInt8] = []
    var wordStarts: [Int32] = [0]
    var commonWords: [Int32] = []
    var commonStarts: [Int32] = [0]
    var traits: [UInt8] = []
    words.reserveCapacity(columns.count * 10)
    for row in 0..<columns.count {
      let description = columns.descriptions[row]
      let tokens = SearchText.tokens(description)
      var trait: UInt8 = SearchText.namesBrand(description) ? Traits.branded : 0
      if tokens.contains(where: { $0.text == "raw" }) { trait |= Traits.raw }
      if tokens.contains(where: { Self.processedWords.contains($0.text) }) { trait |= Traits.processed }
      traits.append(trait)
      for token in tokens {
        words.append(id(token.text))
        segments.append(UInt8(clamping: min(token.segment, Self.maximumSegment)))
      }
      wordStarts.append(Int32(words.count))
      for token in SearchText.tokens(columns.commonNames[row]) {
        commonWords.append(id(token.text))
      }
      commonStarts.append(Int32(commonWords.count))
    }
    // Renumber so that vocabulary order is sorted order.
    let order = vocabulary.indices.sorted { vocabulary[$0] < vocabulary[$1] }
    var renumber = [Int32](repeating: 0, count: vocabulary.count)
    for (sortedIndex, oldIndex) in order.enumerated() {
      renumber[oldIndex] = Int32(sortedIndex)
    }
    self.vocabulary = order.map { vocabulary[$0] }
    self.words = words.map { renumber[Int($0)] }
    self.commonWords = commonWords.map { renumber[Int($0)] }
    self.segments = segments
    self.wordStarts = wordStarts
    self.commonStarts = commonStarts
    self.traits = traits
    self.groupRanks = Self.groupRanks(columns)
  }

  /// How far a group is from everyday groceries: 0 for plain foods, 5 for
  /// restaurant, fast and baby foods. Used only to break ties.
  static func rank(ofGroup name: String) -> UInt8 {
    switch name {
    case "Vegetables and Vegetable Products", "Fruits and Fruit Juices", "Legumes and Legume Products",
      "Dairy and Egg Products", "Cereal Grains and Pasta", "Nut and Seed Products":
      0
    case "Poultry Products", "Beef Products", "Pork Products", "Finfish and Shellfish Products":
      1
    case "Lamb, Veal, and Game Products", "Spices and Herbs", "Fats and Oils", "Beverages",
      "Breakfast Cereals":
      2
    case "Baked Products", "Sweets", "Snacks", "Soups, Sauces, and Gravies", "Sausages and Luncheon Meats":
      3
    case "Meals, Entrees, and Side Dishes":
      4
    default:
      5
    }
  }

  /// The vocabulary indices a query word matches, by kind of match.
  struct WordMatcher {
    /// The word itself.
    var exact: Int32 = -1
    /// Its plural or singular forms.
    var variants: [Int32] = []
    /// Words that start with it (including itself and its variants).
    var prefixes: Range<Int32> = 0..<0

    /// 3 for the word itself, 2 for a plural or singular, 1 for a prefix, 0 for none.
    @inline(__always) func strength(_ word: Int32) -> Int {
      if word == exact { return 3 }
      if !variants.isEmpty && variants.contains(word) { return 2 }
      return prefixes.contains(word) ? 1 : 0
    }
  }

  func matcher(for word: String) -> WordMatcher {
    var matcher = WordMatcher()
    matcher.exact = find(word) ?? -1
    matcher.variants = Self.variants(of: word).compactMap(find)
    let lower = lowerBound(word)
    var upper = lower
    var high = vocabulary.count
    // The words with prefix `word` are contiguous from `lower`.
    while upper < high {
      let middle = (upper + high) / 2
      if vocabulary[middle].hasPrefix(word) { upper = middle + 1 } else { high = middle }
    }
    matcher.prefixes = Int32(lower)..<Int32(upper)
    return matcher
  }

  /// Plural and singular spellings of a word (`banana` and `bananas`, `berry` and `berries`).
  static func variants(of word: String) -> [String] {
    var result = [word + "s", word + "es"]
    if word.hasSuffix("ies") { result.append(String(word.dropLast(3)) + "y") }
    if word.hasSuffix("es") { result.append(String(word.dropLast(2))) }
    if word.hasSuffix("s") { result.append(String(word.dropLast())) }
    if word.hasSuffix("y") { result.append(String(word.dropLast()) + "ies") }
    return result.filter { $0 != word && !$0.isEmpty }
  }

  func find(_ word: String) -> Int32? {
    let index = lowerBound(word)
    return index < vocabulary.count && vocabulary[index] == word ? Int32(index) : nil
  }

  func lowerBound(_ word: String) -> Int {
    var low = 0
    var high = vocabulary.count
    while low < high {
      let middle = (low + high) / 2
      if vocabulary[middle] < word { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
