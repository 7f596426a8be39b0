import Foundation
import HealthRules
import MealOptimizer

extension Checker {
  /// Checks a `pantry` block: each line's food is known, its amount converts
  /// to grams (any unit or measure the food has), and its use-by date is a
  /// calendar date.
  mutating func checkPantry(_ d: PantryDeclaration, foods: [Food]) -> PantrySpec? {
    let errorsBefore = diagnostics.count
    var stock: [PantryStock] = []
    for line in d.lines {
      guard let id = resolveFood(line.food), let food = checkedFood(id, in: foods) else { continue }
      guard let grams = grams(of: line.amount, in: food, for: "pantry stock") else { continue }
      if grams == 0 {
        error(DiagnosticMessage.zeroAmount(line.amount, what: "pantry stock"))
        continue
      }
      var useBy: String?
      if let token = line.useBy {
        guard Day(iso: token.value) != nil else {
          error(DiagnosticMessage.badDate(token))
          continue
        }
        useBy = token.value
      }
      stock.append(PantryStock(food: id, grams: grams.double, category: line.category?.value, useBy: useBy))
    }
    guard diagnostics.count == errorsBefore else { return nil }
    return PantrySpec(name: d.name.name, displayName: d.displayName?.value, stock: stock, range: d.range)
  }
}
