/// A household measure of a catalog food as SR28 states it, with the name plans use.
///
/// SR28 gives a measure as an amount, a description and a weight
/// ("1 cup, chopped" = 91 g). ``name`` is a short identifier derived from the
/// description (`cup`, `tbsp`, `slice`, `large`), unique within the food, and
/// `gramsPerUnit` is the weight of one of it.
package struct CatalogMeasure: Sendable, Hashable, Codable {
  /// The identifier a plan uses (`cup`, `cup_sliced`, `large`).
  package var name: String
  /// How many of the measure SR28 weighed (`0.5` for "0.5 cup").
  package var amount: Double
  /// SR28's description of the measure ("cup, chopped").
  package var description: String
  /// The weight of `amount` of the measure, in grams.
  package var grams: Double

  /// Creates a measure.
  package init(name: String, amount: Double, description: String, grams: Double) {
    self.name = name
    self.amount = amount
    self.description = description
    self.grams = grams
  }

  /// The weight of one of the measure, in grams.
  package var gramsPerUnit: Double { grams / amount }

  /// The measure as a ``Measure`` of one unit, as ``Food/measures`` holds it.
  package var measure: Measure { Measure(name: name, grams: gramsPerUnit) }
}
