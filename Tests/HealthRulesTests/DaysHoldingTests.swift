import Testing

@testable import HealthRules

/// `at least K of DAYS` and `N days in a row`, under both missing-day policies.
@Suite("Counting over days")
struct DaysHoldingTests {
  static func highSystolic() -> Condition {
    .comparison(.reading(.systolic, .today), .greaterOrEqual, .constant(135, .mmHg))
  }

  static func rules(_ missing: MissingDays) -> RuleSet {
    RuleSet(
      id: "counting", name: "Counting", windowLength: 7,
      alerts: [
        Alert(
          id: "three_of_seven", message: "3 of 7",
          condition: .daysHolding(3, of: .last(7), highSystolic(), missing: missing)),
        Alert(
          id: "two_in_a_row", message: "2 in a row",
          condition: .daysHolding(
            2, of: .last(2), .comparison(.reading(.sugar, .today), .greaterOrEqual, .constant(126, .mgPerDL)),
            missing: missing)),
      ], otherwise: "fine")
  }

  /// A week of systolic and sugar readings, day 1 first; `nil` is a missing reading.
  static func verdict(_ missing: MissingDays, systolic: [Rational?], sugar: [Rational?]) throws -> Verdict {
    var window = Window(today: Day(year: 2026, month: 3, day: 7)!, length: 7)
    for day in 1...7 {
      var measurements = Measurements(systolic: systolic[day - 1], sugar: sugar[day - 1])
      if systolic[day - 1] != nil { measurements.diastolic = 70 }
      window.set(measurements, day: day)
    }
    return try rules(missing).compiled().evaluate(window)
  }

  static let steadySugar: [Rational?] = [100, 100, 100, 100, 100, 100, 100]

  @Test("3 of 7 with a missing day: 'false' says no, 'unknown' says unknown, naming the day")
  func threeOfSevenWithMissingDay() throws {
    let systolic: [Rational?] = [140, 120, 136, nil, 120, 121, 122]
    let asFalse = try Self.verdict(.asFalse, systolic: systolic, sugar: Self.steadySugar)
    #expect(asFalse.status == .healthy)
    #expect(asFalse.results[0].outcome == .notFired)
    let asUnknown = try Self.verdict(.asUnknown, systolic: systolic, sugar: Self.steadySugar)
    #expect(asUnknown.status == .notEnoughData)
    #expect(asUnknown.unknown == ["three_of_seven"])
    #expect(asUnknown.missing.map(\.range) == ["day 4"])
    #expect(asUnknown.missing.map(\.days) == [[4]])
  }

  @Test("3 of 7 fires under both policies once three days hold, with each day's evidence")
  func threeOfSevenFires() throws {
    let systolic: [Rational?] = [140, 120, 136, nil, 135, 121, 122]
    for missing in MissingDays.allCases {
      let verdict = try Self.verdict(missing, systolic: systolic, sugar: Self.steadySugar)
      #expect(verdict.alerts == ["three_of_seven"], "\(missing)")
      #expect(
        verdict.results[0].evidence.map(\.comparison)
          == ["140 mmHg >= 135 mmHg", "136 mmHg >= 135 mmHg", "135 mmHg >= 135 mmHg"])
      #expect(verdict.results[0].evidence.flatMap { $0.terms.flatMap(\.days) } == [1, 3, 5])
    }
  }

  @Test("with 'unknown', too few days left to reach the count is a no")
  func cannotReach() throws {
    let systolic: [Rational?] = [140, 120, 120, nil, 120, 121, 122]
    let verdict = try Self.verdict(.asUnknown, systolic: systolic, sugar: Self.steadySugar)
    #expect(verdict.status == .healthy)
  }

  @Test("2 days in a row ending today: both days, a missing day by policy")
  func inARow() throws {
    let systolic: [Rational?] = [120, 120, 120, 120, 120, 120, 120]
    let run = try Self.verdict(.asFalse, systolic: systolic, sugar: [100, 130, 100, 100, 100, 130, 126])
    #expect(run.alerts == ["two_in_a_row"])
    let broken = try Self.verdict(
      .asUnknown, systolic: systolic, sugar: [130, 130, 100, 100, 100, Rational(125_999, 1000), 126])
    #expect(broken.status == .healthy)
    let gap = [Rational?]([100, 100, 100, 100, 100, nil, 126])
    #expect(try Self.verdict(.asFalse, systolic: systolic, sugar: gap).status == .healthy)
    let unknown = try Self.verdict(.asUnknown, systolic: systolic, sugar: gap)
    #expect(unknown.unknown == ["two_in_a_row"])
    #expect(unknown.missing.map(\.range) == ["yesterday"])
  }

  @Test("the conditions read back as written, and a condition needing days before the window is refused")
  func textAndChecking() throws {
    let rules = Self.rules(.asFalse)
    #expect(
      rules.alerts[0].condition.description
        == "at least 3 of last 7 days (missing counts as false): systolic.today >= 135 mmHg")
    #expect(
      rules.alerts[1].condition.description
        == "2 days in a row (missing counts as false): sugar.today >= 126 mg/dL")
    let rising = Condition.comparison(.reading(.sugar, .today), .greater, .reading(.sugar, .yesterday))
    let bad = RuleSet(
      id: "bad", name: "Bad",
      alerts: [
        Alert(id: "a", message: "a", condition: .daysHolding(2, of: .last(7), rising, missing: .asFalse))
      ], otherwise: "")
    #expect(throws: RuleError.self) { try bad.check() }
    let fine = RuleSet(
      id: "fine", name: "Fine",
      alerts: [
        Alert(id: "a", message: "a", condition: .daysHolding(2, of: .last(6), rising, missing: .asFalse))
      ], otherwise: "")
    #expect(throws: Never.self) { try fine.check() }
  }
}
