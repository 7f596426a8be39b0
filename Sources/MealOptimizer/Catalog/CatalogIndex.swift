/// Lookup tables for a catalog: built by the importer, stored in the catalog
/// file, and read back at load so that loading does no text processing.
struct CatalogIndex: Sendable {
  /// Rows in the order of their folded descriptions, for exact-name lookup by binary search.
  let nameOrder: [Int32]
  let columnByNutrient: [Nutrient: UInt8]
  let search: CatalogSearchIndex

  /// Builds the index of `columns`.
  init(columns: CatalogColumns) {
    let keys = columns.descriptions.map(SearchText.fold)
    let order = keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
    self.init(
      nameOrder: order.map { Int32($0) }, search: CatalogSearchIndex(columns: columns), columns: columns)
  }

  init(nameOrder: [Int32], search: CatalogSearchIndex, columns: CatalogColumns) {
    self.nameOrder = nameOrder
    self.search = search
    var columnByNutrient: [Nutrient: UInt8] = [:]
    for (column, nutrient) in columns.nutrients.enumerated() {
      columnByNutrient[nutrient] = UInt8(truncatingIfNeeded: column)
    }
    self.columnByNutrient = columnByNutrient
  }

  /// The row of an NDB number, by binary search (rows are in NDB order).
  func row(ndbNumber: String, in columns: CatalogColumns) -> Int? {
    var low = 0
    var high = columns.count
    while low < high {
      let middle = (low + high) / 2
      if columns.ndbNumbers[middle] < ndbNumber { low = middle + 1 } else { high = middle }
    }
    return low < columns.count && columns.ndbNumbers[low] == ndbNumber ? low : nil
  }

  /// The first row whose folded description is `key`.
  func row(foldedName key: String, in columns: CatalogColumns) -> Int? {
    var low = 0
    var high = nameOrder.count
    while low < high {
      let middle = (low + high) / 2
      if SearchText.fold(columns.descriptions[Int(nameOrder[middle])]) < key {
        low = middle + 1
      } else {
        high = middle
      }
    }
    guard low < nameOrder.count else { return nil }
    let row = Int(nameOrder[low])
    return SearchText.fold(columns.descriptions[row]) == key ? row : nil
  }

  func write(to writer: inout CatalogByteWriter) {
    for element in nameOrder { writer.varint(UInt64(element)) }
    search.write(to: &writer)
  }

  static func read(from reader: inout CatalogByteReader, columns: CatalogColumns) throws(FoodCatalogError)
    -> CatalogIndex
  {
    var nameOrder: [Int32] = []
    nameOrder.reserveCapacity(columns.count)
    for _ in 0..<columns.count {
      nameOrder.append(Int32(try reader.count(atMost: columns.count - 1, what: "a row")))
    }
    for (previous, next) in zip(columns.ndbNumbers, columns.ndbNumbers.dropFirst()) where !(previous < next) {
      throw .corrupt(offset: reader.offset, reason: "NDB numbers are not in order at \(next)")
    }
    let search = try CatalogSearchIndex.read(from: &reader, columns: columns)
    return CatalogIndex(nameOrder: nameOrder, search: search, columns: columns)
  }
}
