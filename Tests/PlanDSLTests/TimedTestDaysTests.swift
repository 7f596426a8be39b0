import Diagnostics
import Foundation
import HealthRules
import PlanDSL
import Testing

/// Rule tests that give one day several readings: `day 7 at 07:10: …`, `day 7 at 19:00 fasting: …`.
@Suite("Timed readings in rule tests")
struct TimedTestDaysTests {
  static let rules = """
    rules home_bp {
      window 7 days
      alert peak "peak" urgent when systolic(max).today >= 180 mmHg
      alert fasting_sugar "fasting" warning when sugar(where context = fasting).today > 130 mg/dL
    }

    """

  @Test("two readings of one day, by number or by date, are the day's readings with their times and contexts")
  func twoReadings() throws {
    let source =
      Self.rules + """
        test "numbered" of home_bp {
          day 7 at 07:10: bp 128/82
          day 7 at 19:00: bp 182/90
          day 7 at 07:10 fasting: sugar 140 mg/dL
          day 7 at 12:00 "after meal": sugar 100 mg/dL
          expect alerts peak, fasting_sugar
          expect systolic.today == 155 mmHg
          expect systolic(first).today == 128 mmHg
          expect sugar.today == 120 mg/dL
        }

        test "dated" of home_bp {
          on 2026-11-29 at 07:10: bp 128/82
          on 2026-11-29 at 19:00:30: bp 140/90
          expect systolic.today == 134 mmHg
          expect systolic(last).today == 140 mmHg
          expect alerts none
        }

        """
    let program = try PlanLoader().load(text: source, path: "test.plan")
    let report = try RuleTestRunner(ruleSets: program.ruleSets).run(program.ruleTests)
    #expect(report.results.map(\.passed) == [true, true])
    guard case .days(let days) = program.ruleTests[0].readings, let seventh = days[6] else {
      Issue.record("the first test's day 7 is missing")
      return
    }
    #expect(
      seventh.readings(of: "sugar")
        == [
          Observation(
            metric: "sugar", steps: 140_000_000, time: TimeOfDay(hour: 7, minute: 10), context: "fasting"),
          Observation(
            metric: "sugar", steps: 100_000_000, time: TimeOfDay(hour: 12, minute: 0), context: "after meal"),
        ])
  }

  @Test("the same day, time and context twice, and a time that is not one, are located errors")
  func errors() {
    let source =
      Self.rules + """
        test "bad" of home_bp {
          day 7 at 07:10: bp 128/82
          day 7 at 07:10: bp 130/82
          day 6 at 7:10: bp 128/82
          on 2026-11-29 fasting: sugar 100
          expect no alert peak
        }

        """
    #expect(
      render(source) == """
        test.plan:7:3: error: a test gives its readings by day number or by date, not both
            day 7 at 07:10: bp 128/82
            ^~~~~~~~~~~~~~~~~~~~~~~~~
        test.plan:8:3: error: day 7 at 07:10 is given more than once
            day 7 at 07:10: bp 130/82
            ^~~~~~~~~~~~~~~~~~~~~~~~~
        test.plan:7:3: note: first given here
            day 7 at 07:10: bp 128/82
            ^~~~~~~~~~~~~~~~~~~~~~~~~
        test.plan:9:12: error: '7:10' is not a time of day
            day 6 at 7:10: bp 128/82
                     ^~~~
          hint: write times as hh:mm on a 24-hour clock, such as 07:10 or 19:00
        3 errors generated.

        """)
  }
}
