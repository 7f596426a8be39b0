import Foundation
import Testing

/// Issue 9's benchmark week (Benchmarks/week/generate.py): the generator
/// writes the same files every time, and the week they make is a valid plan
/// of 100 priced foods at 3 stores. Not a timed test: `make bench` times it.
@Suite("The benchmark week at the till")
struct WeekBenchmarkTests {
  /// Runs the generator into a fresh directory and returns it.
  static func generate() throws -> URL {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("week-bench-\(UUID().uuidString)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "Benchmarks/week/generate.py", "--out", out.path]
    process.currentDirectoryURL = PlannerProcess.packageRoot
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return out
  }

  @Test("the generator is deterministic and its week checks: 100 foods, 3 stores with trips, 48 recipes")
  func generatedWeek() throws {
    let first = try Self.generate()
    let second = try Self.generate()
    defer {
      try? FileManager.default.removeItem(at: first)
      try? FileManager.default.removeItem(at: second)
    }
    let foods = try String(contentsOf: first.appendingPathComponent("foods.plan"), encoding: .utf8)
    let again = try String(contentsOf: second.appendingPathComponent("foods.plan"), encoding: .utf8)
    #expect(foods == again)
    let lines = foods.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("store ") && $0.contains("{ trip ") }.count == 3)
    #expect(lines.filter { $0.hasPrefix("food ") }.count == 100)
    #expect(lines.filter { $0.contains(" loose at ") }.count > 0)
    let check = try PlannerProcess.run(["check", first.appendingPathComponent("week.plan").path])
    #expect(check.status == 0, "stderr: \(check.stderr)")
    #expect(check.stdout.contains("ok: 100 foods, 48 recipes"), "\(check.stdout)")
  }
}
