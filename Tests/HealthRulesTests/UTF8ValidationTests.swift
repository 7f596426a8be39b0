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

/// A processing instruction without data (`<?x?>`) made Foundation's XMLParser
/// read a null pointer (found by `Scripts/fuzz.sh`); every instruction is
/// blanked (the XML declaration was checked and blanked before), which keeps
/// every line and column in place.
@Suite("Processing instructions in Apple Health exports")
struct ProcessingInstructionTests {
  func blanked(_ text: String, chunk: Int = 1_000) -> String {
    var blanker = ProcessingInstructionBlanker()
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + chunk)
      out += blanker.feed(bytes[start..<end])
      start = end
    }
    out += blanker.finish()
    return String(decoding: out, as: UTF8.self)
  }

  @Test(
    "instructions become blanks of the same length", arguments: [1, 2, 1_000])
  func blanks(chunk: Int) {
    #expect(
      blanked("<?x?>\n<a>1 < 2<?y\nz?></a>", chunk: chunk)
        == "     \n<a>1 < 2   \n   </a>")
    #expect(blanked("<?x?>\n<a/>", chunk: chunk) == "     \n<a/>")
    #expect(blanked("<a/><", chunk: chunk) == "<a/><")
  }

  @Test("exports with an instruction without data are read, not a crash")
  func export() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <?x?>
      <HealthData locale="en_US">
       <Record type="HKQuantityTypeIdentifierBodyMass" unit="kg" startDate="2026-03-06 07:10:00 -0500" value="82"/>
      </HealthData>
      """
    let readings = try AppleHealthReadings.parse(data: Data(text.utf8))
    #expect(readings.map(\.date.description) == ["2026-03-06"])
    let url = try #require(
      Bundle.module.url(
        forResource: "processing-instruction-without-data", withExtension: "xml",
        subdirectory: "Fixtures/fuzz"))
    #expect(throws: ReadingsError.self) { try AppleHealthReadings.parse(contentsOf: url) }
  }
}
