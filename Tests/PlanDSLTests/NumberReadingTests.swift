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
}
