/// A nutrient, named by its canonical identifier such as `protein` or `vitamin_c`.
///
/// Amounts of a nutrient are always in its canonical unit (see
/// `NutrientDefinition/unit`): grams for macronutrients, milligrams or
/// micrograms for minerals and vitamins, kilocalories for energy.
public struct Nutrient: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The canonical name, lowercase with underscores (`saturated_fat`).
  public let name: String

  /// Creates a nutrient from its canonical name.
  public init(_ name: String) { self.name = name }

  public init(stringLiteral value: String) { self.name = value }

  public var description: String { name }

  public static func < (lhs: Nutrient, rhs: Nutrient) -> Bool { lhs.name < rhs.name }

  /// Its definition in ``NutrientTable``, when the name is known.
  package var definition: NutrientDefinition? { NutrientTable.definition(for: self) }
}

extension Nutrient: CodingKeyRepresentable {
  /// The canonical name, so that amounts by nutrient encode as a JSON object.
  public var codingKey: any CodingKey { NameKey(stringValue: name) }

  /// The nutrient a key names.
  public init?<T: CodingKey>(codingKey: T) { self.name = codingKey.stringValue }

  private struct NameKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

extension Nutrient: Codable {
  public init(from decoder: any Decoder) throws {
    self.name = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }
}

extension Nutrient {
  public static let energy: Nutrient = "energy"
  public static let protein: Nutrient = "protein"
  public static let fat: Nutrient = "fat"
  public static let saturatedFat: Nutrient = "saturated_fat"
  public static let carbs: Nutrient = "carbs"
  public static let fiber: Nutrient = "fiber"
  public static let sugars: Nutrient = "sugars"
  public static let sodium: Nutrient = "sodium"
}

/// The unit a nutrient's amounts are expressed in.
package enum NutrientUnit: String, Sendable, Codable, CaseIterable {
  case kilocalorie = "kcal"
  case kilojoule = "kJ"
  case gram = "g"
  case milligram = "mg"
  case microgram = "µg"
  case internationalUnit = "IU"

  /// How many grams one of this unit is, for mass units; `nil` otherwise.
  package var grams: Double? {
    switch self {
    case .gram: 1
    case .milligram: 1e-3
    case .microgram: 1e-6
    case .kilocalorie, .kilojoule, .internationalUnit: nil
    }
  }
}

/// What the project knows about one nutrient.
package struct NutrientDefinition: Sendable, Hashable {
  /// The nutrient.
  package let nutrient: Nutrient
  /// The canonical unit of its amounts.
  package let unit: NutrientUnit
  /// A name for people ("Saturated fat").
  package let displayName: String
  /// Other names accepted in plan files (`carbohydrate`, `kcal`).
  package let aliases: [String]
  /// The USDA SR28 nutrient number, when there is one (`208` for energy).
  package let usdaNumber: Int?
  /// Kilocalories in one canonical unit, for nutrients that supply energy
  /// (9 for fat, 4 for protein). Used by goals stated as a percent of energy.
  package let kilocaloriesPerUnit: Double?

  package init(
    _ nutrient: Nutrient, unit: NutrientUnit, displayName: String, aliases: [String] = [],
    usdaNumber: Int? = nil, kilocaloriesPerUnit: Double? = nil
  ) {
    self.nutrient = nutrient
    self.unit = unit
    self.displayName = displayName
    self.aliases = aliases
    self.usdaNumber = usdaNumber
    self.kilocaloriesPerUnit = kilocaloriesPerUnit
  }
}
