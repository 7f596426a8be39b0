/// One day's readings: the calendar day and what was measured on it.
public struct Reading: Sendable, Hashable {
  /// The calendar day of the readings.
  public var date: Day
  /// The values recorded that day.
  public var measurements: Measurements

  /// Creates a reading for a day.
  public init(date: Day, measurements: Measurements) {
    self.date = date
    self.measurements = measurements
  }

  /// Creates a reading for a day from canonical values (lb, mmHg, mg/dL).
  package init(
    date: Day, weight: Rational? = nil, systolic: Rational? = nil, diastolic: Rational? = nil,
    sugar: Rational? = nil, symptoms: String? = nil
  ) {
    self.date = date
    measurements = Measurements(
      weight: weight, systolic: systolic, diastolic: diastolic, sugar: sugar, symptoms: symptoms)
  }
}
