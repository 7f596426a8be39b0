import Foundation
import Testing

@testable import HealthRules

/// Whatever planner writes, it reads back to the same Unicode scalars: the journal in CSV and
/// in JSON, over strings made of what grapheme clustering, CSV and JSON make hard.
@Suite("Text read and written per Unicode scalar")
struct ScalarRoundTripTests {
  /// A deterministic generator (SplitMix64), so a failing case is the same on every run.
  struct Generator {
    var state: UInt64

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// Pieces that CSV, JSON or grapheme clustering treat specially, and some plain ones.
    static let pieces: [String] = [
      "a", "Z", "7", " ", "\t", ",", "\"", "'", "\\", "\n", "\r", "\r\n", "\u{301}", "\u{600}", "\u{601}",
      "\u{602}", "\u{603}", "\u{604}", "\u{605}", "\u{0}", "\u{1}", "\u{7}", "\u{8}", "\u{C}", "\u{1B}",
      "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{2028}", "\u{200D}", "\u{FEFF}", "\u{202E}", "👩‍👩‍👧",
      "😀", "é", "e\u{301}", "{", "}", "[", "]", ":", "/", "u", "\\u0041", "\u{D7FF}", "\u{E000}",
      "\u{10FFFF}",
      "\"\"", "\u{600}\"", "\"\u{301}", "tired", ",\"",
    ]

    mutating func text() -> String {
      var text = ""
      for _ in 0..<below(12) { text += Self.pieces[below(Self.pieces.count)] }
      return text
    }
  }

  /// `symptoms "…"` with every quote doubled, as the entry language writes a quote inside quotes.
  static func entryText(_ symptoms: String) -> String {
    var quoted = String.UnicodeScalarView()
    for scalar in symptoms.unicodeScalars {
      quoted.append(scalar)
      if scalar == "\"" { quoted.append("\"") }
    }
    return "symptoms \"" + String(quoted) + "\""
  }

  /// Logs `symptoms` into a new journal of `format` in `folder`, then parses the journal's text back.
  static func roundTrip(_ symptoms: String, format: String, in folder: URL) throws -> String? {
    let url = folder.appendingPathComponent("journal.\(format)")
    defer { try? FileManager.default.removeItem(at: url) }
    let entry = try JournalEntry.parse(entryText(symptoms))
    try Journal.log(entry, on: Day(year: 2026, month: 3, day: 1)!, into: url)
    let text = try String(contentsOf: url, encoding: .utf8)
    let readings = format == "json" ? try JSONReadings.parse(text) : try CSVReadings.parse(text)
    return readings.first?.measurements.symptoms
  }

  static func scalars(_ text: String?) -> [UInt32] { text.map { $0.unicodeScalars.map(\.value) } ?? [] }

  @Test("a journal's symptoms read back to the same scalars", arguments: ["csv", "json"])
  func journalRoundTrip(_ format: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planner-scalars-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var generator = Generator(state: 43)
    for _ in 0..<400 {
      let symptoms = generator.text()
      let back = try Self.roundTrip(symptoms, format: format, in: folder)
      #expect(Self.scalars(back) == Self.scalars(symptoms), "\(Self.scalars(symptoms)) in \(format)")
    }
  }

  @Test("a saved journal opens again with the same symptoms, in each format", arguments: ["csv", "json"])
  func savedJournalRoundTrip(_ format: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planner-scalars-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var generator = Generator(state: 4_343)
    for index in 0..<40 {
      let url = folder.appendingPathComponent("journal-\(index).\(format)")
      let first = generator.text()
      let second = generator.text()
      try Journal.log(
        try JournalEntry.parse(Self.entryText(first)), on: Day(year: 2026, month: 3, day: 1)!, into: url)
      try Journal.log(
        try JournalEntry.parse(Self.entryText(second)), on: Day(year: 2026, month: 3, day: 2)!, into: url)
      let loaded = try ReadingsFile.load(from: url)
      #expect(loaded.map { Self.scalars($0.measurements.symptoms) } == [first, second].map(Self.scalars))
    }
  }

  @Test("a CSV cell written by the journal's quoting reads back exactly, in any column position")
  func csvCellRoundTrip() throws {
    var generator = Generator(state: 7)
    for _ in 0..<400 {
      let symptoms = generator.text()
      let text = "symptoms,date\n" + JournalCSV.quoted(symptoms) + ",2026-03-01\r\n"
      let readings = try CSVReadings.parse(text)
      #expect(readings.count == 1)
      #expect(Self.scalars(readings.first?.measurements.symptoms) == Self.scalars(symptoms))
    }
  }

  @Test("a JSON string written by the journal reads back exactly")
  func jsonStringRoundTrip() throws {
    var generator = Generator(state: 11)
    for _ in 0..<400 {
      let symptoms = generator.text()
      let text = "[{\"symptoms\": \(JournalCSV.jsonString(symptoms)), \"date\": \"2026-03-01\"}]"
      let readings = try JSONReadings.parse(text)
      #expect(Self.scalars(readings.first?.measurements.symptoms) == Self.scalars(symptoms))
    }
  }

  @Test("a quote after U+0600 or before U+0301 is still a quote to the CSV reader")
  func csvQuotesInsideClusters() throws {
    let readings = try CSVReadings.parse(
      "date,symptoms\n2026-03-01,\"a\u{600}\"\"b, c\"\n2026-03-02,\"\"\"\u{301}x\"\n")
    #expect(
      readings.map { Self.scalars($0.measurements.symptoms) } == [
        Self.scalars("a\u{600}\"b, c"), Self.scalars("\"\u{301}x"),
      ])
  }

  @Test("JSON escapes: \\b, \\f and a surrogate pair are read; a lone surrogate is a located error")
  func jsonEscapes() throws {
    let readings = try JSONReadings.parse(
      #"[{"date": "2026-03-01", "symptoms": "a\b\f\ud83d\ude00\u0600\"\u0301"}]"#)
    #expect(
      Self.scalars(readings.first?.measurements.symptoms) == Self.scalars("a\u{8}\u{C}😀\u{600}\"\u{301}"))
    #expect(
      throws: ReadingsError(issues: [
        ReadingsIssue(
          .jsonSyntax, line: 1, column: 39, length: 6, message: "a lone surrogate \\uD800 is not a character",
          hint: "write the character itself, or a \\uD800-\\uDBFF escape followed by a \\uDC00-\\uDFFF one",
          lineText: #"[{"date": "2026-03-01", "symptoms": "a\ud800x"}]"#)
      ])
    ) {
      try JSONReadings.parse(#"[{"date": "2026-03-01", "symptoms": "a\ud800x"}]"#)
    }
  }

  @Test("a header of 20,000 copies of one column is one error, naming how many repeat it")
  func repeatedColumns() throws {
    let header = Array(repeating: "date", count: 20_000).joined(separator: ",")
    let error = try #require(throws: ReadingsError.self) { try CSVReadings.parse(header + "\n") }
    #expect(error.issues.count == 1)
    #expect(
      error.issues.first?.message
        == "a second 'date' column; the first is column 1 (19998 more columns after it repeat it)")
    #expect(error.issues.first?.hint == "name each column once")
    #expect(error.issues.first?.column == 6)
  }

  @Test("columns count Unicode scalars: an error after U+0600 and a combining mark points at the cell")
  func scalarColumns() throws {
    let error = try #require(throws: ReadingsError.self) {
      try CSVReadings.parse("symptoms,weight,date\n\u{600}\"e\u{301},abc,2026-03-01\n")
    }
    #expect(error.issues.map(\.description) == ["2:6: 'abc' is not a number"])
  }

  @Test("a unit's parentheses are found per scalar, even before a combining mark")
  func unitParentheses() throws {
    let error = try #require(throws: ReadingsError.self) {
      try CSVReadings.parse("date,weight (\u{301}kg)\n2026-03-01,80\n")
    }
    #expect(error.issues.map(\.id) == [.unknownReadingUnit])
    #expect(error.issues.first?.message == "unknown unit '\u{301}kg'")
    #expect(error.issues.first?.column == 6)
  }
}
