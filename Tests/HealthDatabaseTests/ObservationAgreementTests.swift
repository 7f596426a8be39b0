import Foundation
import HealthDatabase
import HealthRules
import Testing

@Suite("PostgreSQL agrees on several timed readings a day, their combinations and contexts")
struct ObservationAgreementTests {
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
  }

  static func selected(_ metric: Metric, _ combine: DayCombine, _ context: String? = nil) -> Metric {
    metric.selecting(ReadingSelection(combine: combine, context: context))
  }

  /// One alert per combination of a day's readings, on one day and over days, and by context.
  static let rules: RuleSet = {
    func at(_ metric: Metric, _ op: ComparisonOperator, _ value: Rational, _ unit: ValueUnit) -> Condition {
      .comparison(.reading(metric, .today), op, .constant(value, unit))
    }
    var alerts: [Alert] = [
      Alert(id: "mean", message: "m", condition: at(.systolic, .greaterOrEqual, Rational(2601, 20), .mmHg))
    ]
    for combine in DayCombine.allCases {
      alerts.append(
        Alert(
          id: "day_\(combine.rawValue)", message: combine.rawValue,
          condition: at(selected(.systolic, combine), .greaterOrEqual, 130, .mmHg)))
      alerts.append(
        Alert(
          id: "week_\(combine.rawValue)", message: combine.rawValue,
          condition: .comparison(
            .aggregate(.mean, selected(.systolic, combine), .window), .greater,
            .constant(Rational(1301, 10), .mmHg))
        ))
      alerts.append(
        Alert(
          id: "fasting_\(combine.rawValue)", message: combine.rawValue,
          condition: at(selected(.sugar, combine, "fasting"), .greater, 110, .mgPerDL)))
    }
    alerts.append(
      Alert(
        id: "slope_max", message: "s",
        condition: .comparison(
          .aggregate(.slope, selected(.systolic, .max), .window), .greater,
          .constant(Rational(1, 2), .mmHg.perDay))))
    alerts.append(
      Alert(
        id: "pulse", message: "p",
        condition: .comparison(.reading(.heartRate, .today), .greater, .constant(100, .perMinute))))
    return RuleSet(
      id: "observations", name: "Observations", windowLength: 7, alerts: alerts, otherwise: "fine")
  }()

  static let contexts: [String?] = [nil, "fasting", "Fasting ", "before meal", "bedtime"]

  /// Readings of several patients: 0 to 3 readings a day of systolic, sugar and heart rate, some
  /// timed, some in a context, some at the same time.
  static func patients(_ count: Int, seed: UInt64) -> [(String, [Reading])] {
    var generator = Generator(state: seed)
    let today = Day(year: 2026, month: 5, day: 7)!
    var result: [(String, [Reading])] = []
    for index in 0..<count {
      var readings: [Reading] = []
      for back in 0..<7 {
        for _ in 0..<generator.next(4) {
          var m = Measurements()
          let time = generator.next(3) == 0 ? nil : TimeOfDay(hour: 6 + generator.next(3) * 6, minute: 0)
          let context = contexts[generator.next(contexts.count)]
          let systolic = Int64(120_000 + generator.next(20_000))
          m.add(.systolic, steps: systolic, time: time, context: context)
          if generator.next(2) == 0 {
            m.add(
              .sugar, steps: Int64(90 + generator.next(40)) * 1_000_000 + Int64(generator.next(3)) * 500_000,
              time: time, context: context)
          }
          if generator.next(3) == 0 {
            m.add(.heartRate, steps: Int64(60_000 + generator.next(60_000)), time: time, context: context)
          }
          readings.append(Reading(date: today.advanced(by: -back), measurements: m))
        }
      }
      if readings.isEmpty { readings.append(Reading(date: today, systolic: 120)) }
      result.append(("p\(10_000 + index)", readings))
    }
    return result
  }

  /// Loads one row per reading into a table with a time and a context column.
  static func load(_ patients: [(String, [Reading])], into connection: PostgresConnection) throws {
    try connection.execute(
      """
      DROP TABLE IF EXISTS observations;
      CREATE TABLE observations (
        patient_id text NOT NULL, day date NOT NULL, taken_at timestamp, context text,
        weight numeric, systolic numeric, diastolic numeric, sugar numeric, heart_rate numeric,
        spo2 numeric, temperature numeric, symptoms text)
      """)
    var data = ""
    let columns: [Metric] = [.systolic, .sugar, .heartRate]
    for (patient, readings) in patients {
      for reading in readings {
        for (index, metric) in columns.enumerated() {
          for observation in reading.measurements.readings(of: metric.name) {
            var fields = [patient, "\(reading.date)"]
            fields.append(observation.time.map { "\(reading.date) \($0)" } ?? "\\N")
            // Contexts as a person types them: the table keeps case and spaces.
            fields.append(observation.context.map { $0 == "fasting" ? " Fasting" : $0 } ?? "\\N")
            for column in 0..<3 {
              fields.append(
                column == index
                  ? ReadingsRows.decimal(steps: observation.steps, scale: metric.unit.storageScale) : "\\N")
            }
            data += fields.joined(separator: "\t") + "\n"
          }
        }
      }
    }
    try connection.copy(
      "COPY observations (patient_id, day, taken_at, context, systolic, sugar, heart_rate) FROM STDIN",
      data: data)
  }

  @Test(
    "1,500 generated patients with several readings a day: the same verdicts, alerts and missing readings",
    .enabled(if: PostgresServer.isAvailable, PostgresServer.skipNote))
  func generatedPatients() throws {
    let patients = Self.patients(1_500, seed: 44)
    let compiled = try Self.rules.compiled()
    let today = Day(year: 2026, month: 5, day: 7)!
    let expected = try patients.map { id, readings in
      PatientVerdict(patientID: id, verdict: try compiled.evaluate(readings, asOf: today))
    }
    var table = ReadingsTable(name: "observations")
    table.time = "taken_at"
    table.context = "context"
    try PostgresServer.withConnection { connection in
      try Self.load(patients, into: connection)
      let found = try DatabaseVerdicts(ruleSet: Self.rules, table: table).run(on: connection, asOf: today)
      #expect(found.count == expected.count)
      var mismatches = 0
      for (got, want) in zip(found, expected) where got != want {
        mismatches += 1
        if mismatches <= 5 { Issue.record("database \(got)\nSwift \(want)") }
      }
      #expect(mismatches == 0, "\(mismatches) of \(expected.count) differ")
    }
    let fired = Set(expected.flatMap(\.alerts))
    let ids = Set(Self.rules.alerts.map(\.id))
    #expect(fired == ids, "never fired: \(ids.subtracting(fired).sorted())")
  }

  @Test(
    "Two readings a day average as documented in PostgreSQL, for every combination",
    .enabled(if: PostgresServer.isAvailable, PostgresServer.skipNote))
  func twoReadingsADay() throws {
    let today = Day(year: 2026, month: 5, day: 7)!
    // 07:00 fasting 131 mmHg and 112 mg/dL; 19:00 128 mmHg and 104 mg/dL.
    var m = Measurements()
    m.add(.systolic, steps: 131_000, time: TimeOfDay(hour: 7, minute: 0), context: "fasting")
    m.add(.sugar, steps: 112_000_000, time: TimeOfDay(hour: 7, minute: 0), context: "fasting")
    m.add(.systolic, steps: 128_000, time: TimeOfDay(hour: 19, minute: 0))
    m.add(.sugar, steps: 104_000_000, time: TimeOfDay(hour: 19, minute: 0))
    let readings = [Reading(date: today, measurements: m)]
    // Each threshold sits exactly at the documented value: `>=` holds, and one step above does not.
    let values: [(String, Metric, Int64)] = [
      ("mean", .systolic, 129_500), ("first", Self.selected(.systolic, .first), 131_000),
      ("last", Self.selected(.systolic, .last), 128_000), ("min", Self.selected(.systolic, .min), 128_000),
      ("max", Self.selected(.systolic, .max), 131_000),
      ("fasting", Self.selected(.sugar, .mean, "fasting"), 112_000_000),
      ("sugar", .sugar, 108_000_000),
    ]
    var alerts: [Alert] = []
    for (id, metric, steps) in values {
      alerts.append(
        Alert(
          id: id, message: id,
          condition: .comparison(
            .reading(metric, .today), .greaterOrEqual,
            .constant(Rational(steps, metric.unit.storageScale), metric.unit))))
      alerts.append(
        Alert(
          id: id + "_above", message: id,
          condition: .comparison(
            .reading(metric, .today), .greaterOrEqual,
            .constant(Rational(steps + 1, metric.unit.storageScale), metric.unit))))
    }
    let rules = RuleSet(id: "two", name: "Two a day", windowLength: 1, alerts: alerts, otherwise: "fine")
    let verdict = try rules.compiled().evaluate(readings, asOf: today)
    #expect(verdict.alerts == values.map(\.0))
    var table = ReadingsTable(name: "observations")
    table.time = "taken_at"
    table.context = "context"
    try PostgresServer.withConnection { connection in
      try Self.load([("p1", readings)], into: connection)
      let found = try DatabaseVerdicts(ruleSet: rules, table: table).run(on: connection, asOf: today)
      #expect(found == [PatientVerdict(patientID: "p1", verdict: verdict)])
      #expect(found.first?.alerts == values.map(\.0))
    }
  }
}
