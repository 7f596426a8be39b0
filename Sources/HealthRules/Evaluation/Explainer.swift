/// The value of an expression in a window, with the readings behind it or what was missing.
package struct ExpressionValue: Sendable, Hashable {
  /// The exact value, or `nil` when unknown.
  package var value: Rational?
  /// The canonical unit of the value.
  package var unit: ValueUnit
  /// The readings and aggregates used.
  package var terms: [Evidence.Term]
  /// Readings that were needed and missing.
  package var missing: [MissingReading]
  /// Why a value with all its readings could not be computed (division by zero, overflow).
  package var problems: [String]

  /// `value unit` rounded to three decimals, or `unknown`.
  package var display: String {
    value.map { Evidence.display($0, unit) } ?? "unknown"
  }
}

/// The outcome of a condition in a window, with the evidence or what was missing.
package struct ConditionResult: Sendable, Hashable {
  /// The three-valued outcome.
  package var truth: Truth
  /// For each comparison that decided the outcome, its values.
  package var evidence: [Evidence]
  /// Readings that were needed and missing (when the outcome is unknown).
  package var missing: [MissingReading]
  /// Computations that failed with all their readings present.
  package var problems: [String]
}

extension Window {
  /// Evaluates an expression in this window, explaining the result.
  ///
  /// - Parameter expression: A numeric expression over this window's days.
  /// - Returns: The value with the readings used, or what was missing.
  /// - Throws: ``RuleError`` when the expression does not check against this window.
  package func evaluate(_ expression: HealthExpression) throws(RuleError) -> ExpressionValue {
    _ = try RuleSet.unit(of: expression, windowLength: length)
    return Explainer(window: self).number(expression)
  }

  /// Evaluates a condition in this window, explaining the outcome.
  ///
  /// - Throws: ``RuleError`` when the condition does not check against this window.
  package func evaluate(_ condition: Condition) throws(RuleError) -> ConditionResult {
    try RuleSet.check(condition, windowLength: length, alertID: nil)
    return Explainer(window: self).truth(condition)
  }
}

/// The slow, explaining evaluator: same semantics as the compiled code, plus evidence.
struct Explainer {
  let window: Window

  /// The unit the patient entered values of `unit` in (kg for a kg patient's weight), if not `unit`.
  func enteredUnit(_ unit: ValueUnit) -> InputUnit? {
    window.enteredUnits.sorted { $0.key < $1.key }.first {
      $0.value.canonical == unit || $0.value.canonical == unit.perDayBase
    }?.value
  }

  /// A value for display, in the unit the patient entered such values in.
  func shown(_ value: ExpressionValue) -> String {
    guard let number = value.value else { return "unknown" }
    return Evidence.display(number, value.unit, enteredIn: enteredUnit(value.unit))
  }

  /// A message template with its values computed in this window, each shown in the unit the
  /// patient entered such values in (`unknown` when it cannot be computed).
  func message(_ parts: [Alert.MessagePart]) -> String {
    parts.map { part in
      switch part {
      case .text(let text): return text
      case .value(let expression): return shown(number(expression))
      }
    }.joined()
  }

  func truth(_ condition: Condition) -> ConditionResult {
    switch condition {
    case .comparison(let lhs, let op, let rhs):
      let a = number(lhs)
      let b = number(rhs)
      guard let left = a.value, let right = b.value else {
        return ConditionResult(
          truth: .unknown, evidence: [], missing: a.missing + b.missing, problems: a.problems + b.problems)
      }
      let evidence = Evidence(
        comparing: condition.description, left: left, op, right: right, unit: a.unit,
        shown: "\(shown(a)) \(op.rawValue) \(shown(b))", terms: a.terms + b.terms)
      return ConditionResult(
        truth: evidence.holds ? .yes : .no, evidence: [evidence], missing: [], problems: [])
    case .and(let x, let y):
      return combine(truth(x), truth(y), result: { $0 && $1 }, decisive: .no)
    case .or(let x, let y):
      return combine(truth(x), truth(y), result: { $0 || $1 }, decisive: .yes)
    case .not(let x):
      var inner = truth(x)
      inner.truth = !inner.truth
      return inner
    case .symptomsMention(let word, let range):
      return symptoms(word, range, condition: condition)
    case .noReadings(let range):
      return noReadings(range, condition: condition)
    case .daysHolding(let count, let range, let inner, let missing):
      let days = Condition.perDay(inner, over: range, length: window.length) ?? []
      let results = days.map(truth)
      let yes = results.filter { $0.truth == .yes }
      let unknown = results.filter { $0.truth == .unknown }
      let outcome = Condition.atLeast(count, yes: yes.count, unknown: unknown.count, missing: missing)
      switch outcome {
      case .yes:
        return ConditionResult(truth: .yes, evidence: yes.flatMap(\.evidence), missing: [], problems: [])
      case .no:
        return ConditionResult(truth: .no, evidence: [], missing: [], problems: [])
      case .unknown:
        var notes: [MissingReading] = []
        for note in unknown.flatMap(\.missing) where !notes.contains(note) { notes.append(note) }
        return ConditionResult(
          truth: .unknown, evidence: [], missing: notes, problems: unknown.flatMap(\.problems))
      }
    case .inARow(let count, let range, let inner, let missing):
      let days = Condition.perDay(inner, over: range, length: window.length) ?? []
      let results = days.map(truth)
      let outcome = Condition.run(count, in: results.map(\.truth), missing: missing)
      switch outcome {
      case .yes:
        // The evidence of the first run that holds.
        for start in 0...(results.count - count)
        where results[start..<(start + count)].allSatisfy({ $0.truth == .yes }) {
          return ConditionResult(
            truth: .yes, evidence: results[start..<(start + count)].flatMap(\.evidence), missing: [],
            problems: [])
        }
        return ConditionResult(truth: .yes, evidence: [], missing: [], problems: [])
      case .no:
        return ConditionResult(truth: .no, evidence: [], missing: [], problems: [])
      case .unknown:
        let unknown = results.filter { $0.truth == .unknown }
        var notes: [MissingReading] = []
        for note in unknown.flatMap(\.missing) where !notes.contains(note) { notes.append(note) }
        return ConditionResult(
          truth: .unknown, evidence: [], missing: notes, problems: unknown.flatMap(\.problems))
      }
    }
  }

  private func combine(
    _ a: ConditionResult, _ b: ConditionResult, result: (Truth, Truth) -> Truth, decisive: Truth
  ) -> ConditionResult {
    let truth = result(a.truth, b.truth)
    let parts = [a, b].filter {
      truth == .unknown ? $0.truth == .unknown : (truth == decisive ? $0.truth == decisive : true)
    }
    return ConditionResult(
      truth: truth, evidence: truth == .unknown ? [] : parts.flatMap(\.evidence),
      missing: parts.flatMap(\.missing), problems: parts.flatMap(\.problems))
  }

  /// `no readings for N days`: yes with the dates that have nothing, or no with the latest day
  /// of the range that has a reading.
  private func noReadings(_ range: DayRange, condition: Condition) -> ConditionResult {
    let days = range.dayNumbers(inWindowOf: window.length) ?? window.length...window.length
    let first = window.date(ofDay: days.lowerBound)
    let last = window.date(ofDay: days.upperBound)
    let span = first == last ? "on \(first)" : "from \(first) to \(last)"
    for day in days.reversed() where window.measurements(day: day) != nil {
      var evidence = Evidence(
        condition: "not (\(condition.description))",
        comparison: "day \(day) (\(window.date(ofDay: day))) has readings", terms: [])
      evidence.holds = false
      return ConditionResult(truth: .no, evidence: [evidence], missing: [], problems: [])
    }
    let evidence = Evidence(condition: condition.description, comparison: "no readings \(span)", terms: [])
    return ConditionResult(truth: .yes, evidence: [evidence], missing: [], problems: [])
  }

  private func symptoms(_ word: String, _ range: DayRange, condition: Condition) -> ConditionResult {
    let matcher = SymptomMatcher(word)
    let days = range.dayNumbers(inWindowOf: window.length) ?? window.length...window.length
    var missingDays: [Int] = []
    var seen: [Evidence.Term] = []
    for day in days {
      guard let text = window.symptoms(day: day) else {
        missingDays.append(day)
        continue
      }
      let term = Evidence.Term(
        expression: "symptoms(day \(day))", value: nil, unit: .number, text: text, days: [day],
        dates: [window.date(ofDay: day)])
      if matcher.matches(text) {
        let evidence = Evidence(
          condition: condition.description, comparison: "day \(day) mentions \"\(word)\"", terms: [term])
        return ConditionResult(truth: .yes, evidence: [evidence], missing: [], problems: [])
      }
      seen.append(term)
    }
    if missingDays.isEmpty {
      var evidence = Evidence(
        condition: "not (\(condition.description))", comparison: "no day mentions \"\(word)\"", terms: seen)
      evidence.holds = false
      return ConditionResult(truth: .no, evidence: [evidence], missing: [], problems: [])
    }
    let missing = MissingReading(
      metric: "symptoms", range: range.description, days: missingDays,
      dates: missingDays.map(window.date(ofDay:)), needed: days.count, found: days.count - missingDays.count)
    return ConditionResult(truth: .unknown, evidence: [], missing: [missing], problems: [])
  }

  func number(_ expression: HealthExpression) -> ExpressionValue {
    let unit = (try? RuleSet.unit(of: expression, windowLength: window.length)) ?? .number
    switch expression {
    case .constant(let value, _):
      return ExpressionValue(value: value, unit: unit, terms: [], missing: [], problems: [])
    case .reading(let metric, let range):
      let day = (range.dayNumbers(inWindowOf: window.length) ?? window.length...window.length).lowerBound
      let date = window.date(ofDay: day)
      guard let value = window.value(metric, day: day) else {
        let missing = MissingReading(
          metric: metric.name, range: range.description, days: [day], dates: [date], needed: 1, found: 0)
        return ExpressionValue(value: nil, unit: unit, terms: [], missing: [missing], problems: [])
      }
      var term = Evidence.Term(
        expression: expression.description, value: value, unit: unit, days: [day], dates: [date])
      term.shownIn = enteredUnit(unit)
      return ExpressionValue(value: value, unit: unit, terms: [term], missing: [], problems: [])
    case .aggregate(let aggregate, let metric, let range, let requested):
      return explainAggregate(aggregate, metric, range, requested, expression: expression, unit: unit)
    case .negate(let operand):
      var inner = number(operand)
      inner.unit = unit
      if let value = inner.value {
        inner.value = value.negated()
        if inner.value == nil { inner.problems.append("'\(expression)' overflows") }
      }
      return inner
    case .countDays(let range, let inner, let missing):
      let days = Condition.perDay(inner, over: range, length: window.length) ?? []
      let numbers = range.dayNumbers(inWindowOf: window.length).map(Array.init) ?? []
      let results = days.map(truth)
      let held = zip(numbers, results).filter { $0.1.truth == .yes }.map(\.0)
      let undecided = results.filter { $0.truth == .unknown }
      if missing == .asUnknown, !undecided.isEmpty {
        var notes: [MissingReading] = []
        for note in undecided.flatMap(\.missing) where !notes.contains(note) { notes.append(note) }
        return ExpressionValue(
          value: nil, unit: unit, terms: [], missing: notes, problems: undecided.flatMap(\.problems))
      }
      let value = Rational(unreduced: Int64(held.count), 1)
      let term = Evidence.Term(
        expression: expression.description, value: value, unit: unit, days: held,
        dates: held.map(window.date(ofDay:)))
      return ExpressionValue(value: value, unit: unit, terms: [term], missing: [], problems: [])
    case .parameter(let name, _):
      guard let value = window.parameter(name, unit: unit) else {
        let missing = MissingReading(
          metric: name, range: "parameter", days: [], dates: [], needed: 1, found: 0)
        return ExpressionValue(value: nil, unit: unit, terms: [], missing: [missing], problems: [])
      }
      var term = Evidence.Term(expression: name, value: value, unit: unit, days: [], dates: [])
      term.shownIn = enteredUnit(unit)
      return ExpressionValue(value: value, unit: unit, terms: [term], missing: [], problems: [])
    case .arithmetic(let op, let lhs, let rhs):
      let a = number(lhs)
      let b = number(rhs)
      var result = ExpressionValue(
        value: nil, unit: unit, terms: a.terms + b.terms, missing: a.missing + b.missing,
        problems: a.problems + b.problems)
      guard let x = a.value, let y = b.value else { return result }
      switch op {
      case .add: result.value = x.adding(y)
      case .subtract: result.value = x.subtracting(y)
      case .multiply: result.value = x.multiplied(by: y)
      case .divide: result.value = x.divided(by: y)
      }
      if result.value == nil {
        result.problems.append(
          op == .divide && y.numerator == 0 ? "'\(expression)' divides by zero" : "'\(expression)' overflows")
      }
      return result
    }
  }

  private func explainAggregate(
    _ aggregate: Aggregate, _ metric: Metric, _ range: DayRange, _ requested: Int?,
    expression: HealthExpression, unit: ValueUnit
  ) -> ExpressionValue {
    var window = window
    if metric.selection != nil { window.materialize([metric]) }
    let days = range.dayNumbers(inWindowOf: window.length) ?? window.length...window.length
    let minimum = AggregateKernel.effectiveMinimum(aggregate, requested: requested)
    let present = days.filter { window.value(metric, day: $0) != nil }
    let absent = days.filter { window.value(metric, day: $0) == nil }
    var value: Rational?
    if let row = window.row(of: metric) {
      let base = row * window.length
      value = window.numbers.withUnsafeBufferPointer { values in
        values.baseAddress.flatMap {
          AggregateKernel.evaluate(
            aggregate, $0, from: base + days.lowerBound - 1, through: base + days.upperBound - 1,
            minimum: minimum, scale: window.scale(ofRow: row))
        }
      }
    } else if aggregate == .count && minimum == 0 {
      value = .zero
    }
    var result = ExpressionValue(value: value, unit: unit, terms: [], missing: [], problems: [])
    if let value {
      var term = Evidence.Term(
        expression: expression.description, value: value, unit: unit, days: present,
        dates: present.map(window.date(ofDay:)))
      term.shownIn = enteredUnit(unit)
      result.terms = [term]
    } else if present.count < minimum {
      result.missing = [
        MissingReading(
          metric: metric.name, range: range.description, days: absent, dates: absent.map(window.date(ofDay:)),
          needed: minimum, found: present.count)
      ]
    } else {
      result.problems = [
        aggregate == .percentChange
          ? "'\(expression)' divides by zero: the first reading is 0" : "'\(expression)' overflows"
      ]
    }
    return result
  }
}
