import Foundation
import MealOptimizer

/// A weekly meal plan as Markdown: the week grid, daily totals and the shopping list.
struct MealPlanMarkdown {
  /// The same plan, title and lookups as the text rendering.
  var base: MealPlanText

  init(_ plan: MealPlan, title: String, stores: [Store]) {
    base = MealPlanText(plan, title: title, stores: stores)
  }

  var plan: MealPlan { base.plan }
  var title: String { base.title }
  var stores: [String: String] { base.stores }

  func render() -> String {
    var out = "# \(title)\n\nStatus: **\(plan.status.rawValue)**"
    guard plan.hasPlan else {
      return out + "\n\n" + plan.report.explanation.map { "- \($0)\n" }.joined()
    }
    if let cost = plan.cost { out += ". Cost: **\(Quantities.money(cost, plan.currency))**" }
    out += ".\n\n| Day | " + plan.slots.map(\.name).joined(separator: " | ") + " | Cost |\n"
    out += "| --- |" + plan.slots.map { _ in " --- |" }.joined() + " ---: |\n"
    for day in plan.days {
      let cells = plan.slots.map { slot -> String in
        guard let meal = day.meals.first(where: { $0.meal == slot }) else { return "" }
        return meal.name + (meal.servings != 1 ? " ×" + Quantities.fraction(meal.servings) : "")
      }
      out +=
        "| \(day.day) | " + cells.joined(separator: " | ")
        + " | \(Quantities.money(day.cost, plan.currency)) |\n"
    }
    if let groceries = plan.groceries, !groceries.items.isEmpty {
      out += Self.groceryMarkdown(groceries, currency: plan.currency, stores: stores)
    }
    return out
  }

  /// The shopping list as a Markdown section: store, food, packages, cost.
  static func groceryMarkdown(_ groceries: GroceryList, currency: String, stores: [String: String]) -> String
  {
    var out = "\n## Shopping list\n\n| Store | Food | Packages | Cost |\n| --- | --- | ---: | ---: |\n"
    for item in groceries.items {
      let store = item.store.map { stores[$0] ?? $0 } ?? ""
      out += "| \(store) | \(item.name) | \(item.packages) | \(Quantities.money(item.cost, currency)) |\n"
    }
    return out + "\nTotal: **\(Quantities.money(groceries.total, currency))**\n"
  }
}
