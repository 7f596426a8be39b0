import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A patient who logs kg and mmol/L sees kg and mmol/L in `log`, `health`, `report` and JSON
/// (or the units chosen with `--units`); explanations print their failed comparisons inside
/// `not (…)`; several alerts' messages stay apart in every format.
@Suite("The patient's units and true explanations on the command line")
struct PatientUnitsTests {
  /// A folder with a journal of two days logged in kg and mmol/L.
  static func journal() throws -> URL {
    let folder = try JournalCommandTests.folder()
    let first = try JournalCommandTests.run(
      ["log", "2026-11-28", "weight", "82.0", "kg,", "sugar", "5.6", "mmol/L,", "bp", "150/95"], in: folder,
      status: 0)
    #expect(
      first.stdout == "logged 2026-11-28 in journal.csv: weight 82 kg, bp 150/95 mmHg, sugar 5.6 mmol/L\n")
    let second = try JournalCommandTests.run(
      ["log", "2026-11-29", "weight", "82.4", "kg,", "sugar", "6.3", "mmol/L,", "bp", "166/98"], in: folder,
      status: 0)
    #expect(
      second.stdout == "logged 2026-11-29 in journal.csv: weight 82.4 kg, bp 166/98 mmHg, sugar 6.3 mmol/L\n")
    return folder
  }

  static var guidelines: String {
    PlannerProcess.packageRoot.appendingPathComponent("Examples/guidelines.plan").path
  }

  @Test("stage 2 prints its 'not a crisis' comparisons negated, and the table in kg and mmol/L")
  func healthText() throws {
    let folder = try Self.journal()
    let result = try JournalCommandTests.run(
      ["health", "journal.csv", "--rules", Self.guidelines, "--rule-set", "blood_pressure"], in: folder,
      status: 1)
    #expect(
      result.stdout == """
        Blood pressure (ACC/AHA 2017 categories): 2026-11-23 to 2026-11-29

        ALERT (warning): Your blood pressure is in the stage 2 range
          ! stage2 (warning)  (systolic.today >= 140 mmHg or diastolic.today >= 90 mmHg) and not (systolic.today > 180 mmHg or diastolic.today > 120 mmHg)
              166 mmHg >= 140 mmHg
              systolic.today = 166 mmHg on day 7 (2026-11-29)
              98 mmHg >= 90 mmHg
              diastolic.today = 98 mmHg on day 7 (2026-11-29)
              not (166 mmHg > 180 mmHg)
              systolic.today = 166 mmHg on day 7 (2026-11-29)
              not (98 mmHg > 120 mmHg)
              diastolic.today = 98 mmHg on day 7 (2026-11-29)

                   unit    day 1  day 2  day 3  day 4  day 5  day 6  day 7
                           11-23  11-24  11-25  11-26  11-27  11-28  11-29
        weight     kg          -      -      -      -      -     82   82.4       ▁█
        systolic   mmHg        -      -      -      -      -    150    166       ▁█
        diastolic  mmHg        -      -      -      -      -     95     98       ▁█
        sugar      mmol/L      -      -      -      -      -    5.6    6.3       ▁█

        """)
  }

  @Test("JSON gives each term's value in the unit shown beside the exact canonical one, and the negations")
  func healthJSON() throws {
    let folder = try Self.journal()
    let baseline = try JournalCommandTests.run(
      ["health", "journal.csv", "--format", "json"], in: folder, status: 1)
    let verdict = try #require(
      try JSONSerialization.jsonObject(with: Data(baseline.stdout.utf8)) as? [String: Any])
    let results = verdict["results"] as? [[String: Any]] ?? []
    let sugar = try #require(results.first { $0["id"] as? String == "sugar_high" })
    let evidence = try #require((sugar["evidence"] as? [[String: Any]])?.first)
    #expect(evidence["comparison"] as? String == "6.3 mmol/L >= 6.16 mmol/L")
    #expect(evidence["holds"] as? Bool == true)
    #expect(evidence["operator"] as? String == ">=")
    #expect(evidence["left"] as? String == "113.5008")
    let terms = evidence["terms"] as? [[String: Any]] ?? []
    #expect(
      terms.map {
        "\($0["display"] ?? "") \($0["shown_value"] ?? "") \($0["shown_in"] ?? "") \($0["exact"] ?? "")"
      }
        == ["6.3 mmol/L 6.3 mmol/L 113.5008", "5.6 mmol/L 5.6 mmol/L 100.8896"])
    let category = try JournalCommandTests.run(
      [
        "health", "journal.csv", "--rules", Self.guidelines, "--rule-set", "blood_pressure", "--format",
        "json",
      ],
      in: folder, status: 1)
    let stage = try #require(
      try JSONSerialization.jsonObject(with: Data(category.stdout.utf8)) as? [String: Any])
    let stage2 = try #require(
      (stage["results"] as? [[String: Any]])?.first { $0["id"] as? String == "stage2" })
    let facts = (stage2["evidence"] as? [[String: Any]] ?? []).map {
      "\($0["condition"] ?? "") | \($0["comparison"] ?? "") | \($0["holds"] ?? "")"
    }
    #expect(
      facts == [
        "systolic.today >= 140 mmHg | 166 mmHg >= 140 mmHg | 1",
        "diastolic.today >= 90 mmHg | 98 mmHg >= 90 mmHg | 1",
        "not (systolic.today > 180 mmHg) | not (166 mmHg > 180 mmHg) | 0",
        "not (diastolic.today > 120 mmHg) | not (98 mmHg > 120 mmHg) | 0",
      ])
  }

  @Test("the report shows kg and mmol/L in its charts, tables and axes")
  func report() throws {
    let folder = try Self.journal()
    let markdown = try JournalCommandTests.run(
      ["report", "--journal", "journal.csv", "-f", "markdown"], in: folder, status: 0)
    for line in [
      "## Weight, last 7 days (kg)", "| date | weight (kg) | alerts |", "| 2026-11-29 | 82.4 |  |",
      "## Morning sugar, last 7 days (mmol/L)", "| date | sugar (mmol/L) | sugar limit (mmol/L) | alerts |",
      "| 2026-11-29 | 6.3 | 6.16 | ▲ Your sugar level is high! |", "  - 6.3 mmol/L >= 6.16 mmol/L",
      "    - `sugar.today` = 6.3 mmol/L on 2026-11-29",
    ] {
      #expect(markdown.stdout.contains(line + "\n"), "\(line)")
    }
    let output = folder.appendingPathComponent("report.html")
    try JournalCommandTests.run(
      ["report", "--journal", "journal.csv", "-o", output.path], in: folder, status: 0)
    let document = try XMLDocument(contentsOf: output, options: [])
    let points = try document.nodes(forXPath: "//*[local-name()='circle']").map {
      [
        ReportCommandTests.attribute($0, "data-metric"), ReportCommandTests.attribute($0, "data-date"),
        ReportCommandTests.attribute($0, "data-value"), ReportCommandTests.attribute($0, "data-unit"),
      ]
      .map { $0 ?? "?" }.joined(separator: " ")
    }
    #expect(
      points == [
        "weight 2026-11-28 82 kg", "weight 2026-11-29 82.4 kg", "systolic 2026-11-28 150 mmHg",
        "systolic 2026-11-29 166 mmHg", "diastolic 2026-11-28 95 mmHg", "diastolic 2026-11-29 98 mmHg",
        "sugar 2026-11-28 5.6 mmol/L", "sugar 2026-11-29 6.3 mmol/L",
      ])
    let axes = try document.nodes(forXPath: "//*[local-name()='text'][@class='axis-unit']").map {
      $0.stringValue ?? ""
    }
    #expect(axes == ["kg", "mmHg", "mmol/L"])
    let header = try document.nodes(forXPath: "//*[@id='readings']//*[local-name()='th'][@scope='col']").map {
      $0.stringValue ?? ""
    }
    #expect(header == ["Date", "Weight (kg)", "Pressure (mmHg)", "Sugar (mmol/L)", "Symptoms"])
    let row = try document.nodes(forXPath: "//*[@id='readings']//*[local-name()='tr'][2]/*").map {
      $0.stringValue ?? ""
    }
    #expect(row == ["2026-11-29", "82.4", "166/98", "6.3", ""])
  }

  @Test("--units us shows lb and mg/dL, --units metric kg and mmol/L, with the same verdict")
  func chosenUnits() throws {
    let folder = try Self.journal()
    let logged = try JournalCommandTests.run(
      ["log", "--units", "us", "2026-11-27", "weight", "81.5", "kg"], in: folder, status: 0)
    #expect(logged.stdout == "logged 2026-11-27 in journal.csv: weight 179.7 lb\n")
    let us = try JournalCommandTests.run(["health", "journal.csv", "--units", "us"], in: folder, status: 1)
    #expect(
      us.stdout.contains("weight     lb         -      -      -      -  179.7  180.8  181.7      ▁▅█\n"))
    #expect(
      us.stdout.contains("sugar      mg/dL      -      -      -      -      -  100.9  113.5       ▁█\n"))
    #expect(us.stdout.contains("      113.501 mg/dL >= 110.979 mg/dL\n"))
    let report = try JournalCommandTests.run(
      ["report", "--journal", "journal.csv", "--units", "us", "-f", "markdown"], in: folder, status: 0)
    #expect(report.stdout.contains("| 2026-11-29 | 181.661 |  |\n"))
    #expect(report.stdout.contains("| 2026-11-29 | 113.501 | 110.979 | ▲ Your sugar level is high! |\n"))
    let bad = try JournalCommandTests.run(
      ["health", "journal.csv", "--units", "imperial"], in: folder, status: 64)
    #expect(
      bad.stderr.hasPrefix(
        "planner: error: unknown unit system 'imperial' for '--units'; expected metric or us\n"))
    // A pound journal read in metric.
    let pounds = try JournalCommandTests.folder()
    try JournalCommandTests.run(["log", "2026-11-29", "weight", "181.2", "lb"], in: pounds, status: 0)
    let metric = try JournalCommandTests.run(
      ["health", "journal.csv", "--units", "metric"], in: pounds, status: 2)
    #expect(
      metric.stdout.contains("weight  kg        -      -      -      -      -      -   82.2        ▄\n"))
  }

  @Test("several alerts' messages stay apart, most severe first, in text, JSON, Markdown and HTML")
  func separatedMessages() throws {
    let folder = try Self.journal()
    let rules = folder.appendingPathComponent("order.plan")
    try """
    rules order "Order" {
      window 7 days
      alert gain "You are gaining weight!" when weight.today > weight.yesterday
      alert crisis "Your blood pressure is in the crisis range: call your care team now" urgent
        when systolic.today > 160 mmHg
    }

    """.write(to: rules, atomically: true, encoding: .utf8)
    let text = try JournalCommandTests.run(
      ["health", "journal.csv", "--rules", rules.path], in: folder, status: 1)
    #expect(
      text.stdout.contains(
        "\n\nALERT (urgent): Your blood pressure is in the crisis range: call your care team now\n"
          + "ALERT (warning): You are gaining weight!\n  ! crisis (urgent)"))
    let json = try JournalCommandTests.run(
      ["health", "journal.csv", "--rules", rules.path, "--format", "json"], in: folder, status: 1)
    let verdict = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(verdict["alerts"] as? [String] == ["crisis", "gain"])
    #expect(
      verdict["messages"] as? [String] == [
        "Your blood pressure is in the crisis range: call your care team now", "You are gaining weight!",
      ])
    #expect(
      verdict["message"] as? String
        == "Your blood pressure is in the crisis range: call your care team now\nYou are gaining weight!")
    let markdown = try JournalCommandTests.run(
      ["report", "--journal", "journal.csv", "--rules", rules.path, "-f", "markdown"], in: folder, status: 0)
    #expect(
      markdown.stdout.contains(
        "## Alert\n\nYour blood pressure is in the crisis range: call your care team now\n\n"
          + "You are gaining weight!\n\n- **"))
    let output = folder.appendingPathComponent("order.html")
    try JournalCommandTests.run(
      ["report", "--journal", "journal.csv", "--rules", rules.path, "-o", output.path], in: folder, status: 0)
    let document = try XMLDocument(contentsOf: output, options: [])
    let messages = try document.nodes(forXPath: "//*[@id='verdict']/*[@class='message']").map {
      $0.stringValue ?? ""
    }
    #expect(
      messages == [
        "Your blood pressure is in the crisis range: call your care team now", "You are gaining weight!",
      ])
    // Limits are named by the alert's title, never its id.
    let legend = try document.nodes(forXPath: "//*[local-name()='figcaption']").map { $0.stringValue ?? "" }
    #expect(
      legend.contains {
        $0.contains(
          "dashed: Your blood pressure is in the crisis range: call your care team now (systolic > 160 mmHg)")
      })
    #expect(!legend.contains { $0.contains("crisis at") })
  }
}
