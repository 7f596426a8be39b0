/// A column that readings files may carry, with its accepted units and plausible range.
///
/// Plausible ranges, in canonical units: weight above 0 and at most 1500 lb;
/// systolic 40...300 mmHg; diastolic 20...200 mmHg; sugar 10...1000 mg/dL
/// (about 0.56...55.5 mmol/L). Values outside them are rejected as impossible.
public enum ReadingField: String, Sendable, Hashable, CaseIterable {
  case date
  case weight
  case systolic
  case diastolic
  case sugar
  case symptoms

  /// The names a header may use for this field (the first is canonical).
  public var names: [String] {
    switch self {
    case .sugar: return ["sugar", "glucose"]
    default: return [rawValue]
    }
  }

  /// The metric this field fills, for numeric fields.
  public var metric: Metric? {
    switch self {
    case .weight: return .weight
    case .systolic: return .systolic
    case .diastolic: return .diastolic
    case .sugar: return .sugar
    case .date, .symptoms: return nil
    }
  }

  /// Units this field may be written in; the first is the default.
  public var units: [InputUnit] {
    switch self {
    case .weight: return [.pound, .kilogram, .gram]
    case .systolic, .diastolic: return [.mmHg]
    case .sugar: return [.mgPerDL, .mmolPerL]
    case .date, .symptoms: return []
    }
  }

  /// The plausible range in thousandths of the canonical unit; the lower bound is exclusive for weight.
  var plausible: ClosedRange<Int64> {
    switch self {
    case .weight: return 1...1_500_000
    case .systolic: return 40_000...300_000
    case .diastolic: return 20_000...200_000
    case .sugar: return 10_000...1_000_000
    case .date, .symptoms: return 0...0
    }
  }

  /// Why a value of this field is impossible, or `nil` when it is plausible: weight above 0
  /// and at most 1500 lb, systolic 40...300 mmHg, diastolic 20...200 mmHg, sugar 10...1000 mg/dL.
  ///
  /// Readings files and test blocks refuse the same values with this message.
  ///
  /// - Parameters:
  ///   - steps: The value in storage steps of the canonical unit (``InputUnit/storageSteps(_:)``).
  ///   - written: The number as written, for the message.
  ///   - unit: The unit it was written in.
  public func implausibility(steps: Int64, written: String, unit: InputUnit) -> String? {
    guard let metric else { return nil }
    if self == .weight, steps <= 0 {
      return "weight must be above 0, found '\(written) \(unit.rawValue)'"
    }
    let perThousandth = metric.unit.storageScale / 1000
    let range = plausible
    guard range.lowerBound.multipliedReportingOverflow(by: perThousandth).partialValue <= steps,
      steps <= range.upperBound.multipliedReportingOverflow(by: perThousandth).partialValue
    else {
      let low = Rational.milli(range.lowerBound).formatted()
      let high = Rational.milli(range.upperBound).formatted()
      return
        "\(rawValue) '\(written) \(unit.rawValue)' is outside the plausible range \(low)...\(high) \(metric.unit.symbol)"
    }
    return nil
  }

  /// Finds a field by a header name, ignoring case and surrounding spaces.
  public init?(name: some StringProtocol) {
    let key = name.trimmingSpaces().lowercased()
    guard let field = ReadingField.allCases.first(where: { $0.names.contains(key) }) else { return nil }
    self = field
  }

  /// Every accepted header name, for suggestions.
  static var allNames: [String] {
    allCases.flatMap(\.names)
  }
}
