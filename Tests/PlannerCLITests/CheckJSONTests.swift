import Foundation
import Testing

/// `planner check --format json` prints the diagnostics, on errors too.
@Suite("planner check --format json")
struct CheckJSONTests {
  @Test("a file with an error prints its located diagnostics as JSON and exits 65")
  func errorsAsJSON() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("planner-check-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("bad.plan")
    try "food oats {\n  per 100 g { energy 379 kcal; protien 13 g }\n}\n".write(
      to: file, atomically: true, encoding: .utf8)
    let result = try PlannerProcess.run(["check", file.path, "--format", "json"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("error: unknown nutrient 'protien'"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["status"] as? String == "error")
    #expect(object["errors"] as? Int == 1)
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    let first = try #require(diagnostics.first)
    #expect(first["id"] as? String == "unknown-nutrient")
    #expect(first["severity"] as? String == "error")
    #expect(first["file"] as? String == file.path)
    #expect(first["line"] as? Int == 2)
    #expect(first["column"] as? Int == 32)
    #expect(first["message"] as? String == "unknown nutrient 'protien'")
    #expect(first["hints"] as? [String] == ["did you mean 'protein'?"])
    #expect(first["notes"] as? [Any] != nil)
    let fixIt = try #require((first["fix_its"] as? [[String: Any]])?.first)
    #expect(fixIt["line"] as? Int == 2)
    #expect(fixIt["column"] as? Int == 32)
    #expect(fixIt["end_column"] as? Int == 39)
    #expect(fixIt["replacement"] as? String == "protein")
  }
}
