import Foundation
import MealOptimizer

/// A household's week for a terminal: the table (one dish per slot, everyone's
/// servings), each member's portions and totals against their goals, the cost
/// and the shopping list.
struct HouseholdPlanText {
  var plan: HouseholdPlan
  var title: String
  var problem: HouseholdProblem
  var stores: [String: String]
  /// The plan's foods, for the cooking plan's kitchen units.
  var foods: [String: Food]

  init(_ plan: HouseholdPlan, title: String, problem: HouseholdProblem) {
    self.plan = plan
    self.title = title
    self.problem = problem
    self.stores = Dictionary(problem.meals.stores.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    self.foods = Dictionary(problem.meals.foods.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  var householdName: String {
    problem.household.name == problem.household.id
      ? "'\(problem.household.id)'" : "'\(problem.household.id)' (\(problem.household.name))"
  }

  func render() -> String {
    var out = "\(title) for household \(householdName): \(StatusWords.phrase(plan.status, plan.report))"
    guard plan.hasPlan else {
      out += "\n"
      for line in plan.report.explanation { out += "  - " + line + "\n" }
      return out
    }
    out += ", \(plan.days.count) days, \(plan.members.count) members"
    if let cost = plan.cost {
      out +=
        ", "
        + MealPlanText.costPhrase(
          cost, groceries: plan.groceries, currency: plan.currency, credit: plan.leftoverCredit)
    }
    out += "\n\n" + grid() + "\n"
    for member in plan.members {
      out += memberSection(member)
    }
    if let cooking = plan.cooking {
      out += "\n" + MealPlanText.cookingText(cooking, foods: foods, currency: plan.currency)
    }
    if let groceries = plan.groceries, !groceries.items.isEmpty || groceries.fromPantry?.isEmpty == false {
      out += "\n" + MealPlanText.groceryText(groceries, currency: plan.currency, stores: stores)
    }
    return out
  }

  /// Rows are days, columns are meals; each cell is the dish and everyone's servings together.
  func grid() -> String {
    var table = TextTable([.left] + plan.slots.map { _ in .left } + [.right])
    table.add([""] + plan.slots.map(\.name) + ["food eaten"])
    for day in plan.days {
      var row = ["Day \(day.day)"]
      for slot in plan.slots {
        guard let meal = day.meals.first(where: { $0.meal == slot }), !meal.portions.isEmpty else {
          row.append("-")
          continue
        }
        var cell = MealPlanText.shorten(meal.name, 24) + " ×" + Quantities.fraction(meal.servings)
        if meal.leftoverFromDay != nil { cell += " (leftover)" }
        row.append(cell)
      }
      row.append(Quantities.money(day.cost, plan.currency))
      table.add(row)
    }
    return table.render()
  }

  /// A member's goals, then one line per day: portions, cost and totals.
  func memberSection(_ member: MemberPlan) -> String {
    let name = member.name == member.id ? member.name : "\(member.name) (\(member.id))"
    var out = "\n\(name): " + Quantities.money(member.cost, plan.currency)
    if let profile = member.profile {
      out +=
        "; profile \(profile.sex.rawValue), \(profile.age) y, "
        + "\(Quantities.number(profile.heightMeters * 100, digits: 0)) cm, "
        + "\(Quantities.number(profile.weightKilograms, digits: 1)) kg, \(profile.activity.rawValue)"
    }
    out += "\n  goals: " + Self.goalsText(member.goals) + "\n"
    var table = TextTable([.left, .left, .right, .left])
    for day in member.days {
      let portions = plan.slots.map { slot -> String in
        guard let meal = day.meals.first(where: { $0.meal == slot }) else { return "\(slot.name) -" }
        return "\(slot.name) ×" + Quantities.fraction(meal.servings)
      }
      let base = MealPlanText(
        MealPlan(status: plan.status, report: plan.report, currency: plan.currency, slots: plan.slots),
        title: "", stores: [])
      table.add([
        "  Day \(day.day)", portions.joined(separator: ", "), Quantities.money(day.cost, plan.currency),
        base.goalsLine(day.goals),
      ])
    }
    for week in member.weeks where !week.goals.isEmpty {
      let base = MealPlanText(
        MealPlan(status: plan.status, report: plan.report, currency: plan.currency, slots: plan.slots),
        title: "", stores: [])
      table.add([
        "  Week \(week.week)", "", Quantities.money(week.cost, plan.currency), base.goalsLine(week.goals),
      ])
    }
    return out + table.render()
  }

  /// `energy 1800...2200 kcal a day, protein >= 56 g a day`.
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
}

/// A household's week as Markdown: the table, one section per member, the shopping list.
struct HouseholdPlanMarkdown {
  var base: HouseholdPlanText

  init(_ plan: HouseholdPlan, title: String, problem: HouseholdProblem) {
    base = HouseholdPlanText(plan, title: title, problem: problem)
  }

  func render() -> String {
    let plan = base.plan
    var out =
      "# \(base.title) for household \(base.householdName)\n\nStatus: **\(StatusWords.phrase(plan.status, plan.report))**"
    guard plan.hasPlan else {
      return out + "\n\n" + plan.report.explanation.map { "- \($0)\n" }.joined()
    }
    if let cost = plan.cost {
      out +=
        ". Cost: **"
        + MealPlanText.costPhrase(
          cost, groceries: plan.groceries, currency: plan.currency, credit: plan.leftoverCredit
        ).escapedForMarkdown + "**"
    }
    out += ".\n\n| Day | " + plan.slots.map(\.name).joined(separator: " | ") + " | Food eaten |\n"
    out += "| --- |" + plan.slots.map { _ in " --- |" }.joined() + " ---: |\n"
    for day in plan.days {
      let cells = plan.slots.map { slot -> String in
        guard let meal = day.meals.first(where: { $0.meal == slot }), !meal.portions.isEmpty else {
          return ""
        }
        return meal.name + " ×" + Quantities.fraction(meal.servings)
          + (meal.leftoverFromDay != nil ? " (leftover)" : "")
      }
      out +=
        "| \(day.day) | " + cells.joined(separator: " | ")
        + " | \(Quantities.money(day.cost, plan.currency)) |\n"
    }
    for member in plan.members {
      out +=
        "\n## \(member.name)\n\nGoals: " + HouseholdPlanText.goalsText(member.goals) + ". Cost: "
        + Quantities.money(member.cost, plan.currency) + ".\n\n"
      out += "| Day | " + plan.slots.map(\.name).joined(separator: " | ") + " | Totals | Cost |\n"
      out += "| --- |" + plan.slots.map { _ in " ---: |" }.joined() + " --- | ---: |\n"
      let line = MealPlanText(
        MealPlan(status: plan.status, report: plan.report, currency: plan.currency, slots: plan.slots),
        title: "", stores: [])
      for day in member.days {
        let cells = plan.slots.map { slot in
          day.meals.first { $0.meal == slot }.map { "×" + Quantities.fraction($0.servings) } ?? "–"
        }
        out +=
          "| \(day.day) | " + cells.joined(separator: " | ") + " | \(line.goalsLine(day.goals)) | "
          + "\(Quantities.money(day.cost, plan.currency)) |\n"
      }
    }
    if let cooking = plan.cooking {
      out += MealPlanMarkdown.cookingMarkdown(cooking, foods: base.foods, currency: plan.currency)
    }
    if let groceries = plan.groceries, !groceries.items.isEmpty {
      out += MealPlanMarkdown.groceryMarkdown(groceries, currency: plan.currency, stores: base.stores)
    }
    return out
  }
}
