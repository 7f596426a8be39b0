/// A unit a reading may be written in, with its exact conversion to the canonical unit.
///
/// Conversions are exact fractions:
/// - `kg` to `lb`: 1 lb is exactly 0.45359237 kg, so 1 kg = 100000000/45359237 lb
///   (about 2.20462262185 lb);
/// - `g` to `lb`: 1 g = 100000/45359237 lb;
/// - `mmol/L` to `mg/dL` for glucose: 18.016 mg/dL per mmol/L (the molar mass of
///   glucose, 180.16 g/mol, divided by 10);
/// - `lb`, `mmHg` and `mg/dL` are canonical (factor 1).
///
/// Readings are then rounded to thousandths of the canonical unit, half away from zero.
public enum InputUnit: String, Sendable, Hashable, Codable, CaseIterable {
  case pound = "lb"
  case kilogram = "kg"
  case gram = "g"
  case mmHg = "mmHg"
  case mgPerDL = "mg/dL"
  case mmolPerL = "mmol/L"

  /// The canonical unit this unit converts to.
  public var canonical: ValueUnit {
    switch self {
    case .pound, .kilogram, .gram: return .pound
    case .mmHg: return .mmHg
    case .mgPerDL, .mmolPerL: return .mgPerDL
    }
  }

  /// The exact factor that turns a value in this unit into the canonical unit.
  public var factor: Rational {
    switch self {
    case .pound, .mmHg, .mgPerDL: return .one
    case .kilogram: return Rational(100_000_000, 45_359_237)
    case .gram: return Rational(100_000, 45_359_237)
    case .mmolPerL: return Rational(18_016, 1000)
    }
  }

  /// Converts a value in this unit to the canonical unit, exactly.
  ///
  /// - Returns: The converted value, or `nil` on overflow.
  public func toCanonical(_ value: Rational) -> Rational? {
    value.multiplied(by: factor)
  }

  /// Finds a unit by its symbol or a common spelling (`kg`, `kgs`, `pounds`, `mmol/l`),
  /// ignoring case, or returns `nil`.
  ///
  /// Apple Health writes glucose in millimoles as `mmol<180.1558800000541>/L`; that
  /// spelling is accepted as `mmol/L`.
  public init?(symbol: some StringProtocol) {
    let key = symbol.trimmingSpaces().lowercased()
    switch key {
    case "lb", "lbs", "pound", "pounds": self = .pound
    case "kg", "kgs", "kilogram", "kilograms": self = .kilogram
    case "g", "gram", "grams": self = .gram
    case "mmhg": self = .mmHg
    case "mg/dl": self = .mgPerDL
    case "mmol/l": self = .mmolPerL
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
