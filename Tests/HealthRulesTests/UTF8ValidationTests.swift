import Foundation
import Testing

@testable import HealthRules

/// Bytes that are not UTF-8 in an Apple Health export are a located error,
/// never a trap in the XML parser (found by `Scripts/fuzz.sh`).
@Suite("UTF-8 in Apple Health exports")
struct UTF8ValidationTests {
  static let fixture = Bundle.module.url(
    forResource: "invalid-utf8-attribute", withExtension: "xml", subdirectory: "Fixtures/fuzz")

  /// The index of the first invalid byte the validator reports, and where.
  func check(
    _ bytes: [UInt8], valid: Int, at place: (Int, Int)?, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var validator = UTF8Validator()
    let count = validator.feed(bytes)
    if count == bytes.count { validator.finish() }
    #expect(count == valid, sourceLocation: sourceLocation)
    #expect(validator.failure?.line == place?.0, sourceLocation: sourceLocation)
    #expect(validator.failure?.column == place?.1, sourceLocation: sourceLocation)
  }

  @Test("well-formed UTF-8 passes, and each kind of malformed sequence stops at its start")
  func validator() {
    check(Array("a\nbé€😀".utf8), valid: 12, at: nil)
    check([0x61, 0xC0, 0x80], valid: 1, at: (1, 2))  // overlong
    check([0x61, 0x0A, 0xED, 0xA0, 0x80], valid: 2, at: (2, 1))  // a surrogate
    check([0xF4, 0x90, 0x80, 0x80], valid: 0, at: (1, 1))  // above U+10FFFF
    check([0x61, 0x80], valid: 1, at: (1, 2))  // a stray continuation byte
    check([0x61, 0xE2, 0x82], valid: 3, at: (1, 2))  // cut short at the end
    check([0x73, 0xD6, 0x4E], valid: 1, at: (1, 2))  // the fuzzer's 'sourc\u{D6}Name'
  }

  @Test("a chunk boundary inside a sequence is fine")
  func chunks() {
    var validator = UTF8Validator()
    let euro = Array("€".utf8)
    #expect(validator.feed(euro[0..<1]) == 1)
    #expect(validator.feed(euro[1..<3]) == 2)
    validator.finish()
    #expect(validator.failure == nil)
  }

  /// The issues a parse reports, as "line:column: message".
  func issues(_ parse: () throws -> [Reading]) -> [String] {
    do {
      _ = try parse()
      return ["accepted"]
    } catch let error as ReadingsError {
      return error.issues.map { "\($0.line):\($0.column): \($0.message)" }
    } catch {
      return ["\(error)"]
    }
  }

  @Test("the fuzzer's export with a non-UTF-8 attribute name is one located error, streamed or in memory")
  func export() throws {
    let url = try #require(Self.fixture)
    let data = try Data(contentsOf: url)
    let expected = ["10:69: the file is not valid UTF-8 here"]
    #expect(issues { try AppleHealthReadings.parse(contentsOf: url) } == expected)
    #expect(issues { try AppleHealthReadings.parse(data: data) } == expected)
  }
}
