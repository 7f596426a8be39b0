extension FoodCatalog {
  /// The food a person refers to by NDB number (`08120`, `8120`), identifier
  /// (`usda_08120`) or exact description (any case).
  ///
  /// This is the lookup behind `planner foods show` and a plan's
  /// `usda 08120` / `usda "Cheese, cheddar"`: numbers are tried first, then
  /// the description.
  ///
  /// - Parameter reference: What the person wrote.
  /// - Returns: The food.
  /// - Throws: ``CatalogLookupError`` with up to three close matches when
  ///   nothing matches.
  public func food(matching reference: String) throws(CatalogLookupError) -> Food {
    if let food = food(id: reference) ?? food(named: reference) { return food }
    throw CatalogLookupError(reference: reference, suggestions: closeMatches(for: reference, limit: 3))
  }
}
