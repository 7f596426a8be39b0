/// The catalog's data, stored column by column.
///
/// One row per food, in NDB number order. Nutrients and measures are stored
/// in flat arrays; food `i` owns entries `nutrientStarts[i]..<nutrientStarts[i + 1]`
/// (and likewise for measures), sorted by nutrient column.
struct CatalogColumns: Sendable {
  /// The food group names; foods refer to them by index.
  var groups: [String] = []
  /// The nutrients the catalog has figures for; entries refer to them by index.
  var nutrients: [Nutrient] = []
  var ndbNumbers: [String] = []
  var descriptions: [String] = []
  /// The names plans print ("Rolled oats"), unique in the catalog; see ``FoodNamer``.
  var shortNames: [String] = []
  /// SR28's common names for each food ("oatmeal, rolled oats"), often empty.
  var commonNames: [String] = []
  var groupIndices: [UInt8] = []
  var tagBits: [UInt16] = []
  var nutrientStarts: [Int32] = [0]
  var nutrientColumns: [UInt8] = []
  var nutrientValues: [Double] = []
  var measureStarts: [Int32] = [0]
  var measures: [CatalogMeasure] = []

  var count: Int { ndbNumbers.count }

  /// Adds one food; `nutrients` must be sorted by column.
  mutating func append(
    ndbNumber: String, description: String, shortName: String, commonNames: String, groupIndex: UInt8,
    tags: UInt16,
    nutrients entries: [(column: UInt8, value: Double)], measures foodMeasures: [CatalogMeasure]
  ) {
    ndbNumbers.append(ndbNumber)
    descriptions.append(description)
    shortNames.append(shortName)
    self.commonNames.append(commonNames)
    groupIndices.append(groupIndex)
    tagBits.append(tags)
    for entry in entries {
      nutrientColumns.append(entry.column)
      nutrientValues.append(entry.value)
    }
    nutrientStarts.append(Int32(nutrientColumns.count))
    measures.append(contentsOf: foodMeasures)
    measureStarts.append(Int32(measures.count))
  }

  func nutrientRange(_ row: Int) -> Range<Int> { Int(nutrientStarts[row])..<Int(nutrientStarts[row + 1]) }

  func measureRange(_ row: Int) -> Range<Int> { Int(measureStarts[row])..<Int(measureStarts[row + 1]) }

  /// The value of nutrient column `column` for food `row`, if SR28 gives one.
  func value(column: UInt8, row: Int) -> Double? {
    var range = nutrientRange(row)
    while !range.isEmpty {
      let middle = range.lowerBound + range.count / 2
      let found = nutrientColumns[middle]
      if found == column { return nutrientValues[middle] }
      if found < column { range = (middle + 1)..<range.upperBound } else { range = range.lowerBound..<middle }
    }
    return nil
  }
}
