import Foundation
import HealthRules

/// Renders a ``WeeklyReport`` as one self-contained HTML page: inline CSS and SVG, no scripts, no network.
///
/// The markup is XHTML-compatible (every element closed, attributes quoted, only
/// the five XML entities), so it parses as XML. The verdict and its evidence come
/// first; then one chart per reading (weight, blood pressure, sugar) over the
/// window, and over 30 days when the readings go back that far; then the alerts of
/// each day and the week's readings as tables. Charts have a `<title>` and a
/// `<desc>` listing every value (named by `aria-labelledby`), so a screen reader
/// reads the same numbers; colours are never the only cue (alerts are triangles
/// and words). The page is fluid from a phone's width up and prints on A4.
///
/// Points carry `data-metric`, `data-date` and `data-value` (the value as
/// `planner health --format json` rounds it), so tools and tests can read them back.
struct WeeklyReportHTML {
  var report: WeeklyReport
  /// The journal's name, shown in the footer.
  var source: String
  /// The week's meals, when a plan is given (`--plan`).
  var meals: PlanReportSection? = nil

  /// The page, ending with a newline.
  func render() -> String {
    var html = """
      <!DOCTYPE html>
      <html xmlns="http://www.w3.org/1999/xhtml" lang="en" xml:lang="en">
      <head>
      <meta charset="utf-8"/>
      <meta name="viewport" content="width=device-width, initial-scale=1"/>
      <title>\(x(report.title)): week to \(report.today)</title>
      <style>\(WeeklyReportHTML.css)</style>
      </head>
      <body>
      <main>
      <header>
      <h1>\(x(report.title))</h1>
      <p class="period">Week of \(report.verdict.windowStart) to \(report.today)</p>
      </header>

      """
    html += verdictSection()
    html += chartsSection()
    html += daysSection()
    html += readingsSection()
    html += meals?.html() ?? ""
    html += """
      <footer><p>Made by planner \(Planner.version) from \(x(source)), rules '\(x(report.verdict.ruleSet))', \
      as of \(report.today). Dashed lines are the limits the rules check; triangles mark the days an alert \
      fired.</p></footer>
      </main>
      </body>
      </html>

      """
    return html
  }

  // MARK: - Verdict

  private func verdictSection() -> String {
    let verdict = report.verdict
    let label: String
    switch verdict.status {
    case .alert: label = "Alert"
    case .healthy: label = "Healthy"
    case .notEnoughData: label = "Not enough data"
    }
    var html = """
      <section id="verdict" class="verdict \(verdict.status.rawValue)" data-status="\(verdict.status.rawValue)" \
      aria-labelledby="verdict-heading">
      <h2 id="verdict-heading">\(label)</h2>

      """
    // One paragraph per alert message, most severe first, then in rule order.
    let messages: [String]
    switch verdict.status {
    case .alert: messages = verdict.messages
    case .healthy: messages = [verdict.message]
    case .notEnoughData: messages = ["Some rules could not be decided."]
    }
    for message in messages { html += "<p class=\"message\">\(x(message))</p>\n" }
    // Alerts most severe first, then notes (info), which do not make the verdict an alert.
    let fired = verdict.fired + verdict.firedNotes
    if !fired.isEmpty {
      html += "<ul class=\"evidence\">\n"
      for result in fired {
        let kind = result.severity == .info ? "data-note" : "data-alert"
        html += """
          <li \(kind)="\(x(result.id))"><strong>\(x(result.message))</strong> \
          <span class="severity">(\(result.id), \(result.severity.rawValue))</span><br/>
          <code>\(x(result.condition))</code>

          """
        for evidence in result.evidence {
          html += "<p class=\"comparison\">\(x(evidence.comparison))</p>\n<ul>\n"
          for term in evidence.terms {
            let value = term.value.map { " data-value=\"\($0.formatted())\"" } ?? ""
            html +=
              "<li data-expression=\"\(x(term.expression))\"\(value)><code>\(x(term.expression))</code> = "
              + "\(x(term.display))\(x(daysText(term.days, term.dates)))</li>\n"
          }
          html += "</ul>\n"
        }
        html += "</li>\n"
      }
      html += "</ul>\n"
    }
    let unknown = verdict.results.filter { $0.outcome == .unknown }
    if !unknown.isEmpty {
      html += "<h3>Not decided</h3>\n<ul class=\"unknown\">\n"
      for result in unknown {
        html +=
          "<li data-unknown=\"\(x(result.id))\"><strong>\(x(result.id))</strong> <code>\(x(result.condition))</code>"
        let notes = result.missing.map(\.description) + result.problems
        if !notes.isEmpty { html += "<br/>missing: " + x(notes.joined(separator: "; ")) }
        html += "</li>\n"
      }
      html += "</ul>\n"
    }
    return html + "</section>\n"
  }

  private func daysText(_ days: [Int], _ dates: [Day]) -> String {
    switch days.count {
    case 0: return ""
    case 1: return " on day \(days[0]) (\(dates[0]))"
    default:
      return " over days \(days.map(String.init).joined(separator: ", "))"
    }
  }

  // MARK: - Charts

  private func chartsSection() -> String {
    var html = ""
    for span in Array(Set(report.charts.map(\.days))).sorted() {
      let heading =
        span == report.charts.first?.days ? "The last \(span) days" : "The last \(span) days, for context"
      html += """
        <section class="charts-section" aria-labelledby="charts-\(span)">
        <h2 id="charts-\(span)">\(heading)</h2>
        <div class="charts">

        """
      for chart in report.charts where chart.days == span {
        html += ChartSVG(chart: chart, titles: report.alertTitles).figure()
      }
      html += "</div>\n</section>\n"
    }
    return html
  }

  // MARK: - Tables

  private func daysSection() -> String {
    var html = """
      <section aria-labelledby="days-heading">
      <h2 id="days-heading">Alerts by day</h2>
      <p>The rules as of each day, over the window ending that day.</p>
      <div class="table-wrap"><table id="days">
      <thead><tr><th scope="col">Date</th><th scope="col">Verdict</th><th scope="col">Alerts fired</th></tr></thead>
      <tbody>

      """
    for day in report.days.reversed() {
      let status: String
      switch day.status {
      case .alert: status = "alert"
      case .healthy: status = "healthy"
      case .notEnoughData: status = "not enough data"
      }
      let alerts =
        day.alerts.isEmpty
        ? "none" : day.alerts.map { "▲ " + (report.alertTitles[$0] ?? $0) }.joined(separator: "; ")
      html +=
        "<tr data-date=\"\(day.date)\"><th scope=\"row\">\(day.date)</th><td class=\"\(day.status.rawValue)\">"
        + "\(status)</td><td>\(x(alerts))</td></tr>\n"
    }
    return html + "</tbody>\n</table></div>\n</section>\n"
  }

  private func readingsSection() -> String {
    var html = """
      <section aria-labelledby="readings-heading">
      <h2 id="readings-heading">The week's readings</h2>
      <div class="table-wrap"><table id="readings">
      <thead><tr><th scope="col">Date</th><th scope="col">Weight (\(unit(.weight)))</th>\
      <th scope="col">Pressure (\(unit(.systolic)))</th><th scope="col">Sugar (\(x(unit(.sugar))))</th>\
      <th scope="col">Symptoms</th></tr></thead>
      <tbody>

      """
    for reading in report.week {
      let m = reading.measurements
      let pressure: String
      switch (m.systolic, m.diastolic) {
      case (let s?, let d?): pressure = "\(shown(s, .systolic))/\(shown(d, .diastolic))"
      case (let s?, nil): pressure = "\(shown(s, .systolic))/–"
      case (nil, let d?): pressure = "–/\(shown(d, .diastolic))"
      case (nil, nil): pressure = "–"
      }
      html +=
        "<tr><th scope=\"row\">\(reading.date)</th><td>\(m.weight.map { shown($0, .weight) } ?? "–")</td><td>\(pressure)</td>"
        + "<td>\(m.sugar.map { shown($0, .sugar) } ?? "–")</td><td class=\"text\">\(x(m.symptoms ?? ""))</td></tr>\n"
    }
    if report.week.isEmpty {
      html += "<tr><td colspan=\"5\">No readings in this window.</td></tr>\n"
    }
    return html + "</tbody>\n</table></div>\n</section>\n"
  }

  private func x(_ text: String) -> String { XMLEscaping.escape(text) }

  /// The unit a metric is shown in (``WeeklyReport/shownUnits``).
  private func unit(_ metric: Metric) -> String {
    report.shownUnits[metric.name]?.rawValue ?? metric.unit.symbol
  }

  /// A reading in the unit its metric is shown in, exactly converted, three decimals at most.
  private func shown(_ value: Rational, _ metric: Metric) -> String {
    ShownValue.value(value, in: report.shownUnits[metric.name]).formatted()
  }

  static let css = """

    :root { color-scheme: light; }
    * { box-sizing: border-box; }
    body { margin: 0; background: #ffffff; color: #1a1a1a;
      font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
    main { max-width: 62rem; margin: 0 auto; padding: 1rem; }
    h1 { font-size: 1.6rem; margin: 0; }
    h2 { font-size: 1.25rem; margin: 1.5rem 0 .5rem; }
    h3 { font-size: 1.05rem; margin: 1rem 0 .25rem; }
    .period { margin: 0 0 1rem; color: #444444; }
    code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: .9em;
      overflow-wrap: anywhere; }
    .verdict { border-left: .5rem solid #555555; border-radius: .25rem; padding: .5rem 1rem; }
    .verdict h2 { margin: .25rem 0; }
    .verdict.alert { background: #fdecea; border-color: #a4241b; }
    .verdict.alert h2 { color: #8c1d15; }
    .verdict.healthy { background: #e7f4ea; border-color: #1b6e2e; }
    .verdict.healthy h2 { color: #155724; }
    .verdict.not_enough_data { background: #fff4e0; border-color: #8a5a00; }
    .verdict.not_enough_data h2 { color: #6b4500; }
    .verdict ul { padding-left: 1.25rem; }
    .comparison { margin: .25rem 0 0; font-weight: 600; }
    .severity { color: #444444; }
    .charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr)); gap: 1rem; }
    figure { min-width: 0; margin: 0; padding: .5rem; border: 1px solid #cccccc; border-radius: .25rem; break-inside: avoid; }
    figcaption { font-size: .875rem; color: #333333; }
    svg { display: block; width: 100%; height: auto; }
    .chart-bg { fill: #ffffff; }
    .grid line { stroke: #e2e2e2; stroke-width: 1; }
    .axis text, .limit text { font-size: 14px; fill: #404040; }
    .axis .today { font-weight: 700; fill: #1a1a1a; }
    .line { fill: none; stroke-width: 2.5; }
    .limit line { stroke: #5c5c5c; stroke-width: 1.5; stroke-dasharray: 6 4; }
    .bound path { fill: none; stroke: #4a4a4a; stroke-width: 2; stroke-dasharray: 3 2; }
    .alert-mark { fill: #c0180c; stroke: #ffffff; stroke-width: 1; }
    .metric-weight { stroke: #1f5fa8; fill: #1f5fa8; color: #1f5fa8; }
    .metric-systolic { stroke: #a3290f; fill: #a3290f; color: #a3290f; }
    .metric-diastolic { stroke: #5b3a9a; fill: #5b3a9a; color: #5b3a9a; }
    .metric-sugar { stroke: #1b6e3a; fill: #1b6e3a; color: #1b6e3a; }
    .line.metric-weight, .line.metric-systolic, .line.metric-diastolic, .line.metric-sugar { fill: none; }
    .swatch { display: inline-block; width: .8em; height: .8em; border-radius: 50%; background: currentColor;
      margin-right: .25em; vertical-align: -.05em; }
    .table-wrap { overflow-x: auto; }
    table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
    th, td { padding: .3rem .5rem; border-bottom: 1px solid #dddddd; text-align: right; white-space: nowrap; }
    th:first-child, td.text { text-align: left; }
    td.text { white-space: normal; }
    #days td, #days th { text-align: left; white-space: normal; }
    #days th { white-space: nowrap; }
    td.alert { color: #8c1d15; font-weight: 600; }
    thead th { border-bottom: 2px solid #999999; }
    footer { margin-top: 2rem; font-size: .875rem; color: #444444; }
    @media (max-width: 30rem) { main { padding: .5rem; } h1 { font-size: 1.35rem; } .charts { grid-template-columns: 1fr; } }
    @media print {
      @page { size: A4; margin: 12mm; }
      body { font-size: 10.5pt; }
      main { max-width: none; padding: 0; }
      .charts { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
      section, figure, tr { break-inside: avoid; }
      .verdict { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
    }

    """
}

/// Escaping for XML text and attribute values: the five predefined entities only.
enum XMLEscaping {
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default:
        // Control characters other than tab and line breaks are not allowed in XML 1.0.
        if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" {
          out += " "
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
