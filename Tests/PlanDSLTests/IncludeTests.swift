import Diagnostics
import Foundation
import PlanDSL
import Testing

/// `include`, unreadable files and files that are not text, on real files in a temporary folder.
@Suite("Including files")
struct IncludeTests {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-include-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func write(_ name: String, _ text: String) throws {
    let url = directory.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  /// Renders the diagnostics with the temporary folder removed from paths.
  func render(_ name: String) -> String {
    do {
      _ = try PlanLoader().load(path: directory.appendingPathComponent(name).path)
      return "no error"
    } catch {
      return DiagnosticRenderer().render(error).replacingOccurrences(
        of: directory.standardizedFileURL.path + "/", with: "")
    }
  }

  @Test("an included file's declarations are visible, with paths relative to the including file")
  func includesRelativeToTheIncludingFile() throws {
    try write("pantry/foods.plan", "food oats { per 100 g { energy 379 kcal }; price 1 USD per 1 kg }\n")
    try write("week.plan", "include \"pantry/foods.plan\"\nplan week { foods oats }\n")
    let program = try PlanLoader().load(path: directory.appendingPathComponent("week.plan").path)
    #expect(program.foods.map(\.id) == ["oats"])
    #expect(program.plans.map(\.name) == ["week"])
  }

  @Test("an include cycle is an error at the include that closes it")
  func includeCycle() throws {
    try write("a.plan", "include \"b.plan\"\nfood a { per 100 g { energy 1 kcal } }\n")
    try write("b.plan", "include \"a.plan\"\n")
    #expect(
      render("a.plan") == """
        b.plan:1:9: error: 'a.plan' includes itself
          include "a.plan"
                  ^~~~~~~~
        a.plan:1:9: note: included from here
          include "b.plan"
                  ^~~~~~~~
        1 error generated.

        """)
  }

  @Test("a missing include file is an error at the include")
  func missingInclude() throws {
    try write("week.plan", "include \"pantry.plan\"\n")
    #expect(
      render("week.plan") == """
        week.plan:1:9: error: cannot read 'pantry.plan': no such file
          include "pantry.plan"
                  ^~~~~~~~~~~~~
        1 error generated.

        """)
  }

  @Test("binary garbage is reported as not text, without a crash")
  func binaryGarbage() throws {
    // Valid UTF-8 up to a NUL byte is not text either, at the NUL.
    try Data(Array("food a {".utf8) + [0] + Array("}".utf8)).write(
      to: directory.appendingPathComponent("nul.plan"))
    #expect(
      render("nul.plan").hasPrefix("nul.plan:1:1: error: 'nul.plan' is not UTF-8 text (bad byte at offset 8)")
    )
    // The start of a PNG file: 0x89 is not UTF-8, and NUL bytes follow.
    let png: [UInt8] = [
      0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52,
    ]
    try Data(png + (0..<256).map { UInt8($0) }).write(to: directory.appendingPathComponent("garbage.plan"))
    #expect(
      render("garbage.plan") == """
        garbage.plan:1:1: error: 'garbage.plan' is not UTF-8 text (bad byte at offset 0)
          hint: a .plan file is plain text; check that the right file was given
        1 error generated.

        """)
  }

  @Test("a missing root file is an error without a location")
  func missingRoot() {
    #expect(render("nowhere.plan").hasPrefix("planner: error: cannot read '"))
  }
}
