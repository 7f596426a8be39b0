import Foundation
import HealthRules
import MealOptimizer

extension Program {
  /// The household with this name.
  package func household(named name: String) -> HouseholdSpec? { households.first { $0.name == name } }

  /// The household problem a checked plan with `household` describes.
  ///
  /// A member with neither goals nor a profile takes the plan's goals.
  ///
  /// - Parameter plan: A plan of this program whose meal plan names a household.
  /// - Returns: The shared week and its members, ready for `MealPlanner`; `nil`
  ///   for a plan without a household.
  package func householdProblem(for plan: PlanSpec) -> HouseholdProblem? {
    guard let name = plan.mealPlan?.household, let spec = household(named: name),
      let week = mealPlanProblem(for: plan)
    else { return nil }
    var members = spec.members
    for index in members.indices where members[index].goals.isEmpty && members[index].profile == nil {
      members[index].goals = week.goals
    }
    var shared = week
    shared.goals = []
    return HouseholdProblem(
      meals: shared, household: Household(id: spec.name, name: spec.displayName, members: members))
  }

  /// The `adapt` blocks of a plan, in declaration order.
  package func adaptations(of plan: PlanSpec) -> [AdaptationSpec] {
    adaptations.filter { $0.plan == plan.name }
  }

  /// Evaluates the rules of every `adapt` block of a plan on readings and
  /// says, for each, whether its goals apply and why.
  ///
  /// An alert that fired applies its goals; one that did not fire, or that
  /// the readings cannot decide (a missing reading), applies nothing, and the
  /// adaptation's `PlanAdaptation/message` says which.
  ///
  /// ```swift
  /// let adaptations = program.evaluateAdaptations(of: plan, readings: readings)
  /// let problem = Program.applying(adaptations, to: program.mealPlanProblem(for: plan)!)
  /// ```
  ///
  /// - Parameters:
  ///   - plan: the plan.
  ///   - readings: the readings for adaptations without a member, and for
  ///     members who have none of their own.
  ///   - memberReadings: a household member's own readings, by member.
  ///   - asOf: the day the rules are evaluated for (default: the latest reading).
  /// - Returns: one `PlanAdaptation` per `adapt` block of the plan.
  public func evaluateAdaptations(
    of plan: PlanSpec, readings: [Reading], memberReadings: [String: [Reading]] = [:], asOf: Day? = nil
  ) -> [PlanAdaptation] {
    adaptations(of: plan).map { spec in
      let unchanged = { (state: PlanAdaptation.State, day: Day?, message: String) in
        PlanAdaptation(
          rules: spec.rules, alert: spec.alert, member: spec.member, state: state, day: day?.description,
          goals: spec.goals, message: (spec.member.map { "\($0): " } ?? "") + message)
      }
      guard let ruleSet = ruleSets.first(where: { $0.id == spec.rules }) else {
        return unchanged(.unknown, nil, "no change: rule set '\(spec.rules)' is not declared")
      }
      let personal = spec.member.flatMap { memberReadings[$0] } ?? readings
      let verdict: Verdict
      do {
        verdict = try ruleSet.compiled().evaluate(personal, asOf: asOf)
      } catch {
        return unchanged(.unknown, asOf, "no change: \(spec.alert) cannot be evaluated: \(error)")
      }
      guard let result = verdict.results.first(where: { $0.id == spec.alert }) else {
        return unchanged(.unknown, verdict.today, "no change: \(spec.rules) has no alert '\(spec.alert)'")
      }
      switch result.outcome {
      case .fired:
        let evidence = result.evidence.map(Self.describe).joined(separator: "; ")
        var adaptation = unchanged(
          .applied, verdict.today,
          Self.describe(spec.goals) + " because \(spec.alert) fired on \(verdict.today)"
            + (evidence.isEmpty ? "" : ": \(evidence)"))
        adaptation.evidence = evidence.isEmpty ? nil : evidence
        return adaptation
      case .notFired:
        return unchanged(
          .notApplied, verdict.today, "no change: \(spec.alert) did not fire on \(verdict.today)")
      case .unknown:
        let missing = result.missing.map(\.description).joined(separator: "; ")
        return unchanged(
          .unknown, verdict.today,
          "no change: \(spec.alert) is unknown on \(verdict.today) for lack of readings"
            + (missing.isEmpty ? "" : " (\(missing))"))
      }
    }
  }

  /// A plan's problem with the goals of every applied adaptation added (see
  /// ``tightening(_:with:)``).
  package static func applying(_ adaptations: [PlanAdaptation], to problem: MealPlanProblem)
    -> MealPlanProblem
  {
    var problem = problem
    for adaptation in adaptations where adaptation.state == .applied {
      problem.goals = tightening(problem.goals, with: adaptation.goals)
    }
    return problem
  }

  /// A food-level plan's problem with the goals of every applied adaptation
  /// added (see ``tightening(_:with:)``).
  package static func applying(_ adaptations: [PlanAdaptation], to problem: DietProblem) -> DietProblem {
    var problem = problem
    for adaptation in adaptations where adaptation.state == .applied {
      problem.goals = tightening(problem.goals, with: adaptation.goals)
    }
    return problem
  }

  /// Goals with others added: a goal on the same nutrient, basis and period
  /// becomes the tighter of the two on each side; any other is appended.
  package static func tightening(_ goals: [NutrientGoal], with added: [NutrientGoal]) -> [NutrientGoal] {
    var goals = goals
    for goal in added {
      guard
        let index = goals.firstIndex(where: {
          $0.nutrient == goal.nutrient && $0.basis == goal.basis && $0.period == goal.period
        })
      else {
        goals.append(goal)
        continue
      }
      let low = [goals[index].minimum, goal.minimum].compactMap { $0 }.max()
      let high = [goals[index].maximum, goal.maximum].compactMap { $0 }.min()
      // The line that binds now is the adaptation's, where its bound is the tighter.
      if (goal.minimum != nil && low == goal.minimum) || (goal.maximum != nil && high == goal.maximum) {
        goals[index].source = goal.source ?? goals[index].source
      }
      goals[index].minimum = low
      goals[index].maximum = high
    }
    return goals
  }

  /// A problem of any kind with the goals of every applied adaptation
  /// added: to the plan's goals, or to a household member's (to every
  /// member's when the adaptation names none).
  public static func applying(_ adaptations: [PlanAdaptation], to problem: PlanProblem) -> PlanProblem {
    switch problem {
    case .foods(let problem): .foods(applying(adaptations, to: problem))
    case .meals(let problem):
      if let household = problem.householdProblem {
        .meals(applying(adaptations, to: household).problem)
      } else {
        .meals(applying(adaptations, to: problem))
      }
    }
  }

  /// A household's problem with the goals of every applied adaptation added:
  /// to its member, or to every member when it names none.
  package static func applying(_ adaptations: [PlanAdaptation], to problem: HouseholdProblem)
    -> HouseholdProblem
  {
    var problem = problem
    for adaptation in adaptations where adaptation.state == .applied {
      for index in problem.household.members.indices
      where adaptation.member == nil || adaptation.member == problem.household.members[index].id {
        problem.household.members[index].goals = tightening(
          problem.household.members[index].goals, with: adaptation.goals)
      }
    }
    return problem
  }

  /// The condition with each reading's value after it:
  /// `systolic.today (132 mmHg) >= systolic.yesterday (120 mmHg) * 110%`.
  static func describe(_ evidence: Evidence) -> String {
    var text = evidence.condition
    var shown: [(mark: String, text: String)] = []
    let terms = evidence.terms.sorted { $0.expression.count > $1.expression.count }
    for (index, term) in terms.enumerated() where text.contains(term.expression) {
      // A placeholder keeps a shorter expression from matching inside a longer one.
      let mark = "\u{1}\(index)\u{1}"
      shown.append((mark, "\(term.expression) (\(term.display))"))
      text = text.replacingOccurrences(of: term.expression, with: mark)
    }
    for (mark, value) in shown { text = text.replacingOccurrences(of: mark, with: value) }
    return text
  }

  /// `sodium cap 1500 mg a day`, `protein at least 90 g a day`, `energy 1800...2200 kcal a day`.
  static func describe(_ goals: [NutrientGoal]) -> String {
    goals.map { goal in
      let percent = goal.basis == .percentOfEnergy
      let unit = percent ? "% of energy" : " " + (goal.nutrient.definition?.unit.rawValue ?? "")
      let number = { (value: Double) in
        let shown = percent ? value * 100 : value
        return shown == shown.rounded() ? String(Int(shown)) : String(format: "%.4g", shown)
      }
      let period = goal.period == .day ? "a day" : "a week"
      switch (goal.minimum, goal.maximum) {
      case (let low?, let high?) where low == high:
        return "\(goal.nutrient) exactly \(number(low))\(unit) \(period)"
      case (let low?, let high?): return "\(goal.nutrient) \(number(low))...\(number(high))\(unit) \(period)"
      case (let low?, nil): return "\(goal.nutrient) at least \(number(low))\(unit) \(period)"
      case (nil, let high?): return "\(goal.nutrient) cap \(number(high))\(unit) \(period)"
      case (nil, nil): return "\(goal.nutrient) unchanged"
      }
    }.joined(separator: " and ")
  }
}
