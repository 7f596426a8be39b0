import Foundation
import MealOptimizer

/// A food-level plan for a terminal: each day's foods, totals against goals, cost.
struct DietPlanText {
  var plan: DietPlan
  var title: String
  var foods: [String: Food]
  /// Store names by identifier, for the shopping list.
  var stores: [String: String]

  init(_ plan: DietPlan, title: String, foods: [Food], stores: [Store] = []) {
    self.plan = plan
    self.title = title
    // Only the foods the plan eats are shown: a plan may choose from thousands.
    let eaten = Set(plan.foodTotals.map(\.food) + plan.days.flatMap { $0.foods.map(\.food) })
    var shown: [String: Food] = [:]
    for index in foods.indices where eaten.contains(foods[index].id) && shown[foods[index].id] == nil {
      shown[foods[index].id] = foods[index]
    }
    self.foods = shown
    self.stores = Dictionary(stores.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
  }

  func render() -> String {
    var out = "\(title): \(StatusWords.phrase(plan.status, plan.report, best: "the optimum"))"
    guard plan.hasPlan, let cost = plan.cost else {
      out += "\n"
      for line in plan.report.explanation { out += "  " + line + "\n" }
      return out
    }
    out +=
      ", \(plan.days.count) day\(plan.days.count == 1 ? "" : "s"), \(Quantities.money(cost, plan.currency))\n"
    for line in plan.report.explanation { out += "  " + line + "\n" }
    for day in plan.days {
      out += "\nDay \(day.day)  \(Quantities.money(day.cost, plan.currency))\n"
      var table = TextTable([.left, .left, .right])
      for item in day.foods {
        table.add([
          item.name, Quantities.amount(grams: item.grams, of: foods[item.food]),
          Quantities.money(item.cost, plan.currency),
        ])
      }
      out += table.render()
      if !day.goals.isEmpty {
        out += "\n  Goals\n" + Self.goalTable(day.goals, currency: plan.currency)
      }
    }
    if !plan.weeklyGoals.isEmpty {
      out += "\nWhole-plan goals\n" + Self.goalTable(plan.weeklyGoals, currency: plan.currency)
    }
    if plan.days.count > 1 {
      out += "\nTotal over \(plan.days.count) days\n"
      var table = TextTable([.left, .left, .right])
      for item in plan.foodTotals {
        table.add([
          item.name, Quantities.amount(grams: item.grams, of: foods[item.food]),
          Quantities.money(item.cost, plan.currency),
        ])
      }
      out += table.render()
    }
    if let groceries = plan.groceries, groceries.stores != nil {
      out +=
        "\nCost: "
        + MealPlanText.costPhrase(
          cost, groceries: groceries, currency: plan.currency, credit: plan.leftoverCredit)
        + "\n"
    } else {
      out += "\nCost of the food eaten: \(Quantities.money(cost, plan.currency))\n"
    }
    if let groceries = plan.groceries, !groceries.items.isEmpty || groceries.fromPantry?.isEmpty == false {
      out += "\n" + MealPlanText.groceryText(groceries, currency: plan.currency, stores: stores)
    }
    return out
  }

  static func goalTable(_ goals: [GoalCheck], currency: String) -> String {
    var table = TextTable([.left, .right, .left, .left])
    table.indent = "    "
    for goal in goals {
      table.add([goal.nutrient.name, total(goal), bounds(goal), status(goal, currency: currency)])
    }
    return table.render()
  }

  static func total(_ goal: GoalCheck) -> String {
    goal.basis == .percentOfEnergy
      ? Quantities.number(goal.total * 100) + "% of energy"
      : Quantities.number(goal.total) + " " + Quantities.unit(of: goal.nutrient)
  }

  static func bounds(_ goal: GoalCheck) -> String {
    let scale = goal.basis == .percentOfEnergy ? 100.0 : 1
    let suffix = goal.basis == .percentOfEnergy ? "%" : ""
    func n(_ v: Double) -> String { Quantities.number(v * scale) + suffix }
    switch (goal.minimum, goal.maximum) {
    case (let min?, let max?) where min == max: return "= " + n(min)
    case (let min?, let max?): return n(min) + "..." + n(max)
    case (let min?, nil): return ">= " + n(min)
    case (nil, let max?): return "<= " + n(max)
    case (nil, nil): return ""
    }
  }

  /// The goal's status, and for a binding goal of an LP plan what one more
  /// unit of its bound costs (the LP dual): "met, at the minimum (0.000526
  /// USD per kcal)".
  static func status(_ goal: GoalCheck, currency: String) -> String {
    var text = status(goal.status)
    if goal.status.isAtBound, let marginal = goal.marginalCost, abs(marginal) > 1e-12 {
      let perUnit = goal.basis == .percentOfEnergy ? marginal / 100 : marginal
      let unit = goal.basis == .percentOfEnergy ? "1% of energy" : Quantities.unit(of: goal.nutrient)
      text += " (" + String(format: "%.3g", perUnit) + " \(currency) per \(unit))"
    }
    return text
  }

  static func status(_ status: GoalCheck.Status) -> String {
    switch status {
    case .met: "met"
    case .atMinimum: "met, at the minimum"
    case .atMaximum: "met, at the maximum"
    case .violated: "VIOLATED"
    }
  }
}
