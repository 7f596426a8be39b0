import Foundation
import MealOptimizer

/// A week of meals for a terminal, one person's or a household's: the day
/// table, the totals against goals (a person's, or each member's portions and
/// totals), the cost, the cooking plan and the shopping list.
struct MealPlanText {
  var week: MealWeek
  var title: String

  init(_ week: MealWeek, title: String) {
    self.week = week
    self.title = title
  }

  /// A week of meals, one person's or a household's.
  init(_ plan: MealPlan, title: String, problem: MealPlanProblem) {
    self.init(MealWeek(plan, problem: problem), title: title)
  }

  func render() -> String {
    var out = title + (week.household.map { " for household \($0)" } ?? "")
    out += ": \(StatusWords.phrase(week.status, week.report))"
    guard week.hasPlan else {
      out += "\n"
      for line in week.report.explanation { out += "  - " + line + "\n" }
      return out
    }
    out += ", \(week.days.count) days"
    if let members = week.members { out += ", \(members.count) members" }
    if let cost = week.cost {
      out +=
        ", "
        + Self.costPhrase(
          cost, groceries: week.groceries, currency: week.currency, credit: week.leftoverCredit)
    }
    out += "\n\n" + grid() + "\n"
    if let members = week.members {
      for member in members { out += memberSection(member) }
    } else {
      out += "Daily totals (cost: the food eaten that day, at each food's cheapest price per gram)\n"
      for day in week.totals.days {
        out +=
          "  Day \(day.day)  " + Quantities.money(day.cost, week.currency) + "  " + Self.goalsLine(day.goals)
          + "\n"
      }
      for total in week.totals.weeks where !total.goals.isEmpty {
        out +=
          "  Week \(total.week)  " + Quantities.money(total.cost, week.currency) + "  "
          + Self.goalsLine(total.goals) + "\n"
      }
    }
    if let cooking = week.cooking {
      out += "\n" + Self.cookingText(cooking, foods: week.foods, currency: week.currency)
    }
    if let groceries = week.groceries, !groceries.items.isEmpty || groceries.fromPantry?.isEmpty == false {
      out += "\n" + Self.groceryText(groceries, currency: week.currency, stores: week.stores)
    }
    return out
  }

  /// Rows are days, columns are meals; each cell is the dish and its
  /// servings (a household's: everyone's together, and what the day's food
  /// costs in a last column).
  func grid() -> String {
    let household = week.members != nil
    var table = TextTable([.left] + week.slots.map { _ in .left } + (household ? [.right] : []))
    table.add([""] + week.slots.map(\.name) + (household ? ["food eaten"] : []))
    for day in week.days {
      var row = ["Day \(day.day)"]
      for dish in day.dishes {
        row.append(dish.map { Self.shorten($0.name, household ? 24 : 26) + week.cellSuffix($0) } ?? "-")
      }
      if household { row.append(Quantities.money(day.cost, week.currency)) }
      table.add(row)
    }
    return table.render()
  }

  /// A member's goals, then one line per day: portions, cost and totals.
  func memberSection(_ member: MemberPlan) -> String {
    var out = "\n\(MealWeek.heading(member)): " + Quantities.money(member.cost, week.currency)
    if let profile = member.profile {
      out +=
        "; profile \(profile.sex.rawValue), \(profile.age) y, "
        + "\(Quantities.number(profile.heightMeters * 100, digits: 0)) cm, "
        + "\(Quantities.number(profile.weightKilograms, digits: 1)) kg, \(profile.activity.rawValue)"
    }
    out += "\n  goals: " + Self.goalsText(member.goals) + "\n"
    var table = TextTable([.left, .left, .right, .left])
    for day in member.days {
      let portions = zip(week.slots, week.portions(day)).map { slot, cell in "\(slot.name) \(cell ?? "-")" }
      table.add([
        "  Day \(day.day)", portions.joined(separator: ", "), Quantities.money(day.cost, week.currency),
        Self.goalsLine(day.goals),
      ])
    }
    for total in member.weeks where !total.goals.isEmpty {
      table.add([
        "  Week \(total.week)", "", Quantities.money(total.cost, week.currency), Self.goalsLine(total.goals),
      ])
    }
    return out + table.render()
  }

  /// Totals against goals: `energy 2,010 kcal · protein 61 g VIOLATED`.
  static func goalsLine(_ goals: [GoalCheck]) -> String {
    goals.map { goal in
      let amount =
        goal.basis == .percentOfEnergy
        ? Quantities.number(goal.total * 100) + "%"
        : Quantities.number(goal.total, digits: 0) + " " + Quantities.unit(of: goal.nutrient)
      let mark = goal.status == .violated ? " VIOLATED" : ""
      return "\(goal.nutrient.name) \(amount)\(mark)"
    }.joined(separator: " · ")
  }

  /// Goals as written: `energy 1800...2200 kcal a day, protein >= 56 g a day`.
  static func goalsText(_ goals: [NutrientGoal]) -> String {
    guard !goals.isEmpty else { return "none" }
    return goals.map { goal in
      let percent = goal.basis == .percentOfEnergy
      let unit = percent ? "% of energy" : " " + Quantities.unit(of: goal.nutrient)
      let show = { (value: Double) in Quantities.number(percent ? value * 100 : value, digits: 0) }
      let period = goal.period == .day ? "a day" : "a week"
      let bound: String =
        switch (goal.minimum, goal.maximum) {
        case (let low?, let high?): "\(show(low))...\(show(high))"
        case (let low?, nil): ">= \(show(low))"
        case (nil, let high?): "<= \(show(high))"
        case (nil, nil): "any"
        }
      return "\(goal.nutrient.name) \(bound)\(unit) \(period)"
    }.joined(separator: ", ")
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
