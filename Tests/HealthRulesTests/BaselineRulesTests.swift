import Testing

@testable import HealthRules

@Suite("The baseline rule set")
struct BaselineRulesTests {
  let rules: CompiledRuleSet

  init() throws {
    rules = try RuleSet.baseline.compiled()
  }

  @Test("a steady week is healthy")
  func steadyWeekIsHealthy() {
    let verdict = rules.evaluate(Week().window)
    #expect(verdict.status == .healthy)
    #expect(verdict.alerts.isEmpty)
    #expect(verdict.message == "You are in good health, keep up the good work")
  }

  @Test("gaining weight alone raises weight_gain")
  func weightGainAlone() {
    var week = Week()
    week.weight = [180, 180, 180, 181, 182, 182, 183]
    let verdict = rules.evaluate(week.window)
    #expect(verdict.status == .alert)
    #expect(verdict.alerts == ["weight_gain"])
    #expect(verdict.message == "You are gaining weight!")
  }

  @Test("a sugar rise alone raises sugar_high")
  func sugarHighAlone() {
    var week = Week()
    week.sugar[6] = 120
    #expect(rules.evaluate(week.window).alerts == ["sugar_high"])
  }

  @Test("a systolic rise alone raises bp_high")
  func bloodPressureHighAlone() {
    var week = Week()
    week.systolic[6] = 140
    #expect(rules.evaluate(week.window).alerts == ["bp_high"])
  }

  @Test("all three alerts fire together and all are reported")
  func allThreeTogether() {
    var week = Week()
    week.weight = [180, 180, 180, 183, 183, 183, 183]
    week.sugar[6] = 150
    week.diastolic[6] = 95
    let verdict = rules.evaluate(week.window)
    #expect(verdict.status == .alert)
    #expect(verdict.alerts == ["weight_gain", "sugar_high", "bp_high"])
    #expect(
      verdict.message == "You are gaining weight!\nYour sugar level is high!\nYour blood pressure is high!")
  }

  struct Boundary: Sendable, CustomTestStringConvertible {
    let metric: String
    let yesterday: String
    let today: String
    let fires: Bool
    var testDescription: String {
      "\(metric) \(yesterday) then \(today) \(fires ? "fires" : "does not fire")"
    }
  }

  @Test(
    "the ten percent boundary is exact",
    arguments: [
      Boundary(metric: "sugar", yesterday: "100", today: "110", fires: true),
      Boundary(metric: "sugar", yesterday: "100", today: "109.9", fires: false),
      Boundary(metric: "sugar", yesterday: "100", today: "109.999", fires: false),
      Boundary(metric: "sugar", yesterday: "90", today: "99", fires: true),
      Boundary(metric: "sugar", yesterday: "90.1", today: "99.11", fires: true),
      Boundary(metric: "sugar", yesterday: "90.1", today: "99.109", fires: false),
      Boundary(metric: "systolic", yesterday: "120", today: "132", fires: true),
      Boundary(metric: "systolic", yesterday: "120", today: "131.999", fires: false),
      Boundary(metric: "diastolic", yesterday: "80", today: "88", fires: true),
      Boundary(metric: "diastolic", yesterday: "80", today: "87.9", fires: false),
      Boundary(metric: "diastolic", yesterday: "70", today: "77", fires: true),
    ])
  func tenPercentBoundary(_ boundary: Boundary) {
    var week = Week()
    let yesterday = exact(boundary.yesterday)
    let today = exact(boundary.today)
    switch boundary.metric {
    case "sugar": (week.sugar[5], week.sugar[6]) = (yesterday, today)
    case "systolic": (week.systolic[5], week.systolic[6]) = (yesterday, today)
    default: (week.diastolic[5], week.diastolic[6]) = (yesterday, today)
    }
    let id = boundary.metric == "sugar" ? "sugar_high" : "bp_high"
    let verdict = rules.evaluate(week.window)
    #expect(verdict.alerts.contains(id) == boundary.fires)
    #expect(verdict.status == (boundary.fires ? .alert : .healthy))
  }

  @Test("yesterday's sugar missing is not enough data for sugar_high, not good health")
  func missingYesterdaySugar() throws {
    var week = Week()
    week.sugar[5] = nil
    let verdict = rules.evaluate(week.window)
    #expect(verdict.status == .notEnoughData)
    #expect(verdict.unknown == ["sugar_high"])
    let missing = try #require(verdict.missing.first)
    #expect(missing.metric == "sugar")
    #expect(missing.days == [6])
    #expect(missing.dates == [Day(year: 2026, month: 3, day: 6)!])
    #expect(verdict.message == "Not enough data to decide: sugar yesterday: no reading on day 6 (2026-03-06)")
  }

  @Test("an alert that fires wins over another rule that is unknown, which is noted beside it")
  func alertBesideUnknown() {
    var week = Week()
    week.sugar[5] = nil
    week.systolic[6] = 150
    let verdict = rules.evaluate(week.window)
    #expect(verdict.status == .alert)
    #expect(verdict.alerts == ["bp_high"])
    #expect(verdict.unknown == ["sugar_high"])
  }

  @Test("one pressure rising fires bp_high even when the other is missing")
  func orWithUnknownSide() {
    var week = Week()
    week.diastolic[5] = nil
    week.systolic[6] = 133
    #expect(rules.evaluate(week.window).alerts == ["bp_high"])
    week.systolic[6] = 125
    #expect(rules.evaluate(week.window).unknown == ["bp_high"])
  }

  @Test("weight means skip missing days and need one reading per range")
  func weightMeansSkipMissingDays() {
    var week = Week()
    week.weight = [180, nil, 182, nil, nil, nil, 182]
    // mean(days 4...7) = 182, mean(days 1...3) = 181
    #expect(rules.evaluate(week.window).alerts == ["weight_gain"])
    week.weight = [nil, nil, nil, 180, 181, 182, 183]
    let verdict = rules.evaluate(week.window)
    #expect(verdict.status == .notEnoughData)
    #expect(verdict.missing.first?.days == [1, 2, 3])
    #expect(verdict.missing.first?.needed == 1)
  }

  @Test("evidence carries the values, units and days that made an alert fire")
  func evidence() throws {
    var week = Week()
    week.sugar[5] = 110
    week.sugar[6] = 121
    let verdict = rules.evaluate(week.window)
    let sugar = try #require(verdict.fired.first)
    #expect(sugar.id == "sugar_high")
    let evidence = try #require(sugar.evidence.first)
    #expect(evidence.condition == "sugar.today >= sugar.yesterday * 110%")
    #expect(evidence.comparison == "121 mg/dL >= 121 mg/dL")
    #expect(evidence.terms.map(\.display) == ["121 mg/dL", "110 mg/dL"])
    #expect(evidence.terms.map(\.days) == [[7], [6]])
  }

  @Test("a week of fewer than seven readings still has calendar yesterday")
  func yesterdayIsTheCalendarDay() throws {
    let day = { (d: Int) in Day(year: 2026, month: 3, day: d)! }
    let readings = [
      Reading(date: day(1), weight: 180, systolic: 120, diastolic: 80, sugar: 100),
      Reading(date: day(5), weight: 180, systolic: 120, diastolic: 80, sugar: 100),
      Reading(date: day(7), weight: 180, systolic: 120, diastolic: 80, sugar: 150),
    ]
    let verdict = try rules.evaluate(readings)
    // The previous available reading (day 5) would fire; yesterday (day 6) is missing.
    #expect(verdict.status == .notEnoughData)
    #expect(verdict.unknown == ["sugar_high", "bp_high"])
  }
}
