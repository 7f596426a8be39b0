/// Writes the catalog file format: little-endian varints, length-prefixed UTF-8 strings.
struct CatalogByteWriter {
  private(set) var bytes: [UInt8] = []

  mutating func byte(_ value: UInt8) { bytes.append(value) }

  mutating func raw(_ values: [UInt8]) { bytes.append(contentsOf: values) }

  /// An unsigned LEB128 varint.
  mutating func varint(_ value: UInt64) {
    var remaining = value
    while remaining >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
      remaining >>= 7
    }
    bytes.append(UInt8(remaining))
  }

  mutating func string(_ value: String) {
    varint(UInt64(value.utf8.count))
    bytes.append(contentsOf: value.utf8)
  }

  /// A decimal value: zigzag mantissa shifted left 3 bits, or'ed with the scale.
  /// Returns `false` when the value has no short decimal form.
  mutating func decimal(_ value: Double) -> Bool {
    guard let (mantissa, scale) = DecimalText.decompose(value) else { return false }
    let zigzag = UInt64(bitPattern: (mantissa << 1) ^ (mantissa >> 63))
    varint(zigzag << 3 | UInt64(scale))
    return true
  }
}
