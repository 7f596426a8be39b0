import Foundation
import HealthRules

/// One chart of a ``WeeklyReport`` as an inline SVG figure: a line per metric, the rules' limits dashed
/// (each labelled with its value and named by its alert's title), a triangle above each point whose day
/// an alert fired on, and the unit on the value axis.
///
/// Every value is drawn and written in the chart's unit (``WeeklyReport/Chart/shownIn``: the unit the
/// readings were entered in, or the one chosen with `--units`), converted exactly from the canonical
/// value. Coordinates are computed in doubles for drawing only; every number shown or stored in
/// `data-value` comes from the exact values.
struct ChartSVG {
  var chart: WeeklyReport.Chart
  /// Each alert's title by id (``WeeklyReport/alertTitles``), to name alerts in words.
  var titles: [String: String] = [:]

  /// An alert's title, or its id when it has none.
  private func title(_ alert: String) -> String { titles[alert] ?? alert }

  static let width = 480.0
  static let height = 230.0
  static let left = 44.0
  static let right = 22.0
  static let top = 18.0
  static let bottom = 30.0

  /// The unit the chart shows values in: `kg`, `mmHg`, `mmol/L`.
  private var unit: String { chart.shownIn.rawValue }

  /// A canonical value in the chart's unit, exactly.
  private func shown(_ value: Rational) -> Rational { ShownValue.value(value, in: chart.shownIn) }

  /// A canonical value in the chart's unit, as a double for drawing.
  private func d(_ value: Rational) -> Double { shown(value).doubleValue }

  /// A canonical value in the chart's unit, as text (three decimals at most).
  private func t(_ value: Rational) -> String { shown(value).formatted() }

  private var plotWidth: Double { ChartSVG.width - ChartSVG.left - ChartSVG.right }
  private var plotHeight: Double { ChartSVG.height - ChartSVG.top - ChartSVG.bottom }

  /// The vertical range: the values, thresholds and bounds, padded, snapped to tick steps.
  private var scale: (low: Double, high: Double, step: Double) {
    var values = chart.series.flatMap { $0.points.map { d($0.value) } }
    values += chart.series.flatMap { $0.points.compactMap { $0.bound.map(d) } }
    values += chart.thresholds.map { d($0.value) }
    // 4 lb or 20 mmHg or mg/dL at least, in the chart's unit.
    let minimumSpan = d(Rational(chart.kind == .weight ? 4 : 20))
    guard var low = values.min(), var high = values.max() else { return (0, 1, 0.25) }
    if high - low < minimumSpan {
      let middle = (high + low) / 2
      low = middle - minimumSpan / 2
      high = middle + minimumSpan / 2
    }
    let step = ChartSVG.niceStep((high - low) / 4)
    low = (low / step).rounded(.down) * step
    high = (high / step).rounded(.up) * step
    if high - low < step { high = low + step }
    return (low, high, step)
  }

  /// 1, 2 or 5 times a power of ten, at least `raw`.
  static func niceStep(_ raw: Double) -> Double {
    guard raw > 0, raw.isFinite else { return 1 }
    let power = pow(10, (log10(raw)).rounded(.down))
    for factor in [1.0, 2.0, 5.0, 10.0] where factor * power >= raw { return factor * power }
    return 10 * power
  }

  private func x(ofDay index: Int) -> Double {
    ChartSVG.left + (Double(index) + 0.5) * plotWidth / Double(chart.days)
  }

  private func y(_ value: Double) -> Double {
    let (low, high, _) = scale
    return ChartSVG.top + (high - value) / (high - low) * plotHeight
  }

  private func index(of day: Day) -> Int {
    chart.first.distance(to: day)
  }

  /// The `<figure>` with its SVG and caption.
  func figure() -> String {
    let id = "chart-\(chart.id)"
    let title = "\(chart.kind.title), last \(chart.days) days (\(unit))"
    var svg = """
      <figure id="\(id)" class="chart">
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(n(ChartSVG.width)) \(n(ChartSVG.height))" \
      role="img" aria-labelledby="\(id)-title \(id)-desc" data-chart="\(chart.id)">
      <title id="\(id)-title">\(e(title))</title>
      <desc id="\(id)-desc">\(e(description()))</desc>
      <rect class="chart-bg" x="0" y="0" width="\(n(ChartSVG.width))" height="\(n(ChartSVG.height))"/>

      """
    svg += grid()
    svg += limits()
    for series in chart.series { svg += line(series) }
    svg += alertMarks()
    svg += "</svg>\n"
    svg += "<figcaption>\(caption())</figcaption>\n</figure>\n"
    return svg
  }

  /// Every value in words, for screen readers (the `<desc>`).
  private func description() -> String {
    var parts: [String] = []
    for series in chart.series {
      let values =
        series.points.isEmpty
        ? "no readings"
        : series.points.map { "\($0.date) \(t($0.value)) \(unit)" }.joined(
          separator: "; ")
      parts.append("\(series.metric.name) from \(chart.first) to \(chart.last): \(values).")
    }
    for threshold in chart.thresholds {
      parts.append(
        "\(threshold.title) when \(threshold.metric.name) \(threshold.comparison.rawValue) "
          + "\(t(threshold.value)) \(unit).")
    }
    for bound in chart.bounds {
      parts.append(
        "\(bound.title) when \(bound.metric.name) today \(bound.comparison.rawValue) yesterday's times "
          + "\(percent(bound.factor)).")
    }
    let fired = chart.series.flatMap { series in
      series.points.filter { !$0.alerts.isEmpty }.map {
        "\($0.alerts.map(title).joined(separator: "; ")) on \($0.date)"
      }
    }
    parts.append(
      fired.isEmpty
        ? "No alerts fired." : "Alerts fired: " + Array(Set(fired)).sorted().joined(separator: "; ") + ".")
    return parts.joined(separator: " ")
  }

  private func grid() -> String {
    let (low, high, step) = scale
    var svg = "<g class=\"grid axis\">\n"
    var value = low
    while value <= high + step / 2 {
      let yy = y(value)
      svg +=
        "<line x1=\"\(n(ChartSVG.left))\" y1=\"\(n(yy))\" x2=\"\(n(ChartSVG.width - ChartSVG.right))\" y2=\"\(n(yy))\"/>"
      svg +=
        "<text x=\"\(n(ChartSVG.left - 6))\" y=\"\(n(yy + 4))\" text-anchor=\"end\">\(label(value, step))</text>\n"
      value += step
    }
    svg +=
      "<text class=\"axis-unit\" x=\"\(n(ChartSVG.left - 6))\" y=\"\(n(ChartSVG.top - 6))\" "
      + "text-anchor=\"end\">\(e(unit))</text>\n"
    let every = chart.days <= 10 ? 1 : 5
    for index in 0..<chart.days where (chart.days - 1 - index) % every == 0 {
      let day = chart.first.advanced(by: index)
      let isToday = index == chart.days - 1
      svg +=
        "<text x=\"\(n(x(ofDay: index)))\" y=\"\(n(ChartSVG.height - 10))\" text-anchor=\"middle\""
        + (isToday ? " class=\"today\"" : "") + ">\(day.description.dropFirst(5))</text>\n"
    }
    return svg + "</g>\n"
  }

  private func limits() -> String {
    var svg = ""
    let (low, high, _) = scale
    for threshold in chart.thresholds {
      let value = d(threshold.value)
      guard value >= low, value <= high else { continue }
      let yy = y(value)
      let text = "\(threshold.comparison.rawValue) \(t(threshold.value)) \(unit)"
      svg += """
        <g class="limit" data-alert="\(e(threshold.alert))" data-value="\(t(threshold.value))" \
        data-unit="\(e(unit))"><title>\(e(threshold.title)): \(e(threshold.metric.name)) \(e(text))</title>\
        <line x1="\(n(ChartSVG.left))" y1="\(n(yy))" x2="\(n(ChartSVG.width - ChartSVG.right))" y2="\(n(yy))"/>\
        <text x="\(n(ChartSVG.width - ChartSVG.right - 4))" y="\(n(yy - 4))" text-anchor="end">\(e(text))</text></g>

        """
    }
    let half = plotWidth / Double(chart.days) * 0.4
    for bound in chart.bounds {
      guard let series = chart.series.first(where: { $0.metric == bound.metric }) else { continue }
      var path = ""
      for point in series.points {
        guard let limit = point.bound else { continue }
        let cx = x(ofDay: index(of: point.date))
        path += "M\(n(cx - half)) \(n(y(d(limit))))H\(n(cx + half))"
      }
      guard !path.isEmpty else { continue }
      svg += """
        <g class="bound metric-\(bound.metric.name)" data-alert="\(e(bound.alert))" \
        data-factor="\(bound.factor.formatted())"><title>\(e(bound.metric.name)) limit: yesterday's \
        times \(percent(bound.factor)) (\(e(bound.title)))</title><path d="\(path)"/></g>

        """
    }
    return svg
  }

  private func line(_ series: WeeklyReport.Series) -> String {
    let name = series.metric.name
    var path = ""
    var previous: Int?
    for point in series.points {
      let i = index(of: point.date)
      path += (previous == i - 1 ? "L" : "M") + "\(n(x(ofDay: i))) \(n(y(d(point.value))))"
      previous = i
    }
    var svg = "<g class=\"series\" data-metric=\"\(name)\">\n"
    if !path.isEmpty { svg += "<path class=\"line metric-\(name)\" d=\"\(path)\"/>\n" }
    for point in series.points {
      let i = index(of: point.date)
      let alerts = point.alerts.isEmpty ? "" : " data-alerts=\"\(e(point.alerts.joined(separator: " ")))\""
      let note = point.alerts.isEmpty ? "" : "; alert: " + point.alerts.map(title).joined(separator: "; ")
      svg += """
        <circle class="point metric-\(name)" cx="\(n(x(ofDay: i)))" cy="\(n(y(d(point.value))))" r="4.5" \
        data-metric="\(name)" data-date="\(point.date)" data-value="\(t(point.value))" data-unit="\(e(unit))"\(alerts)>\
        <title>\(name) \(point.date): \(t(point.value)) \(e(unit))\(e(note))</title></circle>

        """
    }
    return svg + "</g>\n"
  }

  private func alertMarks() -> String {
    var marked: [Int: [String]] = [:]
    var topY: [Int: Double] = [:]
    for series in chart.series {
      for point in series.points where !point.alerts.isEmpty {
        let i = index(of: point.date)
        for alert in point.alerts where !(marked[i]?.contains(alert) ?? false) {
          marked[i, default: []].append(alert)
        }
        topY[i] = min(topY[i] ?? .infinity, y(d(point.value)))
      }
    }
    guard !marked.isEmpty else { return "" }
    var svg = "<g class=\"alerts\">\n"
    for (i, alerts) in marked.sorted(by: { $0.key < $1.key }) {
      let cx = x(ofDay: i)
      let cy = max(ChartSVG.top + 2, (topY[i] ?? ChartSVG.top) - 10)
      let day = chart.first.advanced(by: i)
      svg += """
        <path class="alert-mark" d="M\(n(cx)) \(n(cy - 10))l-6 10h12z" data-date="\(day)" \
        data-alerts="\(e(alerts.joined(separator: " ")))"><title>\(day): \(e(alerts.map(title).joined(separator: "; ")))</title></path>

        """
    }
    return svg + "</g>\n"
  }

  private func caption() -> String {
    var parts = chart.series.map { series in
      "<span class=\"metric-\(series.metric.name)\"><span class=\"swatch\"></span>\(series.metric.name)</span>"
    }
    for threshold in chart.thresholds {
      parts.append(
        "dashed: \(e(threshold.title)) (\(e(threshold.metric.name)) \(e(threshold.comparison.rawValue)) "
          + "\(t(threshold.value)) \(e(unit)))")
    }
    for bound in chart.bounds {
      parts.append(
        "dotted: \(e(bound.title)) (\(bound.metric.name) \(e(bound.comparison.rawValue)) "
          + "\(percent(bound.factor)) of the day before)")
    }
    if chart.series.allSatisfy({ $0.points.isEmpty }) { parts.append("no readings") }
    parts.append("▲ alert fired that day")
    return parts.joined(separator: " · ")
  }

  private func percent(_ factor: Rational) -> String {
    (factor.multiplied(by: Rational(100)) ?? factor).formatted() + "%"
  }

  private func label(_ value: Double, _ step: Double) -> String {
    step >= 1 ? String(Int(value.rounded())) : String(format: "%.1f", value)
  }

  private func n(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  private func e(_ text: String) -> String { XMLEscaping.escape(text) }
}
