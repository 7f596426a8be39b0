/// A column that readings files may carry, with its accepted units and plausible range.
///
/// Plausible ranges, in canonical units: weight above 0 and at most 1500 lb;
/// systolic 40...300 mmHg; diastolic 20...200 mmHg; sugar 10...1000 mg/dL
/// (about 0.56...55.5 mmol/L); heart rate 20...300 /min; SpO2 50...100 %; temperature
/// 25...45 °C (77...113 °F). Values outside them are rejected as impossible.
///
/// `time` (`hh:mm`) and `context` (`fasting`, `before meal`, or any words) say when and how
/// a row's readings were taken; a `date` cell may carry the time too (`2026-03-01T07:30`).
package enum ReadingField: String, Sendable, Hashable, CaseIterable {
  case date
  case time
  case context
  case weight
  case systolic
  case diastolic
  case sugar
  case heartRate = "heart_rate"
  case spo2
  case temperature
  case symptoms

  /// The names a header may use for this field (the first is canonical).
  package var names: [String] {
    switch self {
    case .sugar: return ["sugar", "glucose"]
    case .heartRate: return ["heart_rate", "pulse"]
    default: return [rawValue]
    }
  }

  /// The metric this field fills, for numeric fields.
  package var metric: Metric? {
    switch self {
    case .weight: return .weight
    case .systolic: return .systolic
    case .diastolic: return .diastolic
    case .sugar: return .sugar
    case .heartRate: return .heartRate
    case .spo2: return .spo2
    case .temperature: return .temperature
    case .date, .time, .context, .symptoms: return nil
    }
  }

  /// The field that holds a known metric's values, or `nil` for a custom metric.
  package init?(metric: Metric) {
    guard let field = ReadingField.allCases.first(where: { $0.metric?.name == metric.name }) else {
      return nil
    }
    self = field
  }

  /// Units this field may be written in; the first is the default.
  package var units: [InputUnit] {
    switch self {
    case .weight: return [.pound, .kilogram, .gram]
    case .systolic, .diastolic: return [.mmHg]
    case .sugar: return [.mgPerDL, .mmolPerL]
    case .heartRate: return [.perMinute]
    case .spo2: return [.percent]
    case .temperature: return [.celsius, .fahrenheit]
    case .date, .time, .context, .symptoms: return []
    }
  }

  /// The plausible range in thousandths of the canonical unit; the lower bound is exclusive for weight.
  var plausible: ClosedRange<Int64> {
    switch self {
    case .weight: return 1...1_500_000
    case .systolic: return 40_000...300_000
    case .diastolic: return 20_000...200_000
    case .sugar: return 10_000...1_000_000
    case .heartRate: return 20_000...300_000
    case .spo2: return 500...1000
    case .temperature: return 25_000...45_000
    case .date, .time, .context, .symptoms: return 0...0
    }
  }

  /// Why a value of this field is impossible, or `nil` when it is plausible: weight above 0
  /// and at most 1500 lb, systolic 40...300 mmHg, diastolic 20...200 mmHg, sugar 10...1000 mg/dL,
  /// heart rate 20...300 /min, SpO2 50...100 %, temperature 25...45 °C.
  ///
  /// Readings files and test blocks refuse the same values with this message.
  ///
  /// - Parameters:
  ///   - steps: The value in storage steps of the canonical unit (``InputUnit/storageSteps(_:)``).
  ///   - written: The number as written, for the message.
  ///   - unit: The unit it was written in.
  package func implausibility(steps: Int64, written: String, unit: InputUnit) -> String? {
    guard let metric else { return nil }
    if self == .weight, steps <= 0 {
      return "weight must be above 0, found '\(written) \(unit.rawValue)'"
    }
    let perThousandth = metric.unit.storageScale / 1000
    let range = plausible
    guard range.lowerBound.multipliedReportingOverflow(by: perThousandth).partialValue <= steps,
      steps <= range.upperBound.multipliedReportingOverflow(by: perThousandth).partialValue
    else {
      var low = Rational.milli(range.lowerBound)
      var high = Rational.milli(range.upperBound)
      var symbol = metric.unit.symbol
      if self == .spo2 {
        (low, high, symbol) = (Rational(range.lowerBound, 10), Rational(range.upperBound, 10), "%")
      }
      return
        "\(rawValue) '\(written) \(unit.rawValue)' is outside the plausible range \(low.formatted())...\(high.formatted()) \(symbol)"
    }
    return nil
  }

  /// Finds a field by a header name, ignoring case and surrounding spaces.
  package init?(name: some StringProtocol) {
    let key = name.trimmingSpaces().lowercased()
    guard let field = ReadingField.allCases.first(where: { $0.names.contains(key) }) else { return nil }
    self = field
  }

  /// Every accepted header name, for suggestions.
  static var allNames: [String] {
    allCases.flatMap(\.names)
  }
}
