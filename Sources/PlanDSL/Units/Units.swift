import Foundation
import MealOptimizer

/// What a unit measures. Quantities are checked by dimension.
package enum UnitDimension: String, Sendable, Hashable, CaseIterable {
  case mass, volume, energy, money, count, percent, time, pressure
  case glucose = "glucose concentration"
  case density
  case internationalUnits = "international units"

  /// The canonical unit every value of this dimension is converted to.
  package var canonicalUnit: String {
    switch self {
    case .mass: "g"
    case .volume: "ml"
    case .energy: "kcal"
    case .money: "(currency)"
    case .count: "(count)"
    case .percent: "(fraction)"
    case .time: "min"
    case .pressure: "mmHg"
    case .glucose: "mg/dL"
    case .density: "g/ml"
    case .internationalUnits: "IU"
    }
  }
}

/// A unit: what it measures and how many canonical units one of it is.
///
/// Every factor is an exact decimal: the avoirdupois pound is 453.59237 g by
/// definition, the US cup 236.5882365 ml, the thermochemical kilocalorie
/// 4.184 kJ.
package struct UnitDefinition: Sendable, Hashable {
  /// The unit's main symbol (`g` for `grams`).
  package var symbol: String
  /// What it measures.
  package var dimension: UnitDimension
  /// Canonical units in one of this unit, before ``divisor``.
  package var factor: Decimal
  /// What the value times ``factor`` is divided by (4.184 for kJ); 1 for most units.
  package var divisor: Decimal = 1
}

/// The units the language knows, and conversions between them.
package enum Units {
  private static func d(_ text: String) -> Decimal {
    Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0
  }

  /// Every known unit by symbol (aliases included).
  package static let table: [String: UnitDefinition] = {
    var table: [String: UnitDefinition] = [:]
    func add(_ symbols: [String], _ dimension: UnitDimension, _ factor: String, divisor: String = "1") {
      for symbol in symbols {
        table[symbol] = UnitDefinition(
          symbol: symbols[0], dimension: dimension, factor: d(factor), divisor: d(divisor))
      }
    }
    add(["g", "gram", "grams"], .mass, "1")
    add(["kg", "kilogram", "kilograms"], .mass, "1000")
    add(["mg", "milligram", "milligrams"], .mass, "0.001")
    add(["µg", "μg", "mcg", "ug", "microgram", "micrograms"], .mass, "0.000001")
    add(["oz", "ounce", "ounces"], .mass, "28.349523125")
    add(["lb", "lbs", "pound", "pounds"], .mass, "453.59237")
    add(["ml", "mL", "millilitre", "milliliter"], .volume, "1")
    add(["l", "L", "litre", "liter", "litres", "liters"], .volume, "1000")
    add(["tsp", "teaspoon", "teaspoons"], .volume, "4.92892159375")
    add(["tbsp", "tablespoon", "tablespoons"], .volume, "14.78676478125")
    add(["cup", "cups"], .volume, "236.5882365")
    add(["fl oz"], .volume, "29.5735295625")
    add(["pt", "pint", "pints"], .volume, "473.176473")
    add(["qt", "quart", "quarts"], .volume, "946.352946")
    add(["gal", "gallon", "gallons"], .volume, "3785.411784")
    add(["kcal", "Cal", "calories"], .energy, "1")
    add(["kJ", "kj"], .energy, "1", divisor: "4.184")
    add(["count", "item", "items", "piece", "pieces", "serving", "servings", "x"], .count, "1")
    add(["%", "percent"], .percent, "0.01")
    add(["min", "mins", "minute", "minutes"], .time, "1")
    add(["h", "hr", "hour", "hours"], .time, "60")
    add(["mmHg"], .pressure, "1")
    add(["mg/dL", "mg/dl"], .glucose, "1")
    add(["mmol/L", "mmol/l"], .glucose, "18.016")
    add(["g/ml", "g/mL", "kg/l", "kg/L"], .density, "1")
    add(["IU"], .internationalUnits, "1")
    return table
  }()

  /// ISO 4217 codes accepted for money.
  package static let currencies: Set<String> = [
    "USD", "EUR", "GBP", "CAD", "AUD", "NZD", "CHF", "JPY", "CNY", "INR", "MXN", "BRL", "SEK", "NOK", "DKK",
    "PLN", "ZAR",
  ]

  /// The definition of a unit symbol, including currency codes (factor 1, dimension money).
  package static func definition(_ symbol: String) -> UnitDefinition? {
    if let unit = table[symbol] { return unit }
    if currencies.contains(symbol) { return UnitDefinition(symbol: symbol, dimension: .money, factor: 1) }
    return nil
  }

  /// Every symbol, for "did you mean" hints.
  package static var allSymbols: [String] { Array(table.keys) + currencies.sorted() }

  /// The value of `value` `unit` in canonical units of its dimension.
  package static func canonical(_ value: Decimal, _ unit: UnitDefinition) -> Decimal {
    // Canonical units (g, kcal, a currency) skip the multiplication: `Decimal`
    // arithmetic is slow, and the value is the same.
    guard unit.divisor == 1 else { return value * unit.factor / unit.divisor }
    return unit.factor == 1 ? value : value * unit.factor
  }

  /// A nutrient's canonical unit as a language unit (`mg` for sodium).
  static func unit(for nutrientUnit: NutrientUnit) -> UnitDefinition? {
    definition(nutrientUnit.rawValue)
  }
}
