import Foundation
import MealOptimizer

/// A week of meals as Markdown, one person's or a household's: the day
/// table (with a person's totals against their goals), each member's
/// portions and totals, the cooking plan and the shopping list.
struct MealPlanMarkdown {
  var week: MealWeek
  var title: String

  /// A week of meals, one person's or a household's.
  init(_ plan: MealPlan, title: String, problem: MealPlanProblem) {
    week = MealWeek(plan, problem: problem)
    self.title = title
  }

  func render() -> String {
    let heading = title + (week.household.map { " for household \($0)" } ?? "")
    var out =
      "# \(heading.escapedForMarkdown)\n\nStatus: **\(StatusWords.phrase(week.status, week.report))**"
    guard week.hasPlan else {
      return out + "\n\n" + week.report.explanation.map { "- \($0.escapedForMarkdown)\n" }.joined()
    }
    if let cost = week.cost {
      out +=
        ". Cost: **"
        + MealPlanText.costPhrase(
          cost, groceries: week.groceries, currency: week.currency, credit: week.leftoverCredit
        ).escapedForMarkdown + "**"
    }
    // One person's totals against their goals stand in the day table, as a
    // member's stand in theirs below; the week's rows follow the days.
    let person = week.members == nil
    let totals = Dictionary(
      week.totals.days.map { ($0.day, $0.goals) }, uniquingKeysWith: { first, _ in first })
    out +=
      ".\n\n| Day | " + week.slots.map(\.name).joined(separator: " | ") + (person ? " | Totals" : "")
      + " | Food eaten |\n"
    out += "| --- |" + week.slots.map { _ in " --- |" }.joined() + (person ? " --- |" : "") + " ---: |\n"
    for day in week.days {
      var cells = day.dishes.map { dish in
        dish.map { $0.name.escapedForMarkdown + week.cellSuffix($0) } ?? ""
      }
      if person { cells.append(MealPlanText.goalsLine(totals[day.day] ?? [])) }
      out +=
        "| \(day.day) | " + cells.joined(separator: " | ")
        + " | \(Quantities.money(day.cost, week.currency)) |\n"
    }
    for total in week.totals.weeks where person && !total.goals.isEmpty {
      out +=
        "| Week \(total.week) | " + week.slots.map { _ in "" }.joined(separator: " | ") + " | "
        + MealPlanText.goalsLine(total.goals) + " | \(Quantities.money(total.cost, week.currency)) |\n"
    }
    for member in week.members ?? [] {
      out +=
        "\n## \(member.name.escapedForMarkdown)\n\nGoals: " + MealPlanText.goalsText(member.goals)
        + ". Cost: " + Quantities.money(member.cost, week.currency) + ".\n\n"
      out += "| Day | " + week.slots.map(\.name).joined(separator: " | ") + " | Totals | Cost |\n"
      out += "| --- |" + week.slots.map { _ in " ---: |" }.joined() + " --- | ---: |\n"
      for day in member.days {
        out +=
          "| \(day.day) | " + week.portions(day).map { $0 ?? "–" }.joined(separator: " | ")
          + " | \(MealPlanText.goalsLine(day.goals)) | \(Quantities.money(day.cost, week.currency)) |\n"
      }
    }
    if let cooking = week.cooking {
      out += Self.cookingMarkdown(cooking, foods: week.foods, currency: week.currency)
    }
    if let groceries = week.groceries, !groceries.items.isEmpty {
      out += Self.groceryMarkdown(groceries, currency: week.currency, stores: week.stores)
    }
    return out
  }

  /// The cooking plan as a Markdown section: one row per cooking (servings,
  /// scale, ingredients in kitchen units with their shares, cost), then the
  /// cost per day and per week.
  static func cookingMarkdown(_ cooking: CookingPlan, foods: [String: Food], currency: String) -> String {
    var out = "\n## Cooking plan\n\n| Day | Meal | Dish | Cook | Ingredients | Cost | Per serving |\n"
    out += "| --- | --- | --- | --- | --- | ---: | ---: |\n"
    for session in cooking.sessions {
      var cook =
        Quantities.number(session.servings, digits: 2) + " serving" + (session.servings == 1 ? "" : "s")
      if abs(session.scale - 1) > 1e-9 {
        cook += " (\(Quantities.number(session.scale, digits: 2)) × the recipe)"
      }
      if session.leftoverServings > 1e-9 {
        cook += ", \(Quantities.number(session.leftoverServings, digits: 2)) kept for later"
      }
      let ingredients = session.ingredients.map {
        Quantities.amount(grams: $0.grams, of: foods[$0.food]) + " " + $0.name.escapedForMarkdown + " "
          + Quantities.money($0.cost, currency)
      }
      out +=
        "| \(session.day) | \(session.meal.name) | \(session.name.escapedForMarkdown) | \(cook) | "
        + ingredients.joined(separator: "; ") + " | \(Quantities.money(session.cost, currency)) | "
        + "\(Quantities.money(session.costPerServing, currency)) |\n"
    }
    out +=
      "\nCooked per day (servings kept for later included; trips not shared out): "
      + cooking.dayCosts.enumerated().map { "day \($0.offset + 1) " + Quantities.money($0.element, currency) }
      .joined(separator: ", ") + "."
    for (week, cost) in cooking.weekCosts.enumerated() {
      out += " Cooked in week \(week + 1): " + Quantities.money(cost, currency) + "."
    }
    return out + "\n"
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
          "| \(store.escapedForMarkdown) | \((category ?? "").escapedForMarkdown) | \(item.name.escapedForMarkdown) | \(Quantities.number(item.gramsNeeded ?? item.grams, digits: 0)) g | "
          + "\(MealPlanText.packageText(item)) | \(Quantities.money(item.cost, currency)) | "
          + "\(Quantities.number(item.gramsLeft ?? 0, digits: 0)) g |\n"
      }
      for store in visited where store.trip > 0 {
        out +=
          "| \(store.name.escapedForMarkdown) | | trip | | | \(Quantities.money(store.trip, currency)) | |\n"
      }
      if let pantry = groceries.fromPantry, !pantry.isEmpty {
        out +=
          "\nFrom the pantry: "
          + pantry.map { "\($0.name.escapedForMarkdown) \(Quantities.number($0.grams, digits: 0)) g" }.joined(
            separator: ", ")
          + "\n"
      }
      return out
        + "\nTotal paid: **\(MealPlanText.totalLine(groceries, currency: currency).escapedForMarkdown)**\n"
    }
    var out = "\n## Shopping list\n\n| Store | Food | Packages | Cost |\n| --- | --- | ---: | ---: |\n"
    for item in groceries.items {
      let store = item.store.map { stores[$0] ?? $0 } ?? ""
      out +=
        "| \(store.escapedForMarkdown) | \(item.name.escapedForMarkdown) | \(item.packages) | \(Quantities.money(item.cost, currency)) |\n"
    }
    for visit in groceries.visits where visit.trip > 0 {
      out +=
        "| \((stores[visit.id] ?? visit.name).escapedForMarkdown) | trip | | \(Quantities.money(visit.trip, currency)) |\n"
    }
    return out + "\nTotal: **\(MealPlanText.totalLine(groceries, currency: currency).escapedForMarkdown)**\n"
  }
}
