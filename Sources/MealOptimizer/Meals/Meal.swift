/// A meal of the day that a recipe suits and a plan has a slot for.
///
/// The four usual meals are static constants; any other name (`brunch`,
/// `second_snack`) is a meal too. Names compare exactly, so spell them the
/// same way in recipes and plans (the constants are lowercase).
///
/// ```swift
/// let slots: [Meal] = [.breakfast, .lunch, .dinner, Meal("late_snack")]
/// ```
public struct Meal: Sendable, Hashable, Codable, Comparable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The meal's name (`breakfast`).
  package let name: String

  /// Creates a meal from its name.
  package init(_ name: String) { self.name = name }

  public init(stringLiteral value: String) { self.name = value }

  public var description: String { name }

  public static func < (lhs: Meal, rhs: Meal) -> Bool { lhs.name < rhs.name }

  public init(from decoder: any Decoder) throws {
    self.name = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }

  /// The first meal of the day.
  public static let breakfast: Meal = "breakfast"
  /// The midday meal.
  public static let lunch: Meal = "lunch"
  /// The evening meal.
  public static let dinner: Meal = "dinner"
  /// Something small between meals.
  public static let snack: Meal = "snack"
}

extension Meal: CodingKeyRepresentable {
  /// The meal's name, so that values by meal encode as a JSON object.
  public var codingKey: any CodingKey { NameKey(stringValue: name) }

  /// The meal a key names.
  public init?<T: CodingKey>(codingKey: T) { self.name = codingKey.stringValue }

  private struct NameKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
