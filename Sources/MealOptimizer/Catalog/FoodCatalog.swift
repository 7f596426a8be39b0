import Foundation

/// A read-only catalog of foods with their nutrients, household measures and tags.
///
/// The bundled catalog holds the 8,789 foods of USDA SR28 (see
/// ``bundled()``). Data is stored by column and a ``Food`` value is built only
/// when asked for, so that loading the catalog stays fast.
///
/// ```swift
/// let catalog = try FoodCatalog.bundled()
/// let oats = catalog.food(ndbNumber: "08120")       // "Rolled oats" (Cereals, oats, ..., dry)
/// let hits = catalog.search("greek yogurt", limit: 5)
/// ```
public struct FoodCatalog: Sendable {
  let columns: CatalogColumns
  let index: CatalogIndex

  init(columns: CatalogColumns) {
    self.columns = columns
    self.index = CatalogIndex(columns: columns)
  }

  init(columns: CatalogColumns, index: CatalogIndex) {
    self.columns = columns
    self.index = index
  }

  /// The number of foods.
  public var count: Int { columns.count }

  /// The food group names, in SR28 order.
  package var groups: [String] { columns.groups }

  /// The nutrients the catalog has figures for, in SR28 display order.
  package var nutrients: [Nutrient] { columns.nutrients }

  /// Every NDB number, in ascending order.
  package var ndbNumbers: [String] { columns.ndbNumbers }

  /// The identifier ``food(id:)`` and ``Food/id`` use for an NDB number (`usda_08120`).
  ///
  /// - Parameter ndbNumber: A five-digit NDB number.
  /// - Returns: `usda_` followed by the number.
  package static func identifier(forNDBNumber ndbNumber: String) -> String { "usda_" + ndbNumber }

  /// The food with an NDB number.
  ///
  /// Leading zeros may be left out (`8120` finds `08120`).
  ///
  /// - Parameter ndbNumber: The USDA SR28 NDB number.
  /// - Returns: The food, or `nil` when the catalog has no such number.
  /// - Complexity: O(*n*) in the food's nutrients and measures.
  public func food(ndbNumber: String) -> Food? {
    row(ndbNumber: ndbNumber).map(food(row:))
  }

  /// The food with an identifier: `usda_08120`, or a bare NDB number.
  ///
  /// - Parameter id: The identifier, as ``Food/id`` gives it.
  /// - Returns: The food, or `nil` when no food has the identifier.
  public func food(id: String) -> Food? {
    let prefix = "usda_"
    return food(ndbNumber: id.hasPrefix(prefix) ? String(id.dropFirst(prefix.count)) : id)
  }

  /// The food whose description is `description`, ignoring case and accents.
  ///
  /// - Parameter description: A description such as "Cheese, cheddar".
  /// - Returns: The food, or `nil` when no description matches exactly; see
  ///   ``closeMatches(for:limit:)`` for suggestions.
  /// - Complexity: O(1) average for the lookup.
  public func food(named description: String) -> Food? {
    index.row(foldedName: SearchText.fold(description.trimmingCharacters(in: .whitespaces)), in: columns)
      .map(food(row:))
  }

  /// The household measures of a food as SR28 states them, with SR28's
  /// amount and description (a consumer reads ``Food/measures``: the grams of
  /// one of each).
  ///
  /// - Parameter ndbNumber: The food's NDB number.
  /// - Returns: The measures, or an empty array for an unknown number.
  package func measures(ndbNumber: String) -> [CatalogMeasure] {
    guard let row = row(ndbNumber: ndbNumber) else { return [] }
    return Array(columns.measures[columns.measureRange(row)])
  }

  /// SR28's common names for a food ("oatmeal, old-fashioned oats, rolled oats"), often empty.
  ///
  /// - Parameter ndbNumber: The food's NDB number.
  /// - Returns: The common names as SR28 writes them, or `""`.
  package func commonNames(ndbNumber: String) -> String {
    row(ndbNumber: ndbNumber).map { columns.commonNames[$0] } ?? ""
  }

  /// Every food, built one by one as the sequence is walked.
  package var foods: some Sequence<Food> & Sendable {
    let catalog = self
    return (0..<count).lazy.map { catalog.food(row: $0) }
  }

  func row(ndbNumber: String) -> Int? {
    let trimmed = ndbNumber.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, trimmed.count <= 5, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      return index.row(ndbNumber: trimmed, in: columns)
    }
    return index.row(ndbNumber: String(repeating: "0", count: 5 - trimmed.count) + trimmed, in: columns)
  }

  /// The food in row `row`, built from the columns.
  func food(row: Int) -> Food {
    var nutrients: [Nutrient: Double] = [:]
    let range = columns.nutrientRange(row)
    nutrients.reserveCapacity(range.count)
    for entry in range {
      nutrients[columns.nutrients[Int(columns.nutrientColumns[entry])]] = columns.nutrientValues[entry]
    }
    let ndbNumber = columns.ndbNumbers[row]
    let measures = columns.measures[columns.measureRange(row)]
    return Food(
      id: Self.identifier(forNDBNumber: ndbNumber), name: columns.shortNames[row],
      nutrientsPer100g: nutrients, measures: measures.map(\.measure),
      density: MeasureDensity.density(of: measures),
      tags: FoodTag.tags(in: columns.tagBits[row]),
      group: columns.groups[Int(columns.groupIndices[row])], ndbNumber: ndbNumber,
      catalogDescription: columns.descriptions[row])
  }

  /// The value of a nutrient in 100 g of the food in row `row`, when SR28 gives one.
  func value(of nutrient: Nutrient, row: Int) -> Double? {
    guard let column = index.columnByNutrient[nutrient] else { return nil }
    return columns.value(column: column, row: row)
  }
}
