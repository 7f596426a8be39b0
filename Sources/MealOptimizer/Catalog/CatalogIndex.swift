/// Lookup tables built once when a catalog is loaded.
struct CatalogIndex: Sendable {
  var rowByNDB: [String: Int] = [:]
  /// Folded description to row.
  var rowByName: [String: Int] = [:]
  var columnByNutrient: [Nutrient: UInt8] = [:]
  var search: CatalogSearchIndex

  init(columns: CatalogColumns) {
    rowByNDB.reserveCapacity(columns.count)
    rowByName.reserveCapacity(columns.count)
    for row in 0..<columns.count {
      rowByNDB[columns.ndbNumbers[row]] = row
      let key = SearchText.fold(columns.descriptions[row])
      if rowByName[key] == nil { rowByName[key] = row }
    }
    for (column, nutrient) in columns.nutrients.enumerated() {
      columnByNutrient[nutrient] = UInt8(truncatingIfNeeded: column)
    }
    search = CatalogSearchIndex(columns: columns)
  }
}
