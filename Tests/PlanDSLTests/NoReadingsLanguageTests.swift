import Diagnostics
import Foundation
import HealthRules
import PlanDSL
import Testing

/// `no readings for N days` and `no readings in DAYS`: a patient who stopped measuring.
@Suite("No readings for N days in the language")
struct NoReadingsLanguageTests {
  func rules(_ condition: String) -> String {
    "rules r {\n  window 7 days\n  alert a \"A\" urgent when \(condition)\n}\n"
  }

  func render(_ source: String) -> String {
    do {
      _ = try PlanLoader().load(text: source, path: "test.plan")
      return "no error"
    } catch {
      return DiagnosticRenderer().render(error)
    }
  }

  @Test("both forms parse, check, lower and print back")
  func lowers() throws {
    let program = try PlanLoader().load(
      text: rules("no readings for 3 days")
        + rules("no readings in days 5...6").replacingOccurrences(
          of: "rules r", with: "rules s"), path: "test.plan")
    let conditions = program.ruleSets.flatMap(\.alerts).map(\.condition)
    #expect(conditions == [.noReadings(.last(3)), .noReadings(.days(5, 6))])
    #expect(conditions.map(\.description) == ["no readings for 3 days", "no readings in days 5...6"])
  }

  @Test("yes when the days have nothing, no when one has a reading or symptom text (even 'none')")
  func evaluates() throws {
    let program = try PlanLoader().load(text: rules("no readings for 3 days"), path: "test.plan")
    let compiled = try #require(program.ruleSets.first).compiled()
    let today = Day(year: 2026, month: 12, day: 6)!
    func fired(_ readings: [Reading]) throws -> (Bool, String?) {
      let verdict = compiled.evaluate(try compiled.window(for: readings, asOf: today))
      return (verdict.alerts == ["a"], verdict.results.first?.evidence.first?.comparison)
    }
    let old = Reading(date: today.advanced(by: -3), measurements: Measurements(weight: 180))
    #expect(try fired([old]) == (true, "no readings from 2026-12-04 to 2026-12-06"))
    let recent = Reading(date: today.advanced(by: -1), measurements: Measurements(symptoms: ""))
    // A rule that did not fire keeps no evidence in the verdict.
    #expect(try fired([old, recent]) == (false, nil))
    // The compiled fast path agrees.
    let window = try compiled.window(for: [old, recent], asOf: today)
    #expect(compiled.outcomes(for: window).fired == 0)
    #expect(compiled.outcomes(for: try compiled.window(for: [old], asOf: today)).fired == 1)
  }

  @Test("errors are located")
  func errors() {
    #expect(render(rules("no readings for 3")).contains("error: expected 'days' after the number"))
    #expect(render(rules("no readings for 9 days")).contains("error:"))
    #expect(render(rules("no readings")).contains("expected 'for' and a number of days"))
  }
}
