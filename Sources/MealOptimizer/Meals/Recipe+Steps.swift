import Foundation

extension Recipe {
  /// The ingredients a step uses: the step's explicit list when it has one,
  /// otherwise every ingredient whose food the step's text mentions.
  ///
  /// A food is mentioned when the text contains, as whole words and ignoring
  /// case, its identifier with underscores read as spaces (`peanut_butter`),
  /// the part of its name before the first comma ("Oats" in "Oats, rolled"),
  /// or either of those with a final "s" added or removed.
  ///
  /// - Parameters:
  ///   - step: one of the recipe's steps.
  ///   - foods: foods by identifier, for their names.
  /// - Returns: the matching ingredients, in recipe order.
  package func ingredients(usedIn step: RecipeStep, foods: [String: Food]) -> [RecipeIngredient] {
    if let uses = step.uses { return ingredients.filter { uses.contains($0.food) } }
    let words = Self.words(step.text)
    return ingredients.filter { ingredient in
      var names = [ingredient.food.replacingOccurrences(of: "_", with: " ")]
      if let name = foods[ingredient.food]?.name.split(separator: ",").first { names.append(String(name)) }
      return names.contains { name in
        let phrase = Self.words(name)
        guard !phrase.isEmpty else { return false }
        return Self.variants(phrase).contains { Self.contains(words, phrase: $0) }
      }
    }
  }

  static func words(_ text: String) -> [String] {
    text.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "-" }.map(String.init)
  }

  /// The phrase, and the phrase with its last word's final "s" added or removed.
  static func variants(_ phrase: [String]) -> [[String]] {
    guard let last = phrase.last else { return [phrase] }
    let other = last.hasSuffix("s") ? String(last.dropLast()) : last + "s"
    return [phrase, phrase.dropLast() + [other]]
  }

  static func contains(_ words: [String], phrase: [String]) -> Bool {
    guard phrase.count <= words.count else { return false }
    return (0...(words.count - phrase.count)).contains { Array(words[$0..<($0 + phrase.count)]) == phrase }
  }
}
