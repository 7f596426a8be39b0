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
          DiagnosticMessage.unknownCatalog(use.catalog, candidates: Self.catalogNames))
        continue
      }
      guard catalog == nil else { continue }
      do throws(FoodCatalogError) {
        catalog = try FoodCatalog.bundled()
      } catch {
        self.error(
          DiagnosticMessage.catalogUnavailable("\(error)", at: use.catalog.range))
      }
    }
  }

  /// The catalog food a declaration starts from, or `nil` after reporting why.
  mutating func catalogFood(_ reference: FoodDeclaration.CatalogReference) -> Food? {
    guard let catalog else {
      if !declarations.contains(where: { if case .use = $0 { true } else { false } }) {
        error(
          DiagnosticMessage.missingUseCatalog(at: reference.range))
      }
      return nil
    }
    switch reference {
    case .number(let text, let range):
      let padded = String(repeating: "0", count: max(0, 5 - text.count)) + text
      if let food = catalog.food(ndbNumber: padded) { return food }
      error(
        DiagnosticMessage.unknownCatalogNumber(text, at: range))
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
        DiagnosticMessage.unknownCatalogDescription(literal, hint: hint))
      return nil
    }
  }
}
