import Testing

@testable import HealthRules

/// Readings written in kg or mmol/L are compared exactly, whatever unit the rule's constant is in.
@Suite("Exact in every unit")
struct UnitExactnessTests {
  /// A small deterministic generator so failures reproduce.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  /// One alert comparing today's change against `limit`.
  static func changeRules(_ metric: Metric, _ op: ComparisonOperator, _ limit: Rational, _ unit: InputUnit)
    -> CompiledRuleSet?
  {
    guard let canonical = unit.toCanonical(limit) else { return nil }
    let rules = RuleSet(
      id: "change", name: "Change", windowLength: 2,
      alerts: [
        Alert(
          id: "up", message: "up",
          condition: .comparison(
            .arithmetic(.subtract, .reading(metric, .today), .reading(metric, .yesterday)), op,
            .constant(canonical, unit.canonical)))
      ], otherwise: "fine")
    return try? rules.compiled()
  }

  /// The verdict on two days of readings written in a CSV file with `header`.
  static func fires(_ rules: CompiledRuleSet, header: String, _ yesterday: String, _ today: String) throws
    -> Bool
  {
    let readings = try CSVReadings.parse(
      "date,\(header)\n2026-03-01,\(yesterday)\n2026-03-02,\(today)\n")
    return try rules.evaluate(readings).alerts == ["up"]
  }

  /// Thousandths as decimal text: `80500` is `80.5`.
  static func text(_ thousandths: Int) -> String {
    Rational.milli(Int64(thousandths)).formatted()
  }

  @Test("+1.000 kg and +2.000 kg fire exactly at their boundaries")
  func kilogramBoundaries() throws {
    let oneKg = try #require(Self.changeRules(.weight, .greaterOrEqual, 1, .kilogram))
    #expect(try Self.fires(oneKg, header: "weight (kg)", "80.0", "81.0"))
    #expect(try !Self.fires(oneKg, header: "weight (kg)", "80.0", "80.999"))
    let twoKg = try #require(Self.changeRules(.weight, .greaterOrEqual, 2, .kilogram))
    #expect(try Self.fires(twoKg, header: "weight (kg)", "73.0", "75.0"))
    let overTwoKg = try #require(Self.changeRules(.weight, .greater, 2, .kilogram))
    #expect(try !Self.fires(overTwoKg, header: "weight (kg)", "73.0", "75.0"))
    #expect(try Self.fires(overTwoKg, header: "weight (kg)", "73.0", "75.001"))
    // The same gain written in pounds is exactly the same weight.
    #expect(try Self.fires(oneKg, header: "weight (lb)", "100", "102.20462262185"))
    #expect(try !Self.fires(oneKg, header: "weight (lb)", "100", "102.204622621"))
  }

  @Test("random kg pairs agree with exact arithmetic on what was written")
  func randomKilograms() throws {
    var generator = Generator(state: 18)
    for _ in 0..<300 {
      let yesterday = 40_000 + generator.next(120_000)
      let today = yesterday + generator.next(6001) - 3000
      let limit = generator.next(3001)
      let op = [ComparisonOperator.greaterOrEqual, .greater, .less, .equal][generator.next(4)]
      let rules = try #require(Self.changeRules(.weight, op, Rational.milli(Int64(limit)), .kilogram))
      let expected = op.holds(forOrder: (today - yesterday - limit).signum())
      let fired = try Self.fires(rules, header: "weight (kg)", Self.text(yesterday), Self.text(today))
      #expect(
        fired == expected, "\(Self.text(yesterday)) -> \(Self.text(today)) kg \(op) \(Self.text(limit)) kg")
    }
  }

  @Test("random mmol/L pairs agree with exact arithmetic, against mmol/L and mg/dL limits")
  func randomMillimoles() throws {
    var generator = Generator(state: 7)
    for _ in 0..<300 {
      let yesterday = 3000 + generator.next(12_000)
      let today = yesterday + generator.next(4001) - 2000
      let op = [ComparisonOperator.greaterOrEqual, .greater, .lessOrEqual][generator.next(3)]
      // A limit in mmol/L: exact in thousandths.
      let limit = generator.next(2001)
      let mmol = try #require(Self.changeRules(.sugar, op, Rational.milli(Int64(limit)), .mmolPerL))
      #expect(
        try Self.fires(mmol, header: "sugar (mmol/L)", Self.text(yesterday), Self.text(today))
          == op.holds(forOrder: (today - yesterday - limit).signum()))
      // A limit in mg/dL: (today - yesterday) * 18.016 against the limit, in whole numbers.
      let mgLimit = generator.next(40)
      let mg = try #require(Self.changeRules(.sugar, op, Rational(Int64(mgLimit)), .mgPerDL))
      let order = ((today - yesterday) * 18_016 - mgLimit * 1_000_000).signum()
      #expect(
        try Self.fires(mg, header: "sugar (mmol/L)", Self.text(yesterday), Self.text(today))
          == op.holds(forOrder: order),
        "\(Self.text(yesterday)) -> \(Self.text(today)) mmol/L \(op) \(mgLimit) mg/dL")
    }
  }

  @Test("a reading keeps the unit it was entered in, and evidence shows it")
  func enteredUnit() throws {
    let readings = try CSVReadings.parse("date,weight (kg)\n2026-03-01,80.0\n2026-03-02,81.0\n")
    #expect(readings[1].measurements.enteredUnit(of: .weight) == .kilogram)
    #expect(readings[1].measurements.weight == Rational(8_100_000_000, 45_359_237))
    let window = try Window(readings: readings, length: 2)
    #expect(window.enteredUnits["weight"] == .kilogram)
    #expect(Evidence.display(Rational(8_100_000_000, 45_359_237), .pound, enteredIn: .kilogram) == "81 kg")
  }
}

extension UnitExactnessTests {
  @Test("a kg patient's evidence is shown in kg")
  func evidenceInKilograms() throws {
    let readings = try CSVReadings.parse("date,weight (kg)\n2026-03-01,80.0\n2026-03-02,81.0\n")
    let rules = try #require(Self.changeRules(.weight, .greaterOrEqual, 1, .kilogram))
    let verdict = try rules.evaluate(readings)
    let evidence = try #require(verdict.results.first?.evidence.first)
    #expect(evidence.comparison == "1 kg >= 1 kg")
    // A constant written in kg reads back in kg, not as a fraction of a pound.
    #expect(verdict.results[0].condition == "weight.today - weight.yesterday >= 1 kg")
    #expect(
      HealthExpression.constant(Rational(954_848, 10_000), .mgPerDL).description == "5.3 mmol/L")
    #expect(HealthExpression.constant(Rational(1801, 10), .pound).description == "180.1 lb")
    #expect(HealthExpression.reading(.weight, .day(3)).description == "weight.day(3)")
    #expect(evidence.terms.map(\.display) == ["81 kg", "80 kg"])
  }
}
