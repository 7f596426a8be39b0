import Foundation
import MealOptimizer

/// The week's meals in the weekly report (`planner report --plan FILE --plan NAME`):
/// what is on the table each day, what it costs, the shopping list, and for a
/// household one part per member, newsletter style.
struct PlanReportSection {
  /// A solved plan of one person or of a household.
  enum Solved {
    case meals(MealPlan)
    case household(HouseholdPlan, HouseholdProblem)
  }

  var solved: Solved
  /// The plan's name for people.
  var title: String
  /// Store names by identifier, for the shopping list.
  var stores: [String: String]

  var status: PlanStatus {
    switch solved {
    case .meals(let plan): plan.status
    case .household(let plan, _): plan.status
    }
  }

  var report: SolveReport {
    switch solved {
    case .meals(let plan): plan.report
    case .household(let plan, _): plan.report
    }
  }

  var slots: [Meal] {
    switch solved {
    case .meals(let plan): plan.slots
    case .household(let plan, _): plan.slots
    }
  }

  var currency: String {
    switch solved {
    case .meals(let plan): plan.currency
    case .household(let plan, _): plan.currency
    }
  }

  var cost: Decimal? {
    switch solved {
    case .meals(let plan): plan.cost
    case .household(let plan, _): plan.cost
    }
  }

  var groceries: GroceryList? {
    switch solved {
    case .meals(let plan): plan.groceries
    case .household(let plan, _): plan.groceries
    }
  }

  var explanation: [String] {
    switch solved {
    case .meals(let plan): plan.report.explanation
    case .household(let plan, _): plan.report.explanation
    }
  }

  var adaptations: [PlanAdaptation] {
    switch solved {
    case .meals(let plan): plan.adaptations ?? []
    case .household(let plan, _): plan.adaptations ?? []
    }
  }

  /// Each day's cells (dish and servings, in slot order) and cost.
  var table: [(day: Int, cells: [String], cost: Decimal)] {
    switch solved {
    case .meals(let plan):
      return plan.days.map { day in
        let cells = plan.slots.map { slot in
          day.meals.first { $0.meal == slot }.map { $0.name + Self.servings($0.servings) } ?? "–"
        }
        return (day.day, cells, day.cost)
      }
    case .household(let plan, _):
      return plan.days.map { day in
        let cells = plan.slots.map { slot in
          day.meals.first { $0.meal == slot && !$0.portions.isEmpty }.map {
            $0.name + Self.servings($0.servings) + ($0.leftoverFromDay != nil ? " (leftover)" : "")
          } ?? "–"
        }
        return (day.day, cells, day.cost)
      }
    }
  }

  static func servings(_ value: Double) -> String { value == 1 ? "" : " ×" + Quantities.fraction(value) }

  /// The status line: `optimal, 42.10 USD` or why there is no plan.
  var summary: String {
    var text = "Status: \(StatusWords.phrase(status, report))"
    if let cost { text += ". Cost: " + Quantities.money(cost, currency) }
    return text + "."
  }

  // MARK: - HTML

  func html() -> String {
    let x = XMLEscaping.escape
    var html = """
      <section aria-labelledby="meals-heading">
      <h2 id="meals-heading">The week's meals: \(x(title))</h2>
      <p>\(x(summary))</p>

      """
    for adaptation in adaptations { html += "<p class=\"comparison\">\(x(adaptation.message))</p>\n" }
    guard status.hasPlan else {
      return html + "<ul>" + explanation.map { "<li>\(x($0))</li>" }.joined() + "</ul>\n</section>\n"
    }
    html += "<div class=\"table-wrap\"><table id=\"meals\">\n<thead><tr><th scope=\"col\">Day</th>"
    html += slots.map { "<th scope=\"col\">\(x($0.name))</th>" }.joined()
    html += "<th scope=\"col\">Cost</th></tr></thead>\n<tbody>\n"
    for row in table {
      html += "<tr><th scope=\"row\">Day \(row.day)</th>"
      html += row.cells.map { "<td class=\"text\">\(x($0))</td>" }.joined()
      html += "<td>\(x(Quantities.money(row.cost, currency)))</td></tr>\n"
    }
    html += "</tbody>\n</table></div>\n"
    if case .household(let plan, _) = solved {
      for member in plan.members { html += memberHTML(member, slots: plan.slots) }
    }
    if let groceries, !groceries.items.isEmpty {
      html += "<h3>Shopping list</h3>\n<div class=\"table-wrap\"><table id=\"shopping\">\n"
      html += "<thead><tr><th scope=\"col\">Food</th><th scope=\"col\">Store</th><th scope=\"col\">Buy</th>"
      html += "<th scope=\"col\">Cost</th></tr></thead>\n<tbody>\n"
      for item in groceries.items {
        let store = item.store.map { stores[$0] ?? $0 } ?? ""
        html +=
          "<tr><th scope=\"row\">\(x(item.name))</th><td class=\"text\">\(x(store))</td>"
          + "<td>\(x(MealPlanText.packageText(item)))</td><td>\(x(Quantities.money(item.cost, currency)))</td></tr>\n"
      }
      html += "</tbody>\n</table></div>\n<p>Total: \(x(Quantities.money(groceries.total, currency)))</p>\n"
    }
    return html + "</section>\n"
  }

  func memberHTML(_ member: MemberPlan, slots: [Meal]) -> String {
    let x = XMLEscaping.escape
    let id = "member-" + member.id.filter { $0.isLetter || $0.isNumber || $0 == "_" }
    var html = """
      <h3 id="\(x(id))">\(x(member.name))</h3>
      <p>Goals: \(x(MealPlanText.goalsText(member.goals))). Cost: \(x(Quantities.money(member.cost, currency))).</p>
      <div class="table-wrap"><table aria-labelledby="\(x(id))">
      <thead><tr><th scope="col">Day</th>
      """
    html += slots.map { "<th scope=\"col\">\(x($0.name))</th>" }.joined()
    html += "<th scope=\"col\">Totals</th><th scope=\"col\">Cost</th></tr></thead>\n<tbody>\n"
    for day in member.days {
      html += "<tr><th scope=\"row\">Day \(day.day)</th>"
      html += slots.map { slot in
        "<td>" + (day.meals.first { $0.meal == slot }.map { "×" + Quantities.fraction($0.servings) } ?? "–")
          + "</td>"
      }.joined()
      html +=
        "<td class=\"text\">\(x(MealPlanText.goalsLine(day.goals)))</td><td>\(x(Quantities.money(day.cost, currency)))</td></tr>\n"
    }
    return html + "</tbody>\n</table></div>\n"
  }

  // MARK: - Markdown

  func markdown() -> [String] {
    var lines = ["## The week's meals: \(title.escapedForMarkdown)", "", summary, ""]
    for adaptation in adaptations { lines += ["- \(adaptation.message.escapedForMarkdown)"] }
    if !adaptations.isEmpty { lines.append("") }
    guard status.hasPlan else { return lines + explanation.map { "- \($0.escapedForMarkdown)" } }
    lines.append("| Day | " + slots.map(\.name).joined(separator: " | ") + " | Cost |")
    lines.append("| --- |" + slots.map { _ in " --- |" }.joined() + " ---: |")
    for row in table {
      lines.append(
        "| \(row.day) | " + row.cells.map(\.escapedForMarkdown).joined(separator: " | ")
          + " | \(Quantities.money(row.cost, currency)) |")
    }
    if case .household(let plan, _) = solved {
      for member in plan.members {
        lines += [
          "", "### \(member.name.escapedForMarkdown)", "",
          "Goals: " + MealPlanText.goalsText(member.goals) + ". Cost: "
            + Quantities.money(member.cost, currency) + ".", "",
        ]
        lines.append("| Day | " + plan.slots.map(\.name).joined(separator: " | ") + " | Totals | Cost |")
        lines.append("| --- |" + plan.slots.map { _ in " ---: |" }.joined() + " --- | ---: |")
        for day in member.days {
          let cells = plan.slots.map { slot in
            day.meals.first { $0.meal == slot }.map { "×" + Quantities.fraction($0.servings) } ?? "–"
          }
          lines.append(
            "| \(day.day) | " + cells.joined(separator: " | ") + " | \(MealPlanText.goalsLine(day.goals)) | "
              + "\(Quantities.money(day.cost, currency)) |")
        }
      }
    }
    if let groceries, !groceries.items.isEmpty {
      lines += ["", "### Shopping list", "", "| Food | Store | Buy | Cost |", "| --- | --- | --- | ---: |"]
      for item in groceries.items {
        let store = item.store.map { stores[$0] ?? $0 } ?? ""
        lines.append(
          "| \(item.name.escapedForMarkdown) | \(store.escapedForMarkdown) | \(MealPlanText.packageText(item)) | \(Quantities.money(item.cost, currency)) |"
        )
      }
      lines += ["", "Total: " + Quantities.money(groceries.total, currency) + "."]
    }
    return lines
  }
}
