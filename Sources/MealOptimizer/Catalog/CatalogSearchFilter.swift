/// What a catalog search keeps, besides matching the query words.
public struct CatalogSearchFilter: Sendable, Hashable {
  /// Food group names to keep (case-insensitive); empty keeps every group.
  package var groups: Set<String>
  /// Tags every kept food must have (`vegan`, `gluten-free`).
  package var tags: Set<String>
  /// Nutrient conditions every kept food must meet.
  package var conditions: [NutrientCondition]

  /// Creates a filter; the default keeps everything.
  public init(groups: Set<String> = [], tags: Set<String> = [], conditions: [NutrientCondition] = []) {
    self.groups = groups
    self.tags = tags
    self.conditions = conditions
  }
}
