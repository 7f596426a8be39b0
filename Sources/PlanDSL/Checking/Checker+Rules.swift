import Diagnostics
import Foundation
import HealthRules

/// The names a rule set declares, carried to the rule sets that extend it and to its tests.
struct RuleScope {
  /// A `define`d expression and the window length it was written for.
  struct Definition {
    var expression: RuleExpression
    var window: Int
  }

  var definitions: [String: Definition] = [:]
  /// `parameter NAME: KIND`, by name, with the canonical unit of its kind.
  var parameters: [String: ValueUnit] = [:]
  /// `symptom NAME: …`: the name and its phrases.
  var symptoms: [String: [String]] = [:]

  /// The kinds a parameter may have, with their canonical units.
  static let parameterKinds: [String: ValueUnit] = [
    "mass": .pound, "pressure": .mmHg, "glucose": .mgPerDL, "number": .number,
  ]
}

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
    if let moving = base, moving.windowLength != windowLength {
      // Inherited day ranges keep their meaning relative to the window's end.
      do throws(RuleError) {
        base = try moving.movingWindow(to: windowLength)
      } catch {
        self.error(
          DiagnosticMessage.inheritedDaysOutsideWindow(
            error.alertID ?? "", base: moving.id, window: windowLength, at: d.window?.range ?? d.name.range))
      }
    }
    var alerts: [Alert] = []
    var seen: [String: SourceRange] = [:]
    activeAlerts = Dictionary(
      (base?.alerts ?? []).map { ($0.id, $0.condition) }, uniquingKeysWith: { a, _ in a })
    activeAlertsWindow = windowLength
    var rawConditions: [String: Condition] = [:]
    scope = base.flatMap { ruleScopes[$0.id] } ?? RuleScope()
    declareNames(d, window: windowLength)
    ruleScopes[d.name.name] = scope
    defer {
      activeAlerts = [:]
      scope = RuleScope()
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
      let parts = messageParts(statement.message, window: windowLength)
      guard let own = condition(statement.condition, window: windowLength), let parts else { continue }
      rawConditions[statement.id.name] = own
      // A category's level holds only when no level above it does.
      var condition = own
      for above in statement.excluding {
        if let other = rawConditions[above.name] { condition = .and(condition, .not(other)) }
      }
      let alert =
        parts.contains(where: { if case .value = $0 { true } else { false } })
        ? Alert(
          id: statement.id.name, severity: severity, template: statement.message.value, parts: parts,
          condition: condition)
        : Alert(
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
    var result = RuleSet(
      id: d.name.name, name: d.displayName?.value ?? base?.name ?? d.name.name, windowLength: windowLength,
      alerts: ruleSet.alerts, otherwise: otherwise)
    result.parameters = scope.parameters
    return result
  }

  /// Adds a rule set's own definitions, parameters and symptoms to the scope it inherited.
  mutating func declareNames(_ d: RulesDeclaration, window: Int) {
    var declaredAt: [String: SourceRange] = [:]
    func fresh(_ kind: String, _ name: Identifier, in checker: inout Checker) -> Bool {
      if let first = declaredAt[name.name] {
        checker.error(DiagnosticMessage.duplicate(kind, name, first: first))
        return false
      }
      declaredAt[name.name] = name.range
      return true
    }
    for definition in d.definitions where fresh("definition", definition.name, in: &self) {
      scope.definitions[definition.name.name] = RuleScope.Definition(
        expression: definition.expression, window: window)
    }
    for parameter in d.parameters where fresh("parameter", parameter.name, in: &self) {
      guard let unit = RuleScope.parameterKinds[parameter.kind.name] else {
        error(
          DiagnosticMessage.unknownName(
            .parameterKind, parameter.kind, candidates: RuleScope.parameterKinds.keys.sorted()))
        continue
      }
      scope.parameters[parameter.name.name] = unit
    }
    for symptom in d.symptoms where fresh("symptom", symptom.name, in: &self) {
      var phrases = [symptom.name.name]
      for phrase in symptom.phrases {
        guard !phrase.value.trimmingCharacters(in: .whitespaces).isEmpty else {
          error(DiagnosticMessage.emptyWord(at: phrase.range))
          continue
        }
        phrases.append(phrase.value)
      }
      scope.symptoms[symptom.name.name] = phrases
    }
  }

  /// A message with `{EXPR}` values: its text and values, each value checked in the window.
  ///
  /// `{{` and `}}` are literal braces. Values are parsed from the source text of the
  /// message, so errors point into the string.
  mutating func messageParts(_ message: StringLiteral, window: Int) -> [Alert.MessagePart]? {
    let text = message.value
    guard text.contains("{") || text.contains("}") else { return [.text(text)] }
    let bytes = Array(text.utf8)
    let file = sources.file(message.range.file)
    let raw = file.map {
      Array(
        $0.bytes[
          min(
            message.range.start + 1, $0.bytes.count)..<max(
              message.range.start + 1, min(message.range.end - 1, $0.bytes.count))])
    }
    // Where the value's bytes start in the file: exact when the string has no escapes.
    let exact = raw == bytes
    var parts: [Alert.MessagePart] = []
    var literal: [UInt8] = []
    var index = 0
    var ok = true
    func location(_ offset: Int, _ length: Int) -> SourceRange {
      guard exact else { return message.range }
      let start = message.range.start + 1 + offset
      return SourceRange(file: message.range.file, start: start, end: start + length)
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "{"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") {
        literal.append(byte)
        index += 2
        continue
      }
      if byte == UInt8(ascii: "}") {
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "}") {
          literal.append(byte)
          index += 2
          continue
        }
        error(DiagnosticMessage.badTemplate("a '}' without its '{'", at: location(index, 1)))
        ok = false
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "{") else {
        literal.append(byte)
        index += 1
        continue
      }
      guard let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "}")) else {
        error(DiagnosticMessage.badTemplate("a '{' without its '}'", at: location(index, 1)))
        ok = false
        break
      }
      if !literal.isEmpty { parts.append(.text(String(decoding: literal, as: UTF8.self))) }
      literal = []
      let inner = Array(bytes[(index + 1)..<close])
      if let expression = templateValue(
        inner, at: location(index + 1, inner.count), message: message, window: window)
      {
        parts.append(.value(expression))
      } else {
        ok = false
      }
      index = close + 1
    }
    if !literal.isEmpty { parts.append(.text(String(decoding: literal, as: UTF8.self))) }
    return ok ? parts : nil
  }

  /// Parses and checks one `{…}` of a message.
  private mutating func templateValue(
    _ inner: [UInt8], at range: SourceRange, message: StringLiteral, window: Int
  ) -> HealthExpression? {
    guard inner.contains(where: { $0 != UInt8(ascii: " ") }) else {
      error(DiagnosticMessage.badTemplate("'{}' holds no value", at: range))
      return nil
    }
    // A file of spaces with the value's text where it is written, so tokens keep their offsets.
    let length = max(sources.file(range.file)?.bytes.count ?? 0, range.start + inner.count)
    var blank = [UInt8](repeating: UInt8(ascii: " "), count: length + 1)
    blank.replaceSubrange(range.start..<(range.start + inner.count), with: inner + [UInt8(ascii: "}")])
    let file = SourceFile(
      path: sources.file(range.file)?.path ?? "", text: String(decoding: blank, as: UTF8.self))
    guard file.bytes.count == blank.count else {
      error(DiagnosticMessage.badTemplate("the value is not readable text", at: range))
      return nil
    }
    var lexer = Lexer(file, fileIndex: range.file)
    let tokens = lexer.tokenize()
    var parser = Parser(tokens: tokens, file: range.file)
    let expression = parser.parseRuleExpression()
    let problems = lexer.diagnostics + parser.diagnostics
    if !problems.isEmpty {
      for problem in problems { diagnostics.append(problem) }
      return nil
    }
    guard let expression else { return nil }
    guard parser.current.isSymbol("}"), parser.current.range.start == range.start + inner.count else {
      // A comment can hide the closing brace: then the whole value is the place.
      let place = parser.current.range.start < range.start + inner.count ? parser.current.range : range
      error(DiagnosticMessage.badTemplate("expected one value between '{' and '}'", at: place))
      return nil
    }
    guard let value = value(expression, window: window) else { return nil }
    do throws(RuleError) {
      _ = try RuleSet.unit(of: value, windowLength: window)
    } catch {
      self.error(DiagnosticMessage.invalidRule(error.message, at: expression.range))
      return nil
    }
    return value
  }

  // MARK: Typing rule expressions

  static let metrics: [String: Metric] = [
    "weight": .weight, "systolic": .systolic, "diastolic": .diastolic, "sugar": .sugar, "glucose": .sugar,
    "heart_rate": .heartRate, "pulse": .heartRate, "spo2": .spo2, "temperature": .temperature,
  ]

  /// Checks a `define`d name's expression where it is used, in the window it was written for,
  /// reporting a definition that uses itself.
  mutating func expand<T>(_ name: Identifier, _ body: (inout Checker, RuleExpression, Int) -> T?) -> T? {
    guard let definition = scope.definitions[name.name] else { return nil }
    guard !expandingDefinitions.contains(name.name) else {
      error(DiagnosticMessage.definitionCycle(name, through: expandingDefinitions))
      return nil
    }
    expandingDefinitions.append(name.name)
    defer { expandingDefinitions.removeLast() }
    return body(&self, definition.expression, definition.window)
  }

  /// A rule expression that must be a condition (true, false or unknown).
  mutating func condition(_ expression: RuleExpression, window: Int) -> Condition? {
    if case .name(let name) = expression, scope.definitions[name.name] != nil {
      // An inherited definition keeps its days relative to the window's end.
      return expand(name) { checker, definition, written in
        checker.condition(definition, window: written)?.moved(by: window - written, from: written)
      }
    }
    if case .member(.name(let base), let id, nil, _) = expression, base.name == "alert" {
      guard let referred = activeAlerts[id.name] else {
        error(DiagnosticMessage.unknownAlertReference(id, candidates: activeAlerts.keys))
        return nil
      }
      // Inside an inherited definition written for another window, in that window's days.
      return referred.moved(by: window - activeAlertsWindow, from: activeAlertsWindow)
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
    case .noReadings(let days, _):
      guard let range = dayRange(days, window: window) else { return nil }
      return .noReadings(range)
    case .mentionSymptom(let name, let days, _):
      guard let phrases = scope.symptoms[name.name] else {
        error(DiagnosticMessage.unknownName(.symptom, name, candidates: scope.symptoms.keys))
        return nil
      }
      let range = days.flatMap { dayRange($0, window: window) } ?? .today
      // Synonyms: any of the phrases, or-ed (the same three values as one phrase).
      let mentions = phrases.map { Condition.symptomsMention($0, range) }
      return mentions.dropFirst().reduce(mentions[0]) { .or($0, $1) }
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
        error(DiagnosticMessage.badDayCount(k, days: days, inARow: literal.within, at: written.range))
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
    if literal.within { return .inARow(count, within: range, inner, missing: missing) }
    return .daysHolding(count, of: range, inner, missing: missing)
  }

  /// `count(DAYS where C, missing counts as …)`.
  mutating func countDays(_ literal: CountDaysLiteral, window: Int) -> HealthExpression? {
    guard let range = dayRange(literal.days, window: window) else { return nil }
    guard let word = literal.missing else {
      error(DiagnosticMessage.missingPolicy(at: literal.range, inCount: true))
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
    return .countDays(range, inner, missing: missing)
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
      let metric: Metric
      switch base {
      case .name(let name):
        guard let found = self.metric(name) else { return nil }
        metric = found
      case .selected:
        guard let found = selectedMetric(base) else { return nil }
        metric = found
      default:
        error(
          DiagnosticMessage.expectedMetricBeforeDot(at: base.range))
        return nil
      }
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
      let chosen: Metric?
      switch arguments[0] {
      case .name(let metricName): chosen = metric(metricName)
      case .selected: chosen = selectedMetric(arguments[0])
      default: chosen = nil
      }
      guard let metric = chosen else {
        switch arguments[0] {
        case .name, .selected: break
        default:
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
    case .name(let name) where scope.definitions[name.name] != nil:
      return expand(name) { checker, definition, written in
        checker.value(definition, window: written)?.moved(by: window - written, from: written)
      }
    case .name(let name) where scope.parameters[name.name] != nil:
      return .parameter(name.name, scope.parameters[name.name] ?? .number)
    case .countDays(let literal):
      return countDays(literal, window: window)
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

  /// The metric of `sugar(first where context = fasting)`, with its selection.
  mutating func selectedMetric(_ expression: RuleExpression) -> Metric? {
    guard case .selected(let name, let combineWord, let context, _) = expression,
      let metric = metric(name)
    else { return nil }
    var combine = DayCombine.mean
    if let combineWord {
      guard let found = DayCombine(rawValue: combineWord.name) else {
        error(
          DiagnosticMessage.unknownName(
            .function, combineWord, candidates: DayCombine.allCases.map(\.rawValue)))
        return nil
      }
      combine = found
    }
    if let context, Observation.normalizedContext(context.value) == nil {
      error(DiagnosticMessage.invalidRule("a context cannot be empty", at: context.range))
      return nil
    }
    return metric.selecting(ReadingSelection(combine: combine, context: context?.value))
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
    if unit.text == "day" || unit.text == "days" { return .constant(exact, .day) }
    // A rate: `0.5 lb/day`, `2 kg/week`, `5 mmHg/day`.
    var symbol = Substring(unit.text)
    var days: Int64 = 0
    if symbol.hasSuffix("/day") {
      symbol = symbol.dropLast(4)
      days = 1
    } else if symbol.hasSuffix("/week") {
      symbol = symbol.dropLast(5)
      days = 7
    }
    guard let input = InputUnit(symbol: symbol) else {
      error(
        DiagnosticMessage.unknownUnit(
          unit,
          candidates: ["%", "lb", "kg", "mmHg", "mg/dL", "mmol/L", "days", "lb/day", "kg/week", "mmHg/day"]))
      return nil
    }
    guard !input.hasOffset else {
      error(
        DiagnosticMessage.invalidRule(
          "write temperatures in rules in °C (Cel or degC): a difference of 1 °F is not 1 °F after 32 °F is taken off",
          at: quantity.range))
      return nil
    }
    guard let canonical = input.toCanonical(exact), let perDay = canonical.divided(by: Rational(max(days, 1)))
    else {
      error(
        DiagnosticMessage.valueOutOfRange(text, unit: unit.text, at: quantity.range))
      return nil
    }
    return .constant(perDay, days == 0 ? input.canonical : input.canonical.perDay)
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
