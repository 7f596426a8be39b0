import Foundation
import Testing

@testable import HealthRules

/// `info` notes never make a verdict an alert; alerts are said most severe first.
@Suite("Severity")
struct SeverityTests {
  static func rising(_ metric: Metric) -> Condition {
    .comparison(.reading(metric, .today), .greater, .reading(metric, .yesterday))
  }

  static let rules = RuleSet(
    id: "severity", name: "Severity", windowLength: 2,
    alerts: [
      Alert(id: "sugar_note", severity: .info, message: "Sugar is up a little.", condition: rising(.sugar)),
      Alert(id: "weight_up", message: "Weight is up.", condition: rising(.weight)),
      Alert(id: "pressure_up", severity: .urgent, message: "Call 911.", condition: rising(.systolic)),
    ], otherwise: "All good.")

  static func verdict(
    weight: (Rational, Rational)? = nil, systolic: (Rational, Rational)? = nil, sugar: (Rational, Rational)?
  ) throws -> Verdict {
    let first = Day(year: 2026, month: 3, day: 1)!
    let readings = [
      Reading(date: first, weight: weight?.0, systolic: systolic?.0, diastolic: 60, sugar: sugar?.0),
      Reading(
        date: first.advanced(by: 1), weight: weight?.1, systolic: systolic?.1, diastolic: 60, sugar: sugar?.1),
    ]
    return try rules.compiled().evaluate(readings)
  }

  @Test("an info note alone gives a healthy verdict with the note")
  func noteAlone() throws {
    let verdict = try Self.verdict(weight: (180, 180), systolic: (120, 120), sugar: (100, 101))
    #expect(verdict.status == .healthy)
    #expect(verdict.severity == .info)
    #expect(verdict.alerts == [])
    #expect(verdict.notes == ["sugar_note"])
    #expect(verdict.message == "All good.")
    #expect(verdict.firedNotes.map(\.message) == ["Sugar is up a little."])
  }

  @Test("an undecided note does not make the verdict 'not enough data'")
  func undecidedNote() throws {
    let verdict = try Self.verdict(weight: (180, 180), systolic: (120, 120), sugar: nil)
    #expect(verdict.status == .healthy)
    #expect(verdict.unknown == ["sugar_note"])
    #expect(verdict.severity == nil)
  }

  @Test("alerts and messages come most severe first, whatever the rule order")
  func mostSevereFirst() throws {
    let verdict = try Self.verdict(weight: (180, 181), systolic: (120, 140), sugar: (100, 101))
    #expect(verdict.status == .alert)
    #expect(verdict.severity == .urgent)
    #expect(verdict.alerts == ["pressure_up", "weight_up"])
    #expect(verdict.notes == ["sugar_note"])
    #expect(verdict.message == "Call 911.\nWeight is up.")
    #expect(verdict.messages == ["Call 911.", "Weight is up."])
    #expect(verdict.fired.map(\.id) == ["pressure_up", "weight_up"])
    let warning = try Self.verdict(weight: (180, 181), systolic: (120, 120), sugar: (100, 100))
    #expect(warning.severity == .warning)
    #expect(warning.alerts == ["weight_up"])
  }

  @Test("JSON has a top-level severity, null when nothing fired, and the notes")
  func json() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let quiet = try Self.verdict(weight: (180, 180), systolic: (120, 120), sugar: (100, 100))
    let quietText = String(decoding: try encoder.encode(quiet), as: UTF8.self)
    #expect(quietText.contains("\"severity\":null"))
    #expect(quietText.contains("\"notes\":[]"))
    let urgent = try Self.verdict(weight: (180, 180), systolic: (120, 140), sugar: (100, 101))
    let urgentText = String(decoding: try encoder.encode(urgent), as: UTF8.self)
    #expect(urgentText.contains("\"severity\":\"urgent\""))
    #expect(urgentText.contains("\"notes\":[\"sugar_note\"]"))
    #expect(try JSONDecoder().decode(Verdict.self, from: try encoder.encode(urgent)) == urgent)
  }

  @Test("the SQL orders alerts by severity and returns notes and severity")
  func sql() throws {
    let query = try Self.rules.sql(dialect: .postgresql)
    #expect(query.contains("AS notes"))
    #expect(query.contains("AS severity"))
    let alerts = try #require(query.range(of: "AS alerts"))
    let before = query[..<alerts.lowerBound]
    let pressure = try #require(before.range(of: "'pressure_up'", options: .backwards))
    let weight = try #require(before.range(of: "'weight_up'", options: .backwards))
    #expect(pressure.lowerBound < weight.lowerBound)
  }
}
