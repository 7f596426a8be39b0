import Foundation
import Testing

@testable import HealthRules

/// An XML declaration at the top of an Apple Health export is checked by
/// planner, not by Foundation's XMLParser, which read a null pointer on an
/// unterminated `encoding="…` (found by `Scripts/fuzz.sh`, kept in
/// `Fuzz/regressions/fuzz-readings/`). Every malformed declaration is one
/// located error, streamed or in memory.
@Suite("XML declarations in Apple Health exports")
struct XMLDeclarationTests {
  static let body = """
    <HealthData locale="en_US">
     <Record type="HKQuantityTypeIdentifierBodyMass" unit="kg" startDate="2026-03-06 07:10:00 -0500" value="82"/>
    </HealthData>
    """

  /// The issues a parse of `bytes` reports as "line:column: message", or the
  /// days read; the in-memory and the streaming reader must agree.
  func outcome(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
    func describe(_ parse: () throws(ReadingsError) -> [Reading]) -> [String] {
      do {
        return try parse().map(\.date.description)
      } catch {
        return error.issues.map { "\($0.line):\($0.column): \($0.message)" }
      }
    }
    let data = Data(bytes)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "declaration-\(UUID().uuidString).xml")
    try data.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let fromData = describe { () throws(ReadingsError) in try AppleHealthReadings.parse(data: data) }
    let fromStream = describe { () throws(ReadingsError) in try AppleHealthReadings.parse(contentsOf: url) }
    #expect(fromData == fromStream, "streamed and in memory differ", sourceLocation: sourceLocation)
    return fromData
  }

  func outcome(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
    try outcome(Array(text.utf8), sourceLocation: sourceLocation)
  }

  @Test(
    "the fuzzer's export with an unterminated encoding before '<!DOCTYPE' is a located error, not a crash")
  func finding() throws {
    let url = try #require(
      Bundle.module.url(
        forResource: "unterminated-declaration-encoding", withExtension: "xml", subdirectory: "Fixtures/fuzz")
    )
    let bytes = try Array(Data(contentsOf: url))
    #expect(try outcome(bytes) == ["1:31: missing \" to close the encoding in the XML declaration"])
    do {
      _ = try AppleHealthReadings.parse(data: Data(bytes))
      Issue.record("expected an error")
    } catch {
      let issue = try #require(error.issues.first)
      #expect(issue.lineText == "<?xml version=\"1.0\" encoding=\"?UTF-8<!DOCTYPE HealthData>")
      #expect(issue.hint == "an export starts with <?xml version=\"1.0\" encoding=\"UTF-8\"?>")
    }
  }

  @Test(
    "well-formed declarations are read and blanked",
    arguments: [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
      "<?xml version='1.0' encoding='utf-8' standalone='yes'?>\n",
      "<?xml version = \"1.0\"\n  standalone=\"no\" ?>\n",
      "\u{FEFF}<?xml version=\"1.0\"?>",
      "<?xml-stylesheet href=\"a.xsl\"?>\n",
      "",
    ])
  func accepted(declaration: String) throws {
    #expect(try outcome(declaration + Self.body) == ["2026-03-06"])
  }

  @Test(
    "each malformed declaration is one located error with an exact message",
    arguments: [
      (
        "<?xml version=\"1.0 encoding=\"UTF-8\"?>",
        "1:19: missing \" to close the version in the XML declaration"
      ),
      ("<?xml version='1.0", "1:19: missing ' to close the version in the XML declaration"),
      ("<?xml version=\"1.0\" encoding=\"UTF-8\"\n", "1:37: the XML declaration is not closed with '?>'"),
      ("<?xml version=\"1.0\" encoding=\"UTF-8\">\n", "1:37: the XML declaration is not closed with '?>'"),
      ("<?xml?>", "1:6: the XML declaration has no version"),
      ("<?xml encoding=\"UTF-8\" version=\"1.0\"?>", "1:7: the XML declaration must start with 'version'"),
      (
        "<?xml version=\"1.0\" standalone=\"yes\" encoding=\"UTF-8\"?>",
        "1:38: 'encoding' must come before 'standalone' in the XML declaration"
      ),
      ("<?xml version=\"1.0\" version=\"1.0\"?>", "1:21: 'version' appears twice in the XML declaration"),
      (
        "<?xml version=\"1.0\" charset=\"UTF-8\"?>",
        "1:21: 'charset' is not allowed in the XML declaration; expected version, encoding or standalone"
      ),
      (
        "<?xml version=\"1.0\"encoding=\"UTF-8\"?>",
        "1:20: expected a space before 'encoding' in the XML declaration"
      ),
      ("<?xml version \"1.0\"?>", "1:15: expected '=' after 'version' in the XML declaration"),
      ("<?xml version=1.0?>", "1:15: expected a quoted value after 'version=' in the XML declaration"),
      ("<?xml version=\"1.1\"?>", "1:16: XML version '1.1' is not supported; expected '1.0'"),
      (
        "<?xml version=\"1.0\" standalone=\"maybe\"?>",
        "1:33: standalone must be 'yes' or 'no', found 'maybe'"
      ),
      ("<?XML version=\"1.0\"?>", "1:1: the XML declaration must be written '<?xml' in lowercase"),
      ("\u{FEFF}<?xml version=\"2\"?>", "1:16: XML version '2' is not supported; expected '1.0'"),
    ])
  func malformed(declaration: String, expected: String) throws {
    #expect(try outcome(declaration + "\n" + Self.body) == [expected])
  }

  @Test(
    "encodings other than UTF-8 are refused with a hint",
    arguments: ["ISO-8859-1", "UTF-16", "utf8", "US-ASCII", "EBCDIC-US", ""])
  func encodings(name: String) throws {
    let text = "<?xml version=\"1.0\" encoding=\"\(name)\"?>\n" + Self.body
    #expect(
      try outcome(text) == ["1:31: encoding '\(name)' is not supported; Apple Health exports are UTF-8"])
    do {
      _ = try AppleHealthReadings.parse(data: Data(text.utf8))
    } catch {
      #expect(error.issues.map(\.hint) == ["save the file as UTF-8 and declare encoding=\"UTF-8\""])
      #expect(error.issues.map(\.length) == [max(1, name.count)])
    }
  }

  @Test(
    "a declaration after the start of the file is an error; in a comment or the DTD it is not",
    arguments: [
      ("\n<?xml version=\"1.0\"?>\n", ["2:1: the XML declaration must be at the very start of the file"]),
      ("  <?xml version=\"1.0\"?>\n", ["1:3: the XML declaration must be at the very start of the file"]),
      (
        "<?xml version=\"1.0\"?><!-- c --><?xml version=\"1.0\"?>\n",
        ["1:32: the XML declaration must be at the very start of the file"]
      ),
      ("\u{FEFF}<!-- <?xml version=\"1.0\"?> -->\n", ["2026-03-06"]),
      ("<!DOCTYPE HealthData [ <!-- <?xml version=\"1.0\"?> --> ]>\n", ["2026-03-06"]),
    ])
  func misplaced(prefix: String, expected: [String]) throws {
    #expect(try outcome(prefix + Self.body) == expected)
  }

  @Test("bytes that are not UTF-8 inside a declaration are the UTF-8 error, not a declaration error")
  func notUTF8() throws {
    let bytes = Array("<?xml version=\"1.0\" encoding=\"".utf8) + [0xFF] + Array("\"?>\n\(Self.body)".utf8)
    #expect(try outcome(bytes) == ["1:31: the file is not valid UTF-8 here"])
  }

  @Test("a declaration longer than the limit is not closed, and is never held whole")
  func tooLong() throws {
    let text = "<?xml version=\"1.0\"" + String(repeating: " ", count: 2_000) + "?>\n" + Self.body
    #expect(try outcome(text) == ["1:20: the XML declaration is not closed with '?>'"])
  }

  @Test("the filter gives the same bytes fed in any chunk size")
  func chunks() {
    let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE a [ <!ATTLIST a b CDATA #REQUIRED> ]>\n<?x?><a/>"
    let expected =
      String(repeating: " ", count: 21) + "\n" + String(repeating: " ", count: 47) + "\n" + "     <a/>"
    for size in [1, 2, 3, 7, 1_000] {
      var filter = AppleHealthInputFilter()
      let bytes = Array(text.utf8)
      var out: [UInt8] = []
      for start in stride(from: 0, to: bytes.count, by: size) {
        out += filter.feed(bytes[start..<min(bytes.count, start + size)])
      }
      out += filter.finish()
      #expect(String(decoding: out, as: UTF8.self) == expected, "chunks of \(size)")
      #expect(filter.failure == nil)
    }
  }
}
