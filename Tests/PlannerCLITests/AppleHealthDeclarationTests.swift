import Foundation
import Testing

/// A malformed XML declaration in an Apple Health export is a located error from
/// `planner health`, exit 65, never a crash in the XML parser (the fuzzer's
/// finding, `Fuzz/regressions/fuzz-readings/readings-unterminated-declaration.bin`).
@Suite("XML declarations from the command line")
struct AppleHealthDeclarationTests {
  func export(_ text: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-declaration-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent("export.xml")
    try Data(text.utf8).write(to: url)
    return url
  }

  @Test("the fuzzer's unterminated encoding is one located error with the line and a caret, exit 65")
  func finding() throws {
    let path = "Tests/HealthRulesTests/Fixtures/fuzz/unterminated-declaration-encoding.xml"
    let result = try PlannerProcess.run(["health", path])
    #expect(result.status == 65)
    #expect(
      result.stderr == """
        \(path):1:31: error: missing " to close the encoding in the XML declaration
          <?xml version="1.0" encoding="?UTF-8<!DOCTYPE HealthData>
                                        ^
          hint: an export starts with <?xml version="1.0" encoding="UTF-8"?>
        1 error generated.

        """)
    #expect(result.stdout.isEmpty)
  }

  @Test("a declaration after a blank line and an encoding other than UTF-8 are located errors, exit 65")
  func others() throws {
    let body = "<HealthData locale=\"en_US\">\n</HealthData>\n"
    let misplaced = try export("\n<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + body)
    let result = try PlannerProcess.run(["health", misplaced.path])
    #expect(result.status == 65)
    #expect(
      result.stderr == """
        \(misplaced.path):2:1: error: the XML declaration must be at the very start of the file
          <?xml version="1.0" encoding="UTF-8"?>
          ^~~~~
          hint: remove it, or move it to the start of line 1 with nothing before it
        1 error generated.

        """)
    let latin = try export("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n" + body)
    let second = try PlannerProcess.run(["health", latin.path])
    #expect(second.status == 65)
    #expect(
      second.stderr == """
        \(latin.path):1:31: error: encoding 'ISO-8859-1' is not supported; Apple Health exports are UTF-8
          <?xml version="1.0" encoding="ISO-8859-1"?>
                                        ^~~~~~~~~~
          hint: save the file as UTF-8 and declare encoding="UTF-8"
        1 error generated.

        """)
  }
}
