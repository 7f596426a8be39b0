import Foundation
import HealthRules
import Testing

/// Readings given in Swift as Foundation measurements or a value and a unit: exact as
/// readings files are, and refused where readings files refuse them.
@Suite struct ReadingsFromSwiftTests {
  static let mmolGlucose = UnitConcentrationMass.millimolesPerLiter(withGramsPerMole: 180.16)

  @Test("Measurement values in kg, mmHg and mmol/L are held exactly, as a readings file holds them")
  func measurements() throws {
    let day = try Measurements(
      weight: Measurement(value: 80.1, unit: UnitMass.kilograms),
      systolic: Measurement(value: 128, unit: UnitPressure.millimetersOfMercury),
      diastolic: Measurement(value: 82.5, unit: UnitPressure.millimetersOfMercury),
      sugar: Measurement(value: 5.5, unit: Self.mmolGlucose), symptoms: "none")
    // 80.1 kg is 80,100 thousandths of 100,000,000 steps each (InputUnit.stepsPerThousandth).
    #expect(day.steps["weight"] == Int64(80_100) * 100_000_000)
    #expect(day.weight == Rational(8_010_000_000, 45_359_237))
    #expect(day.systolic == 128)
    #expect(day.diastolic == Rational(165, 2))
    // 5.5 mmol/L at 18.016 mg/dL each.
    #expect(day.sugar == Rational(99_088, 1000))
    #expect(day.enteredUnit(of: .weight) == .kilogram)
    #expect(day.enteredUnit(of: .sugar) == .mmolPerL)
    #expect(day.symptoms == "none")
    // The same day in canonical units compares equal (units are kept for display only).
    var same = Measurements(systolic: 128, diastolic: Rational(165, 2), sugar: Rational(99_088, 1000))
    same.set(.weight, steps: Int64(80_100) * 100_000_000)
    same.symptoms = "none"
    #expect(day == same)
  }

  @Test("a value and a unit: 180.5 lb, 5.5 mmol/L, 3500 g")
  func valueAndUnit() throws {
    var day = Measurements()
    try day.set(.weight, 180.5, .pound)
    #expect(day.weight == Rational(361, 2))
    #expect(day.enteredUnit(of: .weight) == nil)
    try day.set(.sugar, 5.5, .mmolPerL)
    #expect(day.sugar == Rational(99_088, 1000))
    try day.set(.weight, 3500, .gram)
    #expect(day.steps["weight"] == Int64(3_500_000) * 100_000)
  }

  @Test("pounds and grams from Foundation are exact; other mass units go through Foundation's kilograms")
  func otherMassUnits() throws {
    let pounds = try Measurements(weight: Measurement(value: 180.5, unit: UnitMass.pounds))
    #expect(pounds.weight == Rational(361, 2))
    let grams = try Measurements(weight: Measurement(value: 80_100, unit: UnitMass.grams))
    #expect(grams.steps["weight"] == Int64(80_100_000) * 100_000)
    let stones = Measurement(value: 12, unit: UnitMass.stones)
    var viaKilograms = Measurements()
    try viaKilograms.set(.weight, stones.converted(to: .kilograms).value, .kilogram)
    #expect(try Measurements(weight: stones) == viaKilograms)
  }

  struct Refused: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var set: @Sendable (inout Measurements) throws -> Void
  }

  @Test(
    "values a readings file refuses are refused with its words",
    arguments: [
      Refused(testDescription: "systolic '400 mmHg' is outside the plausible range 40...300 mmHg") {
        try $0.set(.systolic, 400, .mmHg)
      },
      Refused(testDescription: "weight must be above 0, found '0 kg'") {
        try $0.set(.weight, Measurement(value: 0, unit: UnitMass.kilograms))
      },
      Refused(testDescription: "sugar '5000 mg/dL' is outside the plausible range 10...1000 mg/dL") {
        try $0.set(.sugar, 5000, .mgPerDL)
      },
      Refused(testDescription: "sugar cannot be given in 'kg'; give mg/dL or mmol/L") {
        try $0.set(.sugar, 5, .kilogram)
      },
      Refused(testDescription: "weight cannot be given in 'mmHg'; give lb, kg or g") {
        try $0.set(.weight, Measurement(value: 80, unit: UnitPressure.millimetersOfMercury))
      },
      Refused(testDescription: "weight 'nan kg' is not a number") {
        try $0.set(.weight, .nan, .kilogram)
      },
      Refused(testDescription: "weight '1e+20 lb' is too large") {
        try $0.set(.weight, 1e20, .pound)
      },
    ])
  func refused(_ refused: Refused) {
    var day = Measurements()
    let error = #expect(throws: ReadingValueError.self) { try refused.set(&day) }
    #expect(error?.localizedDescription == refused.testDescription)
    #expect(day.isEmpty)
  }
}
