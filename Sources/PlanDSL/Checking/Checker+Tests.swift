import Diagnostics
import Foundation
import HealthRules

extension Checker {
  /// Checks a `test` block and lowers it into a ``RuleTest`` for the rule set it names.
  mutating func checkTest(_ d: TestDeclaration, ruleSets: [RuleSet]) -> RuleTest? {
    let errorsBefore = diagnostics.count
    let known = Dictionary(ruleSets.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }).merging(
      Self.bundledRuleSets, uniquingKeysWith: { declared, _ in declared })
    let ruleSet: RuleSet
    if let name = d.ruleSet {
      guard let found = known[name.name] else {
        reportUnknown(.ruleSet, name, candidates: known.keys, declaredAs: "rules")
        return nil
      }
      ruleSet = found
    } else if ruleSets.count == 1 {
      ruleSet = ruleSets[0]
    } else if ruleSets.isEmpty {
      ruleSet = .baseline
    } else {
      error(
        DiagnosticMessage.ambiguousTest(d.name, firstRuleSet: ruleSets[0].id))
      return nil
    }
    let window = ruleSet.windowLength
    var readings = RuleTest.Readings.days(Array(repeating: nil, count: window))
    let numbered = d.days.filter { $0.number != nil }
    let dated = d.days.filter { $0.date != nil }
    if !numbered.isEmpty && (!dated.isEmpty || d.readingsFile != nil) {
      error(
        DiagnosticMessage.mixedTestDays(at: numbered[0].range))
    }
    if !numbered.isEmpty {
      var days = [Measurements?](repeating: nil, count: window)
      var seen: [String: SourceRange] = [:]
      for day in numbered {
        guard let literal = day.number, let n = wholeNumber(literal, for: "a day", range: 1...window) else {
          continue
        }
        let key =
          "\(n) \(day.time?.text ?? "") \(day.context.flatMap { Observation.normalizedContext($0.value) } ?? "")"
        if let first = seen[key] {
          if day.time == nil && day.context == nil {
            error(DiagnosticMessage.duplicateDay(n, at: day.range, first: first))
          } else {
            error(DiagnosticMessage.duplicateDay(Self.describe(day, "day \(n)"), at: day.range, first: first))
          }
          continue
        }
        seen[key] = day.range
        guard let read = timed(measurements(day.readings), day) else { continue }
        if var earlier = days[n - 1] {
          earlier.merge(read)
          days[n - 1] = earlier
        } else {
          days[n - 1] = read
        }
      }
      readings = .days(days)
    } else {
      var list: [Reading] = []
      var seenDates: [String: SourceRange] = [:]
      for day in dated {
        guard let token = day.date, let date = Day(iso: token.value) else {
          if let token = day.date {
            error(
              DiagnosticMessage.badDate(token.value, at: token.range))
          }
          continue
        }
        let key =
          "\(date) \(day.time?.text ?? "") \(day.context.flatMap { Observation.normalizedContext($0.value) } ?? "")"
        if let first = seenDates[key] {
          error(DiagnosticMessage.duplicateDay(Self.describe(day, "\(date)"), at: day.range, first: first))
          continue
        }
        seenDates[key] = day.range
        let read = timed(measurements(day.readings), day) ?? Measurements()
        // Two readings of one date (at two times, or in two contexts) are one day's readings; the
        // test's readings file, read when the test runs, comes before them (RuleTest.allReadings()).
        if let index = list.firstIndex(where: { $0.date == date }) {
          list[index].measurements.merge(read)
        } else {
          list.append(Reading(date: date, measurements: read))
        }
      }
      if !list.isEmpty || d.readingsFile != nil { readings = .dated(list) }
    }
    var today: Day?
    if let token = d.today {
      today = Day(iso: token.value)
      if today == nil {
        error(
          DiagnosticMessage.badDate(token.value, at: token.range))
      }
    }
    var expectations: [RuleTest.Expectation] = []
    scope = ruleScopes[ruleSet.id] ?? RuleScope()
    defer { scope = RuleScope() }
    let parameters = given(d.given, ruleSet: ruleSet)
    let alertIDs = Set(ruleSet.alerts.map(\.id))
    func checkID(_ id: Identifier) -> Bool {
      if alertIDs.contains(id.name) { return true }
      error(DiagnosticMessage.unknownName(.alert, id, candidates: alertIDs))
      return false
    }
    var expectationRanges: [SourceRange] = []
    for expectation in d.expectations {
      let before = expectations.count
      defer { if expectations.count > before { expectationRanges.append(expectation.range) } }
      switch expectation {
      case .healthy: expectations.append(.healthy)
      case .notEnoughData: expectations.append(.notEnoughData)
      case .alert(let id): if checkID(id) { expectations.append(.alert(id.name)) }
      case .noAlert(let id): if checkID(id) { expectations.append(.noAlert(id.name)) }
      case .unknown(let id): if checkID(id) { expectations.append(.unknown(id.name)) }
      case .exactAlerts(let ids, _):
        if ids.allSatisfy({ checkID($0) }) { expectations.append(.exactAlerts(ids.map(\.name))) }
      case .value(let expression, _):
        guard case .binary(let op, _, let lhs, let rhs) = expression,
          let comparison = ComparisonOperator(rawValue: op)
        else {
          error(
            DiagnosticMessage.expectedComparison(at: expression.range))
          continue
        }
        guard let l = value(lhs, window: window), let r = value(rhs, window: window) else { continue }
        // Units that cannot be compared are a mistake in the file, found here rather than when run.
        do throws(RuleError) {
          try RuleSet.check(.comparison(l, comparison, r), windowLength: window)
        } catch {
          self.error(DiagnosticMessage.invalidRule(error.message, at: expression.range))
          continue
        }
        expectations.append(.value(l, comparison, r))
      }
    }
    if d.expectations.isEmpty, !hadSyntaxError(in: d.range) {
      error(
        DiagnosticMessage.missingExpectation(d.name))
    }
    guard diagnostics.count == errorsBefore else { return nil }
    let location = sources.file(d.range.file).map { file in
      "\(file.path):\(file.lineAndColumn(of: d.range.start).line)"
    }
    var test = RuleTest(
      name: d.name.value, ruleSet: ruleSet.id, readings: readings, today: today, expectations: expectations,
      source: location)
    test.parameters = parameters
    test.readingsFile = d.readingsFile.map(readingsFileURL)
    test.expectationSources = expectationRanges.map { range in
      guard let file = sources.file(range.file) else { return "" }
      let (line, column) = file.lineAndColumn(of: range.start)
      return "\(file.path):\(line):\(column)"
    }
    ruleTestExpectationRanges.append(expectationRanges)
    return test
  }

  /// `day 7 at 07:10 (fasting)`: a test day as messages name it.
  static func describe(_ day: TestDay, _ name: String) -> String {
    name + (day.time.map { " at \($0.text)" } ?? "")
      + (day.context.flatMap { Observation.normalizedContext($0.value) }.map { " (\($0))" } ?? "")
  }

  /// A test day's values taken at its time (`at 07:10`) in its context (`fasting`): each
  /// reading made one of the day's readings (``Measurements/add(_:steps:time:context:enteredIn:)``).
  mutating func timed(_ values: Measurements?, _ day: TestDay) -> Measurements? {
    guard let values, day.time != nil || day.context != nil else { return values }
    var time: TimeOfDay?
    if let written = day.time {
      guard let parsed = TimeOfDay(text: written.text) else {
        error(DiagnosticMessage.badTime(written.text, at: written.range))
        return nil
      }
      time = parsed
    }
    var result = Measurements(symptoms: values.symptoms)
    for name in values.steps.keys.sorted() {
      guard let steps = values.steps[name] else { continue }
      let metric = Metric(name: name, unit: .number)
      result.add(
        metric, steps: steps, time: time, context: day.context?.value,
        enteredIn: values.enteredUnit(of: metric))
    }
    return result
  }

  /// One test day's values in canonical units, or `nil` for a blank day.
  mutating func measurements(_ readings: [TestReading]) -> Measurements? {
    guard !readings.isEmpty else { return nil }
    var result = Measurements()
    for reading in readings {
      switch reading.metric.name {
      case "symptoms":
        guard let text = reading.text else {
          error(
            DiagnosticMessage.expectedText(at: reading.range)
          )
          continue
        }
        result.symptoms = text.value
      case "bp":
        guard let systolic = reading.value, let diastolic = reading.second else {
          // A number the parser could not read has been reported already: one root error.
          if !hadSyntaxError(in: reading.range) {
            error(
              DiagnosticMessage.expectedPressure(at: reading.range))
          }
          continue
        }
        store(systolic, as: .systolic, default: "mmHg", in: &result)
        store(diastolic, as: .diastolic, default: "mmHg", in: &result)
        if let s = result[.systolic], let d = result[.diastolic], s <= d {
          error(DiagnosticMessage.pressureOrder(systolic: systolic, diastolic: diastolic, at: reading.range))
        }
      default:
        guard let metric = Self.metrics[reading.metric.name] else {
          error(
            DiagnosticMessage.unknownName(
              .reading, reading.metric, candidates: Array(Self.metrics.keys) + ["bp", "symptoms"]))
          continue
        }
        guard let quantity = reading.value, reading.second == nil else {
          error(
            DiagnosticMessage.expectedOneValue(metric: reading.metric.name, at: reading.range))
          continue
        }
        let units = [Metric.weight: "lb", .systolic: "mmHg", .diastolic: "mmHg", .sugar: "mg/dL"]
        store(quantity, as: metric, default: units[metric] ?? "", in: &result)
      }
    }
    return result
  }

  /// Stores a reading as the readings files do: rounded to thousandths of the unit it was
  /// written in, converted exactly, and remembered in that unit for display.
  mutating func store(
    _ quantity: QuantityLiteral, as metric: Metric, default unit: String, in result: inout Measurements
  ) {
    guard let value = readingValue(quantity, default: unit) else { return }
    let input = InputUnit(symbol: quantity.unit?.text ?? unit)
    if let input, input.canonical == metric.unit, let exact = value.divided(by: input.factor),
      let steps = input.storageSteps(exact)
    {
      // The same plausible ranges as readings files: 0 lb, 400 mmHg and 5000 mg/dL are refused.
      let written = NSDecimalNumber(decimal: quantity.value).stringValue
      if let field = ReadingField.allCases.first(where: { $0.metric == metric }),
        let problem = field.implausibility(steps: steps, written: written, unit: input)
      {
        error(DiagnosticMessage.implausibleReading(problem, at: quantity.range))
        return
      }
      result.set(metric, steps: steps, enteredIn: input)
    } else {
      result[metric] = value
    }
  }

  /// A reading's value in canonical units (lb, mmHg, mg/dL); a bare number takes the default unit.
  mutating func readingValue(_ quantity: QuantityLiteral, default unit: String) -> Rational? {
    var written = quantity
    if written.unit == nil { written.unit = UnitName(text: unit, range: quantity.range) }
    guard case .constant(let value, _) = constant(written) else { return nil }
    if value < Rational.zero {
      error(DiagnosticMessage.negativeAmount(quantity, what: "a reading"))
      return nil
    }
    return value
  }

  /// A readings file named in a test, relative to the test's file; read when the test
  /// runs (``RuleTest/allReadings()``), so that loading the plan (a queued plan's
  /// included) does not need it.
  func readingsFileURL(_ literal: StringLiteral) -> URL {
    let relativeTo = workingDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
    let base = sources.file(literal.range.file).map {
      URL(fileURLWithPath: $0.path, relativeTo: relativeTo).deletingLastPathComponent()
    }
    return URL(fileURLWithPath: literal.value, relativeTo: literal.value.hasPrefix("/") ? nil : base)
  }

  /// `given NAME VALUE` of a test: each parameter in storage steps of its canonical unit.
  mutating func given(_ statements: [GivenStatement], ruleSet: RuleSet) -> [String: Int64] {
    var result: [String: Int64] = [:]
    var seen: [String: SourceRange] = [:]
    for statement in statements {
      let name = statement.name
      guard let unit = ruleSet.parameters[name.name] else {
        error(DiagnosticMessage.unknownName(.parameter, name, candidates: ruleSet.parameters.keys))
        continue
      }
      if let first = seen[name.name] {
        error(DiagnosticMessage.duplicate("given", name, first: first))
        continue
      }
      seen[name.name] = name.range
      let kind = RuleScope.parameterKinds.first { $0.value == unit }?.key ?? "number"
      let units =
        unit == .number ? [] : InputUnit.allCases.filter { $0.canonical == unit }.map(\.rawValue)
      let text = NSDecimalNumber(decimal: statement.value.value).stringValue
      guard let exact = Rational(decimal: text) else {
        error(DiagnosticMessage.tooManyDigits(text, at: statement.value.numberRange))
        continue
      }
      let input = statement.value.unit.flatMap { InputUnit(symbol: $0.text) }
      let fits = unit == .number ? statement.value.unit == nil : input?.canonical == unit
      guard fits else {
        error(DiagnosticMessage.parameterUnit(name.name, kind: kind, units: units, at: statement.value.range))
        continue
      }
      guard let steps = input.map({ $0.storageSteps(exact) }) ?? exact.roundedToSteps(unit.storageScale)
      else {
        error(DiagnosticMessage.valueOutOfRange(text, unit: input?.rawValue ?? "", at: statement.value.range))
        continue
      }
      result[name.name] = steps
    }
    return result
  }
}
