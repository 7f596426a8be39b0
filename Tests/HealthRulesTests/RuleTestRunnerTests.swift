import Testing

@testable import HealthRules

@Suite("Rule tests and their runner")
struct RuleTestRunnerTests {
  let runner: RuleTestRunner

  init() throws {
    runner = try RuleTestRunner(ruleSets: [.baseline])
  }

  static func days(
    weight: [Rational?] = Array(repeating: 180, count: 7), sugar: [Rational?] = Array(repeating: 95, count: 7)
  )
    -> RuleTest.Readings
  {
    .days(
      (0..<7).map { index in
        Measurements(weight: weight[index], systolic: 120, diastolic: 80, sugar: sugar[index])
      })
  }

  @Test("a passing test reports every expectation as passed")
  func passingTest() {
    let test = RuleTest(
      name: "weight gain", ruleSet: "baseline",
      readings: Self.days(weight: [180, 180, 180, 181, 182, 182, 181]),
      expectations: [
        .alert("weight_gain"), .noAlert("sugar_high"), .exactAlerts(["weight_gain"]),
        .value(.aggregate(.mean, .weight, .days(4, 7)), .equal, .constant(exact("181.5"), .pound)),
        .value(.aggregate(.mean, .weight, .days(1, 3)), .less, .constant(181, .pound)),
      ])
    let result = runner.run(test)
    #expect(result.passed)
    #expect(result.error == nil)
    #expect(result.expectations.count == 5)
    #expect(result.expectations[3].actual == "mean(weight, days 4...7) is 181.5 lb")
  }

  @Test("a failing expectation shows expected versus actual and the computed values")
  func failingTest() throws {
    let test = RuleTest(
      name: "sugar", ruleSet: "baseline", readings: Self.days(sugar: [95, 95, 95, 95, 95, 100, 109]),
      expectations: [.alert("sugar_high"), .healthy])
    let result = runner.run(test)
    #expect(!result.passed)
    let failure = try #require(result.failures.first)
    #expect(failure.expectation == "expect alert sugar_high")
    #expect(failure.expected == "'sugar_high' fired")
    #expect(failure.actual == "'sugar_high' did not fire")
    #expect(result.expectations[1].passed)
  }

  @Test("blank days make not-enough-data testable")
  func blankDays() {
    let test = RuleTest(
      name: "missing yesterday", ruleSet: "baseline",
      readings: Self.days(sugar: [95, 95, 95, 95, 95, nil, 95]),
      expectations: [.notEnoughData, .unknown("sugar_high"), .noAlert("bp_high")])
    #expect(runner.run(test).passed)
  }

  @Test("dated readings with a pinned today use the calendar window")
  func datedReadingsWithToday() {
    let day = { (d: Int) in Day(year: 2026, month: 3, day: d)! }
    let readings = (1...9).map { d in
      Reading(date: day(d), weight: 180, systolic: 120, diastolic: 80, sugar: d == 7 ? 120 : 100)
    }
    let test = RuleTest(
      name: "as of the 7th", ruleSet: "baseline", readings: .dated(readings), today: day(7),
      expectations: [.exactAlerts(["sugar_high"])])
    #expect(runner.run(test).passed)
    var later = test
    later.today = nil
    later.expectations = [.healthy]
    #expect(runner.run(later).passed)
  }

  @Test("an unknown rule set is an error with a suggestion, not a crash")
  func unknownRuleSet() {
    let test = RuleTest(name: "x", ruleSet: "baselin", readings: Self.days(), expectations: [.healthy])
    let result = runner.run(test)
    #expect(!result.passed)
    #expect(result.error == "unknown rule set 'baselin'; did you mean 'baseline'?")
  }

  @Test("a value expectation over missing readings fails and says what is missing")
  func valueOverMissing() throws {
    let test = RuleTest(
      name: "x", ruleSet: "baseline", readings: Self.days(weight: [nil, nil, nil, 180, 180, 180, 180]),
      expectations: [.value(.aggregate(.mean, .weight, .days(1, 3)), .equal, .constant(180, .pound))])
    let failure = try #require(runner.run(test).failures.first)
    #expect(failure.actual.hasPrefix("unknown (weight days 1...3: needs 1 reading, found 0"))
  }

  @Test("the report counts passes and failures")
  func reportSummary() {
    let pass = RuleTest(name: "steady", ruleSet: "baseline", readings: Self.days(), expectations: [.healthy])
    let fail = RuleTest(
      name: "wrong", ruleSet: "baseline", readings: Self.days(), expectations: [.alert("bp_high")])
    let report = runner.run([pass, fail, pass])
    #expect(report.summary == "2 passed, 1 failed")
    #expect(!report.allPassed)
  }

  @Test("JUnit XML has a suite per rule set, failures with expected and actual, escaped text")
  func junit() {
    let pass = RuleTest(
      name: "steady <week>", ruleSet: "baseline", readings: Self.days(), expectations: [.healthy])
    let fail = RuleTest(
      name: "wrong", ruleSet: "baseline", readings: Self.days(), expectations: [.alert("bp_high")])
    let broken = RuleTest(name: "broken", ruleSet: "nope", readings: Self.days(), expectations: [.healthy])
    var report = runner.run([pass, fail, broken])
    for index in report.results.indices { report.results[index].duration = 0 }
    let xml = JUnitReport.xml(for: report)
    #expect(
      xml == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="planner rules" tests="3" failures="1" errors="1" time="0">
          <testsuite name="baseline" tests="2" failures="1" errors="0" time="0">
            <testcase classname="baseline" name="steady &lt;week&gt;" time="0"/>
            <testcase classname="baseline" name="wrong" time="0">
              <failure message="expect alert bp_high: expected &apos;bp_high&apos; fired, got &apos;bp_high&apos; did not fire" type="expectation">expected: &apos;bp_high&apos; fired&#10;actual: &apos;bp_high&apos; did not fire</failure>
            </testcase>
          </testsuite>
          <testsuite name="nope" tests="1" failures="0" errors="1" time="0">
            <testcase classname="nope" name="broken" time="0">
              <error message="unknown rule set &apos;nope&apos;" type="error"/>
            </testcase>
          </testsuite>
        </testsuites>

        """)
  }
}
