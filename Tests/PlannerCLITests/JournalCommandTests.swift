import Foundation
import Testing

/// `planner log` and `planner report` as a patient runs them.
@Suite("Journal and report commands")
struct JournalCommandTests {
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-log-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs planner and expects an exit status, forwarding the caller's location.
  @discardableResult
  static func run(
    _ arguments: [String], in directory: URL = PlannerProcess.packageRoot, status: Int32,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> PlannerProcess.Result {
    let result = try PlannerProcess.run(arguments, directory: directory)
    #expect(result.status == status, "\(result.stdout)\(result.stderr)", sourceLocation: sourceLocation)
    return result
  }

  @Test("logging a day writes one row that planner health reads back")
  func logThenHealth() throws {
    let folder = try Self.folder()
    let result = try Self.run(
      [
        "log", "2026-11-29", "weight", "181.2", "lb,", "bp", "128/82,", "sugar", "104", "mg/dL,", "symptoms",
        "tired, dizzy",
      ],
      in: folder, status: 0)
    #expect(
      result.stdout
        == "logged 2026-11-29 in journal.csv: weight 181.2 lb, bp 128/82 mmHg, sugar 104 mg/dL, symptoms \"tired, dizzy\"\n"
    )
    #expect(
      try String(contentsOf: folder.appendingPathComponent("journal.csv"), encoding: .utf8)
        == "date,weight,systolic,diastolic,sugar,symptoms\n2026-11-29,181.2,128,82,104,\"tired, dizzy\"\n")
    let health = try Self.run(["health", "journal.csv", "--format", "json"], in: folder, status: 2)
    #expect(health.stdout.contains("\"verdict\" : \"not_enough_data\""))
  }

  @Test(
    "a second weight for the day is refused without --replace, at its position, and kept in the history with it"
  )
  func duplicateDay() throws {
    let folder = try Self.folder()
    try Self.run(["log", "2026-11-29", "weight", "181"], in: folder, status: 0)
    let refused = try Self.run(["log", "2026-11-29", "weight", "182", "lb"], in: folder, status: 65)
    #expect(
      refused.stderr == """
        <entry>:1:19: error: weight is already logged for 2026-11-29 (181 lb); this entry says 182 lb
          2026-11-29 weight 182 lb
                            ^~~~~~
          hint: add --replace to replace it; the earlier row is kept in journal.csv.history
        1 error generated.
        nothing was logged

        """)
    let replaced = try Self.run(
      ["log", "--replace", "2026-11-29", "weight", "182", "lb"], in: folder, status: 0)
    #expect(replaced.stdout.hasPrefix("updated 2026-11-29 in journal.csv: weight 182 lb\nreplaced weight;"))
    let history = try String(
      contentsOf: folder.appendingPathComponent("journal.csv.history"), encoding: .utf8)
    #expect(history.hasSuffix(",2026-11-29,181,,,,,,,,,\n"))
  }

  @Test(
    "a bad entry gives every located error with a caret and a hint, and a journal that does not parse is left alone"
  )
  func badEntries() throws {
    let folder = try Self.folder()
    let result = try Self.run(["log", "weight", "-5", "kgs,", "bp", "80/120"], in: folder, status: 65)
    #expect(
      result.stderr.contains("<entry>:1:8: error: weight must be above 0, found '-5 kg'\n"))
    #expect(result.stderr.contains("  weight -5 kgs, bp 80/120\n                    ^~~~~~\n"))
    #expect(result.stderr.contains("hint: did you mean bp 120/80? systolic, the larger, comes first"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("journal.csv").path))

    let broken = "date,weight\n2026-11-28,abc\n"
    try broken.write(to: folder.appendingPathComponent("journal.csv"), atomically: true, encoding: .utf8)
    let refused = try Self.run(["log", "weight", "180"], in: folder, status: 65)
    #expect(refused.stderr.contains("journal.csv:2:12: error: 'abc' is not a number"))
    #expect(
      refused.stderr.contains("journal.csv does not parse, so it was left as it is and nothing was logged"))
    #expect(try String(contentsOf: folder.appendingPathComponent("journal.csv"), encoding: .utf8) == broken)
  }

  @Test("eight processes logging at once lose no entry")
  func concurrentLogs() throws {
    let folder = try Self.folder()
    let executable = try #require(PlannerProcess.executable)
    let processes = try (1...8).map { day -> Process in
      let process = Process()
      process.executableURL = executable
      process.arguments = ["log", "2026-11-0\(day)", "weight", "18\(day)"]
      process.currentDirectoryURL = folder
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      return process
    }
    for process in processes { process.waitUntilExit() }
    #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 8))
    let text = try String(contentsOf: folder.appendingPathComponent("journal.csv"), encoding: .utf8)
    #expect(
      text
        == "date,weight,systolic,diastolic,sugar,symptoms\n"
        + (1...8).map { "2026-11-0\($0),18\($0),,,,\n" }.joined())
  }

  @Test("a whole entry in one quoted argument reads as typed")
  func oneArgument() throws {
    let folder = try Self.folder()
    let result = try Self.run(
      ["log", "2026-11-29 weight 180, bp 120/80, symptoms \"tired, dizzy\""], in: folder, status: 0)
    #expect(
      result.stdout
        == "logged 2026-11-29 in journal.csv: weight 180 lb, bp 120/80 mmHg, symptoms \"tired, dizzy\"\n")
  }
}
