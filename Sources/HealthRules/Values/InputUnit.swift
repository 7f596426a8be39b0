/// A unit a reading may be written in, with its exact conversion to the canonical unit.
///
/// Conversions are exact fractions:
/// - `kg` to `lb`: 1 lb is exactly 0.45359237 kg, so 1 kg = 100000000/45359237 lb
///   (about 2.20462262185 lb);
/// - `g` to `lb`: 1 g = 100000/45359237 lb;
/// - `mmol/L` to `mg/dL` for glucose: 18.016 mg/dL per mmol/L (the molar mass of
///   glucose, 180.16 g/mol, divided by 10);
/// - `lb`, `mmHg`, `mg/dL`, `/min` and `°C` are canonical (factor 1);
/// - `%` (oxygen saturation) to a plain fraction: factor 1/100 (`95 %` is `0.95`);
/// - `°F` to `°C`: `(F − 32) × 5/9`, the one conversion with an offset; a value entered in °F
///   is shown in °C.
///
/// A reading is converted exactly and kept as a whole number of storage steps of its
/// canonical unit (`ValueUnit/storageScale`). Every thousandth of every input unit is a
/// whole number of steps, so a value written with up to three decimals in any unit is
/// held exactly: `81.0 kg` minus `80.0 kg` is exactly `1 kg` whatever unit a rule compares
/// it with. Finer values are rounded to the nearest step (about 2.2e-11 lb or 1e-6 mg/dL),
/// half away from zero.
package enum InputUnit: String, Sendable, Hashable, Codable, CaseIterable {
  case pound = "lb"
  case kilogram = "kg"
  case gram = "g"
  case mmHg = "mmHg"
  case mgPerDL = "mg/dL"
  case mmolPerL = "mmol/L"
  case perMinute = "/min"
  case percent = "%"
  case celsius = "°C"
  case fahrenheit = "°F"

  /// The canonical unit this unit converts to.
  package var canonical: ValueUnit {
    switch self {
    case .pound, .kilogram, .gram: return .pound
    case .mmHg: return .mmHg
    case .mgPerDL, .mmolPerL: return .mgPerDL
    case .perMinute: return .perMinute
    case .percent: return .number
    case .celsius, .fahrenheit: return .celsius
    }
  }

  /// The exact factor that turns a value in this unit into the canonical unit.
  package var factor: Rational {
    switch self {
    case .pound, .mmHg, .mgPerDL, .perMinute, .celsius: return .one
    case .percent: return Rational(1, 100)
    case .fahrenheit: return Rational(5, 9)
    case .kilogram: return Rational(100_000_000, 45_359_237)
    case .gram: return Rational(100_000, 45_359_237)
    case .mmolPerL: return Rational(18_016, 1000)
    }
  }

  /// How many storage steps of the canonical unit one of this unit is, exactly (for °F, one
  /// degree of difference).
  package var stepsPerUnit: Int64 {
    switch self {
    case .pound: return 45_359_237_000
    case .kilogram: return 100_000_000_000
    case .gram: return 100_000_000
    case .mmHg, .perMinute: return 1000
    case .mgPerDL: return 1_000_000
    case .mmolPerL: return 18_016_000
    case .percent: return 10
    case .celsius: return 9000
    case .fahrenheit: return 5000
    }
  }

  /// The storage steps to subtract after multiplying by ``stepsPerUnit``: 160,000 for °F
  /// (32 °F is 0 °C), 0 for every other unit.
  package var offsetSteps: Int64 {
    self == .fahrenheit ? 160_000 : 0
  }

  /// Whether the unit converts with an offset (°F), so a value is shown in the canonical unit.
  package var hasOffset: Bool { offsetSteps != 0 }

  /// The storage steps of a value written in this unit: the value converted exactly and
  /// rounded to the nearest step, half away from zero; `nil` on overflow.
  ///
  /// Exact for any value with at most three decimals: `storageSteps(80.5)` in kg is
  /// `80_500 * 100_000_000`.
  package func storageSteps(_ value: Rational) -> Int64? {
    guard let steps = value.roundedToSteps(stepsPerUnit) else { return nil }
    let (result, overflow) = steps.subtractingReportingOverflow(offsetSteps)
    return overflow ? nil : result
  }

  /// Converts a value in this unit to the canonical unit, exactly.
  ///
  /// - Returns: The converted value, or `nil` on overflow.
  package func toCanonical(_ value: Rational) -> Rational? {
    guard hasOffset else { return value.multiplied(by: factor) }
    return value.subtracting(Rational(32)).flatMap { $0.multiplied(by: factor) }
  }

  /// The spellings ``init(symbol:)`` accepts for a unit, lowercased (besides Apple Health's
  /// `mmol<…>/L`).
  package static func spellings(of unit: InputUnit) -> [String] {
    switch unit {
    case .pound: return ["lb", "lbs", "pound", "pounds"]
    case .kilogram: return ["kg", "kgs", "kilogram", "kilograms"]
    case .gram: return ["g", "gram", "grams"]
    case .mmHg: return ["mmhg"]
    case .mgPerDL: return ["mg/dl"]
    case .mmolPerL: return ["mmol/l"]
    case .perMinute: return ["/min", "bpm", "beats/min", "{beats}/min"]
    case .percent: return ["%", "percent"]
    case .celsius: return ["°c", "cel", "degc", "celsius"]
    case .fahrenheit: return ["°f", "[degf]", "degf", "fahrenheit"]
    }
  }

  /// Finds a unit by its symbol or a common spelling (`kg`, `kgs`, `pounds`, `mmol/l`),
  /// ignoring case, or returns `nil`.
  ///
  /// Apple Health writes glucose in millimoles as `mmol<180.1558800000541>/L`; that
  /// spelling is accepted as `mmol/L`.
  package init?(symbol: some StringProtocol) {
    let key = symbol.trimmingSpaces().lowercased()
    if let unit = InputUnit.allCases.first(where: { InputUnit.spellings(of: $0).contains(key) }) {
      self = unit
      return
    }
    switch key {
    default:
      if key.hasPrefix("mmol<"), key.hasSuffix(">/l") {
        self = .mmolPerL
      } else {
        return nil
      }
    }
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  func trimmingSpaces() -> Substring {
    let text = Substring(self)
    guard let first = text.firstIndex(where: { $0 != " " && $0 != "\t" }),
      let last = text.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return text[first...last]
  }
}
