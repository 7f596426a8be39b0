import Foundation
import HealthDatabase
import HealthRules
import Testing

@Suite("PostgreSQL agrees on symptom negation, counts, runs anywhere and per-patient parameters")
struct ThirdEditionAgreementTests {
  /// A small deterministic generator (SplitMix64).
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
    mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }
  }

  /// Words and separators that exercise negation, clause ends, `but`, plurals and phrases.
  static let pieces = [
    "no", "not", "denies", "without", "never", "nothing", "note", "but", "butter", "chest", "pain", "pains",
    "painful", "short", "of", "breath", "SOB", "sobs", "dizzy", "dizziness", "rash", "rashes", "ache",
    "headache", "fever", "legs", "No", "DENIED", "and", "or", "however", "yet", "none", "gone", "resolved",
    "has", "been", "went", "away", "free", "is", "in", "my", "the", "left", "of", "didn't", "didnt", "don",
    "t", "can't", "swelling", "leg", "Gone", "AND", "short of breath", "pain in my chest",
    "swelling in the legs",
  ]
  static let separators = [
    " ", " ", " ", " ", ", ", ". ", "; ", "! ", " - ", "  ", "\n", "?", ":", "_", ": ",
  ]

  static func text(_ generator: inout Generator) -> String? {
    if generator.next(8) == 0 { return nil }
    var text = ""
    for _ in 0..<generator.next(12) {
      text += generator.pick(pieces) + generator.pick(separators)
    }
    return text
  }

  static let rules: RuleSet = {
    let systolicHigh: Condition = .comparison(
      .reading(.systolic, .today), .greaterOrEqual, .constant(135, .mmHg))
    var set = RuleSet(
      id: "third", name: "Third edition", windowLength: 7,
      alerts: [
        Alert(id: "chest", message: "C", condition: .symptomsMention("chest pain", .today)),
        Alert(id: "breath", message: "B", condition: .symptomsMention("short of breath", .last(3))),
        Alert(
          id: "synonyms", message: "S",
          condition: .or(.symptomsMention("SOB", .window), .symptomsMention("dizzy", .window))),
        Alert(id: "rash", message: "R", condition: .symptomsMention("rash", .yesterday)),
        Alert(id: "swelling", message: "W", condition: .symptomsMention("leg swelling", .last(2))),
        Alert(id: "stopped", message: "S", condition: .noReadings(.days(4, 6))),
        Alert(id: "no_word", message: "N", condition: .symptomsMention("no", .today)),
        Alert(
          id: "counted", message: "K",
          condition: .comparison(
            .countDays(.window, systolicHigh, missing: .asFalse), .greaterOrEqual, .number(3))),
        Alert(
          id: "counted_unknown", message: "U",
          condition: .comparison(
            .countDays(.last(4), systolicHigh, missing: .asUnknown), .greaterOrEqual, .number(2))),
        Alert(
          id: "run_false", message: "F",
          condition: .inARow(2, within: .window, systolicHigh, missing: .asFalse)),
        Alert(
          id: "run_unknown", message: "Q",
          condition: .inARow(3, within: .days(2, 6), systolicHigh, missing: .asUnknown)),
        Alert(
          id: "over_dry", message: "D",
          condition: .comparison(
            .arithmetic(.subtract, .reading(.weight, .today), .parameter("dry_weight", .pound)), .greater,
            .constant(Rational(200_000_000, 45_359_237), .pound))),
      ], otherwise: "fine")
    set.parameters = ["dry_weight": .pound]
    return set
  }()

  @Test(
    "3,000 generated patients: the same verdicts, alerts and missing readings",
    .enabled(if: PostgresServer.isAvailable, PostgresServer.skipNote))
  func generatedPatients() throws {
    var generator = Generator(state: 18)
    var rows = ReadingsRows()
    var parameters = ""
    let compiled = try Self.rules.compiled()
    var expected: [PatientVerdict] = []
    let today = Day(year: 2026, month: 5, day: 7)!
    for index in 0..<3_000 {
      let id = "q" + String(10_000 + index)
      var readings: [Reading] = []
      for back in 0..<7 where back == 0 || generator.next(5) > 0 {
        var m = Measurements(symptoms: Self.text(&generator))
        if generator.next(4) > 0 { m[.systolic] = Rational(Int64(125 + generator.next(20))) }
        if generator.next(3) > 0 {
          m.set(.weight, steps: Int64(80_000 + generator.next(3_000)) * 100_000_000, enteredIn: .kilogram)
        }
        readings.append(Reading(date: today.advanced(by: -back), measurements: m))
      }
      rows.add(id, readings)
      var window = try compiled.window(for: readings, asOf: today)
      if generator.next(4) > 0 {
        let steps = Int64(78_000 + generator.next(3_000)) * 100_000_000
        window.setParameter("dry_weight", steps: steps)
        parameters += "\(id)\tdry_weight\t\(ReadingsRows.decimal(steps: steps, scale: 100_000_000_000))\tkg\n"
      }
      expected.append(PatientVerdict(patientID: id, verdict: compiled.evaluate(window)))
    }
    try PostgresServer.withConnection { connection in
      try rows.load(into: connection)
      try connection.execute(
        """
        DROP TABLE IF EXISTS patient_parameters;
        CREATE TABLE patient_parameters (patient_id text, name text, value numeric, unit text)
        """)
      try connection.copy(
        "COPY patient_parameters (patient_id, name, value, unit) FROM STDIN", data: parameters)
      let found = try DatabaseVerdicts(ruleSet: Self.rules).run(on: connection, asOf: today)
      #expect(found.count == expected.count)
      var mismatches = 0
      for (got, want) in zip(found, expected) where got != want {
        mismatches += 1
        if mismatches <= 5 { Issue.record("database \(got)\nSwift \(want)") }
      }
      #expect(mismatches == 0, "\(mismatches) of \(expected.count) differ")
    }
    // Every alert fires for some patients and is undecided for others (except the ones whose
    // missing days count as false).
    let fired = Set(expected.flatMap(\.alerts))
    let unknown = Set(expected.flatMap(\.unknown))
    let ids = Set(Self.rules.alerts.map(\.id))
    #expect(fired == ids, "never fired: \(ids.subtracting(fired).sorted())")
    #expect(
      unknown == ids.subtracting(["counted", "run_false", "stopped"]), "\(ids.subtracting(unknown).sorted())")
  }
}
