import Foundation
import Testing

@testable import HealthRules

/// Issue 43: a JSON readings file is read as a stream (``JSONReader`` over ``LineReader``), one
/// day at a time, with the same results and the same located errors wherever the file's chunks
/// are cut.
@Suite("JSON streamed")
struct JSONStreamingTests {
  /// Documents, good and bad, that exercise every part of the reader.
  static let documents: [String] = [
    // Object form, units first, CRLF line ends, a byte order mark, escapes and a surrogate pair.
    "\u{FEFF}{\r\n  \"units\": {\"weight\": \"kg\", \"sugar\": \"mmol/L\"},\r\n  \"readings\": [\r\n"
      + "    {\"date\": \"2026-03-01\", \"weight\": 81.6, \"systolic\": 120, \"diastolic\": 80, \"sugar\": 5.3},\r\n"
      + "    {\"date\": \"2026-03-02\", \"weight\": null, \"symptoms\": \"tired \\ud83d\\ude00 e\u{301} \\\"x\\\" \u{600}\\\"\"}\r\n"
      + "  ]\r\n}\r\n",
    // Pretty-printed one key a line, units after the readings.
    "{\n  \"readings\": [\n    {\n      \"date\": \"2026-03-01\",\n      \"weight\": 80\n    }\n  ],\n"
      + "  \"units\": {\n    \"weight\": \"kg\"\n  }\n}",
    // The array form, one day a line, with problems in values.
    "[{\"date\": \"2026-03-01\", \"wieght\": 180},\n {\"date\": \"2026-03-01\", \"weight\": \"180\"},\n"
      + " 5, {\"weight\": 1}, {\"date\": \"2026-03-03\", \"systolic\": 80, \"diastolic\": 120, \"x\": [1, {\"y\": []}]}]\n",
    // A lone surrogate.
    "[{\"date\": \"2026-03-01\",\n  \"symptoms\": \"a\\ud800x\"}]",
    // A string broken by a line feed.
    "[{\"date\": \"2026-03-01\", \"symptoms\": \"a\nb\"}]",
    // A string continued on the next line by a backslash, then a missing comma.
    "[{\"date\": \"2026-03-01\", \"symptoms\": \"a\\\nb\" \"weight\": 1}]",
    // A bad word, then the end of the file inside the array.
    "[{\"date\": \"2026-03-01\", \"weight\": nul}]",
    "[{\"date\": \"2026-03-01\"},\n",
    // Something after the value.
    "{\"readings\": []} x",
    // Not UTF-8 in a file: a lone continuation byte after a two-byte scalar.
    "[{\"date\": \"2026-03-01\", \"symptoms\": \"é",
  ]

  /// What reading a document gave: its readings or its problems.
  enum Outcome: Equatable {
    case readings([Reading])
    case problems([ReadingsIssue])
  }

  /// Reads `bytes` handed over in the chunks that `cuts` (offsets, increasing) make.
  static func read(_ bytes: [UInt8], cuts: [Int]) -> Outcome {
    var chunks: [[UInt8]] = []
    var from = 0
    for cut in cuts + [bytes.count] {
      chunks.append(Array(bytes[from..<cut]))
      from = cut
    }
    do throws(ReadingsError) {
      let read = try JSONReadings.collect(customMetrics: [], retention: .all) { () throws(ReadingsError) in
        var pending = chunks
        return JSONReader(
          LineReader(pull: {
            guard !pending.isEmpty else { return nil }
            return pending.removeFirst()
          }))
      } check: { reader throws(ReadingsError) in
        if reader.invalidUTF8 { throw ReadingsError(.notUtf8, message: "not UTF-8") }
      }
      return .readings(read.readings)
    } catch {
      return .problems(error.issues)
    }
  }

  /// The bytes of the document at `index`; the last one gets a stray continuation byte.
  static func bytes(_ index: Int) -> [UInt8] {
    let bytes = Array(documents[index].utf8)
    return index == documents.count - 1 ? bytes + [0x80, 0x22, 0x7D, 0x5D] : bytes
  }

  @Test(
    "a document cut into two chunks at every offset, or into single bytes, reads as it does whole",
    arguments: documents.indices)
  func everyCut(_ index: Int) {
    let bytes = Self.bytes(index)
    let whole = Self.read(bytes, cuts: [])
    for cut in 0...bytes.count {
      #expect(Self.read(bytes, cuts: [cut]) == whole, "cut at byte \(cut)")
    }
    #expect(Self.read(bytes, cuts: Array(1..<max(1, bytes.count))) == whole)
  }

  /// The descriptions of what the document at `index` gave, read whole.
  static func described(_ index: Int) -> [String] {
    switch read(bytes(index), cuts: []) {
    case .readings(let readings): return readings.map { "\($0.date) \($0.measurements)" }
    case .problems(let issues): return issues.map(\.description)
    }
  }

  @Test("each document reads to exact readings or exactly located problems")
  func exactOutcomes() throws {
    guard case .readings(let first) = Self.read(Self.bytes(0), cuts: []) else {
      Issue.record("the first document did not read")
      return
    }
    #expect(first.map(\.date.description) == ["2026-03-01", "2026-03-02"])
    #expect(first[0].measurements[.weight]?.formatted() == "179.897")
    #expect(first[0].measurements[.sugar]?.formatted() == "95.485")
    #expect(first[0].measurements[.systolic]?.formatted() == "120")
    #expect(first[1].measurements[.weight] == nil)
    #expect(first[1].measurements.symptoms == "tired \u{1F600} e\u{301} \"x\" \u{600}\"")
    guard case .readings(let second) = Self.read(Self.bytes(1), cuts: []) else {
      Issue.record("the second document did not read")
      return
    }
    // 80 kg, though the units come after the readings.
    #expect(second.map { $0.measurements[.weight]?.formatted() } == ["176.37"])
    #expect(
      Self.described(2) == [
        "1:25: unknown key 'wieght' (did you mean 'weight'?)",
        "2:11: a second reading for 2026-03-01; the first is on line 1 (give each reading its time, or merge the two rows)",
        "2:35: 'weight' must be a number, not the string \"180\"",
        "3:2: expected an object for one day's readings",
        "3:5: a reading without a 'date'",
        "3:77: unknown key 'x' (the keys are date, weight, systolic, diastolic, sugar and symptoms)",
      ])
    #expect(
      Self.described(3) == [
        "2:17: a lone surrogate \\uD800 is not a character (write the character itself, or a \\uD800-\\uDBFF escape followed by a \\uDC00-\\uDFFF one)"
      ])
    #expect(Self.described(4) == ["1:39: unterminated string"])
    #expect(Self.described(5) == ["2:4: expected '}', found '\"'"])
    #expect(
      Self.described(6) == [
        "1:35: unexpected 'nul' (expected a number, a string, an object, an array, true, false or null)"
      ])
    #expect(Self.described(7) == ["2:1: expected a value, found the end of the file"])
    #expect(Self.described(8) == ["1:18: unexpected 'x' after the end of the JSON value"])
    #expect(Self.described(9) == ["1:1: not UTF-8"])
  }

  @Test("the spans of a day that takes several lines keep each line's text")
  func multiLineSpans() throws {
    let text = "[\n  {\n    \"weight\": 180\n  },\n  {\"date\": \"2026-03-01\",\n   \"weight\": \"x\"}\n]"
    do {
      _ = try JSONReadings.parse(text)
      Issue.record("expected an error")
    } catch {
      #expect(
        error.issues.map(\.description) == [
          "2:3: a reading without a 'date'", "6:14: 'weight' must be a number, not the string \"x\"",
        ])
      #expect(error.issues.map(\.lineText) == ["  {", "   \"weight\": \"x\"}"])
      #expect(error.issues.map(\.length) == [1, 3])
    }
  }

  @Test("a second 'readings' array is the one read, as when the file was read whole")
  func lastReadingsArray() throws {
    let readings = try JSONReadings.parse(
      "{\"readings\": [{\"date\": \"2026-03-01\", \"weight\": 1}], \"units\": {\"weight\": \"kg\"},"
        + " \"readings\": [{\"date\": \"2026-03-02\", \"weight\": 80}]}")
    #expect(readings.map(\.date.description) == ["2026-03-02"])
    #expect(readings.map { $0.measurements[.weight]?.formatted() } == ["176.37"])
  }

  @Test("nesting is limited at 64 levels, skipped values included")
  func nesting() {
    let deep = "[{\"date\": \"2026-03-01\", \"x\": " + String(repeating: "[", count: 70) + "]}]"
    do {
      _ = try JSONReadings.parse(deep)
      Issue.record("expected an error")
    } catch {
      #expect(error.issues.map(\.description) == ["1:91: the JSON nests too deeply"])
    }
  }

  /// A folder of its own for a test's files.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-json-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("a JSON file is read from disk a line at a time, with the file's errors")
  func fromDisk() throws {
    let url = try Self.folder().appendingPathComponent("readings.json")
    try Data(Self.bytes(0)).write(to: url)
    #expect(Outcome.readings(try ReadingsFile.load(from: url)) == Self.read(Self.bytes(0), cuts: []))
    try Data(Self.bytes(9)).write(to: url)
    #expect(throws: ReadingsError(.notUtf8, message: "'readings.json' is not UTF-8 text")) {
      try ReadingsFile.load(from: url)
    }
  }

  @Test("a JSON journal is logged into in one pass: the day placed in order, units and values kept")
  func journalStreamed() throws {
    let url = try Self.folder().appendingPathComponent("journal.json")
    try """
    {
      "units": { "weight": "kg" },
      "readings": [
        { "date": "2026-11-28", "weight": 81.6 },
        { "date": "2026-12-01", "weight": 82, "symptoms": "a, b" }
      ]
    }

    """.write(to: url, atomically: true, encoding: .utf8)
    let change = try Journal.log(
      try JournalEntry.parse("weight 181.2 lb"), on: Day(year: 2026, month: 11, day: 30)!, into: url)
    #expect(change.previous == nil)
    #expect(
      try String(contentsOf: url, encoding: .utf8) == """
        {
          "units": { "weight": "kg" },
          "readings": [
            { "date": "2026-11-28", "weight": 81.6 },
            { "date": "2026-11-30", "weight": 82.190937444 },
            { "date": "2026-12-01", "weight": 82, "symptoms": "a, b" }
          ]
        }

        """)
  }

  @Test("a JSON journal out of date order, or with its units last, is read whole and written in order")
  func journalReadWhole() throws {
    let url = try Self.folder().appendingPathComponent("journal.json")
    try """
    {"readings": [{"date": "2026-11-30", "weight": 80}, {"date": "2026-11-28", "weight": 79.5}],
     "units": {"weight": "kg"}}
    """.write(to: url, atomically: true, encoding: .utf8)
    try Journal.log(try JournalEntry.parse("bp 120/80"), on: Day(year: 2026, month: 11, day: 29)!, into: url)
    #expect(
      try String(contentsOf: url, encoding: .utf8) == """
        {
          "units": { "weight": "kg" },
          "readings": [
            { "date": "2026-11-28", "weight": 79.5 },
            { "date": "2026-11-29", "systolic": 120, "diastolic": 80 },
            { "date": "2026-11-30", "weight": 80 }
          ]
        }

        """)
  }

  @Test("a JSON journal with a problem is left as it is, with the problem located")
  func journalInvalid() throws {
    let folder = try Self.folder()
    let url = folder.appendingPathComponent("journal.json")
    let text =
      "{\"readings\": [{\"date\": \"2026-11-28\", \"weight\": 80},\n {\"date\": \"2026-11-29\" \"weight\": 1}]}"
    try text.write(to: url, atomically: true, encoding: .utf8)
    do throws(JournalError) {
      try Journal.log(
        try! JournalEntry.parse("weight 180"), on: Day(year: 2026, month: 11, day: 30)!, into: url)
      Issue.record("the journal was written")
    } catch {
      guard case .invalidJournal(_, let problems) = error else {
        Issue.record("another error: \(error)")
        return
      }
      #expect(problems.issues.map(\.description) == ["2:24: expected '}', found '\"'"])
    }
    #expect(try String(contentsOf: url, encoding: .utf8) == text)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["journal.json"])
  }

  @Test("the history is appended to as it is, bytes and all, with a line break added when it lacks one")
  func historyAppended() throws {
    let url = try Self.folder().appendingPathComponent("journal.csv")
    try "date,weight\n2026-11-30,181\n".write(to: url, atomically: true, encoding: .utf8)
    let history = Journal.historyURL(of: url)
    // Not UTF-8, and no final line break: kept byte for byte.
    try Data([0x61, 0xFF, 0x62]).write(to: history)
    try Journal.log(
      try JournalEntry.parse("weight 185"), on: Day(year: 2026, month: 11, day: 30)!, replacing: true,
      into: url)
    let bytes = try [UInt8](Data(contentsOf: history))
    #expect(Array(bytes.prefix(4)) == [0x61, 0xFF, 0x62, 0x0A])
    let row = String(decoding: bytes.dropFirst(4), as: UTF8.self)
    #expect(row.hasSuffix(",2026-11-30,181,,,,\n"))
    #expect(row.split(separator: "\n").count == 1)
  }
}
