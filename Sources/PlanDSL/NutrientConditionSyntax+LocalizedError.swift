import Foundation

extension NutrientConditionSyntax.Failure: LocalizedError {
  /// The message and its hint: `unknown nutrient 'protien' (did you mean 'protein'?)`.
  package var errorDescription: String? { description }
}
