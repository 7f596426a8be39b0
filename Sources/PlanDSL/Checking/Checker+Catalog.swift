import Diagnostics
import Foundation
import MealOptimizer

extension Checker {
  /// Catalogs a program may `use`, by name.
  static let catalogNames = ["usda-sr28"]

  /// Loads the catalog named by `use catalog`, once, reporting unknown names.
  mutating func checkUses() {
    for case .use(let use) in declarations {
      guard Self.catalogNames.contains(use.catalog.value) else {
        error(
          DiagnosticMessage.invalid(
            "unknown-catalog", "unknown catalog '\(use.catalog.value)'", at: use.catalog.range,
            hint: Suggestions.hint(for: use.catalog.value, in: Self.catalogNames)
              ?? "the bundled catalog is \"usda-sr28\""))
        continue
      }
      guard catalog == nil else { continue }
      do throws(FoodCatalogError) {
        catalog = try FoodCatalog.bundled()
      } catch {
        self.error(
          DiagnosticMessage.invalid(
            "catalog-unavailable", "cannot load the catalog: \(error)", at: use.catalog.range))
      }
    }
  }

  /// The catalog food a declaration starts from, or `nil` after reporting why.
  mutating func catalogFood(_ reference: FoodDeclaration.CatalogReference) -> Food? {
    guard let catalog else {
      if !declarations.contains(where: { if case .use = $0 { true } else { false } }) {
        error(
          DiagnosticMessage.invalid(
            "missing-use-catalog", "a catalog food needs the catalog", at: reference.range,
            hint: "add 'use catalog \"usda-sr28\"' at the top of the file"))
      }
      return nil
    }
    switch reference {
    case .number(let text, let range):
      let padded = String(repeating: "0", count: max(0, 5 - text.count)) + text
      if let food = catalog.food(ndbNumber: padded) { return food }
      error(
        DiagnosticMessage.invalid(
          "unknown-catalog-food", "no food numbered '\(text)' in the catalog", at: range,
          hint: "find numbers with 'planner foods search WORDS'"))
      return nil
    case .description(let literal):
      if let food = catalog.food(named: literal.value) { return food }
      let matches = catalog.closeMatches(for: literal.value, limit: 3)
      let hint =
        matches.isEmpty
        ? "find foods with 'planner foods search WORDS'"
        : "did you mean "
          + matches.map { "\"\($0.description)\" (\($0.ndbNumber))" }.joined(separator: " or ") + "?"
      error(
        DiagnosticMessage.invalid(
          "unknown-catalog-food", "no food described \"\(literal.value)\" in the catalog", at: literal.range,
          hint: hint))
      return nil
    }
  }
}
