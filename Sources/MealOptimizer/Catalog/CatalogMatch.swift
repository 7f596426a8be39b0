/// A food found by ``FoodCatalog/search(_:filters:limit:)`` or ``FoodCatalog/closeMatches(for:limit:)``.
public struct CatalogMatch: Sendable, Hashable, Codable {
  /// The food's identifier (`usda_08120`), as ``Food/id`` gives it.
  public var id: String
  /// The food's NDB number (`08120`).
  package var ndbNumber: String
  /// The food's description.
  public var description: String
  /// The food's group.
  package var group: String
  /// How well the food matched; higher is better. Only the order is meaningful.
  package var score: Double

  /// Creates a match.
  package init(id: String, ndbNumber: String, description: String, group: String, score: Double) {
    self.id = id
    self.ndbNumber = ndbNumber
    self.description = description
    self.group = group
    self.score = score
  }
}
