/// A phrase read as a ``RecipeQuery``, with the words that meant nothing.
package struct ParsedRecipeQuery: Sendable, Hashable {
  /// The filters the phrase asks for.
  package var query: RecipeQuery
  /// Words (or phrases) that were not understood, in order; they are not ignored silently.
  package var unrecognized: [UnrecognizedWord]

  /// Creates a value from its parts.
  package init(query: RecipeQuery, unrecognized: [UnrecognizedWord]) {
    self.query = query
    self.unrecognized = unrecognized
  }
}

/// A word of a query phrase that was not understood.
package struct UnrecognizedWord: Sendable, Hashable, Codable {
  /// The word as typed (or a phrase such as "25 g energy").
  package var word: String
  /// Its offset in characters from the start of the phrase.
  package var offset: Int
  /// Why, when more can be said than "unknown word".
  package var reason: String?

  /// Creates a value from its parts.
  package init(word: String, offset: Int, reason: String? = nil) {
    self.word = word
    self.offset = offset
    self.reason = reason
  }
}

extension RecipeQuery {
  /// Reads a phrase a person would type into filters.
  ///
  /// Understood, in any order (case does not matter):
  /// - meals: `breakfast`, `lunch`, `dinner`, `supper`, `snack(s)`, and the names in `meals`;
  /// - diet labels: `vegan`, `vegetarian`, `pescatarian`, `keto`, `gluten-free`
  ///   (or `gluten free`), `dairy-free`, `nut-free`, `low-sodium`;
  /// - time: `under 30 minutes`, `in 1 hour`, `30-minute`, `quick` (at most 30 minutes);
  /// - nutrients per serving: `with at least 25 g protein`, `less than 600 calories`,
  ///   `under 500 mg of sodium`, `protein >= 25 g`, `with 20 g protein` (at least);
  /// - leaving out: `without peanut`, `no dairy`, `egg-free` (a food identifier or tag);
  /// - filler: `a`, `an`, `the`, `with`, `and`, `or`, `for`, `of`, `recipe(s)`, `meal(s)`,
  ///   `dish(es)`, `ideas`, `per serving`, `that`, `has`, `show`, `me`, `find`, `some`.
  ///
  /// Anything else is returned in ``ParsedRecipeQuery/unrecognized``.
  ///
  /// - Parameters:
  ///   - phrase: the text, such as "vegan dinner under 30 minutes with at least 25 g protein".
  ///   - meals: extra meal names the recipes use (`brunch`).
  /// - Returns: the filters and the words not understood.
  /// - Complexity: O(length of the phrase).
  package static func parse(_ phrase: String, meals: Set<Meal> = []) -> ParsedRecipeQuery {
    var parser = RecipeQueryParser(tokens: RecipeQueryParser.tokenize(phrase), meals: meals)
    parser.run()
    return ParsedRecipeQuery(query: parser.query, unrecognized: parser.unrecognized)
  }
}
