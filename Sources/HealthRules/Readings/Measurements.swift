/// The values recorded on one day: weight, blood pressure, sugar, symptoms and any custom metrics.
///
/// Numbers are stored as whole storage steps of the metric's canonical unit
/// (``ValueUnit/storageScale``: 1/45,359,237,000 lb, 1/1,000 mmHg, 1/1,000,000 mg/dL),
/// fine enough that a value written in thousandths of any input unit (`80.125 kg`,
/// `5.5 mmol/L`, `180.5 lb`) is held exactly. Setting a canonical value through the
/// subscript rounds it to thousandths of the canonical unit, half away from zero; readings
/// files and ``set(_:steps:enteredIn:)`` keep the value written in another unit exactly.
/// The unit a value was entered in is kept for display.
///
/// ```swift
/// var day = Measurements(weight: 180, systolic: 120, diastolic: 80, sugar: 95)
/// day.symptoms = "mild headache"
/// ```
public struct Measurements: Sendable, Hashable {
  /// Values in storage steps of the canonical unit, keyed by metric name.
  public private(set) var steps: [String: Int64]
  /// The unit each value was entered in, when it was not the canonical one, keyed by metric name.
  public var enteredUnits: [String: InputUnit]
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
    steps = [:]
    enteredUnits = [:]
    self.symptoms = symptoms
    self[.weight] = weight
    self[.systolic] = systolic
    self[.diastolic] = diastolic
    self[.sugar] = sugar
  }

  /// The value of a metric in its canonical unit, or `nil` when not recorded.
  ///
  /// Setting a value rounds it to thousandths of the canonical unit; a value too large
  /// for 64-bit steps is not stored.
  public subscript(metric: Metric) -> Rational? {
    get { steps[metric.name].map { Rational($0, metric.unit.storageScale) } }
    set { set(metric, thousandths: newValue?.roundedToThousandths()) }
  }

  /// Sets a metric from a whole number of storage steps of its canonical unit.
  ///
  /// - Parameters:
  ///   - metric: The metric.
  ///   - value: The steps (see ``ValueUnit/storageScale``), or `nil` to clear it.
  ///   - unit: The unit the value was entered in, for display; `nil` for the canonical one.
  public mutating func set(_ metric: Metric, steps value: Int64?, enteredIn unit: InputUnit? = nil) {
    steps[metric.name] = value
    enteredUnits[metric.name] = value == nil ? nil : unit.flatMap { $0.canonical == metric.unit ? $0 : nil }
  }

  /// Sets a metric from a count of thousandths of its canonical unit.
  public mutating func set(_ metric: Metric, thousandths value: Int64?) {
    let (steps, overflow) = (value ?? 0).multipliedReportingOverflow(by: metric.unit.storageScale / 1000)
    set(metric, steps: value == nil || overflow ? nil : steps)
  }

  /// The unit a metric's value was entered in, when it was not the canonical one.
  public func enteredUnit(of metric: Metric) -> InputUnit? {
    enteredUnits[metric.name]
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

  /// Whether two days hold the same values and symptoms; the units they were entered in,
  /// kept only for display, do not count.
  public static func == (lhs: Measurements, rhs: Measurements) -> Bool {
    lhs.steps == rhs.steps && lhs.symptoms == rhs.symptoms
  }

  /// Hashes the values and symptoms, as ``==`` compares them.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(steps)
    hasher.combine(symptoms)
  }

  /// Whether nothing at all was recorded.
  public var isEmpty: Bool {
    steps.isEmpty && symptoms == nil
  }
}
