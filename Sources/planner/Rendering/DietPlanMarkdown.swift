import Foundation
import MealOptimizer

/// A food-level plan as Markdown: a table per day and the goals.
struct DietPlanMarkdown {
  var plan: DietPlan
  var title: String
  var foods: [String: Food]

  init(_ plan: DietPlan, title: String, foods: [Food]) {
    self.plan = plan
    self.title = title
    self.foods = Dictionary(foods.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  func render() -> String {
    var out = "# \(title)\n\nStatus: **\(plan.status.rawValue)**"
    guard plan.status == .optimal || plan.status == .feasible else {
      return out + ". " + (plan.message ?? "") + "\n"
    }
    out += ". Cost: **\(Quantities.money(plan.cost, plan.currency))**.\n"
    for day in plan.days {
      out += "\n## Day \(day.day) (\(Quantities.money(day.cost, plan.currency)))\n\n| Food | Amount | Cost |\n| --- | --- | ---: |\n"
      for item in day.foods {
        out += "| \(item.name) | \(Quantities.amount(grams: item.grams, of: foods[item.food])) | \(Quantities.money(item.cost, plan.currency)) |\n"
      }
      if !day.goals.isEmpty {
        out += "\n| Nutrient | Total | Goal | Status |\n| --- | ---: | --- | --- |\n"
        for goal in day.goals {
          out += "| \(goal.nutrient.name) | \(DietPlanText.total(goal)) | \(DietPlanText.bounds(goal)) | \(DietPlanText.status(goal.status)) |\n"
        }
      }
    }
    return out
  }
}
