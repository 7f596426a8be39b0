import Foundation
import Testing

@testable import HealthRules

/// The journal: entries checked like readings, one row per day, atomic saves, a history of replaced rows.
@Suite("Journal")
struct JournalTests {
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-journal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static let day = Day(year: 2026, month: 11, day: 30)!

  /// Logs `text` on `day` into the journal at `url` and saves it.
  @discardableResult
  static func log(
    _ text: String, on day: Day = day, into url: URL, replacing: Bool = false
  ) throws -> JournalChange {
    try Journal.log(try JournalEntry.parse(text), on: day, replacing: replacing, into: url)
  }

  /// Expects `text` not to parse, with exactly these `line:column: message (hint)` descriptions.
  static func expectIssues(
    _ text: String, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      _ = try JournalEntry.parse(text)
      Issue.record("'\(text)' parsed", sourceLocation: sourceLocation)
    } catch {
      #expect(error.issues.map(\.description) == expected, sourceLocation: sourceLocation)
    }
  }

  @Test("a logged day reads back identically, through the journal and through the readings loader")
  func roundTrip() throws {
    let url = try Self.folder().appendingPathComponent("journal.csv")
    try Self.log("weight 181.2 lb, bp 128/82, sugar 104 mg/dL, symptoms \"tired, dizzy\"", into: url)
    let expected = Reading(
      date: Self.day, weight: Rational(1812, 10), systolic: 128, diastolic: 82, sugar: 104,
      symptoms: "tired, dizzy")
    #expect(try ReadingsFile.load(from: url) == [expected])
    #expect(
      try String(contentsOf: url, encoding: .utf8)
        == "date,weight,systolic,diastolic,sugar,symptoms\n2026-11-30,181.2,128,82,104,\"tired, dizzy\"\n")
  }

  @Test("the public Journal.log takes the entry's text, logs it under the lock, and names every problem")
  func logText() throws {
    let url = try Self.folder().appendingPathComponent("journal.csv")
    try Journal.log("weight 181.2 lb, bp 128/82", on: Self.day, into: url)
    let logged = try #require(ReadingsFile.load(from: url).first)
    #expect(logged.date == Self.day)
    #expect(logged.measurements.weight == Rational(1812, 10))
    #expect(logged.measurements.systolic == 128)
    #expect(logged.measurements.diastolic == 82)
    // The lock file beside the journal is made, left in place and empty.
    #expect(try Data(contentsOf: URL(fileURLWithPath: url.path + ".lock")).isEmpty)
    #expect(throws: JournalError.self) { try Journal.log("weight 180 lb", on: Self.day, into: url) }
    do {
      try Journal.log("weight 181.2 stone, bp 128", on: Self.day, into: url)
      Issue.record("an entry that does not parse was logged")
    } catch .invalidEntry(let error) {
      #expect(
        error.issues.map(\.description) == [
          "1:14: unknown unit 'stone' ('weight' takes lb, kg, g)",
          "1:24: '128' is not a blood pressure (write systolic/diastolic, such as bp 128/82)",
        ])
    } catch {
      Issue.record("\(error)")
    }
    try Journal.log("weight 180 lb", on: Self.day, replacing: true, into: url)
    #expect(try ReadingsFile.load(from: url).first?.measurements.weight == 180)
  }

  @Test("a kg and mmol/L journal keeps its units and its values")
  func keepsUnits() throws {
    let url = try Self.folder().appendingPathComponent("journal.csv")
    let header = "date,weight (kg),systolic,diastolic,sugar (mmol/L),symptoms\n"
    try (header + "2026-11-29,81.6,120,80,5.3,\n").write(to: url, atomically: true, encoding: .utf8)
    try Self.log("weight 181.2 lb, sugar 104 mg/dL", into: url)
    // 181.2 lb = 82.190937444 kg exactly and 104 mg/dL = 5.772646... mmol/L, written with the
    // fewest decimals that read back to exactly the values logged: 82.190937444 kg, 5.77264654 mmol/L.
    #expect(
      try String(contentsOf: url, encoding: .utf8)
        == header + "2026-11-29,81.6,120,80,5.3,\n2026-11-30,82.190937444,,,5.77264654,\n")
    let readings = try ReadingsFile.load(from: url)
    #expect(readings.last?.measurements.weight == Rational(1812, 10))
    #expect(readings.last?.measurements.sugar == 104)
    #expect(readings.first?.measurements.weight == Rational(8_160_000_000, 45_359_237))
  }

  @Test("readings of different kinds logged through the day merge into the day's row")
  func merges() throws {
    let url = try Self.folder().appendingPathComponent("journal.csv")
    try Self.log("weight 181.2", into: url)
    let change = try Self.log("bp 128/82, symptoms tired", into: url)
    #expect(change.previous?.measurements.weight == Rational(1812, 10))
    #expect(change.replacedFields.isEmpty)
    #expect(
      try String(contentsOf: url, encoding: .utf8)
        == "date,weight,systolic,diastolic,sugar,symptoms\n2026-11-30,181.2,128,82,,tired\n")
    #expect(!FileManager.default.fileExists(atPath: url.path + ".history"))
  }

  @Test(
    "a second value for a reading of the day is refused without replacing, and kept in the history with it")
  func duplicates() throws {
    let url = try Self.folder().appendingPathComponent("journal.csv")
    try Self.log("weight 181, bp 120/80", into: url)
    let before = try String(contentsOf: url, encoding: .utf8)
    let entry = try JournalEntry.parse("weight 182 lb, bp 120/80")
    #expect {
      try Journal.log(entry, on: Self.day, into: url)
    } throws: { error in
      guard case JournalError.alreadyLogged(let day, let conflicts) = error else { return false }
      return day == Self.day
        && conflicts == [
          JournalConflict(
            field: .weight, logged: "181 lb", entered: "182 lb", location: .init(column: 8, length: 6))
        ]
    }
    #expect(try String(contentsOf: url, encoding: .utf8) == before)
    // The same value again is not a conflict: nothing changes.
    #expect(try Self.log("bp 120/80", into: url).isUnchanged)

    let change = try Self.log("weight 182 lb", into: url, replacing: true)
    #expect(change.replacedFields == [.weight])
    #expect(
      try String(contentsOf: url, encoding: .utf8)
        == "date,weight,systolic,diastolic,sugar,symptoms\n2026-11-30,182,120,80,,\n")
    let history = try String(contentsOf: URL(fileURLWithPath: url.path + ".history"), encoding: .utf8)
    let lines = history.split(separator: "\n")
    #expect(lines.first == Substring(Journal.historyHeader))
    #expect(lines.count == 2)
    #expect(lines.last?.hasSuffix(",2026-11-30,181,120,80,,,,,,,") == true)
  }

  @Test("a crash between writing the temporary file and the rename leaves the old journal intact")
  func crashBeforeRename() throws {
    let folder = try Self.folder()
    let url = folder.appendingPathComponent("journal.csv")
    try Self.log("weight 181", on: Self.day.advanced(by: -1), into: url)
    let before = try Data(contentsOf: url)
    struct Crash: Error {}
    let entry = try JournalEntry.parse("weight 182")
    var temporary: URL?
    #expect(throws: JournalError.self) {
      try Journal.log(
        entry, on: Self.day, into: url,
        beforeRename: { url in
          temporary = url
          throw Crash()
        })
    }
    #expect(try Data(contentsOf: url) == before)
    // The temporary file holds the new journal, as a real crash would leave it; it is hidden and ignored.
    let leftover = try #require(temporary)
    #expect(leftover.lastPathComponent.hasPrefix(".journal.csv.tmp-"))
    #expect(try String(contentsOf: leftover, encoding: .utf8).hasSuffix("2026-11-30,182,,,,\n"))
    // The next run logs normally.
    try Journal.log(entry, on: Self.day, into: url)
    #expect(try ReadingsFile.load(from: url).map(\.date) == [Self.day.advanced(by: -1), Self.day])
  }

  @Test("a journal that does not parse is never overwritten")
  func invalidJournal() throws {
    let url = try Self.folder().appendingPathComponent("journal.csv")
    let text = "date,weight\n2026-11-29,abc\n"
    try text.write(to: url, atomically: true, encoding: .utf8)
    #expect {
      try Journal.log(try JournalEntry.parse("weight 182"), on: Self.day, into: url)
    } throws: { error in
      guard case JournalError.invalidJournal(_, let readings) = error else { return false }
      return readings.issues.map(\.description) == ["2:12: 'abc' is not a number"]
    }
    #expect(try String(contentsOf: url, encoding: .utf8) == text)
  }

  @Test("a pressure logged after the other one that leaves them swapped is refused")
  func swappedAcrossEntries() throws {
    let url = try Self.folder().appendingPathComponent("journal.csv")
    try Self.log("systolic 120", into: url)
    #expect {
      try Journal.log(try JournalEntry.parse("diastolic 130"), on: Self.day, into: url)
    } throws: { error in
      guard case JournalError.invalidEntry(let readings) = error else { return false }
      return readings.issues.map(\.message) == ["systolic 120 mmHg is not above diastolic 130 mmHg"]
        && readings.issues.first?.column == 11
    }
  }

  @Test("entries are read with units, glued units, a leading date and bare symptom words")
  func entries() throws {
    let entry = try JournalEntry.parse(
      "2026-11-29T07:30 weight 81.6kg, bp 128/82 mmHg, glucose 5.3 mmol/L symptoms mild headache")
    #expect(entry.date == Day(year: 2026, month: 11, day: 29))
    #expect(entry.measurements.weight == Rational(8_160_000_000, 45_359_237))
    #expect(entry.measurements.systolic == 128)
    #expect(entry.measurements.diastolic == 82)
    #expect(entry.measurements.sugar == exact("95.4848"))
    #expect(entry.measurements.symptoms == "mild headache")
    #expect(entry.units[.weight] == .kilogram)
  }

  @Test(
    "bad entries are located at their column with a hint",
    arguments: [
      ("weight 18o lb", ["1:8: '18o' is not a number"]),
      ("wieght 180", ["1:1: unknown reading 'wieght' (did you mean 'weight'?)"]),
      (
        "bp 80/120",
        [
          "1:4: systolic 80 mmHg is not above diastolic 120 mmHg (did you mean bp 120/80? systolic, the larger, comes first)"
        ]
      ),
      ("sugar 5.9 mmol/dl", ["1:11: unknown unit 'mmol/dl' (did you mean 'mmol/L'?)"]),
      ("weight 180 mmHg", ["1:12: 'mmHg' is not a unit of weight; use lb, kg, g"]),
      ("sugar 5000", ["1:7: sugar '5000 mg/dL' is outside the plausible range 10...1000 mg/dL"]),
      ("weight -5", ["1:8: weight must be above 0, found '-5 lb'"]),
      ("bp 120", ["1:4: '120' is not a blood pressure (write systolic/diastolic, such as bp 128/82)"]),
      (
        "181.2 lb",
        [
          "1:1: expected a reading name before '181.2' (name each value, such as weight 181.2 lb or sugar 104 mg/dL)"
        ]
      ),
      (
        "weight 180, weight 181",
        [
          "1:13: 'weight' is given twice in this entry; the first is at column 1 (log each reading once; use --replace to change one already logged)"
        ]
      ),
      ("", ["1:1: nothing to log (write readings such as: weight 181.2 lb, bp 128/82, sugar 104 mg/dL)"]),
      ("symptoms \"tired", ["1:10: unterminated quoted text (add the closing '\"')"]),
    ])
  func badEntries(_ text: String, _ expected: [String]) {
    Self.expectIssues(text, expected)
  }

  @Test("a new journal takes the units of its first entry")
  func newJournalUnits() throws {
    let url = try Self.folder().appendingPathComponent("journal.csv")
    try Self.log("weight 81.6 kg, sugar 5.3 mmol/L", into: url)
    #expect(
      try String(contentsOf: url, encoding: .utf8)
        == "date,weight (kg),systolic,diastolic,sugar (mmol/L),symptoms\n2026-11-30,81.6,,,5.3,\n")
  }

  @Test("a JSON journal keeps its units and reads back identically, symptoms and all")
  func jsonJournal() throws {
    let url = try Self.folder().appendingPathComponent("journal.json")
    try """
    {"units": {"weight": "kg"}, "readings": [{"date": "2026-11-29", "weight": 81.6, "sugar": 95}]}
    """.write(to: url, atomically: true, encoding: .utf8)
    try Self.log("weight 181.2 lb, symptoms \"tired \"\"very\"\", ok\"", into: url)
    #expect(
      try String(contentsOf: url, encoding: .utf8) == """
        {
          "units": { "weight": "kg" },
          "readings": [
            { "date": "2026-11-29", "weight": 81.6, "sugar": 95 },
            { "date": "2026-11-30", "weight": 82.190937444, "symptoms": "tired \\"very\\", ok" }
          ]
        }

        """)
    let readings = try ReadingsFile.load(from: url)
    #expect(
      readings.last == Reading(date: Self.day, weight: Rational(1812, 10), symptoms: "tired \"very\", ok"))
    #expect(readings.first?.measurements.symptoms == nil)
  }

  @Test("the Swift flow of docs/health.md logs a day and reports on it")
  func documentedFlow() throws {
    let url = try Self.folder().appendingPathComponent("journal.csv")
    let entry = try JournalEntry.parse("weight 181.2 lb, bp 128/82, sugar 104 mg/dL")
    let change = try Journal.withExclusiveAccess(to: url) { () throws(JournalError) in
      try Journal.log(entry, on: Self.day, into: url)
    }
    #expect(change.previous == nil)
    let readings = try ReadingsFile.load(from: url)
    let report = try WeeklyReport(readings: readings, rules: RuleSet.baseline.compiled())
    #expect(report.verdict.status == .notEnoughData)
    #expect(report.charts.map(\.id) == ["weight-7", "pressure-7", "sugar-7"])
    #expect(report.charts[2].series[0].points.map(\.value) == [104])
  }
}
