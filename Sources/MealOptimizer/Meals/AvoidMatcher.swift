/// Decides whether a food contains what an ``AvoidRule`` excludes: the one
/// matcher behind a plan's `avoid`, the verifier and recipe queries
/// ("peanut-free breakfast", "without dairy").
///
/// A term names either allergens or a plain word:
///
/// - **Allergens.** The nine major allergens (``FoodTag/isAllergen``) under
///   their common forms and synonyms (``allergenTerms``): `peanut`,
///   `peanuts` and `peanut butter` are peanuts; `dairy` is milk; `nuts` is
///   tree nuts and peanuts; `seafood` is fish and shellfish. A food contains
///   an allergen when its tags say so, or when its name, identifier or
///   catalog group does by the catalog's own rules (the words of
///   docs/catalog.md: "peanut butter" is peanuts and not milk, "almond milk"
///   is tree nuts and not milk). Tags and words are joined, never weighed
///   against each other, so a food cannot lose an allergen its name shows.
/// - **Plain words** (`butter`, `pork`, `cilantro`): a food matches when the
///   word, in the singular or the plural, is a word of its name, identifier
///   or catalog group, or one of its tags; a phrase (`sour cream`) matches
///   when its words follow each other. A food identifier matches that food.
///
/// Matching errs on the side of excluding: `avoid butter` excludes peanut
/// butter too.
package enum AvoidMatcher {
  /// Every term that names allergens, with the allergens it names.
  package static let allergenTerms: [String: Set<FoodTag>] = {
    var table: [String: Set<FoodTag>] = [:]
    func add(_ terms: [String], _ tags: Set<FoodTag>) {
      for term in terms { table[term] = tags }
    }
    add(["milk", "dairy", "lactose", "cow milk", "cows milk", "milk products"], [.milk])
    add(["egg", "eggs"], [.egg])
    add(["fish", "finfish"], [.fish])
    add(
      ["shellfish", "crustacean", "crustaceans", "mollusc", "molluscs", "mollusk", "mollusks"], [.shellfish])
    add(["seafood", "seafoods"], [.fish, .shellfish])
    add(["tree nut", "tree nuts", "treenut", "treenuts"], [.treeNuts])
    add(["peanut", "peanuts", "peanut butter", "groundnut", "groundnuts"], [.peanuts])
    add(["nut", "nuts"], [.treeNuts, .peanuts])
    add(["wheat", "gluten"], [.wheat])
    add(["soy", "soya", "soybean", "soybeans", "soy bean", "soy beans"], [.soy])
    add(["sesame", "sesame seed", "sesame seeds", "tahini"], [.sesame])
    return table
  }()

  /// Words a term covers beyond its allergens: gluten is in barley and rye as well as wheat.
  static let extraWords: [String: [String]] = ["gluten": ["barley", "rye", "malt", "malted", "triticale"]]

  /// The allergens a term names, or `nil` for a plain word.
  ///
  /// Case, accents, `_` and `-` do not matter: `Peanut_Butter` and
  /// `tree-nuts` are found.
  package static func allergens(named term: String) -> Set<FoodTag>? {
    allergenTerms[normalized(term)]
  }

  /// Whether `food` contains what `rule` excludes.
  ///
  /// - Complexity: O(w) in the words of the food's name, identifier and group.
  package static func food(_ food: Food, matches rule: AvoidRule) -> Bool {
    AvoidableFood(food).matches(rule)
  }

  /// The foods of `foods` that `rule` matches, in their order.
  package static func foods(_ foods: [Food], matching rule: AvoidRule) -> [Food] {
    foods.filter { food($0, matches: rule) }
  }

  /// The diet labels that an ingredient with these allergens rules out.
  ///
  /// Labels are derived from tags (``DietLabel``); `nut-free` is even derived
  /// from the *absence* of a tag, so a food of one's own named "Peanut butter"
  /// without tags would leave a recipe "nut-free". A recipe whose ingredients
  /// contain an allergen by the matcher loses the labels it contradicts.
  package static func labelsRuledOut(by allergens: Set<FoodTag>) -> Set<DietLabel> {
    var labels: Set<DietLabel> = []
    if !allergens.isDisjoint(with: [.treeNuts, .peanuts]) { labels.insert(.nutFree) }
    if allergens.contains(.milk) { labels.formUnion([.dairyFree, .vegan]) }
    if allergens.contains(.egg) { labels.insert(.vegan) }
    if !allergens.isDisjoint(with: [.fish, .shellfish]) { labels.formUnion([.vegan, .vegetarian]) }
    if allergens.contains(.wheat) { labels.insert(.glutenFree) }
    return labels
  }

  /// The term folded, with `_` and `-` as spaces and runs of spaces collapsed.
  static func normalized(_ term: String) -> String {
    SearchText.tokens(term).map(\.text).joined(separator: " ")
  }
}

/// What the matcher needs to know of one food, computed once.
struct AvoidableFood: Sendable, Hashable {
  var id: String
  var tags: Set<String>
  /// Allergens from the tags and from the catalog's rules over the name, identifier and group.
  var allergens: Set<FoodTag>
  /// The words of the name, catalog description, identifier and group, each list in order (for phrases).
  var wordLists: [[String]]

  init(_ food: Food) {
    id = food.id
    tags = Set(food.tags.map(AvoidMatcher.normalized))
    var allergens = Set(food.tags.compactMap { FoodTag(rawValue: $0) }.filter(\.isAllergen))
    let group = food.group ?? ""
    let texts = [food.name, food.catalogDescription, food.id].compactMap { $0 }
    for text in texts {
      allergens.formUnion(FoodTagger.tags(description: text, group: group).filter(\.isAllergen))
    }
    self.allergens = allergens
    wordLists = (texts + [group]).map { SearchText.tokens($0).map(\.text) }
  }

  func matches(_ rule: AvoidRule) -> Bool {
    switch rule {
    case .food(let food):
      return id == food
    case .tag(let term), .term(let term):
      if id == term { return true }
      let key = AvoidMatcher.normalized(term)
      if let named = AvoidMatcher.allergenTerms[key] {
        return !allergens.isDisjoint(with: named) || tags.contains(key)
          || AvoidMatcher.extraWords[key, default: []].contains { containsPhrase([$0]) }
      }
      return tags.contains(key) || containsPhrase(key.split(separator: " ").map(String.init))
    }
  }

  /// Whether the words follow each other in one of the word lists, each in its singular or plural form.
  func containsPhrase(_ phrase: [String]) -> Bool {
    guard !phrase.isEmpty else { return false }
    let forms = phrase.map(Self.forms)
    return wordLists.contains { words in
      guard words.count >= phrase.count else { return false }
      return (0...(words.count - phrase.count)).contains { start in
        forms.indices.allSatisfy { forms[$0].contains(words[start + $0]) }
      }
    }
  }

  /// A word with its plural or singular: `berry`, `berries`; `peach`, `peaches`; `oat`, `oats`.
  static func forms(_ word: String) -> Set<String> {
    var forms: Set<String> = [word, word + "s", word + "es"]
    if word.hasSuffix("ies") { forms.insert(String(word.dropLast(3)) + "y") }
    if word.hasSuffix("y") { forms.insert(String(word.dropLast()) + "ies") }
    if word.hasSuffix("es") { forms.insert(String(word.dropLast(2))) }
    if word.hasSuffix("s") { forms.insert(String(word.dropLast())) }
    return forms
  }
}
