import HealthRules

/// Renders a health verdict for a terminal: the verdict, each alert with its evidence,
/// the week's readings as a table (a dash for a missing value) and a sparkline per metric.
///
/// ```
/// Home monitoring: 2026-03-01 to 2026-03-07
///
/// ALERT (warning): Your sugar level is high!
///   ! sugar_high (warning)  sugar.today >= sugar.yesterday * 110%
///       121 mg/dL >= 121 mg/dL
///       sugar.today = 121 mg/dL on day 7 (2026-03-07)
/// ```
struct HealthReportText {
  /// Whether to colour the output with ANSI escapes (only on a terminal).
  var ansiColor: Bool
  /// The rule set's display name, shown in the title.
  var ruleSetName: String?

  private static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  /// The full report, ending with a newline.
  func render(_ verdict: Verdict, window: Window) -> String {
    var lines: [String] = []
    let title = ruleSetName ?? verdict.ruleSet
    lines.append(bold("\(title.escapedForTerminal): \(verdict.windowStart) to \(verdict.today)"))
    lines.append("")
    lines.append(contentsOf: verdictLines(verdict))
    lines.append("")
    lines.append(contentsOf: table(window))
    let notes = symptomLines(window)
    if !notes.isEmpty {
      lines.append("")
      lines.append(contentsOf: notes)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func verdictLines(_ verdict: Verdict) -> [String] {
    var lines: [String] = []
    switch verdict.status {
    case .healthy:
      lines.append(color("HEALTHY: ", "32") + verdict.message.escapedForTerminal)
    case .alert:
      // One line per alert, most severe first, then in rule order: messages never run together.
      for result in verdict.fired {
        lines.append(color("ALERT (\(result.severity.rawValue)): ", "31") + result.message.escapedForTerminal)
      }
    case .notEnoughData:
      lines.append(color("NOT ENOUGH DATA: ", "33") + "some rules could not be decided")
    }
    for result in verdict.fired + verdict.firedNotes {
      let mark = result.severity == .info ? color("i", "36") : color("!", "31")
      let message = result.severity == .info ? "  note: \(result.message.escapedForTerminal)" : ""
      lines.append(
        "  " + mark
          + " \(result.id) (\(result.severity.rawValue))  \(result.condition.escapedForTerminal)\(message)")
      for evidence in result.evidence {
        lines.append("      \(evidence.comparison.escapedForTerminal)")
        for term in evidence.terms {
          let value = "\(term.expression) = \(term.display)".escapedForTerminal
          lines.append("      " + dim(value + daysText(term.days, term.dates)))
        }
      }
    }
    for result in verdict.results where result.outcome == .unknown {
      lines.append(
        "  " + color("?", "33") + " \(result.id) not decided  \(result.condition.escapedForTerminal)")
      for missing in result.missing {
        lines.append("      " + dim("missing: \(missing.description)"))
      }
      for problem in result.problems {
        lines.append("      " + dim(problem.escapedForTerminal))
      }
    }
    return lines
  }

  private func daysText(_ days: [Int], _ dates: [Day]) -> String {
    switch days.count {
    case 0: return ""
    case 1: return " on day \(days[0]) (\(dates[0]))"
    default: return " over days " + days.map(String.init).joined(separator: ", ")
    }
  }

  private func table(_ window: Window) -> [String] {
    let metrics = window.metrics.filter { metric in
      (1...window.length).contains { window.value(metric, day: $0) != nil }
    }
    let header = ["", "unit"] + (1...window.length).map { "day \($0)" } + [""]
    let dates =
      ["", ""] + (1...window.length).map { String(window.date(ofDay: $0).description.dropFirst(5)) } + [""]
    var rows = [header, dates]
    for metric in metrics {
      let values = (1...window.length).map { window.value(metric, day: $0) }
      // Each metric in the unit it is shown in (as entered, or --units), converted exactly.
      let unit = window.shownUnit(of: metric)
      let cells = values.map { $0.map { ShownValue.text($0, in: unit) } ?? "-" }
      rows.append([metric.name, unit?.rawValue ?? metric.unit.symbol] + cells + [sparkline(values)])
    }
    if metrics.isEmpty { return [dim("no readings in this window")] }
    let widths = (0..<header.count).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.enumerated().map { index, row in
      let cells = row.enumerated().map { column, cell -> String in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        let text = column < 2 || column == row.count - 1 ? cell + padding : padding + cell
        return cell == "-" ? dim(text) : text
      }
      let line = cells.joined(separator: "  ").trimmingTrailingSpaces()
      return index < 2 ? dim(line) : line
    }
  }

  /// One bar per day scaled between the week's lowest and highest value; a space when missing.
  func sparkline(_ values: [Rational?]) -> String {
    let present = values.compactMap { $0 }
    guard let low = present.min(), let high = present.max() else { return "" }
    let span = high.subtracting(low)?.doubleValue ?? 0
    return String(
      values.map { value -> Character in
        guard let value else { return " " }
        guard span > 0, let offset = value.subtracting(low)?.doubleValue else {
          return HealthReportText.bars[3]
        }
        let level = Int((offset / span * 7).rounded())
        return HealthReportText.bars[min(7, max(0, level))]
      })
  }

  private func symptomLines(_ window: Window) -> [String] {
    (1...window.length).compactMap { day in
      guard let text = window.symptoms(day: day), !text.isEmpty else { return nil }
      return "symptoms day \(day) (\(window.date(ofDay: day))): \(text.escapedForTerminal)"
    }
  }

  private func color(_ text: String, _ code: String) -> String {
    ansiColor ? "\u{1B}[1;\(code)m\(text)\u{1B}[0m" : text
  }

  private func bold(_ text: String) -> String {
    ansiColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text
  }

  private func dim(_ text: String) -> String {
    ansiColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text
  }
}

/// Renders a health report for a terminal; see ``HealthReportText``.
///
/// - Parameters:
///   - verdict: The verdict from ``CompiledRuleSet/evaluate(_:)``.
///   - window: The window it was computed from.
///   - ruleSetName: The rule set's display name for the title.
///   - ansiColor: Whether to use ANSI colours (only when stdout is a terminal).
/// - Returns: The report text, ending with a newline.
func renderHealthReport(_ verdict: Verdict, window: Window, ruleSetName: String? = nil, ansiColor: Bool)
  -> String
{
  HealthReportText(ansiColor: ansiColor, ruleSetName: ruleSetName).render(verdict, window: window)
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.hasSuffix(" ") { text.removeLast() }
    return text
  }
}

/// A canonical value shown in the unit the patient sees it in, for tables and charts.
enum ShownValue {
  /// The value converted exactly to `unit` (the canonical value when `unit` is `nil` or the
  /// conversion overflows).
  static func value(_ value: Rational, in unit: InputUnit?) -> Rational {
    unit.flatMap { $0.fromCanonical(value) } ?? value
  }

  /// The value in `unit`, rounded for a table: two decimals in mmol/L, one otherwise.
  static func text(_ canonical: Rational, in unit: InputUnit?) -> String {
    self.value(canonical, in: unit).formatted(maximumFractionDigits: unit == .mmolPerL ? 2 : 1)
  }
}
