import Diagnostics
import Foundation
import HealthRules

extension Checker {
  /// The rule sets every program can use without declaring them.
  static let bundledRuleSets: [String: RuleSet] = ["baseline": .baseline]

  /// Checks a `rules` block and lowers it into a ``RuleSet``.
  mutating func checkRules(_ d: RulesDeclaration, declared: [String: RuleSet]) -> RuleSet? {
    let errorsBefore = diagnostics.count
    var base: RuleSet?
    if let name = d.base {
      base = declared[name.name] ?? Self.bundledRuleSets[name.name]
      if base == nil {
        error(
          DiagnosticMessage.unknownName(
            .ruleSet, name, candidates: Array(declared.keys) + Self.bundledRuleSets.keys))
      }
    }
    var windowLength = base?.windowLength ?? 7
    if let window = d.window {
      var days = window
      if let unit = days.unit, unit.text == "days" || unit.text == "day" { days.unit = nil }
      windowLength = wholeNumber(days, for: "'window'", range: 2...366) ?? windowLength
    }
    var alerts: [Alert] = []
    var seen: [String: SourceRange] = [:]
    activeAlerts = Dictionary(
      (base?.alerts ?? []).map { ($0.id, $0.condition) }, uniquingKeysWith: { a, _ in a })
    var rawConditions: [String: Condition] = [:]
    activeDefinitions = base.flatMap { ruleDefinitions[$0.id] } ?? [:]
    var definedAt: [String: SourceRange] = [:]
    for definition in d.definitions {
      if let first = definedAt[definition.name.name] {
        error(DiagnosticMessage.duplicate("definition", definition.name, first: first))
        continue
      }
      definedAt[definition.name.name] = definition.name.range
      activeDefinitions[definition.name.name] = definition.expression
    }
    ruleDefinitions[d.name.name] = activeDefinitions
    defer {
      activeAlerts = [:]
      activeDefinitions = [:]
    }
    for statement in d.alerts {
      if let first = seen[statement.id.name] {
        error(DiagnosticMessage.duplicate("alert", statement.id, first: first))
        continue
      }
      seen[statement.id.name] = statement.id.range
      var severity = Alert.Severity.warning
      if let word = statement.severity {
        guard let value = Alert.Severity(rawValue: word.name) else {
          error(
            DiagnosticMessage.unknownName(
              .severity, word, candidates: Alert.Severity.allCases.map(\.rawValue)))
          continue
        }
        severity = value
      }
      guard let own = condition(statement.condition, window: windowLength) else { continue }
      rawConditions[statement.id.name] = own
      // A category's level holds only when no level above it does.
      var condition = own
      for above in statement.excluding {
        if let other = rawConditions[above.name] { condition = .and(condition, .not(other)) }
      }
      let alert = Alert(
        id: statement.id.name, severity: severity, message: statement.message.value, condition: condition)
      // The engine's own checks (units that cannot be compared, days outside the window).
      let single = RuleSet(
        id: d.name.name, name: "", windowLength: windowLength, alerts: [alert], otherwise: "")
      do throws(RuleError) {
        try single.check()
      } catch {
        self.error(DiagnosticMessage.invalidRule(error.message, at: statement.condition.range))
        continue
      }
      alerts.append(alert)
      activeAlerts[alert.id] = alert.condition
    }
    guard diagnostics.count == errorsBefore else { return nil }
    let otherwise = d.otherwise?.value ?? base?.otherwise ?? "You are in good health, keep up the good work"
    let ruleSet = (base ?? RuleSet(id: d.name.name, name: "", alerts: [], otherwise: otherwise)).adding(
      alerts)
    return RuleSet(
      id: d.name.name, name: d.displayName?.value ?? base?.name ?? d.name.name, windowLength: windowLength,
      alerts: ruleSet.alerts, otherwise: otherwise)
  }

  // MARK: Typing rule expressions

  static let metrics: [String: Metric] = [
    "weight": .weight, "systolic": .systolic, "diastolic": .diastolic, "sugar": .sugar, "glucose": .sugar,
  ]

  /// Checks a `define`d name's expression where it is used, reporting a definition that uses itself.
  mutating func expand<T>(_ name: Identifier, _ body: (inout Checker, RuleExpression) -> T?) -> T? {
    guard let definition = activeDefinitions[name.name] else { return nil }
    guard !expandingDefinitions.contains(name.name) else {
      error(DiagnosticMessage.definitionCycle(name, through: expandingDefinitions))
      return nil
    }
    expandingDefinitions.append(name.name)
    defer { expandingDefinitions.removeLast() }
    return body(&self, definition)
  }

  /// A rule expression that must be a condition (true, false or unknown).
  mutating func condition(_ expression: RuleExpression, window: Int) -> Condition? {
    if case .name(let name) = expression, activeDefinitions[name.name] != nil {
      return expand(name) { checker, definition in checker.condition(definition, window: window) }
    }
    if case .member(.name(let base), let id, nil, _) = expression, base.name == "alert" {
      guard let referred = activeAlerts[id.name] else {
        error(DiagnosticMessage.unknownAlertReference(id, candidates: activeAlerts.keys))
        return nil
      }
      return referred
    }
    switch expression {
    case .binary(let op, let opRange, let lhs, let rhs):
      switch op {
      case "and", "or":
        guard let l = condition(lhs, window: window), let r = condition(rhs, window: window) else {
          return nil
        }
        return op == "and" ? .and(l, r) : .or(l, r)
      case "<", "<=", ">", ">=", "==", "!=":
        guard let l = value(lhs, window: window), let r = value(rhs, window: window),
          let comparison = ComparisonOperator(rawValue: op)
        else { return nil }
        _ = opRange
        return .comparison(l, comparison, r)
      default:
        error(notACondition(expression))
        return nil
      }
    case .unary("not", _, let operand):
      return condition(operand, window: window).map { .not($0) }
    case .mention(let word, let days, _):
      guard !word.value.trimmingCharacters(in: .whitespaces).isEmpty else {
        error(DiagnosticMessage.emptyWord(at: word.range))
        return nil
      }
      let range = days.flatMap { dayRange($0, window: window) } ?? .today
      return .symptomsMention(word.value, range)
    case .daysHolding(let literal):
      return daysHolding(literal, window: window)
    default:
      error(notACondition(expression))
      return nil
    }
  }

  /// `at least K of DAYS (missing counts as …): C` and `N days in a row (…): C`.
  mutating func daysHolding(_ literal: DaysHoldingLiteral, window: Int) -> Condition? {
    guard let range = dayRange(literal.days, window: window) else { return nil }
    let days = range.dayNumbers(inWindowOf: window)?.count ?? 1
    var count = days
    if let written = literal.count {
      guard let k = wholeNumber(written, for: "a number of days", range: 1...window) else { return nil }
      guard k <= days else {
        error(DiagnosticMessage.badDayCount(k, days: days, at: written.range))
        return nil
      }
      count = k
    }
    guard let word = literal.missing else {
      error(DiagnosticMessage.missingPolicy(at: literal.days.range))
      return nil
    }
    guard let missing = MissingDays(rawValue: word.name) else {
      error(DiagnosticMessage.unknownMissingPolicy(word))
      return nil
    }
    guard let inner = condition(literal.condition, window: window) else { return nil }
    guard Condition.perDay(inner, over: range, length: window) != nil else {
      error(DiagnosticMessage.dayOutsideWindow(window: window, at: literal.condition.range))
      return nil
    }
    return .daysHolding(count, of: range, inner, missing: missing)
  }

  func notACondition(_ expression: RuleExpression) -> Diagnostic {
    DiagnosticMessage.expectedCondition(at: expression.range)
  }

  /// A rule expression that must be a value (a number with a unit).
  mutating func value(_ expression: RuleExpression, window: Int) -> HealthExpression? {
    switch expression {
    case .quantity(let quantity):
      return constant(quantity)
    case .member(let base, let member, let arguments, _):
      guard case .name(let name) = base else {
        error(
          DiagnosticMessage.expectedMetricBeforeDot(at: base.range))
        return nil
      }
      guard let metric = metric(name) else { return nil }
      let range: DayRange
      switch (member.name, arguments) {
      case ("today", nil): range = .today
      case ("yesterday", nil): range = .yesterday
      case ("day", let args?) where args.count == 1:
        guard case .quantity(let n) = args[0], let day = wholeNumber(n, for: "a day", range: 1...window)
        else {
          if case .quantity = args[0] {
          } else {
            error(DiagnosticMessage.expectedDay(at: args[0].range))
          }
          return nil
        }
        range = .day(day)
      default:
        error(DiagnosticMessage.unknownName(.day, member, candidates: ["today", "yesterday", "day"]))
        return nil
      }
      return .reading(metric, range)
    case .call(let name, let arguments, let range):
      guard let aggregate = Aggregate(rawValue: name.name) else {
        error(DiagnosticMessage.unknownName(.function, name, candidates: Aggregate.allCases.map(\.rawValue)))
        return nil
      }
      guard arguments.count == 2 || arguments.count == 3 else {
        error(
          DiagnosticMessage.badArguments(function: name.name, at: range))
        return nil
      }
      guard case .name(let metricName) = arguments[0], let metric = metric(metricName) else {
        if case .name = arguments[0] {
        } else {
          error(
            DiagnosticMessage.expectedMetricArgument(at: arguments[0].range))
        }
        return nil
      }
      guard case .days(let days) = arguments[1] else {
        error(
          DiagnosticMessage.expectedDays(at: arguments[1].range))
        return nil
      }
      guard let dayRange = dayRange(days, window: window) else { return nil }
      var minimum: Int?
      if arguments.count == 3 {
        guard case .quantity(let q) = arguments[2],
          let n = wholeNumber(q, for: "the fewest readings", range: 0...window)
        else {
          if case .quantity = arguments[2] {
          } else {
            error(
              DiagnosticMessage.expectedCount(at: arguments[2].range))
          }
          return nil
        }
        minimum = n
      }
      return .aggregate(aggregate, metric, dayRange, minimumReadings: minimum)
    case .binary(let op, _, let lhs, let rhs):
      guard let arithmetic = ArithmeticOperator(rawValue: op) else {
        error(
          DiagnosticMessage.conditionAsValue(at: expression.range))
        return nil
      }
      guard let l = value(lhs, window: window), let r = value(rhs, window: window) else { return nil }
      return .arithmetic(arithmetic, l, r)
    case .unary("-", _, let operand):
      return value(operand, window: window).map { .negate($0) }
    case .name(let name) where activeDefinitions[name.name] != nil:
      return expand(name) { checker, definition in checker.value(definition, window: window) }
    case .name(let name):
      if Self.metrics[name.name] != nil {
        error(
          DiagnosticMessage.missingDay(name))
      } else {
        error(DiagnosticMessage.unknownName(.reading, name, candidates: Self.metrics.keys))
      }
      return nil
    default:
      error(
        DiagnosticMessage.expectedValue(at: expression.range))
      return nil
    }
  }

  mutating func metric(_ name: Identifier) -> Metric? {
    if let metric = Self.metrics[name.name] { return metric }
    error(DiagnosticMessage.unknownName(.reading, name, candidates: Self.metrics.keys))
    return nil
  }

  /// A number with a unit as an exact constant in the engine's canonical units.
  mutating func constant(_ quantity: QuantityLiteral) -> HealthExpression? {
    let text = NSDecimalNumber(decimal: quantity.value).stringValue
    guard let exact = Rational(decimal: text) else {
      let written = sources.file(quantity.numberRange.file)?.text(in: quantity.numberRange) ?? text
      error(DiagnosticMessage.tooManyDigits(written, at: quantity.numberRange))
      return nil
    }
    guard let unit = quantity.unit else { return .number(exact) }
    if unit.text == "%" { return .percent(exact) }
    guard let input = InputUnit(symbol: unit.text) else {
      error(DiagnosticMessage.unknownUnit(unit, candidates: ["%", "lb", "kg", "mmHg", "mg/dL", "mmol/L"]))
      return nil
    }
    guard let canonical = input.toCanonical(exact) else {
      error(
        DiagnosticMessage.valueOutOfRange(text, unit: unit.text, at: quantity.range))
      return nil
    }
    return .constant(canonical, input.canonical)
  }

  mutating func dayRange(_ days: DaysLiteral, window: Int) -> DayRange? {
    switch days.kind {
    case .today: return .today
    case .yesterday: return .yesterday
    case .window: return .window
    case .day(let n): return wholeNumber(n, for: "a day", range: 1...window).map { .day($0) }
    case .last(let n): return wholeNumber(n, for: "a number of days", range: 1...window).map { .last($0) }
    case .days(let a, let b):
      guard let first = wholeNumber(a, for: "a day", range: 1...window),
        let last = wholeNumber(b, for: "a day", range: 1...window)
      else { return nil }
      guard first <= last else {
        error(
          DiagnosticMessage.daysRunBackwards(first: first, last: last, at: days.range))
        return nil
      }
      return .days(first, last)
    }
  }
}
