import Foundation

extension Measurements {
  /// Creates a day's measurements from Foundation measurements in any unit of mass,
  /// pressure and concentration.
  ///
  /// ```swift
  /// let day = try Measurements(
  ///   weight: Measurement(value: 80.5, unit: UnitMass.kilograms),
  ///   systolic: Measurement(value: 128, unit: UnitPressure.millimetersOfMercury),
  ///   diastolic: Measurement(value: 82, unit: UnitPressure.millimetersOfMercury),
  ///   sugar: Measurement(value: 5.5, unit: UnitConcentrationMass.millimolesPerLiter(withGramsPerMole: 180.16)))
  /// ```
  ///
  /// This is the way to give readings in code. Each value is converted as a readings file
  /// converts it, and refused when a readings file would refuse it. Kilograms, grams and
  /// pounds, mmHg, mg/dL and mmol/L are the units of readings files and are converted
  /// exactly: mmol/L of glucose at 18.016 mg/dL each, whatever molar mass the unit was
  /// made with. The value is read as its shortest decimal text (`80.1`, not the binary
  /// 80.099999999999994315658), so up to three decimals are held exactly. Any other unit
  /// (ounces, stones, kilopascals, grams per litre) is converted by Foundation to
  /// kilograms, mmHg or mg/dL first, in floating point, and that value read as its
  /// shortest decimal text. The unit of a readings file is kept for display.
  ///
  /// - Parameters:
  ///   - weight: Body weight, held in pounds.
  ///   - systolic: Systolic pressure, held in mmHg.
  ///   - diastolic: Diastolic pressure, held in mmHg.
  ///   - sugar: Blood glucose, held in mg/dL.
  ///   - symptoms: Symptom text (`""` for none), `nil` when not recorded.
  /// - Throws: ``ReadingValueError`` for a value that is not finite, too large, or
  ///   outside the plausible range of its metric (systolic 40 to 300 mmHg, for one).
  @_disfavoredOverload
  public init(
    weight: Measurement<UnitMass>? = nil, systolic: Measurement<UnitPressure>? = nil,
    diastolic: Measurement<UnitPressure>? = nil, sugar: Measurement<UnitConcentrationMass>? = nil,
    symptoms: String? = nil
  ) throws(ReadingValueError) {
    self.init(symptoms: symptoms)
    if let weight { try set(.weight, weight) }
    if let systolic { try set(.systolic, systolic) }
    if let diastolic { try set(.diastolic, diastolic) }
    if let sugar { try set(.sugar, sugar) }
  }

  /// Sets a metric from a Foundation measurement, converted as
  /// ``init(weight:systolic:diastolic:sugar:symptoms:)`` describes: a unit of readings
  /// files exactly (``InputUnit``) through ``set(_:_:_:)``, any other unit of the same
  /// dimension by Foundation first.
  ///
  /// - Throws: ``ReadingValueError`` for a unit of another dimension than the metric's
  ///   (kilograms for `sugar`), a value that is not finite or too large, or a value of a
  ///   built-in metric outside its plausible range (``ReadingField``).
  package mutating func set(_ metric: Metric, _ measurement: Measurement<some Dimension>)
    throws(ReadingValueError)
  {
    var value = measurement.value
    let unit: InputUnit
    let symbol = measurement.unit.symbol
    switch measurement.unit {
    case let mass as UnitMass:
      if let own = [InputUnit.kilogram, .gram, .pound].first(where: { $0.rawValue == symbol }) {
        unit = own
      } else {
        unit = .kilogram
        value = Measurement(value: value, unit: mass).converted(to: .kilograms).value
      }
    case let pressure as UnitPressure:
      unit = .mmHg
      if symbol != UnitPressure.millimetersOfMercury.symbol {
        value = Measurement(value: value, unit: pressure).converted(to: .millimetersOfMercury).value
      }
    case let concentration as UnitConcentrationMass:
      if symbol == UnitConcentrationMass.milligramsPerDeciliter.symbol {
        unit = .mgPerDL
      } else if symbol == "mmol/L" {
        unit = .mmolPerL
      } else {
        unit = .mgPerDL
        value = Measurement(value: value, unit: concentration).converted(to: .milligramsPerDeciliter).value
      }
    default:
      throw ReadingValueError(
        message: "\(metric.name) cannot be given in '\(symbol)'; give \(Self.unitNames(of: metric))")
    }
    try set(metric, value, unit)
  }

  /// Sets a metric from a value and one of the units readings files take:
  /// `try day.set(.weight, 80.5, .kilogram)`, `try day.set(.sugar, 5.5, .mmolPerL)`.
  /// Within the package only: a consumer gives readings as Foundation measurements
  /// (``init(weight:systolic:diastolic:sugar:symptoms:)``), which come here.
  ///
  /// The value is read as its shortest decimal text (`80.1` is 80.1) and converted
  /// exactly (``InputUnit/storageSteps(_:)``); the unit is kept for display.
  ///
  /// - Throws: ``ReadingValueError`` for a unit of another metric, a value that is not
  ///   finite or too large, or a value of a built-in metric outside its plausible range.
  package mutating func set(_ metric: Metric, _ value: Double, _ unit: InputUnit) throws(ReadingValueError) {
    guard unit.canonical == metric.unit else {
      throw ReadingValueError(
        message: "\(metric.name) cannot be given in '\(unit.rawValue)'; give \(Self.unitNames(of: metric))")
    }
    let written =
      value.isFinite && value == value.rounded() && abs(value) < 1e15 ? "\(Int64(value))" : "\(value)"
    guard value.isFinite else {
      throw ReadingValueError(message: "\(metric.name) '\(written) \(unit.rawValue)' is not a number")
    }
    guard let exact = Rational(decimal: written) ?? Rational(decimal: String(format: "%.3f", value)),
      let steps = unit.storageSteps(exact)
    else {
      throw ReadingValueError(message: "\(metric.name) '\(written) \(unit.rawValue)' is too large")
    }
    if let field = ReadingField(rawValue: metric.name),
      let problem = field.implausibility(steps: steps, written: written, unit: unit)
    {
      throw ReadingValueError(message: problem)
    }
    set(metric, steps: steps, enteredIn: unit.factor == .one ? nil : unit)
  }

  /// The units a metric can be given in, for messages: `lb, kg or g`.
  static func unitNames(of metric: Metric) -> String {
    let names = InputUnit.allCases.filter { $0.canonical == metric.unit }.map(\.rawValue)
    guard let last = names.last else { return "a number" }
    return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
  }
}

/// A reading given in Swift that a readings file would refuse: a value that is not
/// finite, too large, or outside the plausible range of its metric, or (given to the
/// package's own value-and-unit setter) a unit of another metric.
public struct ReadingValueError: Error, Hashable, LocalizedError, CustomStringConvertible {
  /// What is wrong: `systolic '400 mmHg' is outside the plausible range 40...300 mmHg`.
  package var message: String

  /// The message.
  public var description: String { message }

  /// The message, for `localizedDescription`.
  public var errorDescription: String? { message }
}
