import Foundation
import HealthRules

/// Renders a ``WeeklyReport`` as Markdown: the same content as the HTML page, with text tables for charts.
struct WeeklyReportMarkdown {
  var report: WeeklyReport
  var source: String
  /// The week's meals, when a plan is given (`--plan`).
  var meals: PlanReportSection? = nil

  /// The document, ending with a newline.
  func render() -> String {
    let verdict = report.verdict
    var lines = [
      "# \(report.title.escapedForMarkdown)", "", "Week of \(verdict.windowStart) to \(report.today).", "",
    ]
    switch verdict.status {
    case .alert: lines.append("## Alert")
    case .healthy: lines.append("## Healthy")
    case .notEnoughData: lines.append("## Not enough data")
    }
    lines.append("")
    // One paragraph per alert message, most severe first, then in rule order.
    switch verdict.status {
    case .alert: lines += verdict.messages.flatMap { [$0.escapedForMarkdown, ""] }
    case .healthy: lines += [verdict.message.escapedForMarkdown, ""]
    case .notEnoughData: lines += ["Some rules could not be decided.", ""]
    }
    for result in verdict.fired + verdict.firedNotes {
      lines.append(
        "- **\(result.message.escapedForMarkdown)** (\(result.id), \(result.severity.rawValue)): "
          + result.condition.markdownCodeSpan)
      for evidence in result.evidence {
        lines.append("  - \(evidence.comparison.escapedForMarkdown)")
        for term in evidence.terms {
          let day = term.dates.count == 1 ? " on \(term.dates[0])" : ""
          lines.append("    - \(term.expression.markdownCodeSpan) = \(term.display.escapedForMarkdown)\(day)")
        }
      }
    }
    let unknown = verdict.results.filter { $0.outcome == .unknown }
    if !unknown.isEmpty {
      lines.append("")
      lines.append("Not decided:")
      lines.append("")
      for result in unknown {
        let notes = result.missing.map(\.description) + result.problems
        lines.append(
          "- \(result.id): \(result.condition.markdownCodeSpan)"
            + (notes.isEmpty ? "" : "; missing: \(notes.joined(separator: "; ").escapedForMarkdown)"))
      }
    }
    for chart in report.charts {
      lines.append("")
      lines += table(chart)
    }
    lines.append("")
    lines.append("## Alerts by day")
    lines.append("")
    lines.append("| date | verdict | alerts fired |")
    lines.append("| --- | --- | --- |")
    for day in report.days.reversed() {
      let status = day.status == .notEnoughData ? "not enough data" : day.status.rawValue
      let alerts = day.alerts.map { (report.alertTitles[$0] ?? $0).escapedForMarkdown }
      lines.append(
        "| \(day.date) | \(status) | \(alerts.isEmpty ? "none" : alerts.joined(separator: "; ")) |")
    }
    lines.append("")
    lines.append("## Symptoms")
    lines.append("")
    let noted = report.week.filter { !($0.measurements.symptoms ?? "").isEmpty }
    if noted.isEmpty { lines.append("None recorded this week.") }
    for reading in noted {
      lines.append("- \(reading.date): \(cell(reading.measurements.symptoms ?? ""))")
    }
    if let meals { lines += [""] + meals.markdown() }
    lines.append("")
    lines.append(
      "Made by planner \(Planner.version) from \(source.escapedForMarkdown), rules '\(verdict.ruleSet)', "
        + "as of \(report.today).")
    return lines.joined(separator: "\n") + "\n"
  }

  private func table(_ chart: WeeklyReport.Chart) -> [String] {
    let unit = chart.shownIn.rawValue
    func shown(_ value: Rational) -> String { ShownValue.value(value, in: chart.shownIn).formatted() }
    var lines = ["## \(chart.kind.title), last \(chart.days) days (\(unit))", ""]
    for threshold in chart.thresholds {
      lines.append(
        "Limit: \(threshold.title.escapedForMarkdown) when \(threshold.metric.name) "
          + "\(threshold.comparison.rawValue) \(shown(threshold.value)) \(unit).")
    }
    for bound in chart.bounds {
      let percent = (bound.factor.multiplied(by: Rational(100)) ?? bound.factor).formatted()
      lines.append(
        "Limit: \(bound.title.escapedForMarkdown) when \(bound.metric.name) today \(bound.comparison.rawValue) "
          + "\(percent)% of the day before.")
    }
    if !chart.thresholds.isEmpty || !chart.bounds.isEmpty { lines.append("") }
    let names = chart.series.map(\.metric.name)
    let hasBounds = !chart.bounds.isEmpty
    var header = ["date"] + names.map { "\($0) (\(unit))" }
    if hasBounds { header += chart.bounds.map { "\($0.metric.name) limit (\(unit))" } }
    header.append("alerts")
    lines.append("| " + header.joined(separator: " | ") + " |")
    lines.append(
      "|"
        + header.enumerated().map { $0.offset == 0 || $0.offset == header.count - 1 ? " --- |" : " ---: |" }
        .joined())
    var rows = 0
    for offset in 0..<chart.days {
      let day = chart.first.advanced(by: offset)
      let points = chart.series.map { series in series.points.first { $0.date == day } }
      guard points.contains(where: { $0 != nil }) else { continue }
      rows += 1
      var cells = [day.description] + points.map { $0.map { shown($0.value) } ?? "–" }
      if hasBounds {
        cells += chart.bounds.map { bound in
          let index = chart.series.firstIndex { $0.metric == bound.metric }
          return index.flatMap { points[$0]?.bound.map(shown) } ?? "–"
        }
      }
      let alerts = Array(Set(points.compactMap { $0?.alerts }.flatMap { $0 })).sorted()
      cells.append(
        alerts.isEmpty
          ? ""
          : alerts.map { "▲ \((report.alertTitles[$0] ?? $0).escapedForMarkdown)" }.joined(separator: "; "))
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    if rows == 0 { lines.append("| no readings |" + String(repeating: " |", count: header.count - 1)) }
    return lines
  }

  private func cell(_ text: String) -> String { text.escapedForMarkdown }
}
