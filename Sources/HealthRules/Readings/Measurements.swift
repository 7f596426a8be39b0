/// The values recorded on one day: weight, blood pressure, sugar, symptoms and any custom metrics.
///
/// Numbers are stored in thousandths of the metric's canonical unit (pounds,
/// mmHg, mg/dL), so `180.5 lb` is held as the integer `180500`. Setting a value
/// rounds it to thousandths, half away from zero.
///
/// ```swift
/// var day = Measurements(weight: 180, systolic: 120, diastolic: 80, sugar: 95)
/// day.symptoms = "mild headache"
/// ```
public struct Measurements: Sendable, Hashable {
  /// Values in thousandths of the canonical unit, keyed by metric name.
  public private(set) var thousandths: [String: Int64]
  /// Free text describing symptoms; `""` means "none", `nil` means "not recorded".
  public var symptoms: String?

  /// Creates a day's measurements from canonical values (lb, mmHg, mg/dL).
  ///
  /// - Parameters:
  ///   - weight: Body weight in pounds.
  ///   - systolic: Systolic pressure in mmHg.
  ///   - diastolic: Diastolic pressure in mmHg.
  ///   - sugar: Blood glucose in mg/dL.
  ///   - symptoms: Symptom text, `nil` when not recorded.
  public init(
    weight: Rational? = nil, systolic: Rational? = nil, diastolic: Rational? = nil,
    sugar: Rational? = nil, symptoms: String? = nil
  ) {
    thousandths = [:]
    self.symptoms = symptoms
    self[.weight] = weight
    self[.systolic] = systolic
    self[.diastolic] = diastolic
    self[.sugar] = sugar
  }

  /// The value of a metric in its canonical unit, or `nil` when not recorded.
  ///
  /// Setting a value rounds it to thousandths; a value too large for 64-bit
  /// thousandths is not stored.
  public subscript(metric: Metric) -> Rational? {
    get { thousandths[metric.name].map { Rational.milli($0) } }
    set { thousandths[metric.name] = newValue?.roundedToThousandths() }
  }

  /// Sets a metric from a count of thousandths of its canonical unit.
  public mutating func set(_ metric: Metric, thousandths value: Int64?) {
    thousandths[metric.name] = value
  }

  /// Body weight in pounds.
  public var weight: Rational? {
    get { self[.weight] }
    set { self[.weight] = newValue }
  }
  /// Systolic pressure in mmHg.
  public var systolic: Rational? {
    get { self[.systolic] }
    set { self[.systolic] = newValue }
  }
  /// Diastolic pressure in mmHg.
  public var diastolic: Rational? {
    get { self[.diastolic] }
    set { self[.diastolic] = newValue }
  }
  /// Blood glucose in mg/dL.
  public var sugar: Rational? {
    get { self[.sugar] }
    set { self[.sugar] = newValue }
  }

  /// Whether nothing at all was recorded.
  public var isEmpty: Bool {
    thousandths.isEmpty && symptoms == nil
  }
}
