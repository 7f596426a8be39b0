import HealthDatabase
import HealthRules
import Testing

@Suite("PostgreSQL gives the in-process verdicts on 10,000 generated patients")
struct GeneratedPatientsTests {
  /// A small deterministic generator so failures reproduce.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    mutating func pick<T>(_ items: [T]) -> T {
      items[next(items.count)]
    }
  }

  /// Rules that use every construct of the language, including division by zero and overflow.
  static let everything = RuleSet(
    id: "everything", name: "Every construct", windowLength: 7,
    alerts: [
      Alert(
        id: "median_up", message: "median",
        condition: .comparison(
          .aggregate(.median, .weight, .days(4, 7)), .greater, .aggregate(.median, .weight, .days(1, 3)))),
      Alert(
        id: "slope_up", message: "slope",
        condition: .comparison(
          .aggregate(.slope, .weight, .window), .greaterOrEqual,
          .constant(Rational(1, 10), Metric.weight.unit.perDay))),
      Alert(
        id: "percent", message: "percent",
        condition: .comparison(.aggregate(.percentChange, .sugar, .last(3)), .greaterOrEqual, .percent(10))),
      Alert(
        id: "span", message: "span",
        condition: .comparison(
          .arithmetic(.subtract, .aggregate(.max, .systolic, .window), .aggregate(.min, .systolic, .window)),
          .greater, .constant(15, .mmHg))),
      Alert(
        id: "edges", message: "edges",
        condition: .or(
          .comparison(.aggregate(.change, .diastolic, .window), .greater, .constant(5, .mmHg)),
          .not(
            .comparison(
              .aggregate(.first, .diastolic, .window), .lessOrEqual, .aggregate(.last, .diastolic, .window))))
      ),
      Alert(
        id: "counted", message: "counted",
        condition: .and(
          .comparison(.aggregate(.count, .sugar, .window), .greaterOrEqual, .number(5)),
          .comparison(
            .aggregate(.sum, .sugar, .window, minimumReadings: 5), .greater, .constant(550, .mgPerDL)))),
      Alert(
        id: "ratio", message: "ratio",
        condition: .comparison(
          .arithmetic(
            .divide, .arithmetic(.subtract, .reading(.sugar, .today), .reading(.sugar, .yesterday)),
            .arithmetic(.subtract, .reading(.sugar, .yesterday), .reading(.sugar, .day(5)))),
          .less, .negate(.number(1)))),
      Alert(
        id: "means", message: "means",
        condition: .comparison(
          .aggregate(.mean, .weight, .last(3), minimumReadings: 3), .notEqual,
          .aggregate(.mean, .weight, .window, minimumReadings: 6))),
      // Counting over days, under both missing-day policies ('often_high' is never unknown).
      Alert(
        id: "often_high", message: "often high",
        condition: .daysHolding(
          3, of: .last(7), .comparison(.reading(.systolic, .today), .greaterOrEqual, .constant(125, .mmHg)),
          missing: .asFalse)),
      Alert(
        id: "rising_days", message: "rising days",
        condition: .daysHolding(
          2, of: .days(2, 7), .comparison(.reading(.sugar, .today), .greater, .reading(.sugar, .yesterday)),
          missing: .asUnknown)),
      Alert(
        id: "dizzy_run", message: "dizzy run",
        condition: .daysHolding(2, of: .last(2), .symptomsMention("dizzy", .today), missing: .asUnknown)),
      // A note, and (below) urgent alerts after warnings: notes apart, alerts most severe first.
      Alert(id: "dizzy", severity: .info, message: "dizzy", condition: .symptomsMention("dizzy", .last(3))),
      Alert(
        id: "chest", severity: .urgent, message: "chest",
        condition: .and(.symptomsMention("chest pain", .window), .not(.symptomsMention("no", .today)))),
      // A weight is n / 45,359,237,000 lb: times 1,300,003 overflows 64 bits above about 156 lb.
      Alert(
        id: "overflow", message: "overflow",
        condition: .comparison(
          .arithmetic(.multiply, .reading(.weight, .today), .number(Rational(1_300_003))), .greater,
          .reading(.weight, .yesterday))),
      // Over 2^30, the product fits only once cross-reduced, when the weight's steps are a multiple of 8.
      Alert(
        id: "reduced", message: "reduced",
        condition: .comparison(
          .arithmetic(.multiply, .reading(.weight, .today), .number(Rational(1, 1_073_741_824))),
          .less, .arithmetic(.add, .reading(.weight, .day(1)), .constant(Rational(1, 3), .pound)))),
      Alert(
        id: "equal", severity: .urgent, message: "equal",
        condition: .comparison(
          .reading(.systolic, .day(3)), .equal, .aggregate(.mean, .systolic, .days(2, 4)))),
    ],
    otherwise: "fine")

  /// Changes against limits in kg and mmol/L, at the readings' own precision.
  static let unitChanges: RuleSet = {
    func change(_ metric: Metric, _ op: ComparisonOperator, _ limit: Rational?, _ unit: ValueUnit)
      -> Condition
    {
      .comparison(
        .arithmetic(.subtract, .reading(metric, .today), .reading(metric, .yesterday)), op,
        .constant(limit ?? 0, unit))
    }
    let kg = InputUnit.kilogram
    let mmol = InputUnit.mmolPerL
    return RuleSet(
      id: "unit_changes", name: "Changes in kg and mmol/L", windowLength: 7,
      alerts: [
        Alert(
          id: "kg_up_1", message: "1", condition: change(.weight, .greaterOrEqual, kg.toCanonical(1), .pound)),
        Alert(
          id: "kg_over_1", message: "1+", condition: change(.weight, .greater, kg.toCanonical(1), .pound)),
        Alert(
          id: "kg_up_2", message: "2", condition: change(.weight, .greaterOrEqual, kg.toCanonical(2), .pound)),
        Alert(
          id: "mean_kg", message: "m",
          condition: .comparison(
            .arithmetic(
              .subtract, .aggregate(.mean, .weight, .days(4, 7)), .aggregate(.mean, .weight, .days(1, 3))),
            .greaterOrEqual, .constant(kg.toCanonical(Rational(1, 2)) ?? 0, .pound))),
        Alert(
          id: "mmol_up", message: "s",
          condition: change(.sugar, .greaterOrEqual, mmol.toCanonical(1), .mgPerDL)),
        Alert(
          id: "sugar_10", message: "10%",
          condition: .comparison(
            .reading(.sugar, .today), .greaterOrEqual,
            .arithmetic(.multiply, .reading(.sugar, .yesterday), .percent(110)))),
      ], otherwise: "fine")
  }()

  static let symptomTexts: [String?] = [
    nil, nil, "", "none", "Dizzy", "dizzy, tired", "dizziness", "not dizzy", "chest  pain",
    "CHEST-PAIN at night",
    "no chest pain", "chestpain", "tired\tand dizzy", "back\\slash dizzy", "café dizzy", "can’t sleep",
  ]

  /// One patient's readings: gaps, exact 10% boundaries, days outside the window.
  static func patient(_ generator: inout Generator) -> [Reading] {
    let today = Day(year: 2026, month: 3, day: 1)!.advanced(by: generator.next(60))
    let weight = Int64(95_000 + generator.next(90) * 1000 + generator.pick([0, 500, 250, 333]))
    var systolic = Rational(Int64(110 + generator.next(20)))
    var diastolic = Rational(Int64(70 + generator.next(15)))
    var sugar = Rational(Int64(90 + generator.next(20)))
    var readings: [Reading] = []
    let span = 7 + generator.next(4)
    for offset in stride(from: span - 1, through: 0, by: -1) where generator.next(6) > 0 {
      var day = Measurements()
      if generator.next(8) > 0 { day.set(.weight, thousandths: weight + Int64(generator.next(3001)) - 1000) }
      if offset == 0 {
        switch generator.next(6) {
        case 0:  // 120 to 132 mmHg, exactly 10%
          systolic = 132
        case 1:  // 100 to 110 mg/dL, exactly 10%
          sugar = 110
        case 2:  // 5.5 to 6.05 mmol/L in mg/dL, rounded to thousandths
          sugar = Rational(1_089_968, 10_000)
        case 3:  // just under 10%
          sugar = Rational(1099, 10)
        default:
          break
        }
      } else if offset == 1 {
        switch generator.next(4) {
        case 0:
          systolic = 120
          diastolic = 80
        case 1:
          sugar = 100
        case 2:
          sugar = Rational(99_088, 1000)
        default:
          break
        }
      }
      if generator.next(7) > 0 { day.systolic = systolic.adding(Rational(Int64(generator.next(3)))) }
      if generator.next(7) > 0 { day.diastolic = diastolic }
      if generator.next(5) > 0 { day.sugar = sugar }
      day.symptoms = generator.pick(symptomTexts)
      if !day.isEmpty || generator.next(3) == 0 {
        readings.append(Reading(date: today.advanced(by: -offset), measurements: day))
      }
    }
    if readings.isEmpty { readings.append(Reading(date: today, measurements: Measurements(sugar: 100))) }
    return readings
  }

  @Test(
    "identical verdicts, alerts and missing readings for baseline and every-construct rules",
    .enabled(if: PostgresServer.isAvailable, PostgresServer.skipNote))
  func tenThousandPatients() throws {
    var generator = Generator(state: 2026)
    var rows = ReadingsRows()
    var patients: [(id: String, readings: [Reading])] = []
    for index in 0..<10_000 {
      let id = "p" + String(100_000 + index).dropFirst()
      let readings = Self.patient(&generator)
      patients.append((id, readings))
      rows.add(id, readings)
    }
    // Unordered rows: shuffle deterministically before COPY.
    for index in rows.rows.indices.reversed() {
      rows.rows.swapAt(index, generator.next(index + 1))
    }
    try PostgresServer.withConnection { connection in
      // A primary key on (patient_id, day): the runner sees it and skips the duplicate-day pass.
      try rows.load(into: connection, primaryKey: true)
      #expect(try DatabaseVerdicts(ruleSet: .baseline).hasUniqueDays(on: connection))
      for ruleSet in [RuleSet.baseline, Self.everything] {
        let compiled = try ruleSet.compiled()
        let expected = try patients.map { patient in
          PatientVerdict(patientID: patient.id, verdict: try compiled.evaluate(patient.readings))
        }
        let found = try DatabaseVerdicts(ruleSet: ruleSet).run(on: connection)
        #expect(found.count == expected.count)
        var mismatches = 0
        for (got, want) in zip(found, expected) where got != want {
          mismatches += 1
          if mismatches <= 5 { Issue.record("\(ruleSet.id): database \(got)\nSwift \(want)") }
        }
        #expect(mismatches == 0, "\(ruleSet.id): \(mismatches) of \(expected.count) differ")
        let statuses = Set(expected.compactMap(\.status))
        #expect(statuses.count == 3 || ruleSet.id == "everything", "\(statuses)")
        // The data exercise every alert: each fires for some patients and is unknown for others.
        let fired = Set(expected.flatMap { $0.alerts + $0.notes })
        if ruleSet.id == "everything" {
          // Urgent alerts come first in 'alerts'; some patients have all three severities.
          #expect(
            expected.contains { $0.severity == .urgent && $0.notes == ["dizzy"] && $0.alerts.count > 2 })
          #expect(expected.allSatisfy { $0.alerts.first != "median_up" || !$0.alerts.contains("chest") })
        }
        let unknown = Set(expected.flatMap(\.unknown))
        let ids = Set(ruleSet.alerts.map(\.id))
        #expect(fired == ids, "never fired: \(ids.subtracting(fired).sorted())")
        // 'counted' is never unknown: with fewer than 5 sugars its first half is no, so the 'and' is no.
        #expect(
          unknown == ids.subtracting(["counted", "often_high"]),
          "never unknown: \(ids.subtracting(unknown).sorted())")
        #expect(expected.filter { !$0.missing.isEmpty }.count > 1000)
        // The same with a pinned as-of day for every patient.
        let asOf = Day(year: 2026, month: 4, day: 1)!
        let pinned = try patients.map { patient in
          PatientVerdict(patientID: patient.id, verdict: try compiled.evaluate(patient.readings, asOf: asOf))
        }
        #expect(try DatabaseVerdicts(ruleSet: ruleSet).run(on: connection, asOf: asOf) == pinned)
      }
    }
  }

  @Test(
    "readings in kg and mmol/L are converted and rounded as the readers do",
    .enabled(if: PostgresServer.isAvailable, PostgresServer.skipNote))
  func convertedUnits() throws {
    var generator = Generator(state: 7)
    var data = ""
    var expected: [PatientVerdict] = []
    var expectedChanges: [PatientVerdict] = []
    let compiled = try RuleSet.baseline.compiled()
    let changes = try Self.unitChanges.compiled()
    for index in 0..<2_000 {
      let id = "s" + String(10_000 + index).dropFirst()
      let today = Day(year: 2026, month: 11, day: 29)!
      var readings: [Reading] = []
      var previous = 70_000 + generator.next(30_000)
      for offset in stride(from: 6, through: 0, by: -1) where generator.next(5) > 0 {
        // Often exactly +1.00 or +2.00 kg on the day before: the boundaries of the change rules.
        let grams = generator.pick([previous + 1000, previous + 2000, 70_000 + generator.next(3000) * 10])
        previous = grams
        let kilograms = Rational.milli(Int64(grams)).formatted()
        let millimoles = generator.pick([
          "5.5", "6.05", "6.04", "5.55", "6.5", "\(4 + generator.next(4)).\(generator.next(1000))",
        ])
        var day = Measurements()
        let weight = try #require(Rational(decimal: kilograms).flatMap(InputUnit.kilogram.storageSteps))
        let sugar = try #require(Rational(decimal: millimoles).flatMap(InputUnit.mmolPerL.storageSteps))
        day.set(.weight, steps: weight, enteredIn: .kilogram)
        day.set(.sugar, steps: sugar, enteredIn: .mmolPerL)
        readings.append(Reading(date: today.advanced(by: -offset), measurements: day))
        data += "\(id)\t\(today.advanced(by: -offset))\t\(kilograms)\t\(millimoles)\n"
      }
      guard !readings.isEmpty else { continue }
      expected.append(PatientVerdict(patientID: id, verdict: try compiled.evaluate(readings)))
      expectedChanges.append(PatientVerdict(patientID: id, verdict: try changes.evaluate(readings)))
    }
    // The boundaries are reached: +1.00 kg fires '>= 1 kg' and not '> 1 kg'.
    #expect(expectedChanges.contains { $0.alerts.contains("kg_up_1") && !$0.alerts.contains("kg_over_1") })
    try PostgresServer.withConnection { connection in
      try connection.execute(
        """
        CREATE TABLE si (pid integer, measured_on date, kg numeric(6,2), glucose numeric, bp_sys integer,
          bp_dia integer, notes varchar(200))
        """)
      try connection.copy("COPY si (pid, measured_on, kg, glucose) FROM STDIN", data: data.replacingDash())
      let table = ReadingsTable(
        name: "si", patientID: "pid", day: "measured_on", weight: .init(name: "kg", unit: .kilogram),
        systolic: .init(name: "bp_sys", unit: .mmHg), diastolic: .init(name: "bp_dia", unit: .mmHg),
        sugar: .init(name: "glucose", unit: .mmolPerL), symptoms: "notes")
      for (ruleSet, verdicts) in [(RuleSet.baseline, expected), (Self.unitChanges, expectedChanges)] {
        let found = try DatabaseVerdicts(ruleSet: ruleSet, table: table).run(on: connection)
        let ids = verdicts.map {
          PatientVerdict(patientID: String(Int($0.patientID.dropFirst()) ?? -1), verdict: $0)
        }
        #expect(found.sorted { $0.patientID < $1.patientID } == ids.sorted { $0.patientID < $1.patientID })
      }
    }
  }
}

extension String {
  /// Patient ids for the integer column: `s0042` becomes `42`.
  fileprivate func replacingDash() -> String {
    split(separator: "\n").map { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      let id = Int(fields[0].dropFirst()) ?? -1
      return (["\(id)"] + fields.dropFirst().map(String.init)).joined(separator: "\t")
    }.joined(separator: "\n") + "\n"
  }
}

extension PatientVerdict {
  fileprivate init(patientID: String, verdict other: PatientVerdict) {
    self = other
    self.patientID = patientID
  }
}
