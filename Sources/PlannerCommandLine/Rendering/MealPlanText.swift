import Foundation
import MealOptimizer

/// A weekly meal plan for a terminal: the week grid, totals against goals, cost, groceries.
struct MealPlanText {
  var plan: MealPlan
  var title: String
  var stores: [String: String]
  /// The cooking plan to print after the daily totals, with the foods for kitchen units.
  var cooking: (plan: CookingPlan, foods: [String: Food])?

  init(_ plan: MealPlan, title: String, stores: [Store], cooking: (CookingPlan, [Food])? = nil) {
    self.plan = plan
    self.title = title
    self.stores = Dictionary(stores.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    self.cooking = cooking.map { ($0.0, Dictionary($0.1.map { ($0.id, $0) }) { a, _ in a }) }
  }

  func render() -> String {
    var out = "\(title): \(StatusWords.phrase(plan.status, plan.report))"
    guard plan.hasPlan else {
      out += "\n"
      for line in plan.report.explanation { out += "  - " + line + "\n" }
      return out
    }
    out += ", \(plan.days.count) days"
    if let cost = plan.cost {
      out +=
        ", "
        + Self.costPhrase(
          cost, groceries: plan.groceries, currency: plan.currency, credit: plan.leftoverCredit)
    }
    out += "\n\n"
    out += grid()
    out += "\nDaily totals (cost: the food eaten that day, at each food's cheapest price per gram)\n"
    for day in plan.days {
      out +=
        "  Day \(day.day)  " + Quantities.money(day.cost, plan.currency) + "  " + goalsLine(day.goals) + "\n"
    }
    for week in plan.weeks where !week.goals.isEmpty {
      out +=
        "  Week \(week.week)  " + Quantities.money(week.cost, plan.currency) + "  " + goalsLine(week.goals)
        + "\n"
    }
    if let cooking {
      out += "\n" + Self.cookingText(cooking.plan, foods: cooking.foods, currency: plan.currency)
    }
    if let groceries = plan.groceries, !groceries.items.isEmpty || groceries.fromPantry?.isEmpty == false {
      out += "\n" + Self.groceryText(groceries, currency: plan.currency, stores: stores)
    }
    return out
  }

  /// The cooking plan: each cooking with its servings, scale and cost, its
  /// ingredients in kitchen units with their shares, then the cost per day and week.
  static func cookingText(_ cooking: CookingPlan, foods: [String: Food], currency: String) -> String {
    var out =
      "Cooking plan (cost: what is cooked, servings kept for later included; each ingredient's share of the food paid for, trips not shared out)\n"
    for session in cooking.sessions {
      let servings = Quantities.number(session.servings, digits: 2)
      var line = "  Day \(session.day) \(session.meal.name): \(session.name), cook \(servings) serving"
      line += session.servings == 1 ? "" : "s"
      if abs(session.scale - 1) > 1e-9 {
        line += " (\(Quantities.number(session.scale, digits: 2)) × the recipe)"
      }
      if session.leftoverServings > 1e-9 {
        line += ", \(Quantities.number(session.leftoverServings, digits: 2)) kept for later"
      }
      line += "; " + Quantities.money(session.cost, currency) + ", "
      line += Quantities.money(session.costPerServing, currency) + " a serving\n"
      out += line
      let parts = session.ingredients.map {
        Quantities.amount(grams: $0.grams, of: foods[$0.food]) + " " + $0.name + " "
          + Quantities.money($0.cost, currency)
      }
      if !parts.isEmpty { out += "      " + parts.joined(separator: " · ") + "\n" }
    }
    out += "  Cooked per day: "
    out += cooking.dayCosts.enumerated().map {
      "day \($0.offset + 1) " + Quantities.money($0.element, currency)
    }
    .joined(separator: ", ")
    out += "\n"
    for (week, cost) in cooking.weekCosts.enumerated() {
      out += "  Cooked in week \(week + 1): " + Quantities.money(cost, currency) + "\n"
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

  /// "12.40 USD paid at the till (food 9.40 + trips 3.00)" when the plan's
  /// cost is its shopping list's total, "9.85 USD of food eaten" (and what
  /// the shopping list costs) otherwise; with a credit for leftovers, "(less
  /// 0.72 USD credited for leftovers)".
  static func costPhrase(_ cost: Decimal, groceries: GroceryList?, currency: String, credit: Decimal? = nil)
    -> String
  {
    guard let groceries else { return Quantities.money(cost, currency) + " of food eaten" }
    if groceries.stores != nil, groceries.total == cost {
      return Quantities.money(cost, currency) + " paid at the till" + split(groceries, currency: currency)
        + creditPhrase(credit, currency: currency)
    }
    return Quantities.money(cost, currency) + " of food eaten, " + Quantities.money(groceries.total, currency)
      + (groceries.stores != nil ? " paid at the till" : " for the shopping list")
      + split(groceries, currency: currency)
  }

  /// " (food 9.40 + trips 3.00)" when the list visits stores with a trip cost, "" otherwise.
  static func split(_ groceries: GroceryList, currency: String) -> String {
    guard groceries.tripTotal > 0 else { return "" }
    return " (food " + Quantities.money(groceries.foodTotal, currency) + " + trips "
      + Quantities.money(groceries.tripTotal, currency) + ")"
  }

  /// The total line of a shopping list: what it includes, trips whenever stores are visited.
  static func totalLine(_ groceries: GroceryList, currency: String) -> String {
    let trips = groceries.visits.filter { $0.trip > 0 }
    let what =
      trips.isEmpty
      ? "packages" + (groceries.visits.isEmpty ? "" : "; no trip costs")
      : "food " + Quantities.money(groceries.foodTotal, currency) + " + "
        + (trips.count == 1 ? "1 trip " : "\(trips.count) trips ")
        + Quantities.money(groceries.tripTotal, currency)
    return Quantities.money(groceries.total, currency) + " (" + what + ")"
  }

  /// " (less 0.72 USD credited for leftovers)" with a credit for leftovers, "" without.
  static func creditPhrase(_ credit: Decimal?, currency: String) -> String {
    credit.map { " (less " + Quantities.money($0, currency) + " credited for leftovers)" } ?? ""
  }

  /// The shopping list, grouped by store, in whole packages.
  static func groceryText(_ groceries: GroceryList, currency: String, stores: [String: String]) -> String {
    if let visited = groceries.stores { return purchaseText(groceries, visited: visited, currency: currency) }
    var out = "Shopping list (whole packages)\n"
    let grouped = Dictionary(grouping: groceries.items) { $0.store ?? "" }
    let trips = Dictionary(groceries.visits.map { ($0.id, $0.trip) }) { a, _ in a }
    for store in grouped.keys.sorted() {
      let trip = trips[store].flatMap { $0 > 0 ? ", trip " + Quantities.money($0, currency) : nil } ?? ""
      out += "  " + (store.isEmpty ? "Anywhere" : (stores[store] ?? store) + trip) + "\n"
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
    out += "  Total " + totalLine(groceries, currency: currency) + "\n"
    return out
  }

  /// A package as a shopper reads it: `3 × 1 lb`, `2 × gallon_jug (3904 g)`, `450 g loose`.
  static func packageText(_ item: GroceryItem) -> String {
    guard let grams = item.packageGrams else { return "" }
    if item.loose == true { return Quantities.number(item.gramsBought ?? 0, digits: 0) + " g loose" }
    let name = item.packageName ?? Quantities.number(grams, digits: 0) + " g"
    let weight = name.first?.isNumber == true ? "" : " (\(Quantities.number(grams, digits: 0)) g)"
    return "\(item.packages) × " + name + weight
  }

  /// A store's lines grouped by ``GroceryItem/category``, categories in
  /// alphabetical order and lines without one last under "other"; one group
  /// with no heading (`nil`) when no line has a category.
  static func byCategory(_ items: [GroceryItem]) -> [(String?, [GroceryItem])] {
    guard items.contains(where: { $0.category != nil }) else { return [(nil, items)] }
    let grouped = Dictionary(grouping: items) { $0.category ?? "" }
    return grouped.keys.sorted { ($0.isEmpty ? 1 : 0, $0) < ($1.isEmpty ? 1 : 0, $1) }.map {
      ($0.isEmpty ? "other" : $0, grouped[$0] ?? [])
    }
  }

  /// The shopping list of a plan that buys inside the model: per store with
  /// its trip, each line needed vs bought and what is left; then what comes
  /// from the pantry and what is left after the plan.
  static func purchaseText(_ groceries: GroceryList, visited: [GroceryStore], currency: String) -> String {
    var out = "Shopping list (what you pay at the till)\n"
    let grouped = Dictionary(grouping: groceries.items) { $0.store ?? "" }
    let names = Dictionary(visited.map { ($0.id, $0) }) { a, _ in a }
    for store in grouped.keys.sorted() {
      let header = names[store].map {
        $0.name + ($0.trip > 0 ? ", trip " + Quantities.money($0.trip, currency) : "")
      }
      out += "  " + (store.isEmpty ? "Anywhere" : header ?? store) + "\n"
      var table = TextTable([.left, .right, .left, .right, .left])
      table.indent = "    "
      for (category, items) in byCategory(grouped[store] ?? []) {
        if let category { table.add(["[\(category)]", "", "", "", ""]) }
        for item in items {
          let needed = Quantities.number(item.gramsNeeded ?? item.grams, digits: 0) + " g needed:"
          let left =
            (item.gramsLeft ?? 0) >= 0.5
            ? "(" + Quantities.number(item.gramsLeft ?? 0, digits: 0) + " g left)" : ""
          table.add([
            (category == nil ? "" : "  ") + item.name, needed, packageText(item),
            Quantities.money(item.cost, currency), left,
          ])
        }
      }
      out += table.render()
    }
    if let pantry = groceries.fromPantry, !pantry.isEmpty {
      out += "  From the pantry\n"
      var table = TextTable([.left, .right, .left])
      table.indent = "    "
      for use in pantry {
        table.add([
          use.name, Quantities.number(use.grams, digits: 0) + " g", use.category.map { "[\($0)]" } ?? "",
        ])
      }
      out += table.render()
    }
    if let left = groceries.leftovers, !left.isEmpty {
      out += "  Left after the plan\n"
      var table = TextTable([.left, .right, .left])
      table.indent = "    "
      for item in left {
        let note =
          item.packageGrams.map { "of a \(Quantities.number($0, digits: 0)) g package" }
          ?? (item.category.map { "[\($0)]" } ?? "")
        table.add([item.name, Quantities.number(item.grams, digits: 0) + " g", note])
      }
      out += table.render()
    }
    out += "  Total paid " + totalLine(groceries, currency: currency) + "\n"
    return out
  }
}
