import Foundation
import HealthRules
import Testing

/// Coded yes/no symptoms: `symptom chest_pain yes` in CSV files, journal entries and rules.
@Suite("Coded yes/no symptoms")
struct CodedSymptomTests {
  static let csv = """
    date,weight,symptoms,symptom chest_pain,Symptom dizzy
    2026-03-05,180,,no,
    2026-03-06,180,tired,yes,NO
    2026-03-07,180,,,
    """

  @Test("a 'symptom CODE' column holds yes, no or nothing, in any case")
  func reads() throws {
    let readings = try CSVReadings.parse(Self.csv)
    #expect(
      readings.map(\.measurements.answers) == [
        ["chest_pain": false], ["chest_pain": true, "dizzy": false], [:],
      ])
    #expect(readings.map(\.measurements.symptomText) == ["no chest pain", "tired; chest pain; no dizzy", ""])
  }

  @Test(
    "rules read a coded answer as the same words written: yes mentions, no denies, nothing is unknown",
    arguments: [
      (DayRange.yesterday, "chest pain", Truth.yes),
      (.day(5), "chest pain", .no),
      (.days(5, 6), "dizzy", .no),
      (.day(5), "dizzy", .no),
      (.today, "chest pain", .no),
      (.day(4), "chest pain", .unknown),
    ])
  func rules(range: DayRange, phrase: String, truth: Truth) throws {
    let readings = try CSVReadings.parse(Self.csv)
    let window = try RuleSet(id: "r", name: "R", alerts: [], otherwise: "ok").compiled().window(
      for: readings, asOf: Day(iso: "2026-03-07"))
    #expect(try window.evaluate(.symptomsMention(phrase, range)).truth == truth)
  }

  @Test("a declared symptom named by its code: the coded answer decides it")
  func declared() throws {
    let readings = try CSVReadings.parse("date,symptom chest_pain\n2026-03-07,no\n")
    let window = try RuleSet(id: "r", name: "R", alerts: [], otherwise: "ok").compiled().window(
      for: readings, asOf: nil)
    // `symptom chest_pain: "chest pain", "angina"` lowers to the or of its name and phrases.
    let condition = Condition.or(
      .or(.symptomsMention("chest_pain", .today), .symptomsMention("chest pain", .today)),
      .symptomsMention("angina", .today))
    #expect(try window.evaluate(condition).truth == .no)
  }

  @Test(
    "bad answers, bad codes, units and repeated columns are located errors",
    arguments: [
      ("date,symptom chest_pain\n2026-03-07,maybe\n", "2:12: 'symptom chest_pain' is yes or no, not 'maybe'"),
      ("date,symptom Chest-Pain\n", "1:6: 'chest-pain' is not a symptom code"),
      ("date,symptom chest_pain (kg)\n", "1:6: 'symptom chest_pain' takes no unit"),
      (
        "date,symptom chest_pain,symptom chest_pain\n",
        "1:25: a second 'symptom chest_pain' column; the first is column 2"
      ),
    ])
  func errors(text: String, message: String) {
    do {
      _ = try CSVReadings.parse(text)
      Issue.record("no error for \(text)")
    } catch {
      let issue = error.issues.first
      #expect("\(issue?.line ?? 0):\(issue?.column ?? 0): \(issue?.message ?? "")" == message)
    }
  }

  @Test("planner log's entries: symptom CODE yes|no, checked and located")
  func entries() throws {
    let entry = try JournalEntry.parse("weight 180 lb, symptom chest_pain yes, symptom short_of_breath NO")
    #expect(entry.measurements.answers == ["chest_pain": true, "short_of_breath": false])
    #expect(throws: ReadingsError.self) { try JournalEntry.parse("symptom chest_pain maybe") }
    do {
      _ = try JournalEntry.parse("symptom chest_pain yes, symptom chest_pain no")
    } catch {
      #expect(
        error.issues.map(\.message) == [
          "'symptom chest_pain' is given twice in this entry; the first is at column 1"
        ])
    }
  }

  @Test("the journal adds a column per code, merges answers into the day, refuses a change without --replace")
  func journal() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coded-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("journal.csv")
    let day = Day(iso: "2026-03-07")!
    try Journal.log(try JournalEntry.parse("weight 180 lb"), on: day.advanced(by: -1), into: url)
    try Journal.log(try JournalEntry.parse("symptom chest_pain yes"), on: day, into: url)
    try Journal.log(try JournalEntry.parse("symptom dizzy no"), on: day, into: url)
    #expect(
      try String(contentsOf: url, encoding: .utf8)
        == "date,weight,systolic,diastolic,sugar,symptoms,symptom chest_pain,symptom dizzy\n"
        + "2026-03-06,180,,,,,,\n2026-03-07,,,,,,yes,no\n")
    #expect(throws: JournalError.self) {
      try Journal.log(try JournalEntry.parse("symptom chest_pain no"), on: day, into: url)
    }
    try Journal.log(try JournalEntry.parse("symptom chest_pain no"), on: day, replacing: true, into: url)
    #expect(
      try ReadingsFile.load(from: url).last?.measurements.answers == ["chest_pain": false, "dizzy": false])
    let json = folder.appendingPathComponent("journal.json")
    #expect(throws: JournalError.self) {
      try Journal.log(try JournalEntry.parse("symptom chest_pain yes"), on: day, into: json)
    }
    #expect(!FileManager.default.fileExists(atPath: json.path))
  }

  @Test("timed rows: an answer goes to its time's row; time and context after the date, codes at the end")
  func timedRows() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coded-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("journal.csv")
    let day = Day(iso: "2026-03-07")!
    try Journal.log(try JournalEntry.parse("weight 180 lb, symptom dizzy no"), on: day, into: url)
    try Journal.log(try JournalEntry.parse("07:10 bp 128/82, symptom chest_pain yes"), on: day, into: url)
    try Journal.log(
      try JournalEntry.parse("19:00 fasting sugar 104 mg/dL, symptom chest_pain no"), on: day, into: url)
    #expect(
      try String(contentsOf: url, encoding: .utf8)
        == "date,time,context,weight,systolic,diastolic,sugar,symptoms,symptom dizzy,symptom chest_pain\n"
        + "2026-03-07,,,180,,,,,no,\n2026-03-07,07:10,,,128,82,,,,yes\n"
        + "2026-03-07,19:00,fasting,,,,104,,,\n2026-03-07,19:00,,,,,,,,no\n")
    // The day's answers: chest pain yes at 07:10 and no at 19:00 is a day with chest pain.
    #expect(
      try ReadingsFile.load(from: url).last?.measurements.answers == ["chest_pain": true, "dizzy": false])
    #expect(throws: JournalError.self) {
      try Journal.log(try JournalEntry.parse("07:10 symptom chest_pain no"), on: day, into: url)
    }
    #expect(throws: ReadingsError.self) {
      try JournalEntry.parse("07:10 symptom chest_pain yes, symptom chest_pain no")
    }
    // Once per time: the same code at two times is two answers.
    let entry = try JournalEntry.parse("07:10 symptom chest_pain yes, 19:00 symptom chest_pain no")
    #expect(entry.rows.map(\.measurements.answers) == [["chest_pain": true], ["chest_pain": false]])
    let json = folder.appendingPathComponent("journal.json")
    #expect(throws: JournalError.self) { try Journal.importReadings(from: url, into: json) }
    #expect(!FileManager.default.fileExists(atPath: json.path))
  }
}
