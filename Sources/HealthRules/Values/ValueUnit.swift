/// The canonical unit of a value the rule engine computes, such as `lb`, `mmHg` or `lb/day`.
///
/// The engine works only in canonical units (pounds, millimetres of mercury,
/// milligrams per decilitre); a front end converts other units before building
/// rules. Two values can be added or compared only when their units are equal.
/// The empty symbol is a plain number: counts, ratios and percents (`110%` is `11/10`).
public struct ValueUnit: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The unit's symbol, empty for a plain number.
  public let symbol: String

  /// Creates a unit from its symbol.
  public init(_ symbol: String) {
    self.symbol = symbol
  }

  /// Pounds, the canonical unit of body weight.
  public static let pound = ValueUnit("lb")
  /// Millimetres of mercury, the canonical unit of blood pressure.
  public static let mmHg = ValueUnit("mmHg")
  /// Milligrams per decilitre, the canonical unit of blood glucose.
  public static let mgPerDL = ValueUnit("mg/dL")
  /// A plain number: a count, a ratio or a percent.
  public static let number = ValueUnit("")

  /// This unit per day, the unit of a slope.
  public var perDay: ValueUnit {
    ValueUnit(symbol.isEmpty ? "/day" : symbol + "/day")
  }

  /// The symbol, or `""` for a plain number.
  public var description: String { symbol }
}
