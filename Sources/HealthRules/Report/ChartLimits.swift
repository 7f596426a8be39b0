/// The limits a rule set draws on charts, found by walking each alert's condition.
///
/// Only comparisons that make an alert fire when they hold are limits: one under an odd
/// number of `not`s (a category level's "not a higher level", `not (systolic > 180 mmHg)`)
/// only keeps the alert from firing, so it is not drawn. A limit that several alerts share
/// (`alert.stage2` inside another alert) is drawn once, for the first alert in rule order.
struct ChartLimits {
  var thresholds: [WeeklyReport.Threshold] = []
  var bounds: [WeeklyReport.RelativeBound] = []
  /// The metric names each alert's condition reads.
  var metricsByAlert: [String: Set<String>] = [:]

  init(_ ruleSet: RuleSet) {
    for alert in ruleSet.alerts {
      var metrics = Set<String>()
      collect(alert.condition, alert: alert, negated: false, metrics: &metrics)
      metricsByAlert[alert.id] = metrics
    }
  }

  private mutating func collect(
    _ condition: Condition, alert: Alert, negated: Bool, metrics: inout Set<String>
  ) {
    switch condition {
    case .and(let a, let b), .or(let a, let b):
      collect(a, alert: alert, negated: negated, metrics: &metrics)
      collect(b, alert: alert, negated: negated, metrics: &metrics)
    case .not(let a):
      collect(a, alert: alert, negated: !negated, metrics: &metrics)
    case .symptomsMention, .noReadings, .daysHolding, .inARow:
      break
    case .comparison(let lhs, let op, let rhs):
      ChartLimits.metrics(in: lhs, into: &metrics)
      ChartLimits.metrics(in: rhs, into: &metrics)
      guard !negated else { return }
      if let limit = threshold(lhs, op, rhs, alert: alert) ?? threshold(rhs, op.flipped, lhs, alert: alert),
        !thresholds.contains(where: {
          $0.metric == limit.metric && $0.value == limit.value && $0.comparison == limit.comparison
        })
      {
        thresholds.append(limit)
      }
      if let bound = relative(lhs, op, rhs, alert: alert) ?? relative(rhs, op.flipped, lhs, alert: alert),
        !bounds.contains(where: {
          $0.metric == bound.metric && $0.factor == bound.factor && $0.comparison == bound.comparison
        })
      {
        bounds.append(bound)
      }
    }
  }

  /// `reading op constant`, with the reading a single value or a value-preserving aggregate.
  private func threshold(
    _ lhs: HealthExpression, _ op: ComparisonOperator, _ rhs: HealthExpression, alert: Alert
  ) -> WeeklyReport.Threshold? {
    guard case .constant(let value, let unit) = rhs else { return nil }
    let metric: Metric
    switch lhs {
    case .reading(let m, _): metric = m
    case .aggregate(let aggregate, let m, _, _)
    where [.mean, .min, .max, .median, .first, .last].contains(aggregate):
      metric = m
    default: return nil
    }
    guard metric.unit == unit, Metric.builtins.contains(metric) else { return nil }
    return WeeklyReport.Threshold(
      metric: metric, value: value, comparison: op, alert: alert.id, title: alert.title)
  }

  /// `m.today op m.yesterday * factor` (or `factor * m.yesterday`).
  private func relative(
    _ lhs: HealthExpression, _ op: ComparisonOperator, _ rhs: HealthExpression, alert: Alert
  ) -> WeeklyReport.RelativeBound? {
    guard case .reading(let metric, .today) = lhs, Metric.builtins.contains(metric),
      case .arithmetic(.multiply, let a, let b) = rhs
    else { return nil }
    let factor: Rational
    switch (a, b) {
    case (.reading(metric, .yesterday), .constant(let f, .number)),
      (.constant(let f, .number), .reading(metric, .yesterday)):
      factor = f
    default: return nil
    }
    return WeeklyReport.RelativeBound(
      metric: metric, factor: factor, comparison: op, alert: alert.id, title: alert.title)
  }

  private static func metrics(in expression: HealthExpression, into names: inout Set<String>) {
    switch expression {
    case .constant, .parameter, .countDays: break
    case .reading(let metric, _), .aggregate(_, let metric, _, _): names.insert(metric.name)
    case .arithmetic(_, let a, let b):
      metrics(in: a, into: &names)
      metrics(in: b, into: &names)
    case .negate(let a): metrics(in: a, into: &names)
    }
  }
}

extension ComparisonOperator {
  /// The operator with its sides swapped: `a < b` is `b > a`.
  var flipped: ComparisonOperator {
    switch self {
    case .less: return .greater
    case .lessOrEqual: return .greaterOrEqual
    case .greater: return .less
    case .greaterOrEqual: return .lessOrEqual
    case .equal, .notEqual: return self
    }
  }
}

extension Alert {
  /// The alert's message as a title for a chart's limit: its text, with `…` for each value
  /// a template computes when it fires.
  public var title: String {
    messageParts.map { part in
      switch part {
      case .text(let text): return text
      case .value: return "…"
      }
    }.joined()
  }
}
