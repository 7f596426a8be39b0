/// Reads the catalog file format written by ``CatalogByteWriter``, checking every bound.
///
/// The reader borrows the bytes it reads; use it only inside the
/// `withUnsafeBytes` call that provides them.
struct CatalogByteReader {
  private let base: UnsafePointer<UInt8>?
  private let count: Int
  private(set) var offset = 0

  init(_ buffer: UnsafeRawBufferPointer) {
    base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
    count = buffer.count
  }

  var isAtEnd: Bool { offset >= count }

  private func fail(_ reason: String) -> FoodCatalogError { .corrupt(offset: offset, reason: reason) }

  mutating func byte() throws(FoodCatalogError) -> UInt8 {
    guard offset < count, let base else { throw fail("unexpected end of data") }
    let value = base[offset]
    offset += 1
    return value
  }

  mutating func bytes(_ length: Int) throws(FoodCatalogError) -> [UInt8] {
    guard length >= 0, length <= count - offset, let base else { throw fail("unexpected end of data") }
    let result = Array(UnsafeBufferPointer(start: base + offset, count: length))
    offset += length
    return result
  }

  @inline(__always)
  mutating func varint() throws(FoodCatalogError) -> UInt64 {
    guard let base else { throw fail("unexpected end of data") }
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard offset < count else { throw fail("unexpected end of data") }
      let byte = base[offset]
      offset += 1
      result |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return result }
      shift += 7
      guard shift < 64 else { throw fail("a number is too long") }
    }
  }

  /// A varint that must be at most `limit`.
  mutating func count(atMost limit: Int, what: String) throws(FoodCatalogError) -> Int {
    let value = try varint()
    guard value <= UInt64(limit) else { throw fail("\(what) \(value) is larger than \(limit)") }
    return Int(value)
  }

  mutating func string() throws(FoodCatalogError) -> String {
    let length = try count(atMost: count - offset, what: "a string length")
    guard let base else { return "" }
    let result = String(decoding: UnsafeBufferPointer(start: base + offset, count: length), as: UTF8.self)
    offset += length
    return result
  }

  mutating func decimal() throws(FoodCatalogError) -> Double {
    let packed = try varint()
    let scale = Int(packed & 7)
    let zigzag = packed >> 3
    let mantissa = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
    return DecimalText.compose(mantissa: mantissa, scale: scale)
  }
}
