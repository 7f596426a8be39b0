import Foundation
import Testing

@testable import HealthRules

@Suite("Expressions, aggregates and three-valued logic")
struct EvaluationTests {
  /// Weights for days 1...7 with blanks: 180, -, 182, 181, -, 185, 184
  static let window: Window = {
    var week = Week()
    week.weight = [180, nil, 182, 181, nil, 185, 184]
    week.symptoms = [nil, "", "Mild headache, tired", nil, "", "", "chest pain"]
    return week.window
  }()

  struct AggregateCase: Sendable, CustomTestStringConvertible {
    let expression: HealthExpression
    let expected: String?
    var testDescription: String { "\(expression) is \(expected ?? "unknown")" }
  }

  static let aggregateCases: [AggregateCase] = {
    let w = Metric.weight
    var cases: [AggregateCase] = []
    func add(_ expression: HealthExpression, _ expected: String?) {
      cases.append(AggregateCase(expression: expression, expected: expected))
    }
    add(.aggregate(.mean, w, .window), "182.4")
    add(.aggregate(.mean, w, .days(1, 3)), "181")
    add(.aggregate(.min, w, .window), "180")
    add(.aggregate(.max, w, .last(3)), "185")
    add(.aggregate(.sum, w, .days(1, 2)), "180")
    add(.aggregate(.count, w, .window), "5")
    add(.aggregate(.count, w, .days(2, 2)), "0")
    add(.aggregate(.median, w, .window), "182")
    add(.aggregate(.median, w, .days(1, 3)), "181")
    add(.aggregate(.first, w, .days(2, 7)), "182")
    add(.aggregate(.last, w, .days(1, 5)), "181")
    add(.aggregate(.change, w, .window), "4")
    add(.aggregate(.percentChange, w, .window), "1/45")
    // Least squares over (1,180) (3,182) (4,181) (6,185) (7,184): 88/114 lb per day.
    add(.aggregate(.slope, w, .window), "44/57")
    add(.aggregate(.mean, w, .days(2, 2)), nil)
    add(.aggregate(.change, w, .days(1, 2)), nil)
    add(.aggregate(.mean, w, .window, minimumReadings: 6), nil)
    add(.aggregate(.mean, w, .window, minimumReadings: 5), "182.4")
    add(.reading(w, .yesterday), "185")
    add(.reading(w, .day(2)), nil)
    add(.reading(w, .today) - .reading(w, .day(1)), "4")
    add(.reading(w, .today) / .reading(w, .day(1)), "46/45")
    add(.reading(w, .today) * .percent(110), "202.4")
    add(.negate(.reading(w, .today)), "-184")
    add(.reading(w, .today) / .number(0), nil)
    return cases
  }()

  @Test("aggregates skip missing days", arguments: aggregateCases)
  func aggregates(_ test: AggregateCase) throws {
    let value = try Self.window.evaluate(test.expression)
    #expect(value.value.map(\.description) == test.expected)
  }

  @Test("the compiled program agrees with the explaining evaluator on every aggregate")
  func compiledAgreesWithExplainer() throws {
    for aggregate in Aggregate.allCases {
      for range in [DayRange.window, .days(1, 3), .days(4, 7), .last(2), .yesterday, .day(2)] {
        let expression = HealthExpression.aggregate(aggregate, .weight, range)
        for threshold in [Rational(0), 1, 180, 182, Rational(1, 45)] {
          let condition = Condition.comparison(expression, .greaterOrEqual, .constant(threshold, .pound))
          let unit = try RuleSet.unit(of: expression, windowLength: 7)
          let typed = Condition.comparison(expression, .greaterOrEqual, .constant(threshold, unit))
          _ = condition
          let rules = RuleSet(
            id: "t", name: "t", alerts: [Alert(id: "a", message: "m", condition: typed)], otherwise: "ok")
          let fast = try rules.compiled().outcomes(for: Self.window).outcome(ofAlertAt: 0)
          let slow = try Self.window.evaluate(typed).truth
          #expect(fast == slow, "\(typed)")
        }
      }
    }
  }

  struct LogicCase: Sendable, CustomTestStringConvertible {
    let a: Truth
    let b: Truth
    let and: Truth
    let or: Truth
    var testDescription: String { "\(a), \(b)" }
  }

  @Test(
    "and, or and not follow Kleene's three-valued logic",
    arguments: [
      LogicCase(a: .yes, b: .yes, and: .yes, or: .yes),
      LogicCase(a: .yes, b: .no, and: .no, or: .yes),
      LogicCase(a: .yes, b: .unknown, and: .unknown, or: .yes),
      LogicCase(a: .no, b: .no, and: .no, or: .no),
      LogicCase(a: .no, b: .unknown, and: .no, or: .unknown),
      LogicCase(a: .unknown, b: .unknown, and: .unknown, or: .unknown),
      LogicCase(a: .unknown, b: .no, and: .no, or: .unknown),
    ])
  func kleeneLogic(_ test: LogicCase) throws {
    // yes: weight today > 0; no: weight today < 0; unknown: weight on day 2 > 0.
    func condition(_ truth: Truth) -> Condition {
      switch truth {
      case .yes: return .comparison(.reading(.weight, .today), .greater, .constant(0, .pound))
      case .no: return .comparison(.reading(.weight, .today), .less, .constant(0, .pound))
      case .unknown: return .comparison(.reading(.weight, .day(2)), .greater, .constant(0, .pound))
      }
    }
    let rules = RuleSet(
      id: "t", name: "t",
      alerts: [
        Alert(id: "and", message: "", condition: condition(test.a) && condition(test.b)),
        Alert(id: "or", message: "", condition: condition(test.a) || condition(test.b)),
        Alert(id: "not", message: "", condition: !condition(test.a)),
      ], otherwise: "")
    let outcomes = try rules.compiled().outcomes(for: Self.window)
    #expect(outcomes.outcome(ofAlertAt: 0) == test.and)
    #expect(outcomes.outcome(ofAlertAt: 1) == test.or)
    #expect(outcomes.outcome(ofAlertAt: 2) == !test.a)
    #expect(try Self.window.evaluate(condition(test.a) && condition(test.b)).truth == test.and)
    #expect(try Self.window.evaluate(condition(test.a) || condition(test.b)).truth == test.or)
  }

  @Test(
    "symptom words match whole words, ignoring case, and missing text is unknown",
    arguments: [
      ("headache", DayRange.days(2, 3), Truth.yes),
      ("HEADACHE", .days(2, 3), .yes),
      ("ache", .days(2, 3), .no),
      ("chest pain", .today, .yes),
      ("pain chest", .today, .no),
      ("dizzy", .days(5, 7), .no),
      ("dizzy", .days(1, 3), .unknown),
      ("tired", .days(1, 3), .yes),
    ])
  func symptoms(_ word: String, _ range: DayRange, _ expected: Truth) throws {
    let condition = Condition.symptomsMention(word, range)
    #expect(try Self.window.evaluate(condition).truth == expected)
    let rules = RuleSet(
      id: "t", name: "t", alerts: [Alert(id: "s", message: "", condition: condition)], otherwise: "")
    #expect(try rules.compiled().outcomes(for: Self.window).outcome(ofAlertAt: 0) == expected)
  }

  @Test("custom metrics are evaluated by name")
  func customMetrics() throws {
    let pulse = Metric(name: "pulse", unit: ValueUnit("bpm"))
    var window = Window(today: Day(year: 2026, month: 3, day: 7)!)
    window.set(pulse, day: 6, thousandths: 70_000)
    window.set(pulse, day: 7, thousandths: 95_000)
    let condition = Condition.comparison(
      .reading(pulse, .today), .greater, .arithmetic(.multiply, .reading(pulse, .yesterday), .percent(120)))
    let rules = RuleSet(
      id: "t", name: "t", alerts: [Alert(id: "p", message: "", condition: condition)], otherwise: "")
    #expect(try rules.compiled().outcomes(for: window).outcome(ofAlertAt: 0) == .yes)
    let mean = try window.evaluate(.aggregate(.mean, pulse, .last(2)))
    #expect(mean.value == exact("82.5"))
    #expect(mean.unit == ValueUnit("bpm"))
  }

  struct BadRule: Sendable, CustomTestStringConvertible {
    let condition: Condition
    let message: String
    var testDescription: String { message }
  }

  @Test(
    "rule sets are checked when compiled",
    arguments: [
      BadRule(
        condition: .comparison(.reading(.weight, .today), .greater, .reading(.sugar, .today)),
        message: "alert 'x': cannot compare 'lb' with 'mg/dL' in 'weight.today > sugar.today'"),
      BadRule(
        condition: .comparison(.reading(.weight, .day(8)), .greater, .constant(1, .pound)),
        message: "alert 'x': 'day 8' is not within the 7-day window (days 1...7)"),
      BadRule(
        condition: .comparison(.reading(.weight, .days(1, 3)), .greater, .constant(1, .pound)),
        message: "alert 'x': 'weight' on 'days 1...3' names several days; use an aggregate such as 'mean'"),
      BadRule(
        condition: .comparison(
          .reading(.weight, .today) * .reading(.sugar, .today), .greater, .constant(1, .pound)),
        message: "alert 'x': cannot apply '*' to 'lb' and 'mg/dL' in 'weight.today * sugar.today'"),
      BadRule(
        condition: .symptomsMention("  ", .today), message: "alert 'x': a symptom word cannot be empty"),
    ])
  func badRules(_ test: BadRule) {
    let rules = RuleSet(
      id: "t", name: "t", alerts: [Alert(id: "x", message: "", condition: test.condition)], otherwise: "")
    #expect(throws: RuleError.self) { try rules.compiled() }
    do {
      _ = try rules.compiled()
    } catch {
      #expect(error.description == test.message)
    }
  }

  @Test("duplicate alert ids are rejected")
  func duplicateIDs() {
    let alert = RuleSet.baseline.alerts[0]
    let rules = RuleSet(id: "t", name: "t", alerts: [alert, alert], otherwise: "")
    #expect(
      throws: RuleError(
        .duplicateAlert, alertID: "weight_gain", message: "alert 'weight_gain' is defined twice")
    ) {
      try rules.compiled()
    }
  }

  @Test("the as-of date picks the window and yesterday is its calendar day")
  func asOfDate() throws {
    let day = { (d: Int) in Day(year: 2026, month: 3, day: d)! }
    let readings = (1...10).map { Reading(date: day($0), sugar: Rational(Int64(100 + $0))) }
    let window = try Window(readings: readings, asOf: day(8))
    #expect(window.firstDay == day(2))
    #expect(window.value(.sugar, day: 7) == 108)
    #expect(window.value(.sugar, day: 6) == 107)
    let latest = try Window(readings: readings)
    #expect(latest.today == day(10))
    // Two records of one day are one day holding both readings: their mean.
    let merged = try Window(readings: readings + [Reading(date: day(10), sugar: 111)])
    #expect(merged.value(.sugar, day: 7) == Rational(221, 2))
    #expect(throws: WindowError.noReadings) { try Window(readings: []) }
  }

  @Test("evidence JSON uses snake_case keys and exact values")
  func verdictJSON() throws {
    var week = Week()
    week.sugar[6] = 120
    let verdict = try RuleSet.baseline.compiled().evaluate(week.window)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = String(decoding: try encoder.encode(verdict), as: UTF8.self)
    #expect(json.contains("\"verdict\":\"alert\""))
    #expect(json.contains("\"alerts\":[\"sugar_high\"]"))
    #expect(json.contains("\"rule_set\":\"baseline\""))
    #expect(json.contains("\"window_start\":\"2026-03-01\""))
    #expect(json.contains("\"outcome\":\"not_fired\""))
    #expect(json.contains("\"exact\":\"120\""))
    let decoded = try JSONDecoder().decode(Verdict.self, from: try encoder.encode(verdict))
    #expect(decoded.alerts == verdict.alerts)
    #expect(decoded.results.map(\.outcome) == verdict.results.map(\.outcome))
  }
}

@Suite("Exact values and units")
struct ValuesTests {
  @Test(
    "conversions are exact and rounded to thousandths only when stored",
    arguments: [
      (InputUnit.kilogram, "1", "100000000/45359237"),
      (.kilogram, "0.45359237", "1"),
      (.gram, "453.59237", "1"),
      (.mmolPerL, "5.5", "99.088"),
      (.mmolPerL, "1", "18.016"),
      (.pound, "180.5", "180.5"),
    ])
  func conversions(_ unit: InputUnit, _ input: String, _ expected: String) throws {
    let value = try #require(unit.toCanonical(exact(input)))
    #expect(value.description == expected)
  }

  @Test("unit symbols are recognised with common spellings")
  func unitSymbols() {
    #expect(InputUnit(symbol: "KG") == .kilogram)
    #expect(InputUnit(symbol: "lbs") == .pound)
    #expect(InputUnit(symbol: "mg/dl") == .mgPerDL)
    #expect(InputUnit(symbol: "mmol<180.1558800000541>/L") == .mmolPerL)
    #expect(InputUnit(symbol: "stone") == nil)
  }

  @Test(
    "decimals parse exactly and reject what is not a plain decimal",
    arguments: [
      ("181.5", "181.5"), ("-3", "-3"), ("+0.25", "0.25"), (".5", "0.5"), ("1e3", nil), ("", nil),
      ("1.2.3", nil),
      ("nan", nil), ("12,5", nil), ("1234567890123456", nil),
    ])
  func decimals(_ text: String, _ expected: String?) {
    #expect(Rational(decimal: text)?.description == expected)
  }

  @Test("comparison is exact even where doubles are not")
  func exactComparison() {
    // 0.1 + 0.2 == 0.3 exactly here.
    let sum = exact("0.1").adding(exact("0.2"))
    #expect(sum == exact("0.3"))
    #expect(Rational(11, 10).multiplied(by: 100) == 110)
    #expect(Rational(Int64.max / 2, 3) > Rational(Int64.max / 2 - 1, 3))
    #expect(Rational(1, 3).formatted() == "0.333")
    #expect(Rational(2, 3).formatted() == "0.667")
    #expect(Rational(-1, 2).formatted() == "-0.5")
  }

  @Test("arithmetic that overflows reports it instead of wrapping")
  func overflow() {
    let huge = Rational(Int64.max - 1)
    #expect(huge.adding(huge) == nil)
    #expect(huge.multiplied(by: 2) == nil)
    #expect(Rational(1).divided(by: 0) == nil)
  }

  @Test("days convert to and from ISO 8601 across leap years")
  func days() throws {
    let leap = try #require(Day(iso: "2024-02-29"))
    #expect(leap.advanced(by: 1).description == "2024-03-01")
    #expect(Day(iso: "2023-02-29") == nil)
    #expect(Day(iso: "1970-01-01")?.ordinal == 0)
    #expect(Day(iso: "2000-03-01")?.advanced(by: -1).description == "2000-02-29")
    #expect(Day(iso: "1900-03-01")?.advanced(by: -1).description == "1900-02-28")
    #expect(Day(iso: "2026-3-1") == nil)
    for ordinal in stride(from: -700_000, through: 2_900_000, by: 997) {
      let day = Day(ordinal: ordinal)
      #expect(Day(iso: day.description) == day)
    }
  }
}
