import Foundation
import GLPKBackend
import HealthRules
import MealOptimizer
import PlanDSL

/// `planner report … --plan FILE --plan NAME [--household NAME]`: the week's
/// meals for the weekly report, solved with the plan's `adapt` blocks
/// evaluated on the report's readings.
enum ReportPlan {
  /// The plan section, or `nil` when no `--plan` is given.
  static func section(
    plans values: [String], household: String?, readings: [Reading], asOf: Day?, console: Console
  ) throws(CLIError) -> PlanReportSection? {
    guard !values.isEmpty else {
      if household != nil { throw .usage("'--household' needs '--plan FILE'", hint: nil) }
      return nil
    }
    guard values.count <= 2 else {
      throw .usage("'--plan' is given at most twice: a .plan file and the name of a plan in it", hint: nil)
    }
    let isFile = { (text: String) in
      text.hasSuffix(".plan") || FileManager.default.fileExists(atPath: text)
    }
    guard let file = values.first(where: isFile) else {
      throw .usage(
        "'--plan' needs a .plan file", hint: "planner report --journal FILE --plan week.plan --plan NAME")
    }
    // The other value is the plan's name; two files means the second is the name.
    let name = values.count == 2 ? (values[0] == file ? values[1] : values[0]) : nil
    let program = try ProgramLoading.load(file, console: console)
    let spec = try SolveCommand.choosePlan(program, name: name, path: file)
    let adaptations = program.evaluateAdaptations(of: spec, readings: readings, asOf: asOf)
    let title = spec.displayName ?? spec.name
    let problem = Program.applying(adaptations, to: program.problem(for: spec))
    let planned: Household? =
      switch problem {
      case .meals(let week): week.household
      case .foods: nil
      }
    switch (problem, household) {
    case (_, let household?) where planned != nil && household != planned?.id:
      throw .usage(
        "plan '\(spec.name)' is for household '\(planned?.id ?? "")', not '\(household)'", hint: nil)
    case (_, let household?) where planned == nil:
      throw .usage(
        "plan '\(spec.name)' names no household, so '--household \(household)' does not apply", hint: nil)
    case (.foods, nil):
      throw .usage(
        "'--plan' needs a weekly meal plan (one with 'meals'); '\(spec.name)' is a food-level plan", hint: nil
      )
    default: break
    }
    var plan: SolvedPlan
    do {
      plan = try MealOptimizer.Planner().solve(problem)
    } catch {
      throw CLIError(error, about: "plan '\(spec.name)'")
    }
    if !adaptations.isEmpty { plan.adaptations = adaptations }
    if case (.meals(let plan), .meals(let week)) = (plan, problem) {
      return PlanReportSection(
        week: MealWeek(plan, problem: week), title: title, adaptations: plan.adaptations ?? [])
    }
    throw .internalError("a \(plan.kind.rawValue) plan for the weekly report")
  }
}
