import HealthRules
import Testing

/// `count(DAYS where C)`, runs anywhere, symptom negation, rates, message templates,
/// per-patient parameters and moving a rule set to another window, in the engine.
@Suite("Rules, third edition: counts, runs, symptoms, rates, templates, parameters, windows")
struct ThirdEditionTests {
  static let high: Condition = .comparison(
    .reading(.systolic, .today), .greaterOrEqual, .constant(135, .mmHg))

  /// Systolic 134, —, —, 150, —, —, 136 and the other days' pressures as given.
  func week(_ systolic: [Rational?]) -> Window {
    var week = Week()
    week.systolic = systolic
    week.diastolic = systolic.map { $0 == nil ? nil : 80 }
    return week.window
  }

  func value(_ expression: HealthExpression, in window: Window) throws -> Rational? {
    try window.evaluate(expression).value
  }

  @Test("count: 135 counts, 134 does not; a missing day does not count, or makes the count unknown")
  func count() throws {
    let window = week([134, nil, nil, 150, 135, nil, 136])
    #expect(try value(.countDays(.window, Self.high, missing: .asFalse), in: window) == 3)
    #expect(try value(.countDays(.window, Self.high, missing: .asUnknown), in: window) == nil)
    #expect(try value(.countDays(.days(4, 5), Self.high, missing: .asUnknown), in: window) == 2)
    // A number in arithmetic: twice the count, and the count over the days counted.
    #expect(
      try value(.countDays(.last(3), Self.high, missing: .asFalse) * .number(2), in: window) == 4)
    let explained = try window.evaluate(.countDays(.window, Self.high, missing: .asUnknown))
    #expect(explained.missing.map(\.description).first == "systolic day 2: no reading on day 2 (2026-03-02)")
    let counted = try window.evaluate(.countDays(.window, Self.high, missing: .asFalse))
    #expect(counted.terms.map(\.days) == [[4, 5, 7]])
    #expect(
      HealthExpression.countDays(.window, Self.high, missing: .asFalse).description
        == "count(window where systolic.today >= 135 mmHg, missing counts as false)")
  }

  @Test("a count in a rule: 3 of 7 with a missing day, under both policies, compiled and explained")
  func countInRule() throws {
    func verdict(_ missing: MissingDays, _ systolic: [Rational?]) throws -> Verdict {
      let rules = RuleSet(
        id: "c", name: "C",
        alerts: [
          Alert(
            id: "often", message: "often",
            condition: .comparison(
              .countDays(.window, Self.high, missing: missing), .greaterOrEqual, .number(3)))
        ], otherwise: "fine")
      return try rules.compiled().evaluate(week(systolic))
    }
    let twoAndGap: [Rational?] = [140, 120, 136, nil, 120, 121, 122]
    #expect(try verdict(.asFalse, twoAndGap).status == .healthy)
    #expect(try verdict(.asUnknown, twoAndGap).status == .notEnoughData)
    let three: [Rational?] = [140, 120, 136, nil, 135, 121, 122]
    #expect(try verdict(.asFalse, three).alerts == ["often"])
    #expect(try verdict(.asUnknown, three).status == .notEnoughData)
  }

  @Test("N days in a row in DAYS: a run anywhere; a gap breaks it; undecided days under both policies")
  func runs() throws {
    func run(_ missing: MissingDays, within range: DayRange = .window, _ systolic: [Rational?]) throws
      -> Truth
    {
      try week(systolic).evaluate(.inARow(2, within: range, Self.high, missing: missing)).truth
    }
    #expect(try run(.asFalse, [120, 120, 135, 140, 120, 120, 120]) == .yes)
    #expect(try run(.asFalse, [135, 140, 120, 120, 120, 120, 120]) == .yes)
    #expect(try run(.asFalse, [120, 120, 120, 120, 120, 140, 135]) == .yes)
    #expect(try run(.asFalse, [135, 134, 135, 120, 135, 120, 135]) == .no)
    #expect(try run(.asFalse, within: .days(2, 6), [135, 140, 120, 120, 120, 140, 135]) == .no)
    // An undecided day next to a high one.
    let gap: [Rational?] = [120, 135, nil, 120, 120, 120, 120]
    #expect(try run(.asFalse, gap) == .no)
    #expect(try run(.asUnknown, gap) == .unknown)
    // A run that holds wins over an undecided one; a run broken everywhere is no.
    #expect(try run(.asUnknown, [135, 135, nil, 120, 120, 120, 120]) == .yes)
    #expect(try run(.asUnknown, [120, nil, 120, nil, 120, nil, 120]) == .no)
    // Compiled code agrees with the explaining evaluator.
    for systolic: [Rational?] in [
      gap, [135, 135, nil, 120, 120, 120, 120], [120, nil, 120, nil, 120, nil, 120],
    ] {
      let rules = RuleSet(
        id: "r", name: "R",
        alerts: [
          Alert(
            id: "run", message: "run", condition: .inARow(2, within: .window, Self.high, missing: .asUnknown))
        ],
        otherwise: "fine")
      let outcome = try rules.compiled().outcomes(for: week(systolic)).outcome(ofAlertAt: 0)
      #expect(outcome == (try week(systolic).evaluate(rules.alerts[0].condition).truth))
    }
    #expect(
      Condition.inARow(2, within: .window, Self.high, missing: .asFalse).description
        == "2 days in a row in window (missing counts as false): systolic.today >= 135 mmHg")
  }

  @Test("symptoms: plurals, negation within a clause, 'but', and whole words")
  func symptoms() throws {
    func mentions(_ phrase: String, _ text: String) throws -> Truth {
      var week = Week()
      week.symptoms[6] = text
      return try week.window.evaluate(.symptomsMention(phrase, .today)).truth
    }
    #expect(try mentions("chest pain", "chest pains since noon") == .yes)
    #expect(try mentions("rash", "two rashes") == .yes)
    #expect(try mentions("chest pain", "no chest pain today") == .no)
    #expect(try mentions("chest pain", "No fever or chest pain") == .no)
    #expect(try mentions("chest pain", "no fever, chest pain") == .yes)
    #expect(try mentions("chest pain", "no fever but chest pain") == .yes)
    #expect(try mentions("chest pain", "denies chest pain. Chest pain at night") == .yes)
    #expect(try mentions("short of breath", "patient denied being short of breath") == .no)
    #expect(try mentions("dizzy", "without dizziness") == .no)
    #expect(try mentions("dizzy", "nothing dizzy") == .yes)
    #expect(try mentions("ache", "headache") == .no)
    #expect(try mentions("pain", "painful") == .no)
  }

  @Test("rates: 1 kg/week is exactly 1/7 kg a day; a value over days is a rate")
  func rates() throws {
    let perWeek = Rational(100_000_000, 45_359_237 * 7)
    var week = Week()
    week.weight = [80, nil, nil, nil, nil, nil, 86]
    let window = week.window
    // Slope of 6 lb over 6 days: 1 lb/day.
    #expect(try value(.aggregate(.slope, .weight, .window), in: window) == 1)
    let change = HealthExpression.arithmetic(
      .divide, .arithmetic(.subtract, .reading(.weight, .today), .reading(.weight, .day(1))),
      .constant(6, .day))
    #expect(try window.evaluate(change).unit == ValueUnit("lb/day"))
    #expect(try value(change, in: window) == 1)
    #expect(
      try RuleSet.unit(of: .constant(perWeek, .pound.perDay) * .constant(7, .day), windowLength: 7) == .pound)
    #expect(HealthExpression.constant(perWeek, .pound.perDay).description == "1 kg/week")
    #expect(HealthExpression.constant(Rational(1, 2), .pound.perDay).description == "0.5 lb/day")
    #expect(throws: RuleError.self) {
      try RuleSet.unit(
        of: .arithmetic(.add, .aggregate(.slope, .weight, .window), .constant(1, .pound)), windowLength: 7)
    }
  }

  @Test("a message template shows values in the patient's unit, or 'unknown'")
  func templates() throws {
    var window = Window(today: Day(year: 2026, month: 3, day: 7)!, length: 7)
    var m6 = Measurements()
    m6.set(.weight, steps: 80_000 * 100_000_000, enteredIn: .kilogram)
    var m7 = Measurements()
    m7.set(.weight, steps: 81_001 * 100_000_000, enteredIn: .kilogram)
    window.set(m6, day: 6)
    window.set(m7, day: 7)
    let gain = HealthExpression.reading(.weight, .today) - .reading(.weight, .yesterday)
    let rules = RuleSet(
      id: "t", name: "T",
      alerts: [
        Alert(
          id: "gain", template: "Weight up {gain} since yesterday ({sugar})",
          parts: [
            .text("Weight up "), .value(gain), .text(" since yesterday ("), .value(.reading(.sugar, .today)),
            .text(")"),
          ],
          condition: .comparison(gain, .greater, .constant(Rational(100_000_000, 45_359_237), .pound)))
      ], otherwise: "fine")
    let verdict = try rules.compiled().evaluate(window)
    #expect(verdict.message == "Weight up 1.001 kg since yesterday (unknown)")
    #expect(verdict.results[0].message == "Weight up 1.001 kg since yesterday (unknown)")
  }

  @Test("a parameter: unknown until given, exact in any unit, compiled and explained alike")
  func parameters() throws {
    let over = Condition.comparison(
      .reading(.weight, .today) - .parameter("dry_weight", .pound), .greater,
      .constant(Rational(200_000_000, 45_359_237), .pound))
    var rules = RuleSet(
      id: "p", name: "P", alerts: [Alert(id: "over", message: "over", condition: over)], otherwise: "fine")
    rules.parameters = ["dry_weight": .pound]
    let compiled = try rules.compiled()
    var window = Window(today: Day(year: 2026, month: 3, day: 7)!, length: 7)
    var m7 = Measurements()
    m7.set(.weight, steps: 82_000 * 100_000_000, enteredIn: .kilogram)
    window.set(m7, day: 7)
    #expect(compiled.evaluate(window).unknown == ["over"])
    #expect(
      compiled.evaluate(window).missing.map(\.description) == [
        "parameter dry_weight: no value given for this patient"
      ])
    let set = window.setParameter("dry_weight", Rational(80), unit: .kilogram)
    #expect(set)
    #expect(compiled.evaluate(window).status == .healthy)
    window.setParameter("dry_weight", Rational(79_999, 1000), unit: .kilogram)
    #expect(compiled.evaluate(window).alerts == ["over"])
    // 176.370 lb is 80.0000864 kg: not fired; 176.369 lb is 79.99963 kg: fired.
    window.setParameter("dry_weight", Rational(176_370, 1000), unit: .pound)
    #expect(compiled.outcomes(for: window).outcome(ofAlertAt: 0) == .no)
    window.setParameter("dry_weight", Rational(176_369, 1000), unit: .pound)
    #expect(compiled.outcomes(for: window).outcome(ofAlertAt: 0) == .yes)
  }

  @Test("moving to a longer window keeps every range's days relative to today")
  func movingWindow() throws {
    let base = RuleSet.baseline
    let moved = try base.movingWindow(to: 14)
    #expect(moved.windowLength == 14)
    let gain = try #require(moved.alert(withID: "weight_gain"))
    #expect(gain.condition.description == "mean(weight, days 11...14) > mean(weight, days 8...10)")
    #expect(
      Condition.comparison(.aggregate(.mean, .weight, .window), .greater, .constant(1, .pound))
        .moved(by: 7, from: 7).description == "mean(weight, last 7 days) > 1 lb")
    // The same readings give the same verdict in the longer window.
    var week = Week()
    week.weight = [180, 180, 180, 181, 181, 181, 181]
    let verdict7 = try base.compiled().evaluate(week.window)
    var long = Window(today: week.today, length: 14)
    for day in 1...7 { if let m = week.window.measurements(day: day) { long.set(m, day: day + 7) } }
    let verdict14 = try moved.compiled().evaluate(long)
    #expect(verdict7.alerts == ["weight_gain"])
    #expect(verdict14.alerts == verdict7.alerts)
    #expect(throws: RuleError.self) { try base.movingWindow(to: 3) }
  }
}
