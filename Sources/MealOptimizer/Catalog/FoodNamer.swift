/// Derives the short names plans print for catalog foods from their SR28 descriptions.
///
/// SR28 descriptions start with a filing word: "Cereals, oats, regular and
/// quick, not fortified, dry", "Fish, tuna, light, canned in water, drained
/// solids", "Oil, olive, salad or cooking". A short name names the food
/// instead. The rules, in order:
/// 1. Split the description at its commas (outside parentheses) into parts,
///    and drop anything in parentheses.
/// 2. When the first part is a filing word for a class of foods (`Cereals`,
///    `Fish`, `Nuts`, `Spices`, `Beverages`, …) and the second part names a
///    food, the second part becomes the head ("Oats, …", "Tuna, …").
///    When the first part is a kind of dish or product (`Oil`, `Cheese`,
///    `Soup`, `Sauce`, `Yogurt`, …) and the second part is a short modifier,
///    they join in English order ("Olive oil, …", "Cheddar cheese"); a
///    modifier that is itself plural ("Cookies, animal crackers") does not.
/// 3. Parts that say little about the food (`not fortified`, `unenriched`,
///    `drained solids`, `salad or cooking`, …) move to the end.
/// 4. The short name is the head followed by as few parts as make it differ
///    from every other food's: the shortest prefix of its parts that no other
///    food of the catalog shares ("Oats, regular and quick, dry", "Tuna,
///    light, canned in water", "Olive oil").
/// 5. Foods whose parts are all the same after these rules keep their full
///    descriptions, and ``overrides`` names the few foods the rules name badly.
///
/// The names depend only on the catalog's descriptions, so they are the same
/// on every import of the same release; they are computed once, at import,
/// and stored in the catalog file.
enum FoodNamer {
  /// Filing words dropped in favour of the next part ("Fish, tuna" is "Tuna").
  static let filingWords: Set<String> = [
    "cereals", "fish", "nuts", "seeds", "spices", "beverages", "crustaceans", "mollusks", "game meat",
    "snacks", "candies", "alcoholic beverage", "fast foods", "vegetables", "fruit", "legumes", "grains",
  ]

  /// Product words written after their modifier ("Oil, olive" is "Olive oil"), with the word to use.
  static let productWords: [String: String] = [
    "oil": "oil", "cheese": "cheese", "soup": "soup", "sauce": "sauce", "gravy": "gravy",
    "cake": "cake", "pie": "pie", "yogurt": "yogurt", "cookies": "cookies", "vinegar": "vinegar",
    "muffins": "muffins", "crackers": "crackers",
  ]

  /// Parts that do not tell foods apart for a reader; they move to the end.
  static let quietParts: Set<String> = [
    "not fortified", "unenriched", "drained solids", "salad or cooking", "all commercial varieties",
    "regular pack", "commercial", "commercially prepared", "mature seeds", "solids and liquids",
  ]

  /// Second parts that describe a state rather than name a food; rule 2 does not apply to them.
  static let stateWords: Set<String> = [
    "raw", "cooked", "canned", "frozen", "dry", "dried", "prepared", "fresh", "mixed", "other", "all",
    "with", "without", "plain", "regular", "unprepared", "ready-to-eat", "ready-to-serve", "imitation",
    "carbonated",
  ]

  /// Names the rules cannot derive well, by NDB number. Each must be unique in the catalog.
  static let overrides: [String: String] = [
    "08120": "Rolled oats",  // SR28's common name; the rule gives "Oats, regular and quick, dry"
    "01079": "Milk, 2% milkfat",  // the rule keeps "with added vitamin A and vitamin D"
  ]

  /// The short names of foods, in the order of `foods`.
  ///
  /// - Parameter foods: each food's NDB number and SR28 description.
  /// - Returns: one name per food, unique among them.
  static func names(for foods: [(ndbNumber: String, description: String)]) -> [String] {
    let parts = foods.map { Self.parts(of: $0.description) }
    // Prefixes are compared ignoring case, so that names differ in more than case.
    let keys = parts.map { $0.map { $0.lowercased() } }
    var owners: [[String]: Int] = [:]
    var whole: [[String]: Int] = [:]
    for key in keys {
      whole[key, default: 0] += 1
      for length in 1...key.count { owners[Array(key.prefix(length)), default: 0] += 1 }
    }
    var names: [String] = []
    names.reserveCapacity(foods.count)
    for (index, food) in foods.enumerated() {
      if let name = overrides[food.ndbNumber] {
        names.append(name)
        continue
      }
      let key = keys[index]
      guard whole[key] == 1 else {
        names.append(food.description)
        continue
      }
      var length = 1
      while length < key.count && owners[Array(key.prefix(length))] != 1 { length += 1 }
      names.append(parts[index].prefix(length).joined(separator: ", "))
    }
    // A name an override or a kept description also has goes back to the full description.
    var counts: [String: Int] = [:]
    for name in names { counts[name.lowercased(), default: 0] += 1 }
    for index in names.indices
    where counts[names[index].lowercased()]! > 1 && overrides[foods[index].ndbNumber] == nil {
      names[index] = foods[index].description
    }
    return names
  }

  /// A description's parts after rules 1 to 3.
  static func parts(of description: String) -> [String] {
    var parts = split(description)
    guard !parts.isEmpty else { return [description] }
    if parts.count >= 2, isName(parts[1]) {
      let first = parts[0].lowercased()
      if filingWords.contains(first) {
        parts.removeFirst()
        parts[0] = capitalized(parts[0])
      } else if let product = productWords[first], parts[1].split(separator: " ").count <= 2,
        !parts[1].hasSuffix("s")
      {
        let modifier = parts.remove(at: 1)
        parts[0] = capitalized(modifier) + " " + product
      }
    }
    let head = parts.removeFirst()
    let loud = parts.filter { !quietParts.contains($0.lowercased()) }
    let quiet = parts.filter { quietParts.contains($0.lowercased()) }
    return [head] + loud + quiet
  }

  /// Whether a part names a food (not a state such as "raw" or a brand in capitals).
  private static func isName(_ part: String) -> Bool {
    guard let firstWord = part.split(separator: " ").first.map({ $0.lowercased() }) else { return false }
    if stateWords.contains(firstWord) { return false }
    let letters = part.filter(\.isLetter)
    return letters.contains(where: \.isLowercase) && !part.contains(where: \.isNumber)
  }

  /// The description's comma-separated parts, without parenthesised text, trimmed, none empty.
  private static func split(_ description: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    for character in description {
      switch character {
      case "(": depth += 1
      case ")": depth = max(0, depth - 1)
      case "," where depth == 0:
        parts.append(current)
        current = ""
      default:
        if depth == 0 { current.append(character) }
      }
    }
    parts.append(current)
    return parts.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }.filter {
      !$0.isEmpty
    }
  }

  private static func capitalized(_ text: String) -> String {
    guard let first = text.first, first.isLowercase else { return text }
    return first.uppercased() + text.dropFirst()
  }
}
