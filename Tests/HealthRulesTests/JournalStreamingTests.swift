import Foundation
import Testing

@testable import HealthRules

/// Issue 43: `planner log` reads a CSV journal row by row and writes the merged journal as it
/// goes (``Journal/log(_:on:replacing:into:beforeRename:)``, ``AtomicFile/write(to:newFileMode:beforeRename:body:)``).
@Suite("Journal streamed")
struct JournalStreamingTests {
  static let day = Day(year: 2026, month: 11, day: 30)!

  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-stream-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The names in `folder`, sorted: no temporary file may be left behind.
  static func names(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// Writes `before` as a journal, logs `entry` on ``day``, and expects the journal to read `after`.
  @discardableResult
  static func expectLogged(
    _ before: String, _ entry: String, replacing: Bool = false, after: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (JournalChange, URL) {
    let folder = try folder()
    let url = folder.appendingPathComponent("journal.csv")
    try before.write(to: url, atomically: true, encoding: .utf8)
    let change = try Journal.log(try JournalEntry.parse(entry), on: day, replacing: replacing, into: url)
    #expect(try String(contentsOf: url, encoding: .utf8) == after, sourceLocation: sourceLocation)
    return (change, url)
  }

  /// Writes `before` as a journal, logs `entry` on ``day``, and expects the journal not to parse
  /// with these issues, the file left byte for byte and no temporary file beside it.
  static func expectInvalid(
    _ before: String, _ entry: String, _ issues: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let folder = try folder()
    let url = folder.appendingPathComponent("journal.csv")
    try before.write(to: url, atomically: true, encoding: .utf8)
    let parsed = try JournalEntry.parse(entry)
    do throws(JournalError) {
      try Journal.log(parsed, on: day, into: url)
      Issue.record("the journal was written", sourceLocation: sourceLocation)
    } catch {
      guard case .invalidJournal(let path, let readings) = error else {
        Issue.record("another error: \(error)", sourceLocation: sourceLocation)
        return
      }
      #expect(path == url.path, sourceLocation: sourceLocation)
      #expect(readings.issues.map(\.description) == issues, sourceLocation: sourceLocation)
    }
    #expect(try String(contentsOf: url, encoding: .utf8) == before, sourceLocation: sourceLocation)
    #expect(try names(folder) == ["journal.csv"], sourceLocation: sourceLocation)
  }

  @Test("a day between two rows is written in its place; every row keeps its values, columns and units")
  func insertedInPlace() throws {
    let header = "date,weight (kg),systolic,diastolic,sugar,symptoms\n"
    let (change, _) = try Self.expectLogged(
      header + "2026-11-28,81.60,120,80,95,\n2026-12-01,82,121,81,,\"a, b\"\n", "weight 181.2 lb",
      after: header
        + "2026-11-28,81.6,120,80,95,\n2026-11-30,82.190937444,,,,\n2026-12-01,82,121,81,,\"a, b\"\n")
    #expect(change.previous == nil)
  }

  @Test("a replaced day's row is replaced in place, and the old row goes to the history")
  func replacedInPlace() throws {
    let (change, url) = try Self.expectLogged(
      "date,weight\n2026-11-29,180\n2026-11-30,181\n2026-12-01,182\n", "weight 185", replacing: true,
      after: "date,weight\n2026-11-29,180\n2026-11-30,185\n2026-12-01,182\n")
    #expect(change.replacedFields == [.weight])
    let history = try String(contentsOf: Journal.historyURL(of: url), encoding: .utf8)
    let lines = history.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first == Substring(Journal.historyHeader))
    #expect(lines.last?.hasSuffix("Z,2026-11-30,181,,,,,,,,,") == true)
  }

  @Test("a journal whose rows are not in date order is written back in date order")
  func outOfOrder() throws {
    try Self.expectLogged(
      "date,weight\n2026-12-01,182\n2026-11-29,180\n", "weight 181",
      after: "date,weight\n2026-11-29,180\n2026-11-30,181\n2026-12-01,182\n")
    // The day found after a later one still merges into its row.
    try Self.expectLogged(
      "date,weight,sugar\n2026-12-01,182,\n2026-11-30,181,\n", "sugar 95",
      after: "date,weight,sugar\n2026-11-30,181,95\n2026-12-01,182,\n")
  }

  @Test("an entry that changes nothing leaves the file as it is, not rewritten")
  func unchanged() throws {
    let folder = try Self.folder()
    let url = folder.appendingPathComponent("journal.csv")
    let text = "date,weight\n2026-12-01,182.0\n2026-11-30,181\n"
    try text.write(to: url, atomically: true, encoding: .utf8)
    var before = stat()
    #expect(stat(url.path, &before) == 0)
    let change = try Journal.log(try JournalEntry.parse("weight 181 lb"), on: Self.day, into: url)
    #expect(change.isUnchanged)
    var after = stat()
    #expect(stat(url.path, &after) == 0)
    #expect(after.st_ino == before.st_ino)
    #expect(try String(contentsOf: url, encoding: .utf8) == text)
    #expect(try Self.names(folder) == ["journal.csv"])
  }

  @Test("a conflict early and a bad row later: the journal's problem is reported, nothing is written")
  func invalidAfterConflict() throws {
    try Self.expectInvalid(
      "date,weight\n2026-11-30,181\n2026-12-01,abc\n", "weight 182", ["3:12: 'abc' is not a number"])
  }

  @Test("two rows for one day are still found, however far apart")
  func duplicateDays() throws {
    try Self.expectInvalid(
      "date,weight\n2026-11-29,180\n2026-11-30,181\n2026-11-29,182\n", "weight 181",
      [
        "4:1: a second reading for 2026-11-29; the first is on line 2 (give each reading its time, or merge the two rows)"
      ])
  }

  @Test("a journal of blank lines is an empty journal")
  func blankLines() throws {
    try Self.expectLogged(
      "  \n\t\n", "weight 181",
      after: "date,weight,systolic,diastolic,sugar,symptoms\n2026-11-30,181,,,,\n")
  }

  @Test("a streamed write holds exactly what was written, across many chunks")
  func streamedWrite() throws {
    let folder = try Self.folder()
    let url = folder.appendingPathComponent("rows.csv")
    try AtomicFile.write(to: url) { writer in
      for index in 0..<100_000 { writer.write("row \(index)\n") }
    }
    let expected = (0..<100_000).map { "row \($0)\n" }.joined()
    #expect(try String(contentsOf: url, encoding: .utf8) == expected)
    var info = stat()
    #expect(stat(url.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
  }

  @Test("a streamed write whose body throws leaves the file unchanged and no temporary file")
  func streamedWriteThrows() throws {
    let folder = try Self.folder()
    let url = folder.appendingPathComponent("rows.csv")
    try "old\n".write(to: url, atomically: true, encoding: .utf8)
    struct Stop: Error, Equatable {}
    #expect(throws: Stop()) {
      try AtomicFile.write(to: url) { writer in
        for index in 0..<100_000 { writer.write("row \(index)\n") }
        throw Stop()
      }
    }
    #expect(try String(contentsOf: url, encoding: .utf8) == "old\n")
    #expect(try Self.names(folder) == ["rows.csv"])
  }
}
