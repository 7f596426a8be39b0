/// Derives the short measure names plans use from SR28 measure descriptions.
///
/// The rules, in order:
/// 1. Lowercase the description, drop accents and anything in parentheses.
/// 2. Split at the first comma: the words before it are the head, the words
///    after it the qualifier ("cup, chopped": head `cup`, qualifier `chopped`).
/// 3. The head's first word is spelled the usual short way (`tablespoon` is
///    `tbsp`, `teaspoon` is `tsp`, `cups` is `cup`, `slices` is `slice`,
///    `fl oz` is `fl_oz`, `extra large` is `extra_large`); the head's other
///    words join the qualifier.
/// 4. The first measure of a food with a given short name gets it alone; a
///    later one gets `short_qualifier`, then `short_2`, `short_3`, ... until
///    the name is unique within the food.
enum MeasureNamer {
  private static let synonyms: [String: String] = [
    "tablespoon": "tbsp", "tablespoons": "tbsp", "tbs": "tbsp", "tbsps": "tbsp",
    "teaspoon": "tsp", "teaspoons": "tsp", "tsps": "tsp",
    "cups": "cup", "slices": "slice", "pieces": "piece", "ounce": "oz", "ounces": "oz",
    "pound": "lb", "pounds": "lb", "lbs": "lb", "links": "link", "strips": "strip",
    "cookies": "cookie", "crackers": "cracker", "leaves": "leaf", "stalks": "stalk",
    "fillets": "fillet", "steaks": "steak", "patties": "patty", "bars": "bar", "items": "item",
    "servings": "serving",
  ]

  /// Unique names for a food's measures, in the order given.
  static func names(for descriptions: [String]) -> [String] {
    var used: Set<String> = []
    var result: [String] = []
    for description in descriptions {
      let (short, qualifier) = split(description)
      var candidates = [short]
      if !qualifier.isEmpty { candidates.append(short + "_" + qualifier) }
      var name = candidates.first { !used.contains($0) } ?? ""
      var counter = 2
      while name.isEmpty || used.contains(name) {
        name = "\(short)_\(counter)"
        counter += 1
      }
      used.insert(name)
      result.append(name)
    }
    return result
  }

  /// The short name and the qualifier of one description.
  static func split(_ description: String) -> (short: String, qualifier: String) {
    var text = ""
    var depth = 0
    for character in SearchText.fold(description) {
      if character == "(" {
        depth += 1
      } else if character == ")" {
        depth = max(0, depth - 1)
      } else if depth == 0 {
        text.append(character)
      }
    }
    let parts = text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
    var headWords = words(parts.first.map(String.init) ?? "")
    var qualifierWords = parts.count > 1 ? words(String(parts[1])) : []
    var short = "measure"
    if let first = headWords.first {
      headWords.removeFirst()
      short = synonyms[first] ?? first
      if first == "fl", headWords.first == "oz" {
        headWords.removeFirst()
        short = "fl_oz"
      } else if first == "extra", headWords.first == "large" || headWords.first == "small" {
        short = "extra_" + headWords.removeFirst()
      }
    }
    qualifierWords = headWords + qualifierWords
    if let first = short.first, first.isNumber { short = "measure_" + short }
    return (short, qualifierWords.joined(separator: "_"))
  }

  private static func words(_ text: String) -> [String] {
    text.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
  }
}
