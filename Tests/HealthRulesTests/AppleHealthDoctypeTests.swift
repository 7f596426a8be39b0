import Foundation
import Testing

@testable import HealthRules

@Suite("Apple Health exports with a DTD")
struct AppleHealthDoctypeTests {
  /// The head of a real export: a DTD whose internal subset declares `#REQUIRED`
  /// attributes (which crash swift-corelibs-foundation's XMLParser), with a
  /// comment holding `]` and `>` and a quoted default holding `]>`.
  static let export = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE HealthData [
    <!-- HealthKit Export Version: 14 ] > -->
    <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation)*)>
    <!ATTLIST HealthData
      locale CDATA #REQUIRED
    >
    <!ATTLIST Record
      type          CDATA #REQUIRED
      unit          CDATA #IMPLIED
      note          CDATA "a ]> default"
      value         CDATA #IMPLIED
    >
    ]>
    <HealthData locale="en_US">
     <Record type="HKQuantityTypeIdentifierBodyMass" unit="kg" startDate="2026-03-06 07:10:00 -0500" value="82"/>
     <Record type="HKQuantityTypeIdentifierBloodGlucose" unit="mg/dL" startDate="2026-03-06 07:00:00 -0500" value="95"/>
    </HealthData>
    """

  @Test("an export whose DTD declares '#REQUIRED' attributes reads from memory")
  func fromData() throws {
    let readings = try AppleHealthReadings.parse(data: Data(Self.export.utf8))
    #expect(readings.map(\.date) == [Day(year: 2026, month: 3, day: 6)])
    #expect(readings.first?.measurements.sugar == 95)
  }

  @Test("an export whose DTD declares '#REQUIRED' attributes streams from a file")
  func fromStream() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("dtd-\(UUID().uuidString).xml")
    try Data(Self.export.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let readings = try AppleHealthReadings.parse(contentsOf: url)
    #expect(readings.count == 1)
    #expect(try ReadingsFile.load(from: url).count == 1)
  }

  @Test("lines after the DTD keep their numbers in errors")
  func linesKeepTheirNumbers() throws {
    let bad = Self.export.replacingOccurrences(of: "value=\"82\"", with: "value=\"-3\"")
    do {
      _ = try AppleHealthReadings.parse(data: Data(bad.utf8))
      Issue.record("expected an error")
    } catch {
      #expect(error.issues.map(\.line) == [16])
      #expect(error.issues.map(\.message) == ["weight must be above 0, found '-3 kg'"])
    }
  }

  @Test("the blanker keeps line breaks and blanks exactly the declaration, fed in any chunk size")
  func blanker() {
    let text =
      "<?x y?>\n<!-- a -->\n<!DOCTYPE a [\n<!ATTLIST a b CDATA #REQUIRED>\n]>\n<a x='<!DOCTYPE'/>"
    let expected =
      "<?x y?>\n<!-- a -->\n" + String(repeating: " ", count: 13) + "\n"
      + String(repeating: " ", count: 30) + "\n  \n<a x='<!DOCTYPE'/>"
    for size in [1, 2, 3, 7, 1000] {
      var blanker = DoctypeBlanker()
      var out: [UInt8] = []
      let bytes = Array(text.utf8)
      for start in stride(from: 0, to: bytes.count, by: size) {
        out += blanker.feed(bytes[start..<min(bytes.count, start + size)])
      }
      out += blanker.finish()
      #expect(String(decoding: out, as: UTF8.self) == expected, "chunks of \(size)")
    }
  }

  @Test("an unterminated DTD is an error, not a crash")
  func unterminated() {
    #expect(throws: ReadingsError.self) {
      try AppleHealthReadings.parse(data: Data("<!DOCTYPE HealthData [ <!ATTLIST a b CDATA #REQUIRED>".utf8))
    }
  }
}
