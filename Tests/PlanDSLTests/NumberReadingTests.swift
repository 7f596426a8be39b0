import Foundation
import Testing

@testable import PlanDSL

/// Numbers are read from their bytes on the fast path; the value must be the
/// very `Decimal` that `Decimal(string:)` gives (same digits and exponent), so
/// that every later conversion to `Double` is unchanged.
@Suite("Reading numbers")
struct NumberReadingTests {
  static let samples = [
    "0", "7", "643", "100", "1.50", "0.85", "51.368", "0.020", "007.10", "3.207071406", "2300",
    "1234567890123456789", "0.0000001", "99.990",
  ]

  @Test("a short number reads as the Decimal that Decimal(string:) gives", arguments: samples)
  func sameDecimal(_ text: String) throws {
    let fast = try #require(Parser.shortDecimal(text))
    let slow = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
    #expect(fast == slow)
    #expect(fast.significand == slow.significand)
    #expect(fast.exponent == slow.exponent)
    #expect(NSDecimalNumber(decimal: fast).doubleValue == NSDecimalNumber(decimal: slow).doubleValue)
  }

  @Test(
    "anything else takes the general path",
    arguments: ["", ".", "1.2.3", "12345678901234567890", "0.0", "0.00", "1e3", "-1", "3,49"])
  func generalPath(_ text: String) {
    #expect(Parser.shortDecimal(text) == nil)
  }

  /// The bytes of a `Decimal`, all of its fields.
  static func bytes(_ value: Decimal) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }

  @Test("every digit count and place of the point reads as Decimal(string:)'s very fields")
  func sameFields() throws {
    var checked = 0
    for digits in 1...19 {
      // Leading digits 1...9 and a trailing zero or not, the point anywhere.
      for lead in [1, 4, 9] {
        var text = String(lead) + String(repeating: "7", count: digits - 1)
        if digits > 2, lead == 4 {
          text.removeLast()
          text += "0"
        }
        for point in 0...min(digits, 12) {
          var written = text
          if point > 0 {
            written.insert(".", at: written.index(written.endIndex, offsetBy: -point))
            if written.hasPrefix(".") { written = "0" + written }
          }
          let fast = try #require(Parser.shortDecimal(written), "\(written)")
          let slow = try #require(Decimal(string: written, locale: Locale(identifier: "en_US_POSIX")))
          #expect(Self.bytes(fast) == Self.bytes(slow), "\(written)")
          #expect(
            fast.double.bitPattern == NSDecimalNumber(decimal: slow).doubleValue.bitPattern, "\(written)")
          checked += 1
        }
      }
    }
    #expect(checked == 543)
  }

  @Test("a Decimal's Double is NSDecimalNumber's, after arithmetic too")
  func sameDouble() throws {
    let values = Self.samples.compactMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
    for a in values {
      for b in values where b != 0 {
        for value in [a * b, a / b, a * 100 / b, a - b, -a] {
          #expect(
            value.double.bitPattern == NSDecimalNumber(decimal: value).doubleValue.bitPattern, "\(value)")
        }
      }
    }
  }
}
