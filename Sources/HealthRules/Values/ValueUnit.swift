/// The canonical unit of a value the rule engine computes, such as `lb`, `mmHg` or `lb/day`.
///
/// The engine works only in canonical units (pounds, millimetres of mercury,
/// milligrams per decilitre); a front end converts other units before building
/// rules. Two values can be added or compared only when their units are equal.
/// The empty symbol is a plain number: counts, ratios and percents (`110%` is `11/10`).
package struct ValueUnit: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The unit's symbol, empty for a plain number.
  package let symbol: String

  /// Creates a unit from its symbol.
  package init(_ symbol: String) {
    self.symbol = symbol
  }

  /// Pounds, the canonical unit of body weight.
  package static let pound = ValueUnit("lb")
  /// Millimetres of mercury, the canonical unit of blood pressure.
  package static let mmHg = ValueUnit("mmHg")
  /// Milligrams per decilitre, the canonical unit of blood glucose.
  package static let mgPerDL = ValueUnit("mg/dL")
  /// Beats per minute, the canonical unit of heart rate.
  package static let perMinute = ValueUnit("/min")
  /// Degrees Celsius, the canonical unit of body temperature.
  package static let celsius = ValueUnit("°C")
  /// A plain number: a count, a ratio or a percent.
  package static let number = ValueUnit("")

  /// Days, the unit of `3 days` in a rule (`change(…) / 3 days` is a rate).
  package static let day = ValueUnit("day")

  /// For a rate (`lb/day`), the unit it is per day of (`lb`); `nil` otherwise.
  package var perDayBase: ValueUnit? {
    guard symbol.hasSuffix("/day") else { return nil }
    return ValueUnit(String(symbol.dropLast(4)))
  }

  /// This unit per day, the unit of a slope.
  package var perDay: ValueUnit {
    ValueUnit(symbol.isEmpty ? "/day" : symbol + "/day")
  }

  /// How many integer steps of storage make one of this unit: readings are kept as whole
  /// multiples of `1 / storageScale`.
  ///
  /// The scale is chosen so that every input unit converts exactly: a pound is
  /// 45,359,237,000 steps, so a thousandth of a kilogram (100,000,000 steps) and a
  /// thousandth of a pound (45,359,237 steps) are both whole; a mg/dL is 1,000,000
  /// steps, so a thousandth of a mmol/L (18,016 steps) is whole. Other units store
  /// thousandths.
  package var storageScale: Int64 {
    switch symbol {
    case "lb": return 45_359_237_000
    case "mg/dL": return 1_000_000
    case "°C": return 9000
    default: return 1000
    }
  }

  /// The symbol, or `""` for a plain number.
  package var description: String { symbol }
}
