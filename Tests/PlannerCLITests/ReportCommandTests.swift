import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `planner report`: the HTML page parses as XML, has a chart per reading with the right points,
/// and agrees with `planner health --format json`.
@Suite("Report command")
struct ReportCommandTests {
  /// An attribute's value, read with XPath (FoundationXML's `attribute(forName:)` misses them in a namespaced document).
  static func attribute(_ node: XMLNode, _ name: String) -> String? {
    (try? node.nodes(forXPath: "@\(name)"))?.first?.stringValue
  }

  static func nodes(_ document: XMLDocument, _ path: String) throws -> [XMLNode] {
    try document.nodes(forXPath: path)
  }

  /// Writes the report of `journal` as HTML and parses it as XML.
  static func report(
    _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> XMLDocument {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-report-\(UUID().uuidString).html")
    let result = try PlannerProcess.run(["report"] + arguments + ["--format", "html", "-o", output.path])
    #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
    return try XMLDocument(contentsOf: output, options: [])
  }

  @Test("the week's report is well-formed XML with one chart per reading and the right points")
  func chartsAndPoints() throws {
    let document = try Self.report(["--journal", "Examples/readings.csv", "--rules", "Examples/home.plan"])
    let charts = try Self.nodes(document, "//*[local-name()='svg']")
    #expect(charts.compactMap { Self.attribute($0, "data-chart") } == ["weight-7", "pressure-7", "sugar-7"])
    for chart in charts {
      #expect(Self.attribute(chart, "role") == "img")
      let labels = Self.attribute(chart, "aria-labelledby")?.split(separator: " ") ?? []
      #expect(labels.count == 2)
      #expect(try chart.nodes(forXPath: "*[local-name()='title']").first?.stringValue?.isEmpty == false)
    }
    func points(_ metric: String) throws -> [String] {
      try Self.nodes(document, "//*[local-name()='circle'][@data-metric='\(metric)']").map {
        "\(Self.attribute($0, "data-date") ?? "?") \(Self.attribute($0, "data-value") ?? "?")"
      }
    }
    // Examples/readings.csv is in kg and mmol/L; the charts show what the patient wrote, in those units.
    #expect(
      try points("weight") == [
        "2026-11-23 81.6", "2026-11-24 81.7", "2026-11-25 81.5", "2026-11-26 81.6", "2026-11-27 81.8",
        "2026-11-28 81.7", "2026-11-29 81.6",
      ])
    #expect(
      try points("systolic").map { $0.split(separator: " ")[1] } == [
        "121", "119", "122", "120", "118", "121", "120",
      ])
    #expect(
      try points("sugar") == [
        "2026-11-23 5.3", "2026-11-24 5.2", "2026-11-25 5.4", "2026-11-26 5.3", "2026-11-27 5.2",
        "2026-11-28 5", "2026-11-29 5.6",
      ])
    // Each point and the value axis name the unit.
    let units = try Self.nodes(document, "//*[local-name()='circle']").compactMap {
      Self.attribute($0, "data-unit")
    }
    #expect(Set(units) == ["kg", "mmHg", "mmol/L"])
    #expect(
      try Self.nodes(document, "//*[local-name()='text'][@class='axis-unit']").map { $0.stringValue ?? "" }
        == [
          "kg", "mmHg", "mmol/L",
        ])
    // sugar_high fired on the 29th: the point and its triangle say so.
    let marked = try Self.nodes(document, "//*[local-name()='circle'][@data-alerts]")
    #expect(
      marked.map { "\(Self.attribute($0, "data-metric") ?? "") \(Self.attribute($0, "data-date") ?? "")" }
        .contains("sugar 2026-11-29"))
    #expect(
      try Self.nodes(document, "/*[local-name()='html']/*[local-name()='head']/*[local-name()='title']").count
        == 1)
  }

  @Test("the report's verdict and evidence are the numbers of planner health --format json")
  func matchesHealthJSON() throws {
    let health = try PlannerProcess.run([
      "health", "Examples/journal.csv", "--rules", "Examples/home.plan", "--format", "json",
    ])
    #expect(health.status == 1)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(health.stdout.utf8)) as? [String: Any])
    let document = try Self.report(["--journal", "Examples/journal.csv", "--rules", "Examples/home.plan"])
    let verdict = try #require(try Self.nodes(document, "//*[@id='verdict']").first)
    #expect(Self.attribute(verdict, "data-status") == json["verdict"] as? String)
    let alerts = try verdict.nodes(forXPath: ".//*[@data-alert]").compactMap {
      Self.attribute($0, "data-alert")
    }
    #expect(alerts == json["alerts"] as? [String])
    var expected: [String] = []
    for result in json["results"] as? [[String: Any]] ?? [] where result["outcome"] as? String == "fired" {
      for evidence in result["evidence"] as? [[String: Any]] ?? [] {
        for term in evidence["terms"] as? [[String: Any]] ?? [] {
          if let value = term["value"] as? NSNumber {
            expected.append("\(term["expression"] as? String ?? "") \(value.stringValue)")
          }
        }
      }
    }
    let shown = try verdict.nodes(forXPath: ".//*[@data-expression][@data-value]").map {
      "\(Self.attribute($0, "data-expression") ?? "") \(Self.attribute($0, "data-value") ?? "")"
    }
    #expect(!expected.isEmpty)
    #expect(shown == expected)
    // The example journal goes back 30 days: six charts.
    #expect(try Self.nodes(document, "//*[local-name()='svg']").count == 6)
  }

  @Test("Markdown gives the same content with text tables")
  func markdown() throws {
    let result = try PlannerProcess.run([
      "report", "--journal", "Examples/readings.csv", "--rules", "Examples/home.plan", "--format", "markdown",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("# Home monitoring\n\nWeek of 2026-11-23 to 2026-11-29.\n\n## Alert\n"))
    #expect(result.stdout.contains("## Morning sugar, last 7 days (mmol/L)\n"))
    #expect(result.stdout.contains("| date | sugar (mmol/L) | sugar limit (mmol/L) | alerts |\n"))
    #expect(result.stdout.contains("| 2026-11-29 | 5.6 | 5.5 | ▲ Your sugar level is high! |\n"))
  }
}
