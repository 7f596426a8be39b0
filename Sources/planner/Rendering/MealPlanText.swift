import Foundation
import MealOptimizer

/// A weekly meal plan for a terminal: the week grid, totals against goals, cost, groceries.
struct MealPlanText {
  var plan: MealPlan
  var title: String
  var stores: [String: String]

  init(_ plan: MealPlan, title: String, stores: [Store]) {
    self.plan = plan
    self.title = title
    self.stores = Dictionary(stores.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
  }

  func render() -> String {
    var out = "\(title): \(plan.status.rawValue)"
    guard plan.hasPlan else {
      out += "\n"
      for line in plan.report.explanation { out += "  - " + line + "\n" }
      return out
    }
    out += ", \(plan.days.count) days"
    if let cost = plan.cost { out += ", " + Quantities.money(cost, plan.currency) + " of food" }
    if let gap = plan.report.relativeGap, plan.status == .feasible || gap > 1e-4 {
      out += " (within \(Quantities.number(gap * 100, digits: 2))% of the cheapest)"
    }
    out += "\n\n"
    out += grid()
    out += "\nDaily totals\n"
    for day in plan.days {
      out +=
        "  Day \(day.day)  " + Quantities.money(day.cost, plan.currency) + "  " + goalsLine(day.goals) + "\n"
    }
    for week in plan.weeks where !week.goals.isEmpty {
      out +=
        "  Week \(week.week)  " + Quantities.money(week.cost, plan.currency) + "  " + goalsLine(week.goals)
        + "\n"
    }
    if let groceries = plan.groceries, !groceries.items.isEmpty {
      out += "\n" + Self.groceryText(groceries, currency: plan.currency, stores: stores)
    }
    return out
  }

  /// Rows are days, columns are meals; each cell is the recipe and its portion.
  func grid() -> String {
    var table = TextTable([.left] + plan.slots.map { _ in .left })
    table.add([""] + plan.slots.map(\.name))
    for day in plan.days {
      var row = ["Day \(day.day)"]
      for slot in plan.slots {
        guard let meal = day.meals.first(where: { $0.meal == slot }) else {
          row.append("-")
          continue
        }
        var cell = Self.shorten(meal.name, 26)
        if meal.servings != 1 { cell += " ×" + Quantities.fraction(meal.servings) }
        if meal.leftoverFromDay != nil { cell += " (leftover)" }
        row.append(cell)
      }
      table.add(row)
    }
    return table.render()
  }

  func goalsLine(_ goals: [GoalCheck]) -> String {
    goals.map { goal in
      let amount =
        goal.basis == .percentOfEnergy
        ? Quantities.number(goal.total * 100) + "%"
        : Quantities.number(goal.total, digits: 0) + " " + Quantities.unit(of: goal.nutrient)
      let mark = goal.status == .violated ? " VIOLATED" : ""
      return "\(goal.nutrient.name) \(amount)\(mark)"
    }.joined(separator: " · ")
  }

  static func shorten(_ text: String, _ width: Int) -> String {
    text.count <= width ? text : String(text.prefix(width - 1)) + "…"
  }

  /// The shopping list, grouped by store, in whole packages.
  static func groceryText(_ groceries: GroceryList, currency: String, stores: [String: String]) -> String {
    var out = "Shopping list (whole packages)\n"
    let grouped = Dictionary(grouping: groceries.items) { $0.store ?? "" }
    for store in grouped.keys.sorted() {
      out += "  " + (store.isEmpty ? "Anywhere" : stores[store] ?? store) + "\n"
      var table = TextTable([.left, .right, .left, .right])
      table.indent = "    "
      for item in grouped[store] ?? [] {
        let package: String
        if let grams = item.packageGrams {
          package =
            "× " + (item.packageName ?? Quantities.number(grams, digits: 0) + " g")
            + (item.packageName.map {
              $0.first?.isNumber == true ? "" : " (\(Quantities.number(grams, digits: 0)) g)"
            } ?? "")
        } else {
          package = ""
        }
        table.add([item.name, "\(item.packages)", package, Quantities.money(item.cost, currency)])
      }
      out += table.render()
    }
    out += "  Total " + Quantities.money(groceries.total, currency) + "\n"
    return out
  }
}
