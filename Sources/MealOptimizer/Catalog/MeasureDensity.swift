import Foundation

/// Estimates a food's density from its SR28 household measures.
///
/// A measure whose description is a plain US volume unit, with nothing after
/// it but a parenthesised note ("fl oz", "cup", "cup (8 fl oz)", "tbsp",
/// "tablespoon", "tsp"), gives grams per millilitre. Fluid ounces are
/// preferred, then cups, tablespoons and teaspoons; for foods measured
/// loosely (a cup of oats) this is their bulk density, which is what a
/// volume in a recipe means for them.
enum MeasureDensity {
  /// Millilitres in one US customary unit.
  static let millilitres: [String: Double] = [
    "fl oz": 29.5735295625, "cup": 236.5882365, "cups": 236.5882365, "tbsp": 14.78676478125,
    "tablespoon": 14.78676478125, "tablespoons": 14.78676478125, "tsp": 4.92892159375,
    "teaspoon": 4.92892159375, "teaspoons": 4.92892159375,
  ]
  static let preference = [
    "fl oz", "cup", "cups", "tbsp", "tablespoon", "tablespoons", "tsp", "teaspoon", "teaspoons",
  ]

  /// Grams per millilitre, or `nil` when no measure is a plain volume.
  static func density(of measures: some Sequence<CatalogMeasure>) -> Double? {
    var best: (rank: Int, density: Double)?
    for measure in measures {
      var unit = SearchText.fold(measure.description)
      if let parenthesis = unit.firstIndex(of: "(") { unit = String(unit[..<parenthesis]) }
      unit = unit.trimmingCharacters(in: .whitespaces)
      guard let volume = millilitres[unit], let rank = preference.firstIndex(of: unit) else { continue }
      if let current = best, current.rank <= rank { continue }
      best = (rank, measure.gramsPerUnit / volume)
    }
    return best?.density
  }
}
