import Foundation

/// A reference to a catalog food that matched no food, with close matches to suggest.
public struct CatalogLookupError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The reference as written (an NDB number, an identifier or a description).
  package var reference: String
  /// Foods whose descriptions are close to the reference, closest first.
  package var suggestions: [CatalogMatch]

  /// Creates an error.
  package init(reference: String, suggestions: [CatalogMatch]) {
    self.reference = reference
    self.suggestions = suggestions
  }

  /// "no catalog food 'Chese, chedar'; did you mean 'Cheese, cheddar' (usda 01009)?"
  public var description: String {
    var text = "no catalog food '\(reference)'"
    if !suggestions.isEmpty {
      let names = suggestions.map { "'\($0.description)' (usda \($0.ndbNumber))" }
      text += "; did you mean " + names.joined(separator: ", or ") + "?"
    }
    return text
  }
}

extension CatalogLookupError: LocalizedError {
  /// The same text as `description`, for `localizedDescription`.
  public var errorDescription: String? { description }
}
