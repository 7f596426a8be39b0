import Foundation
import Testing

@testable import HealthRules

/// The weekly report model: charts with the rules' limits, alerts as of each day.
@Suite("Weekly report")
struct WeeklyReportTests {
  static func day(_ d: Int) -> Day { Day(year: 2026, month: 11, day: d)! }

  /// A steady week with sugar jumping 10% on the 29th.
  static var week: [Reading] {
    (23...29).map { d in
      Reading(date: day(d), weight: 180, systolic: 120, diastolic: 80, sugar: d == 29 ? 110 : 100)
    }
  }

  @Test("one chart per reading over the window, with its points and the day-over-day bound")
  func charts() throws {
    let report = try WeeklyReport(readings: Self.week, rules: RuleSet.baseline.compiled())
    #expect(report.charts.map(\.id) == ["weight-7", "pressure-7", "sugar-7"])
    let sugar = try #require(report.charts.last)
    #expect(sugar.series.map(\.metric) == [.sugar])
    #expect(sugar.series[0].points.map(\.value) == [100, 100, 100, 100, 100, 100, 110])
    #expect(sugar.series[0].points.map(\.alerts).last == ["sugar_high"])
    #expect(sugar.series[0].points.first?.bound == nil)
    #expect(sugar.series[0].points.last?.bound == 110)
    #expect(
      sugar.bounds == [
        .init(
          metric: .sugar, factor: Rational(11, 10), comparison: .greaterOrEqual, alert: "sugar_high",
          title: "Your sugar level is high!")
      ])
    #expect(sugar.thresholds.isEmpty)
    let pressure = report.charts[1]
    #expect(pressure.series.map(\.metric) == [.systolic, .diastolic])
    #expect(pressure.bounds.map(\.metric) == [.systolic, .diastolic])
    #expect(report.verdict.alerts == ["sugar_high"])
    #expect(report.days.map(\.alerts).last == ["sugar_high"])
    #expect(report.days.count == 7)
  }

  @Test(
    "a constant comparison is drawn as a threshold; 30-day charts appear when the readings go back that far")
  func thresholdsAndMonth() throws {
    var rules = RuleSet.baseline
    rules.alerts.append(
      Alert(
        id: "very_high", message: "Very high",
        condition: .comparison(.constant(180, .mgPerDL), .lessOrEqual, .reading(.sugar, .today))))
    let older = Reading(date: Self.day(1), weight: 181)
    let report = try WeeklyReport(readings: Self.week + [older], rules: rules.compiled())
    #expect(
      report.charts.map(\.id) == [
        "weight-7", "pressure-7", "sugar-7", "weight-30", "pressure-30", "sugar-30",
      ])
    #expect(
      report.charts[2].thresholds == [
        .init(metric: .sugar, value: 180, comparison: .greaterOrEqual, alert: "very_high", title: "Very high")
      ])
    #expect(report.charts[3].first == Self.day(30).advanced(by: -30))
    #expect(report.charts[3].series[0].points.first?.value == 181)
    #expect(report.days.count == 30)
  }
}
