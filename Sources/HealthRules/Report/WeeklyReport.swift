/// The week at a glance: the verdict with its evidence, a chart per reading, and the alerts of each day.
///
/// A report is a model, not a rendering: the `planner report` command draws it
/// as one self-contained HTML page (inline SVG charts) or as Markdown. Charts
/// cover the rule set's window (7 days) ending on "today", and also the last 30
/// days when the readings go back further than the window. Each chart carries
/// the limits the rules draw:
///
/// - an absolute **threshold** wherever a rule compares a reading (or its mean,
///   min, max, median, first or last) with a constant of the same unit, such as
///   `sugar.today >= 180 mg/dL`;
/// - a **relative bound** wherever a rule compares today's reading with
///   yesterday's times a factor, as the baseline's `sugar.today >= sugar.yesterday * 110%`:
///   on each day with a reading the day before, the bound is that reading times the factor.
///
/// The rules are evaluated as of **each day** of the charts (the window ending on
/// that day), so every point knows which alerts fired on its day.
///
/// ```swift
/// let rules = try RuleSet.baseline.compiled()
/// let report = try WeeklyReport(readings: journal.readings, rules: rules)
/// report.verdict.status  // .alert
/// report.charts.map(\.id)  // ["weight-7", "pressure-7", "sugar-7"]
/// ```
public struct WeeklyReport: Sendable, Hashable {
  /// The rule set's display name.
  package var title: String
  /// The verdict as of `today`, exactly as `planner health` gives it.
  public var verdict: Verdict
  /// The last day of the report.
  package var today: Day
  /// The charts: weight, blood pressure, sugar over the window; then the same over 30 days when present.
  public var charts: [Chart]
  /// The outcome as of each day of the longest chart, oldest first.
  package var days: [DayOutcome]
  /// The readings of the window's days that have any, oldest first.
  package var week: [Reading]
  /// The unit each built-in metric is shown in, by metric name: the unit of its latest
  /// reading up to ``today`` (a kg journal reads in kg), or the unit system chosen.
  package var shownUnits: [String: InputUnit]
  /// Each alert's title (``Alert/title``, its message) by id, to name alerts in words.
  package var alertTitles: [String: String]

  /// Builds the report for some readings, each metric shown in the unit of its latest reading.
  ///
  /// - Parameters:
  ///   - readings: One reading per day, in any order (a journal's readings).
  ///   - rules: The compiled rule set.
  ///   - asOf: The last day of the report; the latest reading's day by default.
  /// - Throws: ``WindowError`` for duplicate days, or no readings and no `asOf`.
  public init(readings: [Reading], rules: CompiledRuleSet, asOf: Day? = nil) throws(WindowError) {
    try self.init(readings: readings, rules: rules, asOf: asOf, parameters: [:], units: nil)
  }

  /// Builds the report for some readings.
  ///
  /// - Parameters:
  ///   - readings: One reading per day, in any order (a journal's readings).
  ///   - rules: The compiled rule set.
  ///   - asOf: The last day of the report; the latest reading's day by default.
  ///   - parameters: The patient's parameters (`RuleSet/parameters`), in storage steps, as
  ///     `Window/setParameter(_:steps:)` takes them; applied to every day's window.
  ///   - units: The unit system to show readings in; `nil` shows each metric in the unit of
  ///     its latest reading. Display only: the verdict is the same.
  /// - Throws: ``WindowError`` for duplicate days, or no readings and no `asOf`.
  /// - Complexity: O(d × n) for d days charted (7 or 30) and n readings.
  package init(
    readings: [Reading], rules: CompiledRuleSet, asOf: Day? = nil, parameters: [String: Int64] = [:],
    units: UnitSystem? = nil
  ) throws(WindowError) {
    func parameterized(asOf day: Day?) throws(WindowError) -> Window {
      var window = try rules.window(for: readings, asOf: day)
      for (name, steps) in parameters { window.setParameter(name, steps: steps) }
      return window
    }
    var window = try parameterized(asOf: asOf)
    let today = window.today
    self.today = today
    var shown: [String: InputUnit] = [:]
    for metric in Metric.builtins {
      let latest = readings.filter { $0.date <= today && $0.measurements.enteredUnit(of: metric) != nil }
        .max { $0.date < $1.date }
      shown[metric.name] =
        units?.unit(for: metric.unit) ?? latest?.measurements.enteredUnit(of: metric)
        ?? InputUnit(rawValue: metric.unit.symbol)
    }
    shownUnits = shown
    alertTitles = Dictionary(
      rules.ruleSet.alerts.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
    if let units { window.show(in: units) }
    title = rules.ruleSet.name
    verdict = rules.evaluate(window)
    let length = rules.ruleSet.windowLength
    week = readings.filter { window.dayNumber(of: $0.date) != nil }.sorted { $0.date < $1.date }
    let longSpan = 30
    let hasOlder = readings.contains { reading in
      let age = reading.date.distance(to: today)
      return age >= length && age < longSpan
    }
    let spans = hasOlder && longSpan > length ? [length, longSpan] : [length]
    let longest = spans.max() ?? length
    var outcomes: [DayOutcome] = []
    for offset in stride(from: longest - 1, through: 0, by: -1) {
      let day = today.advanced(by: -offset)
      let dayWindow = try parameterized(asOf: day)
      let result = rules.outcomes(for: dayWindow)
      let fired = rules.ruleSet.alerts.indices.filter { result.outcome(ofAlertAt: $0) == .yes }
      outcomes.append(
        DayOutcome(date: day, status: result.status, alerts: fired.map { rules.ruleSet.alerts[$0].id }))
    }
    days = outcomes
    let limits = ChartLimits(rules.ruleSet)
    let byDate = Dictionary(
      readings.map { ($0.date, $0.measurements) }, uniquingKeysWith: { first, _ in first })
    let firedOn = Dictionary(outcomes.map { ($0.date, $0.alerts) }, uniquingKeysWith: { first, _ in first })
    charts = spans.flatMap { span in
      Chart.Kind.allCases.map { kind in
        Chart(
          kind: kind, days: span, today: today, readings: byDate, firedOn: firedOn, limits: limits,
          alertMetrics: limits.metricsByAlert, shownIn: shown[kind.metrics[0].name] ?? .pound)
      }
    }
  }
}

extension WeeklyReport {
  /// The outcome of the rules as of one day (the window ending that day).
  package struct DayOutcome: Sendable, Hashable {
    /// The day.
    package var date: Day
    /// The verdict's status as of that day.
    package var status: Verdict.Status
    /// The alerts that fired as of that day, in rule order.
    package var alerts: [String]
  }

  /// One chart: a reading (or the two pressures) over the last `days` days.
  public struct Chart: Sendable, Hashable {
    /// What a chart shows.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
      /// Body weight.
      case weight
      /// Systolic and diastolic pressure, on one chart.
      case pressure
      /// Blood glucose.
      case sugar

      /// The metrics drawn.
      package var metrics: [Metric] {
        switch self {
        case .weight: return [.weight]
        case .pressure: return [.systolic, .diastolic]
        case .sugar: return [.sugar]
        }
      }

      /// The heading: `Weight`, `Blood pressure`, `Sugar`.
      package var title: String {
        switch self {
        case .weight: return "Weight"
        case .pressure: return "Blood pressure"
        case .sugar: return "Morning sugar"
        }
      }
    }

    /// What the chart shows.
    package var kind: Kind
    /// A stable id: `weight-7`, `pressure-30`.
    public var id: String
    /// The number of days.
    package var days: Int
    /// The first day.
    package var first: Day
    /// The last day.
    package var last: Day
    /// The canonical unit of every series.
    package var unit: ValueUnit
    /// The unit the chart shows its values, limits and axis in (``WeeklyReport/shownUnits``);
    /// values are kept canonical and converted for display with ``InputUnit/fromCanonical(_:)``.
    package var shownIn: InputUnit
    /// One series per metric.
    public var series: [Series]
    /// Absolute limits from the rules.
    package var thresholds: [Threshold]
    /// Day-over-day limits from the rules.
    package var bounds: [RelativeBound]

    init(
      kind: Kind, days: Int, today: Day, readings: [Day: Measurements], firedOn: [Day: [String]],
      limits: ChartLimits, alertMetrics: [String: Set<String>], shownIn: InputUnit
    ) {
      self.kind = kind
      self.shownIn = shownIn
      self.days = days
      id = "\(kind.rawValue)-\(days)"
      let first = today.advanced(by: 1 - days)
      self.first = first
      last = today
      unit = kind.metrics[0].unit
      let range = (0..<days).map { first.advanced(by: $0) }
      series = kind.metrics.map { metric in
        let points = range.compactMap { day -> Point? in
          guard let value = readings[day]?[metric] else { return nil }
          let alerts = (firedOn[day] ?? []).filter { alertMetrics[$0]?.contains(metric.name) == true }
          var bound: Rational?
          for relative in limits.bounds where relative.metric == metric {
            if let previous = readings[day.advanced(by: -1)]?[metric],
              let limit = previous.multiplied(by: relative.factor)
            {
              bound = limit
            }
          }
          return Point(date: day, value: value, alerts: alerts, bound: bound)
        }
        return Series(metric: metric, points: points)
      }
      thresholds = limits.thresholds.filter { kind.metrics.contains($0.metric) }
      bounds = limits.bounds.filter { kind.metrics.contains($0.metric) }
    }
  }

  /// A metric's readings in a chart.
  public struct Series: Sendable, Hashable {
    /// The metric.
    package var metric: Metric
    /// The days that have a reading, oldest first.
    public var points: [Point]
  }

  /// One day's reading in a chart.
  public struct Point: Sendable, Hashable {
    /// The day.
    public var date: Day
    /// The reading, in the metric's canonical unit.
    public var value: Rational
    /// Alerts that fired as of this day and look at this metric.
    public var alerts: [String]
    /// The day-over-day limit for this day (the day before's reading times the factor), if a rule has one.
    public var bound: Rational?
  }

  /// A rule's comparison of a reading with a constant.
  package struct Threshold: Sendable, Hashable {
    /// The metric compared.
    package var metric: Metric
    /// The constant, in the metric's canonical unit.
    package var value: Rational
    /// How the reading is compared with it (the reading on the left): `>=` in `sugar.today >= 180 mg/dL`.
    package var comparison: ComparisonOperator
    /// The alert's id.
    package var alert: String
    /// The alert's title, to label the limit: its message (``Alert/title``).
    package var title: String
  }

  /// A rule's comparison of today's reading with yesterday's times a factor.
  package struct RelativeBound: Sendable, Hashable {
    /// The metric compared.
    package var metric: Metric
    /// The factor, `11/10` for 110%.
    package var factor: Rational
    /// How today's reading is compared with the bound.
    package var comparison: ComparisonOperator
    /// The alert's id.
    package var alert: String
    /// The alert's title, to label the limit: its message (``Alert/title``).
    package var title: String
  }
}
