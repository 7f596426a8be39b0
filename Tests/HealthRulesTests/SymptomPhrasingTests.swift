import Foundation
import HealthRules
import Testing

/// The table of symptom phrasings in docs/health.md, read from the page: every row is checked.
@Suite("Symptom phrasings: negation scope, post-negation, denial verbs, word order")
struct SymptomPhrasingTests {
  /// One row of the table.
  struct Phrasing: Sendable, CustomStringConvertible {
    var text: String
    var phrase: String
    var mentions: Bool
    var description: String { "\"\(text)\" mentions \"\(phrase)\": \(mentions ? "yes" : "no")" }
  }

  /// The rows between `<!-- symptom-phrasings -->` and `<!-- /symptom-phrasings -->` in docs/health.md.
  static func phrasings() throws -> [Phrasing] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let page = try String(contentsOf: root.appendingPathComponent("docs/health.md"), encoding: .utf8)
    guard let start = page.range(of: "<!-- symptom-phrasings -->"),
      let end = page.range(of: "<!-- /symptom-phrasings -->")
    else { return [] }
    var rows: [Phrasing] = []
    for line in page[start.upperBound..<end.lowerBound].split(separator: "\n") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count == 3, cells[2] == "yes" || cells[2] == "no" else { continue }
      rows.append(Phrasing(text: cells[0], phrase: cells[1], mentions: cells[2] == "yes"))
    }
    return rows
  }

  @Test("the table in docs/health.md has its 40 rows")
  func tableIsRead() throws {
    let rows = try Self.phrasings()
    #expect(rows.count == 40)
    #expect(rows.filter(\.mentions).count == 17)
  }

  @Test("every row of the table holds in Swift", arguments: try phrasings())
  func row(_ phrasing: Phrasing) throws {
    var week = Week()
    week.symptoms[6] = phrasing.text
    let truth = try week.window.evaluate(.symptomsMention(phrasing.phrase, .today)).truth
    #expect(truth == (phrasing.mentions ? .yes : .no))
  }
}
