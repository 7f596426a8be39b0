import Foundation

/// How catalog text is normalised for lookup and search.
///
/// Folding lowercases and removes accents ("Café" is "cafe"). Tokens are the
/// runs of letters and digits after folding, with apostrophes dropped
/// ("CAP'N" is `capn`); each token remembers which comma-separated segment
/// of the text it came from, since SR28 descriptions put the food first and
/// its qualifiers after commas ("Rice, brown, long-grain, raw").
enum SearchText {
  /// One word of a text and the segment it is in.
  struct Token: Hashable {
    var text: String
    var segment: Int
  }

  /// `text` lowercased, without accents.
  static func fold(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      var bytes = Array(text.utf8)
      for index in bytes.indices where bytes[index] >= 0x41 && bytes[index] <= 0x5A {
        bytes[index] += 0x20
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// The folded text with runs of non-word characters collapsed to one space;
  /// two texts are "the same name" when their keys are equal.
  static func key(_ text: String) -> String {
    tokens(text).map(\.text).joined(separator: " ")
  }

  /// The words of `text`, folded, in order.
  static func tokens(_ text: String) -> [Token] {
    var result: [Token] = []
    var current: [UInt8] = []
    var segment = 0
    func flush() {
      if !current.isEmpty {
        result.append(Token(text: String(decoding: current, as: UTF8.self), segment: segment))
        current.removeAll(keepingCapacity: true)
      }
    }
    for byte in fold(text).utf8 {
      switch byte {
      case 0x30...0x39, 0x61...0x7A, 0x80...0xFF:
        current.append(byte)
      case 0x27:  // an apostrophe joins the parts of a word
        continue
      case 0x2C:
        flush()
        segment += 1
      default:
        flush()
      }
    }
    flush()
    return result
  }

  /// Whether a description names a brand (a word of three or more capitals,
  /// "SILK", "QUAKER") or a commodity program ("USDA Commodity").
  static func namesBrand(_ description: String) -> Bool {
    if description.hasPrefix("USDA Commodity") { return true }
    var capitals = 0
    for byte in description.utf8 {
      if byte >= 0x41 && byte <= 0x5A {
        capitals += 1
        if capitals >= 3 { return true }
      } else if !(byte == 0x27 || byte == 0x2D) {
        capitals = 0
      }
    }
    return false
  }
}
