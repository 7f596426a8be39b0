import Foundation
import MealOptimizer

/// A nutrition label: per 100 g and per household measure, nutrients in table order.
struct NutritionLabelText {
  var food: Food

  init(_ food: Food) { self.food = food }

  func render() -> String {
    var out = (food.catalogDescription ?? food.name) + "\n"
    var facts: [String] = []
    if let number = food.ndbNumber { facts.append("USDA SR28 \(number)") }
    if let group = food.group { facts.append(group) }
    if food.catalogDescription != nil { facts.append("plans print \"\(food.name)\"") }
    if !facts.isEmpty { out += facts.joined(separator: " · ") + "\n" }
    if !food.tags.isEmpty { out += "Tags: " + food.tags.sorted().joined(separator: ", ") + "\n" }
    let measures = Array(food.measures.prefix(3))
    var table = TextTable([.left, .right] + measures.map { _ in .right })
    table.add(["", "per 100 g"] + measures.map { "per \($0.name) (\(Quantities.number($0.grams)) g)" })
    for definition in NutrientTable.definitions {
      guard let amount = food.nutrientsPer100g[definition.nutrient] else { continue }
      let unit = " " + definition.unit.rawValue
      var row = [definition.displayName, Quantities.number(amount, digits: 2) + unit]
      for measure in measures {
        row.append(Quantities.number(amount * measure.grams / 100, digits: 2) + unit)
      }
      table.add(row)
    }
    out += "\n" + table.render()
    if food.measures.count > measures.count {
      out +=
        "\nOther measures: "
        + food.measures.dropFirst(measures.count).map { "\($0.name) = \(Quantities.number($0.grams)) g" }
        .joined(separator: ", ") + "\n"
    }
    return out
  }
}
