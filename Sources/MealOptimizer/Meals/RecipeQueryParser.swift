import Foundation

/// The reader behind ``RecipeQuery/parse(_:meals:)``: a cursor over the
/// phrase's tokens that recognises one construct at a time.
struct RecipeQueryParser {
  struct Token: Equatable {
    var text: String
    var offset: Int
    var isNumber: Bool
  }

  let tokens: [Token]
  let meals: Set<Meal>
  var position = 0
  var query = RecipeQuery()
  var unrecognized: [UnrecognizedWord] = []

  init(tokens: [Token], meals: Set<Meal>) {
    self.tokens = tokens
    self.meals = meals
  }

  static let filler: Set<String> = [
    "a", "an", "the", "with", "and", "or", "for", "of", "recipe", "recipes", "meal", "meals", "dish",
    "dishes",
    "idea", "ideas", "that", "has", "have", "having", "show", "me", "find", "some", "any", "i", "want", "is",
    "are", "contains", "containing", "serving", "per", "each", "something", "food", "foods",
  ]
  static let standardMeals: [String: Meal] = [
    "breakfast": .breakfast, "lunch": .lunch, "dinner": .dinner, "supper": .dinner, "snack": .snack,
    "snacks": .snack,
  ]
  static let comparators: [([String], NutrientCondition.Comparison)] = [
    (["no", "more", "than"], .atMost), (["no", "less", "than"], .atLeast),
    (["not", "more", "than"], .atMost),
    (["at", "least"], .atLeast), (["at", "most"], .atMost), (["less", "than"], .lessThan),
    (["fewer", "than"], .lessThan), (["more", "than"], .greaterThan), (["greater", "than"], .greaterThan),
    (["up", "to"], .atMost), (["under"], .lessThan), (["below"], .lessThan), (["over"], .greaterThan),
    (["above"], .greaterThan), (["within"], .atMost), (["in"], .atMost), (["max"], .atMost),
    (["maximum"], .atMost), (["min"], .atLeast), (["minimum"], .atLeast), (["<="], .atMost), (["≤"], .atMost),
    (["<"], .lessThan), ([">="], .atLeast), (["≥"], .atLeast), ([">"], .greaterThan), (["="], .equal),
  ]
  static let minutesPerUnit: [String: Double] = [
    "min": 1, "mins": 1, "minute": 1, "minutes": 1, "h": 60, "hr": 60, "hrs": 60, "hour": 60, "hours": 60,
  ]
  static let units: [String: NutrientUnit] = [
    "g": .gram, "gram": .gram, "grams": .gram, "mg": .milligram, "milligram": .milligram,
    "milligrams": .milligram, "µg": .microgram, "mcg": .microgram, "ug": .microgram,
    "microgram": .microgram, "micrograms": .microgram, "kcal": .kilocalorie, "cal": .kilocalorie,
    "calorie": .kilocalorie, "calories": .kilocalorie, "kilocalories": .kilocalorie, "kj": .kilojoule,
  ]

  /// Splits a phrase into words, numbers and comparison symbols, with offsets.
  static func tokenize(_ phrase: String) -> [Token] {
    let characters = Array(phrase.lowercased())
    var tokens: [Token] = []
    var index = 0
    while index < characters.count {
      let character = characters[index]
      let start = index
      if character.isNumber {
        while index < characters.count, characters[index].isNumber || characters[index] == "." { index += 1 }
        tokens.append(Token(text: String(characters[start..<index]), offset: start, isNumber: true))
      } else if character.isLetter || character == "µ" {
        while index < characters.count,
          characters[index].isLetter || characters[index] == "_" || characters[index] == "'"
            || (characters[index] == "-" && index + 1 < characters.count && characters[index + 1].isLetter)
        {
          index += 1
        }
        tokens.append(Token(text: String(characters[start..<index]), offset: start, isNumber: false))
      } else if "<>=≤≥".contains(character) {
        index += 1
        if index < characters.count, characters[index] == "=", character == "<" || character == ">" {
          index += 1
        }
        tokens.append(Token(text: String(characters[start..<index]), offset: start, isNumber: false))
      } else {
        index += 1
      }
    }
    return tokens
  }

  func text(_ offset: Int) -> String? {
    position + offset < tokens.count ? tokens[position + offset].text : nil
  }

  mutating func run() {
    while position < tokens.count {
      let before = position
      step()
      if position == before {
        unrecognized.append(UnrecognizedWord(word: tokens[position].text, offset: tokens[position].offset))
        position += 1
      }
    }
  }

  /// Takes the term at the cursor for "without": two words when they name an
  /// allergen together ("peanut butter", "tree nuts"), else one.
  mutating func excludeTerm() {
    guard let first = text(0) else { return }
    if let second = text(1), AvoidMatcher.allergens(named: first + " " + second) != nil {
      query.excluding.append(first + " " + second)
      position += 2
    } else {
      query.excluding.append(first)
      position += 1
    }
  }

  /// Recognises one construct at the cursor, or leaves the cursor where it was.
  mutating func step() {
    guard let word = text(0) else { return }
    let start = position
    if let comparison = comparator() {
      quantity(from: start, comparison: comparison, nutrient: nil)
      return
    }
    if tokens[position].isNumber {
      quantity(from: start, comparison: nil, nutrient: nil)
      return
    }
    if let (label, length) = dietLabel() {
      query.labels.insert(label)
      position += length
    } else if let meal = Self.standardMeals[word] ?? meals.first(where: { $0.name.lowercased() == word }) {
      query.meals.insert(meal)
      position += 1
    } else if word == "quick" {
      query.maximumMinutes = min(query.maximumMinutes ?? 30, 30)
      position += 1
    } else if ["without", "no", "excluding", "except"].contains(word), text(1) != nil,
      !tokens[position + 1].isNumber
    {
      position += 1
      excludeTerm()
      // A list of allergens goes on: "without nuts, dairy and eggs", "without nuts or soy".
      while true {
        let skip = ["and", "or", "nor"].contains(text(0) ?? "") ? 1 : 0
        guard let word = text(skip),
          AvoidMatcher.allergens(named: word) != nil
            || (text(skip + 1).map { AvoidMatcher.allergens(named: word + " " + $0) != nil } ?? false)
        else { break }
        position += skip
        excludeTerm()
      }
    } else if word.hasSuffix("-free"), word.count > 5 {
      query.excluding.append(String(word.dropLast(5)))
      position += 1
    } else if let (nutrient, length) = nutrientName(at: position) {
      position += length
      let comparison = comparator()
      quantity(from: start, comparison: comparison, nutrient: nutrient)
    } else if Self.filler.contains(word) {
      position += 1
    }
  }

  /// A diet label of one or two words at the cursor.
  func dietLabel() -> (DietLabel, Int)? {
    guard let first = text(0) else { return nil }
    if let label = DietLabel(rawValue: first) { return (label, 1) }
    if let second = text(1), let label = DietLabel(rawValue: first + "-" + second) { return (label, 2) }
    return nil
  }

  /// A comparator of one to three words at the cursor; the cursor moves past it.
  mutating func comparator() -> NutrientCondition.Comparison? {
    for (words, comparison) in Self.comparators
    where (0..<words.count).allSatisfy({ text($0) == words[$0] }) {
      // "in" and "within" only count before a number ("in 20 minutes").
      if words == ["in"], !(position + 1 < tokens.count && tokens[position + 1].isNumber) {
        continue
      }
      position += words.count
      return comparison
    }
    return nil
  }

  /// A nutrient name of one or two words at an index (`protein`, `saturated fat`).
  func nutrientName(at index: Int) -> (Nutrient, Int)? {
    guard index < tokens.count else { return nil }
    if index + 1 < tokens.count,
      let definition = NutrientTable.lookup(tokens[index].text + "_" + tokens[index + 1].text)
    {
      return (definition.nutrient, 2)
    }
    if let definition = NutrientTable.lookup(tokens[index].text.replacingOccurrences(of: "-", with: "_")) {
      return (definition.nutrient, 1)
    }
    return nil
  }

  /// Reads `NUMBER [UNIT] [of] [NUTRIENT]` after an optional comparator; a
  /// time unit sets the maximum minutes. On failure the words from `start` are
  /// reported together, with the reason.
  mutating func quantity(
    from start: Int, comparison: NutrientCondition.Comparison?, nutrient first: Nutrient?
  ) {
    func fail(_ reason: String) {
      let end = max(position, start + 1)
      let words = tokens[start..<min(end, tokens.count)].map(\.text).joined(separator: " ")
      unrecognized.append(UnrecognizedWord(word: words, offset: tokens[start].offset, reason: reason))
      position = end
    }
    guard position < tokens.count, tokens[position].isNumber, let value = Double(tokens[position].text) else {
      return fail("expected an amount such as '25 g'")
    }
    position += 1
    let unitWord = text(0) ?? ""
    if let factor = Self.minutesPerUnit[unitWord] {
      position += 1
      guard first == nil else { return fail("a nutrient is not measured in time") }
      switch comparison ?? .atMost {
      case .atMost, .lessThan, .equal:
        query.maximumMinutes = min(query.maximumMinutes ?? .infinity, value * factor)
      case .atLeast, .greaterThan: fail("only a maximum time can be asked for")
      }
      return
    }
    let unit = Self.units[unitWord]
    if unit != nil { position += 1 }
    if text(0) == "of" { position += 1 }
    var nutrient = first
    if nutrient == nil, let (found, length) = nutrientName(at: position) {
      nutrient = found
      position += length
    }
    if nutrient == nil, unit == .kilocalorie || unit == .kilojoule { nutrient = .energy }
    guard let nutrient else { return fail("expected a nutrient such as 'protein' after the amount") }
    let canonical = nutrient.definition?.unit ?? .gram
    var amount = value
    if let unit, unit != canonical {
      if let from = unit.grams, let to = canonical.grams {
        amount = value * from / to
      } else if unit == .kilocalorie, canonical == .kilojoule {
        amount = value * 4.184
      } else if unit == .kilojoule, canonical == .kilocalorie {
        amount = value / 4.184
      } else {
        return fail("\(nutrient) is measured in \(canonical.rawValue), not \(unit.rawValue)")
      }
    }
    query.conditions.append(NutrientCondition(nutrient, comparison ?? .atLeast, amount))
  }
}
