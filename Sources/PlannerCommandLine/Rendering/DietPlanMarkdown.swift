import Foundation
import MealOptimizer

/// A food-level plan as Markdown: a table per day and the goals.
struct DietPlanMarkdown {
  /// The same plan, title and lookups as the text rendering.
  var base: DietPlanText

  init(_ plan: DietPlan, title: String, foods: [Food], stores: [Store] = []) {
    base = DietPlanText(plan, title: title, foods: foods, stores: stores)
  }

  var plan: DietPlan { base.plan }
  var title: String { base.title }
  var foods: [String: Food] { base.foods }

  func render() -> String {
    var out =
      "# \(title.escapedForMarkdown)\n\nStatus: **\(StatusWords.phrase(plan.status, plan.report, best: "the optimum"))**"
    guard plan.hasPlan, let cost = plan.cost else {
      return out + ". " + plan.report.explanation.joined(separator: " ").escapedForMarkdown + "\n"
    }
    out +=
      ". Cost: **\(Quantities.money(cost, plan.currency))**"
      + MealPlanText.creditPhrase(plan.leftoverCredit, currency: plan.currency)
    out += ".\n"
    for day in plan.days {
      out +=
        "\n## Day \(day.day) (\(Quantities.money(day.cost, plan.currency)))\n\n| Food | Amount | Cost |\n| --- | --- | ---: |\n"
      for item in day.foods {
        out +=
          "| \(item.name.escapedForMarkdown) | \(Quantities.amount(grams: item.grams, of: foods[item.food])) | \(Quantities.money(item.cost, plan.currency)) |\n"
      }
      if !day.goals.isEmpty {
        out += "\n| Nutrient | Total | Goal | Status |\n| --- | ---: | --- | --- |\n"
        for goal in day.goals {
          out +=
            "| \(goal.nutrient.name) | \(DietPlanText.total(goal)) | \(DietPlanText.bounds(goal)) | \(DietPlanText.status(goal, currency: plan.currency)) |\n"
        }
      }
    }
    if let groceries = plan.groceries, !groceries.items.isEmpty {
      out += MealPlanMarkdown.groceryMarkdown(groceries, currency: plan.currency, stores: base.stores)
    }
    return out
  }
}
