import Foundation
import Testing

@testable import HealthRules

/// A reader that keeps only a window's days (what `planner health` asks for) returns exactly
/// the days the window holds, on unsorted input, and still finds every duplicate day.
@Suite("Readings kept for a window")
struct ReadingsRetentionTests {
  /// `count` days from 2026-01-01, in a seeded shuffled order, as a CSV file.
  static func shuffledFile(count: Int, seed: UInt64) throws -> (url: URL, days: [Day]) {
    var generator = ScalarRoundTripTests.Generator(state: seed)
    let start = Day(year: 2026, month: 1, day: 1)!
    var days = (0..<count).map { start.advanced(by: $0) }
    for index in stride(from: days.count - 1, to: 0, by: -1) {
      days.swapAt(index, generator.below(index + 1))
    }
    let text = "date,weight\n" + days.enumerated().map { "\($1),\(150 + $0 % 40)\n" }.joined()
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("planner-retention-\(UUID()).csv")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return (url, days)
  }

  @Test("on shuffled rows, the window's days are kept and nothing else, with or without an as-of day")
  func keepsTheWindow() throws {
    let (url, days) = try Self.shuffledFile(count: 500, seed: 99)
    defer { try? FileManager.default.removeItem(at: url) }
    let all = try ReadingsFile.load(from: url)
    #expect(all.count == 500)
    let latest = try #require(days.max())
    for length in [1, 7, 30] {
      for asOf in [nil, latest.advanced(by: -100), latest.advanced(by: 3), days.min()!.advanced(by: -1)] {
        let kept = try ReadingsFile.load(from: url, retention: .window(length: length, asOf: asOf))
        let today = asOf ?? latest
        let first = today.advanced(by: 1 - length)
        #expect(
          kept == all.filter { first <= $0.date && $0.date <= today }, "length \(length), as of \(today)")
      }
    }
  }

  @Test("a duplicate of a day long before the window is still the same located error")
  func duplicateOutsideTheWindow() throws {
    let text =
      "date,weight\n2020-01-01,150\n"
      + (1...50).map { "2026-01-\(String(format: "%02d", $0 % 28 + 1))" }
      .prefix(28).map { "\($0),151\n" }.joined() + "2020-01-01,152\n"
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("planner-retention-\(UUID()).csv")
    try text.write(to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: url) }
    let expected = ReadingsError(issues: [
      ReadingsIssue(
        .duplicateDate, line: 31, column: 1, length: 10,
        message: "a second reading for 2020-01-01; the first is on line 2",
        hint: "give each reading its time, or merge the two rows", lineText: "2020-01-01,152", relatedLine: 2)
    ])
    #expect(throws: expected) { try ReadingsFile.load(from: url) }
    #expect(throws: expected) { try ReadingsFile.load(from: url, retention: .window(length: 7, asOf: nil)) }
  }
}
