import MealOptimizer

/// The `--explain` part of a solved plan for a terminal or Markdown: what
/// each goal, limit and budget costs, and what unused foods would have to cost.
struct ExplanationRenderer {
  var explanation: PlanExplanation
  /// How many unused foods the text shows.
  static let shownFoods = 10

  /// "What the goals cost" and "Foods left out", as indented text.
  func text() -> String {
    var out = ""
    if !explanation.marginalCosts.isEmpty {
      out += "\nWhat the goals cost\n"
      for cost in explanation.marginalCosts { out += "  " + cost.message + "\n" }
    }
    if !explanation.reducedCosts.isEmpty {
      out += "\nFoods left out, closest to entering first\n"
      for cost in explanation.reducedCosts.prefix(Self.shownFoods) { out += "  " + cost.message + "\n" }
      if explanation.reducedCosts.count > Self.shownFoods {
        out += "  … and \(explanation.reducedCosts.count - Self.shownFoods) more (all in '--format json')\n"
      }
    }
    // The sentences not said above (a set: a plan may leave thousands of foods out).
    let said = Set(explanation.marginalCosts.map(\.message) + explanation.reducedCosts.map(\.message))
    for note in explanation.sentences where !said.contains(note) { out += "  " + note + "\n" }
    return out
  }

  /// The same as Markdown sections.
  func markdown() -> String {
    var out = ""
    if !explanation.marginalCosts.isEmpty {
      out += "\n## What the goals cost\n\n" + explanation.marginalCosts.map { "- \($0.message)\n" }.joined()
    }
    if !explanation.reducedCosts.isEmpty {
      out += "\n## Foods left out\n\n" + explanation.reducedCosts.map { "- \($0.message)\n" }.joined()
    }
    return out
  }
}
