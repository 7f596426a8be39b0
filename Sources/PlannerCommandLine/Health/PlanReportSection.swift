import Foundation
import MealOptimizer

/// The week's meals in the weekly report (`planner report --plan FILE --plan NAME`):
/// what is on the table each day, what it costs, the shopping list, and for a
/// household one part per member, newsletter style.
struct PlanReportSection {
  /// The week, one person's or a household's, as every rendering of a week reads it.
  var week: MealWeek
  /// The plan's name for people.
  var title: String
  /// What health alerts changed before planning.
  var adaptations: [PlanAdaptation]

  var status: PlanStatus { week.status }
  var slots: [Meal] { week.slots }
  var currency: String { week.currency }
  var cost: Decimal? { week.cost }
  var groceries: GroceryList? { week.groceries }
  var stores: [String: String] { week.stores }
  var explanation: [String] { week.report.explanation }

  /// Each day's cells (dish and servings, in slot order) and cost.
  var table: [(day: Int, cells: [String], cost: Decimal)] {
    week.days.map { day in
      (day.day, day.dishes.map { $0.map { $0.name + week.cellSuffix($0) } ?? "–" }, day.cost)
    }
  }

  /// The status line: `optimal, 42.10 USD` or why there is no plan.
  var summary: String {
    var text = "Status: \(StatusWords.phrase(status, week.report))"
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
    for member in week.members ?? [] { html += memberHTML(member, slots: slots) }
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
      html += week.portions(day).map { "<td>" + ($0 ?? "–") + "</td>" }.joined()
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
    if let members = week.members {
      for member in members {
        lines += [
          "", "### \(member.name.escapedForMarkdown)", "",
          "Goals: " + MealPlanText.goalsText(member.goals) + ". Cost: "
            + Quantities.money(member.cost, currency) + ".", "",
        ]
        lines.append("| Day | " + slots.map(\.name).joined(separator: " | ") + " | Totals | Cost |")
        lines.append("| --- |" + slots.map { _ in " ---: |" }.joined() + " --- | ---: |")
        for day in member.days {
          let cells = week.portions(day).map { $0 ?? "–" }
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
