import Foundation

extension FoodCatalog {
  /// The first bytes of a catalog file: "PLNCAT" and the format version.
  static let magic: [UInt8] = Array("PLNCAT02".utf8)

  /// The catalog in its compact file form, as the bundled resource stores it.
  ///
  /// The format is a header (magic bytes and version, the group names, the
  /// nutrient names), then one record per food: NDB number, description,
  /// short name, common names, group index, tag bits, its nutrients as (column, value)
  /// pairs and its measures; then the lookup index (rows by name, the search
  /// vocabulary and each food's words), so that loading does no text work. Integers are LEB128 varints; strings are UTF-8
  /// with a varint length; values are decimals (a zigzag varint mantissa and
  /// a decimal scale), so figures round-trip exactly as SR28 writes them.
  /// See docs/catalog.md.
  ///
  /// - Returns: The bytes of the file.
  /// - Throws: ``FoodCatalogError/corrupt(offset:reason:)`` when a value
  ///   cannot be written exactly (more than seven decimals).
  package func serialized() throws(FoodCatalogError) -> Data {
    var writer = CatalogByteWriter()
    writer.raw(Self.magic)
    writer.varint(UInt64(columns.groups.count))
    for element in columns.groups { writer.string(element) }
    writer.varint(UInt64(columns.nutrients.count))
    for nutrient in columns.nutrients { writer.string(nutrient.name) }
    writer.varint(UInt64(count))
    for row in 0..<count {
      writer.string(columns.ndbNumbers[row])
      writer.string(columns.descriptions[row])
      writer.string(columns.shortNames[row])
      writer.string(columns.commonNames[row])
      writer.byte(columns.groupIndices[row])
      writer.varint(UInt64(columns.tagBits[row]))
      let nutrients = columns.nutrientRange(row)
      writer.varint(UInt64(nutrients.count))
      for entry in nutrients {
        writer.byte(columns.nutrientColumns[entry])
        guard writer.decimal(columns.nutrientValues[entry]) else {
          throw .corrupt(
            offset: writer.bytes.count,
            reason: "value \(columns.nutrientValues[entry]) has no short decimal form")
        }
      }
      let measures = columns.measureRange(row)
      writer.varint(UInt64(measures.count))
      for measure in columns.measures[measures] {
        writer.string(measure.name)
        writer.string(measure.description)
        guard writer.decimal(measure.amount), writer.decimal(measure.grams) else {
          throw .corrupt(
            offset: writer.bytes.count, reason: "measure '\(measure.description)' has no short decimal form")
        }
      }
    }
    index.write(to: &writer)
    return Data(writer.bytes)
  }

  /// Loads a catalog from its compact file form.
  ///
  /// - Parameter data: Bytes written by ``serialized()``.
  /// - Throws: ``FoodCatalogError/notACatalog`` or ``FoodCatalogError/corrupt(offset:reason:)``.
  /// - Complexity: O(*n*) in the size of the data.
  package init(serialized data: Data) throws(FoodCatalogError) {
    let result = data.withUnsafeBytes { buffer -> Result<FoodCatalog, FoodCatalogError> in
      var reader = CatalogByteReader(buffer)
      return Result { () throws(FoodCatalogError) in
        let columns = try Self.decodeColumns(&reader)
        let index = try CatalogIndex.read(from: &reader, columns: columns)
        guard reader.isAtEnd else {
          throw .corrupt(offset: reader.offset, reason: "unexpected data after the index")
        }
        return FoodCatalog(columns: columns, index: index)
      }
    }
    self = try result.get()
  }

  private static func decodeColumns(_ reader: inout CatalogByteReader) throws(FoodCatalogError)
    -> CatalogColumns
  {
    guard (try? reader.bytes(magic.count)) == magic else { throw .notACatalog }
    var columns = CatalogColumns()
    let groupCount = try reader.count(atMost: 255, what: "the group count")
    for _ in 0..<groupCount { columns.groups.append(try reader.string()) }
    let nutrientCount = try reader.count(atMost: 255, what: "the nutrient count")
    for _ in 0..<nutrientCount { columns.nutrients.append(Nutrient(try reader.string())) }
    let foodCount = try reader.count(atMost: 1_000_000, what: "the food count")
    columns.ndbNumbers.reserveCapacity(foodCount)
    columns.descriptions.reserveCapacity(foodCount)
    columns.shortNames.reserveCapacity(foodCount)
    columns.commonNames.reserveCapacity(foodCount)
    columns.nutrientColumns.reserveCapacity(foodCount * 80)
    columns.nutrientValues.reserveCapacity(foodCount * 80)
    for _ in 0..<foodCount {
      columns.ndbNumbers.append(try reader.string())
      columns.descriptions.append(try reader.string())
      columns.shortNames.append(try reader.string())
      columns.commonNames.append(try reader.string())
      let group = try reader.byte()
      guard Int(group) < groupCount else {
        throw .corrupt(offset: reader.offset, reason: "group \(group) is unknown")
      }
      columns.groupIndices.append(group)
      columns.tagBits.append(UInt16(try reader.count(atMost: Int(UInt16.max), what: "a tag set")))
      let entries = try reader.count(atMost: nutrientCount, what: "a nutrient count")
      var previous = -1
      for _ in 0..<entries {
        let column = try reader.byte()
        guard Int(column) < nutrientCount, Int(column) > previous else {
          throw .corrupt(
            offset: reader.offset, reason: "nutrient column \(column) is out of order or unknown")
        }
        previous = Int(column)
        columns.nutrientColumns.append(column)
        columns.nutrientValues.append(try reader.decimal())
      }
      columns.nutrientStarts.append(Int32(columns.nutrientColumns.count))
      let measureCount = try reader.count(atMost: 10_000, what: "a measure count")
      for _ in 0..<measureCount {
        let name = try reader.string()
        let description = try reader.string()
        let amount = try reader.decimal()
        let grams = try reader.decimal()
        guard amount > 0 else {
          throw .corrupt(offset: reader.offset, reason: "a measure amount is not positive")
        }
        columns.measures.append(
          CatalogMeasure(name: name, amount: amount, description: description, grams: grams))
      }
      columns.measureStarts.append(Int32(columns.measures.count))
    }
    return columns
  }
}
