/// Checks a stream of bytes for well-formed UTF-8, chunk by chunk.
///
/// swift-corelibs-foundation's `XMLParser` traps when libxml2 hands it an
/// element or attribute name that is not valid UTF-8, so the Apple Health
/// reader validates its input first and stops, with a located error, at the
/// first byte that breaks UTF-8 (an overlong form, a surrogate, a code point
/// above U+10FFFF, a stray continuation byte, or a sequence cut short).
///
/// - Complexity: O(n) in the bytes fed, with O(1) memory.
struct UTF8Validator: Sendable {
  /// Continuation bytes still expected for the current sequence.
  private var needed = 0
  /// The allowed range of the next continuation byte.
  private var lower: UInt8 = 0x80
  private var upper: UInt8 = 0xBF
  /// The line (from 1) and byte column (from 1) of the next byte.
  private(set) var line = 1
  private(set) var column = 1
  /// Where the sequence that holds the first invalid byte starts, once one was found.
  private(set) var failure: (line: Int, column: Int)?
  /// Where the current sequence started.
  private var sequencePlace = (line: 1, column: 1)

  /// Checks the next chunk.
  ///
  /// - Returns: How many bytes of the chunk are valid so far: all of them, or
  ///   the count before the sequence that holds the first invalid byte.
  mutating func feed<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int {
    guard failure == nil else { return 0 }
    var count = 0
    var sequenceStart = 0
    for byte in bytes {
      if needed == 0 {
        sequenceStart = count
        sequencePlace = (line, column)
      }
      if !accept(byte) {
        failure = sequencePlace
        return sequenceStart
      }
      count += 1
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return count
  }

  /// Ends the input; a sequence cut short at the end is a failure.
  mutating func finish() {
    if needed > 0, failure == nil { failure = sequencePlace }
  }

  private mutating func accept(_ byte: UInt8) -> Bool {
    if needed > 0 {
      guard byte >= lower, byte <= upper else { return false }
      needed -= 1
      (lower, upper) = (0x80, 0xBF)
      return true
    }
    switch byte {
    case 0x00...0x7F: return true
    case 0xC2...0xDF: needed = 1
    case 0xE0: (needed, lower) = (2, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: needed = 2
    case 0xED: (needed, upper) = (2, 0x9F)
    case 0xF0: (needed, lower) = (3, 0x90)
    case 0xF1...0xF3: needed = 3
    case 0xF4: (needed, upper) = (3, 0x8F)
    default: return false
    }
    return true
  }
}
