import Foundation

/// Reads the USDA SR28 ASCII release and builds a ``FoodCatalog`` from it.
///
/// The importer reads five files of the release: `FD_GROUP.txt` (food
/// groups), `NUTR_DEF.txt` (nutrients), `FOOD_DES.txt` (foods),
/// `NUT_DATA.txt` (nutrient values per 100 g) and `WEIGHT.txt` (household
/// measures). Every SR28 nutrient must be known to ``NutrientTable`` with the
/// same unit, so values are stored as they are, already in canonical units.
/// An empty value is absent, not zero. Tags come from ``FoodTag`` rules and
/// measure names from the rules in docs/catalog.md.
///
/// ```swift
/// let catalog = try SR28Importer.importCatalog(from: URL(fileURLWithPath: "sr28"))
/// try catalog.serialized().write(to: URL(fileURLWithPath: "usda-sr28.plancat"))
/// ```
package enum SR28Importer {
  /// The files of the release the importer reads.
  package static let fileNames = [
    "FD_GROUP.txt", "NUTR_DEF.txt", "FOOD_DES.txt", "NUT_DATA.txt", "WEIGHT.txt",
  ]

  /// Imports the release in `directory`.
  ///
  /// - Parameter directory: The folder holding the SR28 `.txt` files.
  /// - Returns: The catalog, foods in NDB number order.
  /// - Throws: ``SR28ImportError`` for a missing file, or a damaged record
  ///   (with its file, line and column).
  /// - Complexity: O(*n*) in the size of the files.
  package static func importCatalog(from directory: URL) throws(SR28ImportError) -> FoodCatalog {
    let groups = try readGroups(SR28File(named: "FD_GROUP.txt", in: directory))
    let nutrients = try readNutrients(SR28File(named: "NUTR_DEF.txt", in: directory))
    var foods = try readFoods(SR28File(named: "FOOD_DES.txt", in: directory), groups: groups)
    try readValues(SR28File(named: "NUT_DATA.txt", in: directory), nutrients: nutrients, into: &foods)
    try readMeasures(SR28File(named: "WEIGHT.txt", in: directory), into: &foods)

    var columns = CatalogColumns()
    columns.groups = groups.names
    columns.nutrients = nutrients.columns
    let sorted = foods.list.sorted(by: { $0.ndbNumber < $1.ndbNumber })
    let shortNames = FoodNamer.names(for: sorted.map { ($0.ndbNumber, $0.description) })
    for (food, shortName) in zip(sorted, shortNames) {
      let groupName = groups.names[Int(food.groupIndex)]
      let tags = FoodTagger.tags(description: food.description, group: groupName)
      let ordered = food.measures.sorted { $0.sequence < $1.sequence }
      let names = MeasureNamer.names(for: ordered.map(\.description))
      let measures = zip(ordered, names).map { measure, name in
        CatalogMeasure(
          name: name, amount: measure.amount, description: measure.description, grams: measure.grams)
      }
      columns.append(
        ndbNumber: food.ndbNumber, description: food.description, shortName: shortName,
        commonNames: food.commonNames,
        groupIndex: food.groupIndex, tags: FoodTag.bits(of: tags),
        nutrients: food.values.sorted { $0.column < $1.column }, measures: measures)
    }
    return FoodCatalog(columns: columns)
  }

  // MARK: Files

  private struct Groups {
    var names: [String] = []
    var indexByCode: [String: UInt8] = [:]
  }

  private struct Nutrients {
    var columns: [Nutrient] = []
    var columnByNumber: [Int: UInt8] = [:]
  }

  private struct PendingMeasure {
    var sequence: Int
    var amount: Double
    var description: String
    var grams: Double
  }

  private struct PendingFood {
    var ndbNumber: String
    var description: String
    var commonNames: String
    var groupIndex: UInt8
    var values: [(column: UInt8, value: Double)] = []
    var seen: Set<UInt8> = []
    var measures: [PendingMeasure] = []
  }

  private struct Foods {
    var list: [PendingFood] = []
    var indexByNDB: [String: Int] = [:]
  }

  private static func readGroups(_ file: SR28File) throws(SR28ImportError) -> Groups {
    var groups = Groups()
    try file.forEachRecord { record throws(SR28ImportError) in
      try record.require(fields: 2)
      let code = record.ascii(0)
      guard groups.indexByCode[code] == nil else {
        throw record.error("food group '\(code)' is defined twice", field: 0)
      }
      guard groups.names.count < 255 else { throw record.error("more than 255 food groups", field: 0) }
      groups.indexByCode[code] = UInt8(groups.names.count)
      groups.names.append(record.text(1))
    }
    return groups
  }

  private static func readNutrients(_ file: SR28File) throws(SR28ImportError) -> Nutrients {
    var rows: [(number: Int, order: Int, nutrient: Nutrient)] = []
    try file.forEachRecord { record throws(SR28ImportError) in
      try record.require(fields: 6)
      let number = try record.integer(0, what: "nutrient number")
      let unit = record.text(1)
      guard let definition = NutrientTable.definition(usdaNumber: number) else {
        throw record.error("nutrient \(number) ('\(record.text(3))') is not in NutrientTable", field: 0)
      }
      guard definition.unit.rawValue == unit else {
        throw record.error(
          "nutrient \(number) is in '\(unit)' but NutrientTable has '\(definition.unit.rawValue)'", field: 1)
      }
      guard !rows.contains(where: { $0.number == number }) else {
        throw record.error("nutrient \(number) is defined twice", field: 0)
      }
      let order = (try? record.integer(5, what: "sort order")) ?? Int.max
      rows.append((number, order, definition.nutrient))
    }
    guard rows.count <= 255 else {
      throw .malformedRecord(file: file.name, line: 1, column: 1, message: "more than 255 nutrients")
    }
    var nutrients = Nutrients()
    for row in rows.sorted(by: { ($0.order, $0.number) < ($1.order, $1.number) }) {
      nutrients.columnByNumber[row.number] = UInt8(nutrients.columns.count)
      nutrients.columns.append(row.nutrient)
    }
    return nutrients
  }

  private static func readFoods(_ file: SR28File, groups: Groups) throws(SR28ImportError) -> Foods {
    var foods = Foods()
    try file.forEachRecord { record throws(SR28ImportError) in
      try record.require(fields: 5)
      let ndbNumber = record.ascii(0)
      guard !ndbNumber.isEmpty, ndbNumber.allSatisfy({ $0.isASCII && $0.isNumber }) else {
        throw record.error("NDB number '\(ndbNumber)' is not a number", field: 0)
      }
      guard foods.indexByNDB[ndbNumber] == nil else {
        throw record.error("food \(ndbNumber) is defined twice", field: 0)
      }
      guard let group = groups.indexByCode[record.ascii(1)] else {
        throw record.error("food group '\(record.ascii(1))' is not in FD_GROUP.txt", field: 1)
      }
      let description = record.text(2)
      guard !description.isEmpty else { throw record.error("food \(ndbNumber) has no description", field: 2) }
      foods.indexByNDB[ndbNumber] = foods.list.count
      foods.list.append(
        PendingFood(
          ndbNumber: ndbNumber, description: description, commonNames: record.text(4), groupIndex: group))
    }
    return foods
  }

  private static func readValues(_ file: SR28File, nutrients: Nutrients, into foods: inout Foods)
    throws(SR28ImportError)
  {
    try file.forEachRecord { record throws(SR28ImportError) in
      try record.require(fields: 3)
      let ndbNumber = record.ascii(0)
      guard let food = foods.indexByNDB[ndbNumber] else {
        throw record.error("food \(ndbNumber) is not in FOOD_DES.txt", field: 0)
      }
      let number = try record.integer(1, what: "nutrient number")
      guard let column = nutrients.columnByNumber[number] else {
        throw record.error("nutrient \(number) is not in NUTR_DEF.txt", field: 1)
      }
      guard let value = try record.number(2, what: "nutrient value") else { return }
      guard foods.list[food].seen.insert(column).inserted else {
        throw record.error("food \(ndbNumber) has two values for nutrient \(number)", field: 1)
      }
      foods.list[food].values.append((column, value))
    }
  }

  private static func readMeasures(_ file: SR28File, into foods: inout Foods) throws(SR28ImportError) {
    try file.forEachRecord { record throws(SR28ImportError) in
      try record.require(fields: 5)
      let ndbNumber = record.ascii(0)
      guard let food = foods.indexByNDB[ndbNumber] else {
        throw record.error("food \(ndbNumber) is not in FOOD_DES.txt", field: 0)
      }
      let sequence = try record.integer(1, what: "measure sequence number")
      guard let amount = try record.number(2, what: "measure amount"),
        let grams = try record.number(4, what: "measure weight")
      else { return }
      guard amount > 0, grams > 0 else { return }
      foods.list[food].measures.append(
        PendingMeasure(sequence: sequence, amount: amount, description: record.text(3), grams: grams))
    }
  }
}
