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
    if explain && plan.hasPlan {
      // What each member's goal, budget and `repeat at most` costs, by re-solving
      // (each at most 10 s, all within the time limit, 60 s unless given).
      let progress = ProgressLine.make(
        console: console, format: format, name: spec.name, currency: nil, phase: "explain")
      var settings = MealPlannerOptions()
      if let progress { settings.explanationProgress = { progress.update($0) } }
      do {
        plan.explanation = try ProgressLine.running(progress) { () throws(PlanningError) in
          try HouseholdPlanner(solver: GLPKSolver(), options: settings).explainCosts(
            problem, solveSeconds: min(10, timeLimit ?? 10), totalSeconds: timeLimit ?? defaultTimeLimit)
        }
      } catch {
        throw CLIError(error, about: "plan '\(spec.name)'")
      }
    }
    let note = explain && plan.hasPlan ? plan.explanation?.sentences.joined(separator: "\n") : nil
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
}
