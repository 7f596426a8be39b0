import Foundation
import GLPKBackend
import MealOptimizer
import PlanDSL

extension SolveCommand {
  /// Solves and shows a plan for a household (`household NAME` in the plan).
  static func solveHousehold(
    _ problem: HouseholdProblem, adaptations: [PlanAdaptation], title: String, spec: PlanSpec,
    format: OutputFormat, timeLimit: Double?, pantryOut: String?, explain: Bool = false, console: Console
  ) throws(CLIError) {
    var options = MealPlannerOptions()
    if let timeLimit { options.timeLimit = timeLimit }
    let line = ProgressLine.make(
      console: console, format: format, name: spec.name, currency: problem.meals.currency, phase: "glpk")
    if let line { options.progress = { line.update($0) } }
    var plan: HouseholdPlan
    do {
      plan = try ProgressLine.running(line) { () throws(PlanningError) in
        try HouseholdPlanner(solver: GLPKSolver(), options: options).solve(problem)
      }
    } catch {
      throw CLIError(error, about: "plan '\(spec.name)'")
    }
    if !adaptations.isEmpty { plan.adaptations = adaptations }
    // What a household's goals cost is not computed: say so rather than print nothing.
    let note = explain && plan.hasPlan ? householdExplainNote : nil
    if let note { plan.explanation = PlanExplanation(sentences: [note]) }
    switch format {
    case .json: console.out(try JSONText.encode(plan))
    case .markdown:
      console.out(
        HouseholdPlanMarkdown(plan, title: title, problem: problem).render()
          + SolveAdaptations.markdown(adaptations) + (note.map { "\n" + $0 + "\n" } ?? ""))
    default:
      console.out(
        SolveAdaptations.text(adaptations) + HouseholdPlanText(plan, title: title, problem: problem).render()
          + budgetLine(problem.meals.budgets, days: problem.meals.days, plan.groceries, plan.currency)
          + (note.map { "\n" + $0 + "\n" } ?? ""))
    }
    if !plan.hasPlan { throw .negativeResult }
    if let pantryOut {
      let text = PantryFile.text(
        name: "after_\(spec.name)", plan: spec.name, leftovers: plan.groceries?.leftovers ?? [])
      try OutputFile.write(Data(text.utf8), to: pantryOut, option: "--pantry-out")
    }
  }

  /// What `--explain` says for a household plan with meals.
  static let householdExplainNote =
    "--explain covers food and meal plans: what a household plan's goals, limits and budget cost is not"
    + " computed yet (an infeasible household plan still names the lines that conflict)"
}
