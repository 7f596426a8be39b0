import Foundation
import Testing

@testable import PlannerCommandLine

/// `planner log` then `planner health` on a journal whose symptoms hold a quote inside a
/// grapheme cluster: what log writes, health and the next log read (issue 43).
@Suite("'planner log' and 'planner health' per Unicode scalar")
struct ScalarJournalCommandTests {
  static func journal(_ suffix: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planner-scalar-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("journal.\(suffix)").path
  }

  /// Logs `words`, expecting exit 0 and `printed` on standard output.
  static func log(
    _ journal: String, _ words: [String], printed: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let run = CapturedRun(["log", "--journal", journal] + words)
    #expect(run.status == 0, sourceLocation: sourceLocation)
    #expect(run.stderr == "", sourceLocation: sourceLocation)
    #expect(run.stdout == printed, sourceLocation: sourceLocation)
  }

  @Test(
    "a quote after U+0600 or before U+0301 is logged, read back by the next log, and by health (exit 2)",
    arguments: [
      ("csv", "tired\u{600}\"x", "2026-03-01,180,,,,\"tired\u{600}\"\"x\"\n"),
      ("json", "a\u{600}\"\\\u{301}b", "\"symptoms\": \"a\u{600}\\\"\\\\\u{301}b\""),
    ])
  func logThenHealth(_ format: String, _ symptoms: String, _ written: String) throws {
    let journal = try Self.journal(format)
    Self.log(
      journal, ["2026-03-01", "weight", "180,", "symptoms", symptoms],
      printed: "logged 2026-03-01 in \(journal): weight 180 lb, symptoms \"\(symptoms)\"\n")
    #expect(try String(contentsOfFile: journal, encoding: .utf8).contains(written))
    Self.log(
      journal, ["2026-03-02", "weight", "181"], printed: "logged 2026-03-02 in \(journal): weight 181 lb\n")
    let health = CapturedRun(["health", journal])
    #expect(health.status == 2)
    #expect(health.stderr == "")
    #expect(health.stdout.hasSuffix("\nsymptoms day 6 (2026-03-01): \(symptoms)\n"))
  }

  @Test("log echoes symptoms and the path with ESC, BEL and DEL escaped")
  func echoIsEscaped() throws {
    let journal = try Self.journal("csv")
    Self.log(
      journal, ["2026-03-01", "symptoms", "x\u{1B}[31m\u{7}\u{7F}y"],
      printed: "logged 2026-03-01 in \(journal): symptoms \"x\\u{1B}[31m\\u{7}\\u{7F}y\"\n")
  }

  @Test("planner's JSON output (JSONText, what the outbox keeps and reads back) decodes to the same scalars")
  func jsonOutputRoundTrip() throws {
    let pieces = [
      "a", " ", ",", "\"", "\\", "\n", "\r", "\u{0}", "\u{1B}", "\u{7F}", "\u{301}", "\u{600}", "\u{605}",
      "\u{2028}", "\u{FEFF}", "👩‍👩‍👧", "/", "\u{10FFFF}",
    ]
    var state: UInt64 = 43
    for _ in 0..<300 {
      var text = ""
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      for shift in stride(from: 0, to: 8 * Int(state >> 61), by: 8) {
        text += pieces[Int((state >> UInt64(shift + 3)) % UInt64(pieces.count))]
      }
      let encoded = try JSONText.encode(["symptoms": text])
      let decoded = try JSONDecoder().decode([String: String].self, from: Data(encoded.utf8))
      #expect(decoded["symptoms"].map { Array($0.unicodeScalars) } == Array(text.unicodeScalars))
    }
  }

  @Test("health on a header of 20,000 'date' columns: one error, exit 65")
  func repeatedColumnHeader() throws {
    let path = try Self.journal("csv")
    try (Array(repeating: "date", count: 20_000).joined(separator: ",") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
    let run = CapturedRun(["health", path])
    #expect(run.status == 65)
    #expect(run.stdout == "")
    #expect(
      run.stderr == "\(path):1:6: error: a second 'date' column; the first is column 1 "
        + "(19998 more columns after it repeat it)\n"
        + "  \(String(repeating: "date,", count: 24))…\n       ^~~~\n  hint: name each column once\n"
        + "1 error generated.\n")
  }

  @Test("health reads a doubled quote after U+0600 inside a quoted CSV cell")
  func quotedCellAfterPrependedMark() throws {
    let path = try Self.journal("csv")
    try "date,weight,symptoms\n2026-03-01,180,\"a\u{600}\"\"b, c\"\n2026-03-02,181,\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let run = CapturedRun(["health", path])
    #expect(run.status == 2)
    #expect(run.stderr == "")
    let symptomsLine = "\nsymptoms day 6 (2026-03-01): a\u{600}\"b, c\n"
    #expect(run.stdout.hasSuffix(symptomsLine))
  }
}
