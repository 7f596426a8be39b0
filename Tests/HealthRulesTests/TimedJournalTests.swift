import Foundation
import Testing

@testable import HealthRules

/// The journal with timed entries: one row per day, time and context; merges, conflicts and
/// replacements per row; CSV and JSON; imports; JSON and Apple Health readers with times.
@Suite("Timed journal")
struct TimedJournalTests {
  static let day = Day(year: 2026, month: 11, day: 30)!

  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-timed-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @discardableResult
  static func log(_ text: String, into url: URL, replacing: Bool = false) throws -> JournalChange {
    try Journal.log(try JournalEntry.parse(text), on: day, replacing: replacing, into: url)
  }

  @Test("an entry's times and contexts make its rows: a time holds until the next, a context is its item's")
  func entryRows() throws {
    let entry = try JournalEntry.parse("07:10 bp 128/82 fasting sugar 104 mg/dL, 19:00 pulse 72 bpm spo2 97%")
    #expect(entry.rows.map(\.time?.description) == ["07:10", "07:10", "19:00"])
    #expect(entry.rows.map(\.context) == [nil, "fasting", nil])
    #expect(entry.rows[0].measurements.systolic == 128)
    #expect(entry.rows[1].measurements.sugar == 104)
    #expect(entry.rows[2].measurements.steps["heart_rate"] == 72_000)
    #expect(entry.rows[2].measurements.steps["spo2"] == 970)
    #expect(entry.rows[1].locations[.sugar] == JournalEntry.Location(column: 31, length: 9))
    // A date-time gives the day and the time; `before meal` is two words.
    let dated = try JournalEntry.parse("2026-11-29T19:30 before meal sugar 5.5 mmol/L")
    #expect(dated.date == Day(year: 2026, month: 11, day: 29))
    #expect(dated.rows.map(\.time?.description) == ["19:30"])
    #expect(dated.rows.map(\.context) == ["before meal"])
  }

  @Test("bad times and contexts are located with a hint")
  func entryErrors() {
    func issues(_ text: String) -> [String] {
      do {
        _ = try JournalEntry.parse(text)
        return []
      } catch {
        return error.issues.map(\.description)
      }
    }
    #expect(
      issues("7:10 bp 128/82")
        == [
          "1:1: '7:10' is not a time of day (write times as hh:mm on a 24-hour clock, such as 07:10 or 19:00)"
        ])
    #expect(
      issues("bp 128/82 fasting")
        == [
          "1:18: 'fasting' needs a reading after it (a context comes before its reading, such as fasting sugar 104 mg/dL)"
        ])
    #expect(
      issues("07:10 sugar 104, 07:10 sugar 105")
        == [
          "1:24: 'sugar' is given twice at 07:10 in this entry; the first is at column 7 "
            + "(log each reading once; use --replace to change one already logged)"
        ])
    // The same reading at two times is two readings.
    #expect(issues("07:10 sugar 104, 19:00 sugar 105") == [])
  }

  @Test("rows of one day: untimed and timed rows, merges into a row, conflicts and replacements per row")
  func csvRows() throws {
    let url = try Self.folder().appendingPathComponent("journal.csv")
    try Self.log("weight 181 lb", into: url)
    let first = try Self.log("07:10 bp 128/82 fasting sugar 104 mg/dL", into: url)
    #expect(!first.updatedRow)
    #expect(first.rows.map(\.time?.description) == ["07:10", "07:10"])
    try Self.log("19:00 bp 135/85", into: url)
    let merged = try Self.log("symptoms tired", into: url)
    #expect(merged.updatedRow)
    #expect(
      try String(contentsOf: url, encoding: .utf8)
        == """
        date,time,context,weight,systolic,diastolic,sugar,symptoms
        2026-11-30,,,181,,,,tired
        2026-11-30,07:10,,,128,82,,
        2026-11-30,07:10,fasting,,,,104,
        2026-11-30,19:00,,,135,85,,

        """)
    // The day's value is the mean of its rows: (128 + 135) / 2.
    let day = try ReadingsFile.load(from: url)[0].measurements
    #expect(day.systolic == Rational(263, 2))
    #expect(day.readings(of: "systolic").map(\.time?.description) == ["07:10", "19:00"])

    // A different value in the 07:10 row is a conflict naming the row; the 19:00 row is not touched.
    #expect {
      try Self.log("07:10 bp 130/82", into: url)
    } throws: { error in
      guard case JournalError.alreadyLogged(_, let conflicts) = error else { return false }
      return conflicts.map(\.description) == [
        "systolic is already logged for this day at 07:10 (128 mmHg); the entry says 130 mmHg"
      ]
    }
    let replaced = try Self.log("07:10 bp 130/82", into: url, replacing: true)
    #expect(replaced.replacedFields == [.systolic])
    #expect(try String(contentsOf: url, encoding: .utf8).contains("\n2026-11-30,07:10,,,130,82,,\n"))
    let history = try String(contentsOf: Journal.historyURL(of: url), encoding: .utf8)
    let lines = history.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines[1].hasSuffix(",2026-11-30,,128,82,,,07:10,,,,"))
  }

  @Test("a journal without time columns gains them after the date; a JSON journal writes time and context")
  func columnsAndJSON() throws {
    let folder = try Self.folder()
    let csv = folder.appendingPathComponent("journal.csv")
    try "date,weight (kg),symptoms\n2026-11-29,81.6,\n".write(to: csv, atomically: true, encoding: .utf8)
    try Self.log("bedtime sugar 6.1 mmol/L", into: csv)
    #expect(
      try String(contentsOf: csv, encoding: .utf8)
        == "date,context,weight (kg),symptoms,sugar (mmol/L)\n2026-11-29,,81.6,,\n2026-11-30,bedtime,,,6.1\n")

    let json = folder.appendingPathComponent("journal.json")
    try Self.log("07:10 bp 128/82 fasting sugar 104", into: json)
    try Self.log("19:00 pulse 72, temperature 98.6 °F", into: json)
    #expect(
      try String(contentsOf: json, encoding: .utf8)
        == """
        {
          "readings": [
            { "date": "2026-11-30", "time": "07:10", "systolic": 128, "diastolic": 82 },
            { "date": "2026-11-30", "time": "07:10", "context": "fasting", "sugar": 104 },
            { "date": "2026-11-30", "time": "19:00", "heart_rate": 72, "temperature": 37 }
          ]
        }

        """)
    let day = try ReadingsFile.load(from: json)[0].measurements
    #expect(day.steps(of: Metric.sugar.selecting(ReadingSelection(context: "fasting"))) == 104_000_000)
    #expect(day[.temperature] == 37)
    // Logging the same again changes nothing, and the file is not rewritten.
    #expect(try Self.log("07:10 bp 128/82", into: json).isUnchanged)
  }

  @Test("importing a readings file logs each record as an entry; importing it again changes nothing")
  func importFile() throws {
    let folder = try Self.folder()
    let source = folder.appendingPathComponent("week.csv")
    try """
    date,time,context,systolic,diastolic,sugar
    2026-11-29,07:05,fasting,138,86,112
    2026-11-29,19:10,,131,82,
    2026-11-30,07:00,fasting,141,88,118

    """.write(to: source, atomically: true, encoding: .utf8)
    let journal = folder.appendingPathComponent("journal.csv")
    try Self.log("19:10 bp 131/82", into: journal)
    let changes = try Journal.importReadings(from: source, into: journal)
    // 2026-11-29 gains a row beside the one logged; 2026-11-30 is a new day.
    #expect(changes == JournalImport.tuple(days: 2, newRowDays: 2, updatedDays: 0, unchangedDays: 0))
    #expect(
      try String(contentsOf: journal, encoding: .utf8)
        == """
        date,time,context,weight,systolic,diastolic,sugar,symptoms
        2026-11-29,07:05,fasting,,138,86,112,
        2026-11-29,19:10,,,131,82,,
        2026-11-30,07:00,fasting,,141,88,118,
        2026-11-30,19:10,,,131,82,,

        """)
    #expect(try Journal.importReadings(from: source, into: journal).unchangedDays == 2)
  }

  @Test("the JSON reader reads time and context keys and a date-time")
  func jsonTimes() throws {
    let readings = try JSONReadings.parse(
      """
      [{"date": "2026-11-30", "time": "07:10", "context": "Fasting", "sugar": 104},
       {"date": "2026-11-30T19:00", "sugar": 150}]
      """)
    #expect(
      readings[0].measurements.readings(of: "sugar")
        == [
          Observation(
            metric: "sugar", steps: 104_000_000, time: TimeOfDay(hour: 7, minute: 10), context: "fasting"),
          Observation(metric: "sugar", steps: 150_000_000, time: TimeOfDay(hour: 19, minute: 0)),
        ])
    #expect(throws: ReadingsError.self) {
      try JSONReadings.parse(#"[{"date": "2026-11-30", "time": 710, "sugar": 104}]"#)
    }
  }

  @Test("Apple Health records keep their times, and a glucose meal time gives the context")
  func appleHealthContext() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <HealthData locale="en_US">
       <Record type="HKQuantityTypeIdentifierBloodGlucose" unit="mg/dL" startDate="2026-03-06 07:00:00 -0500" value="100">
        <MetadataEntry key="HKMetadataKeyBloodGlucoseMealTime" value="1"/>
       </Record>
       <Record type="HKQuantityTypeIdentifierBloodGlucose" unit="mg/dL" startDate="2026-03-06 13:30:00 -0500" value="160">
        <MetadataEntry key="HKMetadataKeyBloodGlucoseMealTime" value="2"/>
       </Record>
       <Record type="HKQuantityTypeIdentifierBloodGlucose" unit="mg/dL" startDate="2026-03-06 22:00:00 -0500" value="120"/>
      </HealthData>
      """
    let readings = try AppleHealthReadings.parse(data: Data(xml.utf8))
    #expect(
      readings[0].measurements.readings(of: "sugar").map {
        "\($0.time?.description ?? "") \($0.context ?? "-")"
      }
        == ["07:00 before meal", "13:30 after meal", "22:00 -"])
    let bad = xml.replacingOccurrences(of: #"value="2""#, with: #"value="7""#)
    #expect {
      try AppleHealthReadings.parse(data: Data(bad.utf8))
    } throws: { error in
      (error as? ReadingsError)?.issues.map(\.message) == ["unknown HKMetadataKeyBloodGlucoseMealTime '7'"]
    }
  }
}
