import Diagnostics
import Foundation
import MealOptimizer

extension Checker {
  mutating func checkStore(_ d: StoreDeclaration) -> Store? {
    var trip: Decimal?
    if let cost = d.tripCost {
      trip = nonNegative(cost, as: .money, for: "a trip cost")
    }
    return Store(id: d.name.name, name: d.displayName?.value ?? d.name.name, tripCost: trip.map { Money($0) })
  }

  mutating func checkFood(_ d: FoodDeclaration) -> Food? {
    var food = Food(id: d.name.name, name: d.displayName?.value ?? d.name.name)
    if let reference = d.catalog {
      // A catalog food: its figures, measures and tags, under the declared name; local statements override.
      guard let base = catalogFood(reference) else { return nil }
      food = base
      food.id = d.name.name
      food.name = d.displayName?.value ?? base.name
    }
    var ok = true
    if let density = d.density {
      if let value = positive(density, as: .density, for: "a density") {
        food.density = value.double
      } else {
        ok = false
      }
    }
    var measureRanges: [String: SourceRange] = [:]
    for measure in d.measures {
      if let first = measureRanges[measure.name.name] {
        error(DiagnosticMessage.duplicate("measure", measure.name, first: first))
        ok = false
        continue
      }
      measureRanges[measure.name.name] = measure.name.range
      guard let grams = grams(of: measure.amount, in: food, for: "a measure") else {
        ok = false
        continue
      }
      guard grams > 0 else {
        error(DiagnosticMessage.zeroAmount(measure.amount, what: "a measure"))
        ok = false
        continue
      }
      guard grams >= Self.smallestMeasureGrams else {
        error(DiagnosticMessage.measureTooSmall(measure.amount))
        ok = false
        continue
      }
      guard grams <= Self.largestIngredientGrams else {
        error(
          DiagnosticMessage.amountTooLarge(measure.amount, what: "a measure"))
        ok = false
        continue
      }
      food.measures.removeAll { $0.name == measure.name.name }
      food.measures.append(Measure(name: measure.name.name, grams: grams.double))
    }
    // The nutrients seen so far, in order (a food lists a few dozen at most, so a
    // search of this list is quicker than hashing each name), and the figures in
    // the order written, put in the food's table at the end: two lists kept by the
    // checker from one food to the next, taken here and given back on the way out,
    // so that their storage is allocated once, not twice a food.
    var seen = scratchNutrients
    var figures = scratchFigures
    (scratchNutrients, scratchFigures) = ([], [])
    defer {
      seen.removeAll(keepingCapacity: true)
      figures.removeAll(keepingCapacity: true)
      (scratchNutrients, scratchFigures) = (seen, figures)
    }
    seen.reserveCapacity(d.nutrition.reduce(0) { $0 + $1.entries.count })
    figures.reserveCapacity(seen.capacity)
    for block in d.nutrition {
      guard
        let basis = Self.plainGrams(
          block.amount.value, unit: block.amount.unit?.text, measures: food.measures)
          ?? grams(
            of: block.amount, measures: food.measures, density: food.density, food: food.id,
            for: "the amount after 'per'")
      else {
        ok = false
        continue
      }
      guard basis > 0 else {
        error(DiagnosticMessage.zeroAmount(block.amount, what: "the amount after 'per'"))
        ok = false
        continue
      }
      // Most figures are given per 100 g: no division (Foundation's decimal division is slow).
      let per100g = basis == 100
      // Each figure read where it lies in the block, and each nutrient's definition
      // where it lies in `nutrientsMet`: neither is copied (each holds strings).
      let entries = block.entries
      for e in entries.indices {
        // The food's nth nutrient is most likely the nutrient met nth: compared where
        // the name lies first (passing the name to the checker's function copies it out).
        let likely = seen.count
        let met: Int
        if isNutrientMet(entries[e].nutrient.name, at: likely) {
          met = likely
        } else if let found = nutrientIndex(entries[e].nutrient, likelyAt: likely) {
          met = found
        } else {
          ok = false
          continue
        }
        let nutrient = nutrientsMet[met].definition.nutrient
        let unit = nutrientsMet[met].definition.unit
        if let first = seen.firstIndex(where: { $0.name.isSame(as: nutrient.name) }) {
          error(DiagnosticMessage.duplicate("nutrient", entries[e].nutrient, first: seen[first].range))
          ok = false
          continue
        }
        seen.append(NutrientListed(name: nutrient.name, range: entries[e].nutrient.range))
        // A figure in its nutrient's own unit (most) read field by field where it lies
        // (passing the whole figure to a function copied it out first).
        let inOwnUnit = Self.isOwnUnit(entries[e].amount.unit?.text, of: unit)
        guard
          let amount = inOwnUnit
            ? entries[e].amount.value
            : nutrientAmount(entries[e].amount, in: unit, for: "'\(entries[e].nutrient.name)'")
        else {
          ok = false
          continue
        }
        // The sign read from the figure's value as a Double (which keeps it), not by a
        // decimal comparison; a decimal that is not a number keeps the decimal comparison.
        let value = amount.double
        guard amount.isNaN ? amount >= 0 : value >= 0 else {
          error(DiagnosticMessage.negativeAmount(entries[e].amount, what: "a nutrient amount"))
          ok = false
          continue
        }
        let per100 = per100g ? value : (amount * 100 / basis).double
        if per100 > Self.largestNutrientPer100g {
          error(
            DiagnosticMessage.beyondSolverRange(
              entries[e].amount, nutrient: entries[e].nutrient.name,
              bound: "\(Self.largestNutrientPer100gText) \(unit.rawValue) per 100 g of food"))
          ok = false
          continue
        }
        if let reason = Self.impossibleAmount(per100, in: unit) {
          // A warning: abstract models (Stigler's diet, in nutrients per dollar) use such figures on purpose.
          error(
            DiagnosticMessage.impossibleNutrient(
              entries[e].amount, nutrient: entries[e].nutrient.name, reason: reason))
        }
        figures.append(NutrientFigure(nutrient: nutrient, per100g: per100))
      }
    }
    if food.nutrientsPer100g.isEmpty {
      food.nutrientsPer100g = nutrientTable(figures)
    } else {
      // A catalog food's table, with the figures written over it.
      for figure in figures { food.nutrientsPer100g[figure.nutrient] = figure.per100g }
    }
    if d.nutrition.isEmpty, d.catalog == nil, !hadSyntaxError(in: d.range) {
      error(
        DiagnosticMessage.missingNutrition(d.name))
      ok = false
    }
    for price in d.prices {
      guard let cost = nonNegative(price.price, as: .money, for: "a price") else {
        ok = false
        continue
      }
      guard
        let package = Self.plainGrams(
          price.package.value, unit: price.package.unit?.text, measures: food.measures)
          ?? grams(
            of: price.package, measures: food.measures, density: food.density, food: food.id,
            for: "a package size")
      else {
        ok = false
        continue
      }
      guard package > 0 else {
        error(DiagnosticMessage.zeroAmount(price.package, what: "a package size"))
        ok = false
        continue
      }
      // A package of 100 t left the solver's plan buying none of it (exit 70); 30 t still planned.
      guard price.loose || package <= Self.largestIngredientGrams else {
        error(DiagnosticMessage.amountTooLarge(price.package, what: "a package"))
        ok = false
        continue
      }
      if let store = price.store, storeNames[store.name] == nil {
        error(DiagnosticMessage.unknownName(.store, store, candidates: storeNames.keys))
        ok = false
        continue
      }
      // The package as written ("42 oz", "block", "12 large"), for shopping lists.
      let packageName = sources.file(price.package.range.file)?.text(in: price.package.range)
      food.offers.append(
        Offer(
          store: price.store?.name, price: Money(cost), packageGrams: package.double,
          packageName: packageName,
          soldLoose: price.loose))
    }
    if !d.tags.isEmpty || !d.removedTags.isEmpty {
      food.tags = food.tags.union(d.tags.map(\.name)).subtracting(d.removedTags.map(\.name))
    }
    // The food moved out, not copied (as a conditional expression would).
    guard ok else { return nil }
    return food
  }

  /// The table of a food's figures (none repeated). Foods list the same
  /// nutrients in the same order, as a rule: when these are the nutrients of
  /// a table made lately, in its order, that table is copied and its values
  /// set in place (by the positions of its entries, which a copy keeps),
  /// rather than each nutrient hashed again; otherwise the table is built and
  /// kept for the foods after it (the last few kinds of table are kept).
  mutating func nutrientTable(_ figures: [NutrientFigure]) -> [Nutrient: Double] {
    for template in nutrientTemplates
    where template.nutrients.count == figures.count
      && zip(template.nutrients, figures).allSatisfy({ $0.name.isSame(as: $1.nutrient.name) })
    {
      var table = template.table
      for (position, figure) in zip(template.positions, figures) { table.values[position] = figure.per100g }
      return table
    }
    var table: [Nutrient: Double] = [:]
    table.reserveCapacity(figures.count)
    for figure in figures { table[figure.nutrient] = figure.per100g }
    let nutrients = figures.map(\.nutrient)
    let template = NutrientTemplate(
      nutrients: nutrients, table: table, positions: nutrients.map { table.index(forKey: $0)! })
    if nutrientTemplates.count < 4 {
      nutrientTemplates.append(template)
    } else {
      nutrientTemplates[nextNutrientTemplate] = template
      nextNutrientTemplate = (nextNutrientTemplate + 1) % nutrientTemplates.count
    }
    return table
  }

  /// The nutrient a name refers to, reporting unknown names with a hint.
  mutating func nutrient(_ name: Identifier, likelyAt hint: Int? = nil) -> NutrientDefinition? {
    nutrientIndex(name, likelyAt: hint).map { nutrientsMet[$0].definition }
  }

  /// Where the nutrient `name` names is in ``nutrientsMet`` (added there when
  /// first met); `nil` after reporting an unknown name.
  mutating func nutrientIndex(_ name: Identifier, likelyAt hint: Int? = nil) -> Int? {
    // Foods list the same nutrients in the same order, as a rule: the name met
    // at this place before is compared first.
    if let hint, isNutrientMet(name.name, at: hint) { return hint }
    // Foods name the same few nutrients again and again: the names met so far are
    // compared first (quicker than hashing the name for the table).
    for index in nutrientsMet.indices where nutrientsMet[index].name.isSame(as: name.name) {
      return index
    }
    if let definition = NutrientTable.lookup(name.name) {
      nutrientsMet.append(NutrientMet(name: name.name, definition: definition))
      return nutrientsMet.count - 1
    }
    error(DiagnosticMessage.unknownName(.nutrient, name, candidates: NutrientTable.allNames))
    return nil
  }

  /// Whether the nutrient met at `place` (see ``nutrientsMet``) has this name.
  func isNutrientMet(_ name: String, at place: Int) -> Bool {
    nutrientsMet.indices.contains(place) && nutrientsMet[place].name.isSame(as: name)
  }

  /// Whether a figure's unit, as written, is its nutrient's own unit as the
  /// unit table spells it (`sodium 643 mg`, `energy 717 kcal`: most figures):
  /// the figure's value is then its amount, which is what
  /// ``nutrientAmount(_:in:for:)``'s lookups give for it (a test checks every
  /// such unit), without them. Given the unit's text, not the figure, so that
  /// a caller reads it where it lies.
  static func isOwnUnit(_ written: String?, of canonical: NutrientUnit) -> Bool {
    canonical != .kilojoule && written?.isSame(as: canonical.rawValue) == true
  }

  /// An amount of a nutrient whose canonical unit is `canonical` (mg for
  /// sodium), in that unit, checking the dimension.
  mutating func nutrientAmount(
    _ quantity: QuantityLiteral, in canonical: NutrientUnit, for what: @autoclosure () -> String
  ) -> Decimal? {
    if Self.isOwnUnit(quantity.unit?.text, of: canonical) { return quantity.value }
    switch canonical {
    case .kilocalorie, .kilojoule:
      guard let kcal = value(quantity, as: .energy, for: what()) else { return nil }
      return canonical == .kilojoule ? kcal * Decimal(string: "4.184")! : kcal
    case .internationalUnit:
      return value(quantity, as: .internationalUnits, for: what())
    case .gram, .milligram, .microgram:
      // Written in the nutrient's own unit (`sodium 643 mg`): the value as written, without
      // converting to grams and back (the same value; `Decimal` arithmetic is slow).
      if let written = quantity.unit?.text, self.unit(written)?.symbol == canonical.rawValue {
        return quantity.value
      }
      guard let grams = value(quantity, as: .mass, for: what()) else { return nil }
      switch canonical {
      case .milligram: return grams * 1000
      case .microgram: return grams * 1_000_000
      default: return grams
      }
    }
  }

  /// Grams of a food in an amount written with a mass unit, a volume unit (needs a
  /// density or a measure of that name) or one of the food's measures.
  mutating func grams(of quantity: QuantityLiteral, in food: Food, for what: String) -> Decimal? {
    grams(of: quantity, measures: food.measures, density: food.density, food: food.id, for: what)
  }

  /// Grams of an amount written in `g` for a food without measures (`per 100 g`
  /// and most packages): the value, which is what
  /// ``grams(of:measures:density:food:for:)`` gives for it, read from the
  /// amount's fields where they lie rather than from a copy of the amount;
  /// `nil` for any other amount (a negative one included, which that reports).
  static func plainGrams(_ value: Decimal, unit: String?, measures: [Measure]) -> Decimal? {
    guard measures.isEmpty, unit?.isSame(as: "g") == true, !(value < 0) else { return nil }
    return value
  }

  /// ``grams(of:in:for:)`` given only what it reads of the food (the food
  /// itself, a dozen fields, would be copied at each call).
  mutating func grams(
    of quantity: QuantityLiteral, measures: [Measure], density: Double?, food: String, for what: String
  ) -> Decimal? {
    guard let unit = quantity.unit else {
      error(DiagnosticMessage.missingUnit(quantity, expected: "mass", for: what))
      return nil
    }
    if quantity.value < 0 {
      error(DiagnosticMessage.negativeAmount(quantity, what: what))
      return nil
    }
    if !measures.isEmpty {
      let singular = Self.singular(unit.text)
      if let measure = measures.first(where: { $0.name == unit.text })
        ?? measures.first(where: { $0.name == singular })
      {
        return quantity.value * Decimal(measure.grams)
      }
    }
    guard let definition = self.unit(unit.text) else {
      let candidates = Units.allSymbols + measures.map(\.name)
      error(DiagnosticMessage.unknownUnit(unit, candidates: candidates))
      return nil
    }
    switch definition.dimension {
    case .mass:
      return Units.canonical(quantity.value, definition)
    case .volume:
      guard let density = density ?? Self.impliedDensity(measures: measures) else {
        error(
          DiagnosticMessage.volumeWithoutDensity(unit, food: food))
        return nil
      }
      return Units.canonical(quantity.value, definition) * Decimal(density)
    default:
      error(
        DiagnosticMessage.wrongDimension(unit, is: definition.dimension.rawValue, expected: "mass", for: what)
      )
      return nil
    }
  }

  /// Grams per millilitre implied by a measure named after a volume unit
  /// (`cup` = 244 g gives 244 / 236.5882365 g/ml), so that other volumes work too.
  static func impliedDensity(measures: [Measure]) -> Double? {
    for measure in measures {
      if let unit = Units.definition(measure.name), unit.dimension == .volume {
        return measure.grams / Units.canonical(1, unit).double
      }
    }
    return nil
  }

  /// `slices` → `slice`, for measures written in the plural.
  static func singular(_ word: String) -> String {
    word.hasSuffix("s") ? String(word.dropLast()) : word
  }
}
