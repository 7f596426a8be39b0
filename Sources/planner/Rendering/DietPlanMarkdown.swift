import Foundation
import MealOptimizer

/// A food-level plan as Markdown: a table per day and the goals.
struct DietPlanMarkdown {
  /// The same plan, title and lookups as the text rendering.
  var base: DietPlanText

  init(_ plan: DietPlan, title: String, foods: [Food]) {
    base = DietPlanText(plan, title: title, foods: foods)
  }

  var plan: DietPlan { base.plan }
  var title: String { base.title }
  var foods: [String: Food] { base.foods }

  func render() -> String {
    var out = "# \(title)\n\nStatus: **\(plan.status.rawValue)**"
    guard plan.status == .optimal || plan.status == .feasible else {
      return out + ". " + (plan.message ?? "") + "\n"
    }
    out += ". Cost: **\(Quantities.money(plan.cost, plan.currency))**.\n"
    for day in plan.days {
      out +=
        "\n## Day \(day.day) (\(Quantities.money(day.cost, plan.currency)))\n\n| Food | Amount | Cost |\n| --- | --- | ---: |\n"
      for item in day.foods {
        out +=
          "| \(item.name) | \(Quantities.amount(grams: item.grams, of: foods[item.food])) | \(Quantities.money(item.cost, plan.currency)) |\n"
      }
      if !day.goals.isEmpty {
        out += "\n| Nutrient | Total | Goal | Status |\n| --- | ---: | --- | --- |\n"
        for goal in day.goals {
          out +=
            "| \(goal.nutrient.name) | \(DietPlanText.total(goal)) | \(DietPlanText.bounds(goal)) | \(DietPlanText.status(goal.status)) |\n"
        }
      }
    }
    return out
  }
}
