import Foundation
import HealthDatabase
import HealthRules
import Testing

/// The table of symptom phrasings in docs/health.md, run through PostgreSQL's query.
@Suite("PostgreSQL reads the symptom phrasings of docs/health.md as Swift does")
struct SymptomPhrasingAgreementTests {
  @Test(
    "every row of the table: the same outcome from the query and from Swift",
    .enabled(if: PostgresServer.isAvailable, PostgresServer.skipNote))
  func table() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let page = try String(contentsOf: root.appendingPathComponent("docs/health.md"), encoding: .utf8)
    let start = try #require(page.range(of: "<!-- symptom-phrasings -->"))
    let end = try #require(page.range(of: "<!-- /symptom-phrasings -->"))
    var table: [(text: String, phrase: String, mentions: Bool)] = []
    for line in page[start.upperBound..<end.lowerBound].split(separator: "\n") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count == 3, cells[2] == "yes" || cells[2] == "no" else { continue }
      table.append((cells[0], cells[1], cells[2] == "yes"))
    }
    #expect(table.count == 40)
    let phrases = Array(Set(table.map(\.phrase))).sorted()
    let ruleSet = RuleSet(
      id: "phrasings", name: "Phrasings", windowLength: 7,
      alerts: phrases.enumerated().map { index, phrase in
        Alert(id: "p\(index)", message: phrase, condition: .symptomsMention(phrase, .today))
      }, otherwise: "fine")
    let today = Day(year: 2026, month: 5, day: 7)!
    var rows = ReadingsRows()
    for (index, row) in table.enumerated() {
      rows.add(
        "t\(100 + index)", [Reading(date: today, measurements: Measurements(symptoms: row.text))])
    }
    try PostgresServer.withConnection { connection in
      try rows.load(into: connection)
      let found = try DatabaseVerdicts(ruleSet: ruleSet).run(on: connection, asOf: today)
      #expect(found.count == table.count)
      for (verdict, row) in zip(found, table) {
        let id = "p\(phrases.firstIndex(of: row.phrase)!)"
        #expect(
          verdict.alerts.contains(id) == row.mentions, "\"\(row.text)\" mentions \"\(row.phrase)\"")
        #expect(verdict.alerts.contains(id) || !verdict.unknown.contains(id))
      }
    }
  }
}
