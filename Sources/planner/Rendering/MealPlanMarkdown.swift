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
    if let visited = groceries.stores {
      let names = Dictionary(visited.map { ($0.id, $0) }) { a, _ in a }
      var out =
        "\n## Shopping list\n\n| Store | Category | Food | Needed | Bought | Cost | Left |\n| --- | --- | --- | ---: | --- | ---: | ---: |\n"
      let byStore = Dictionary(grouping: groceries.items) { $0.store ?? "" }
      let ordered = byStore.keys.sorted().flatMap { store in
        MealPlanText.byCategory(byStore[store] ?? []).flatMap { category, items in
          items.map { (category, $0) }
        }
      }
      for (category, item) in ordered {
        let store = item.store.map { names[$0]?.name ?? $0 } ?? ""
        out +=
          "| \(store) | \(category ?? "") | \(item.name) | \(Quantities.number(item.gramsNeeded ?? item.grams, digits: 0)) g | "
          + "\(MealPlanText.packageText(item)) | \(Quantities.money(item.cost, currency)) | "
          + "\(Quantities.number(item.gramsLeft ?? 0, digits: 0)) g |\n"
      }
      for store in visited where store.trip > 0 {
        out += "| \(store.name) | | trip | | | \(Quantities.money(store.trip, currency)) | |\n"
      }
      if let pantry = groceries.fromPantry, !pantry.isEmpty {
        out +=
          "\nFrom the pantry: "
          + pantry.map { "\($0.name) \(Quantities.number($0.grams, digits: 0)) g" }.joined(separator: ", ")
          + "\n"
      }
      return out + "\nTotal paid: **\(Quantities.money(groceries.total, currency))**\n"
    }
    var out = "\n## Shopping list\n\n| Store | Food | Packages | Cost |\n| --- | --- | ---: | ---: |\n"
    for item in groceries.items {
      let store = item.store.map { stores[$0] ?? $0 } ?? ""
      out += "| \(store) | \(item.name) | \(item.packages) | \(Quantities.money(item.cost, currency)) |\n"
    }
    return out + "\nTotal: **\(Quantities.money(groceries.total, currency))**\n"
  }
}
