import Foundation

/// The lines of a ``HouseholdProblem`` an explanation can drop one at a
/// time: the week's lines (``MealPlanLines``: budgets, diet labels, avoid
/// rules, repetition limits, locks, leftovers), then each member's goals.
struct HouseholdLines {
  /// One member's goal.
  struct MemberGoal {
    var member: Int
    var goal: Int
    var line: PlanLine
  }

  let problem: HouseholdProblem
  /// The week's lines; positions `0..<week.lines.count`.
  let week: MealPlanLines
  /// The members' goals; position `week.lines.count + k` is `goals[k]`.
  var goals: [MemberGoal] = []

  init(_ problem: HouseholdProblem) {
    self.problem = problem
    var meals = problem.meals
    meals.goals = []
    week = MealPlanLines(meals)
    for (m, member) in problem.household.members.enumerated() {
      for (g, goal) in member.goals.enumerated() where goal.minimum != nil || goal.maximum != nil {
        let percent = goal.basis == .percentOfEnergy
        let unit = percent ? "%" : goal.nutrient.definition?.unit.rawValue ?? ""
        let subject = String(describing: goal.nutrient)
        let statement = MealPlanLines.statement(
          subject, goal.minimum.map { percent ? $0 * 100 : $0 }, goal.maximum.map { percent ? $0 * 100 : $0 },
          unit, goal.period)
        goals.append(
          MemberGoal(
            member: m, goal: g,
            line: PlanLine(
              kind: .goal, index: goals.count, statement: "\(member.name): \(statement)", subject: subject,
              source: goal.source)))
      }
    }
  }

  var count: Int { week.lines.count + goals.count }

  func line(_ l: Int) -> PlanLine {
    l < week.lines.count ? week.lines[l].line : goals[l - week.lines.count].line
  }

  /// The problem with only the lines in `kept` (and everything that is not a line).
  func problem(keeping kept: Set<Int>) -> HouseholdProblem {
    var copy = problem
    let meals = week.problem(keeping: kept.filter { $0 < week.lines.count })
    copy.meals = meals
    copy.meals.goals = problem.meals.goals
    let keptGoals = Set(
      kept.filter { $0 >= week.lines.count }.map { goals[$0 - week.lines.count] }.map {
        [$0.member, $0.goal]
      })
    let listed = Set(goals.map { [$0.member, $0.goal] })
    for (m, member) in problem.household.members.enumerated() {
      copy.household.members[m].goals = member.goals.indices.filter {
        !listed.contains([m, $0]) || keptGoals.contains([m, $0])
      }.map { member.goals[$0] }
    }
    return copy
  }

  /// `cleo: protein at least 60 g a day (home.plan:10:3)`.
  func named(_ l: Int) -> String {
    let line = line(l)
    return line.statement + (line.source.map { " (\($0))" } ?? "")
  }
}

extension HouseholdPlanner {
  /// A minimal set of a household's lines that cannot hold together, by
  /// the same deletion filter and test as a meal plan
  /// (``MealPlanner/conflictingLines(_:deadline:)``): each set of lines is
  /// built into its own household model, which has no plan when the builder
  /// finds a reason, the LP relaxation is infeasible or branch-and-cut proves
  /// it; each solve is capped at ``MealPlanner/explanationSolveSeconds`` and
  /// the whole at ``MealPlanner/explanationTotalSeconds``.
  ///
  /// The explanation's ``PlanExplanation/relaxation`` is empty and
  /// ``PlanExplanation/relaxationProven`` false: the smallest weighted
  /// relaxation is computed for food and meal plans only.
  ///
  /// - Parameter reasons: sentences found before (by arithmetic, or by the
  ///   search without budgets), kept first.
  func explainConflicts(_ problem: HouseholdProblem, reasons: [String]) throws(PlanningError)
    -> PlanExplanation
  {
    let started = ContinuousClock.now
    let deadline = started + .seconds(MealPlanner.explanationTotalSeconds)
    let lines = HouseholdLines(problem)
    let meals = MealPlanner(solver: solver, options: options)
    let filter = DeletionFilter(count: lines.count, deadline: deadline) { done, total in
      options.explanationProgress?(
        ExplanationProgress(
          seconds: (ContinuousClock.now - started).seconds, phase: .deletionFilter, done: done, total: total))
    }
    let found = try filter.run { (kept) throws(PlanningError) -> Bool? in
      var candidate = lines.problem(keeping: kept)
      candidate.meals.tieBreak = .none
      guard let builder = try? HouseholdModelBuilder(problem: candidate) else { return nil }
      return try meals.infeasible(builder.build().model, deadline: deadline)
    }
    var sentences = reasons
    guard !found.members.isEmpty else {
      sentences.append(
        "no plan exists even without any goal, budget or rule: the slots cannot be filled from the recipes"
          + " and portions on offer")
      return PlanExplanation(sentences: sentences, conflictsProven: found.proven)
    }
    let conflicts = found.members.map { l -> LineRelaxation in
      let line = lines.line(l)
      let part = l < lines.week.lines.count ? lines.week.lines[l] : nil
      let goal = l < lines.week.lines.count ? nil : lines.goals[l - lines.week.lines.count]
      let written = goal.map { problem.household.members[$0.member].goals[$0.goal] }
      let side: PlanLine.Side = (part?.maximum ?? written?.maximum) != nil ? .maximum : .minimum
      let bound = side == .maximum ? (part?.maximum ?? written?.maximum) : (part?.minimum ?? written?.minimum)
      return LineRelaxation(
        line: line, side: side, bound: bound ?? 0, reachable: nil, relaxation: nil,
        unit: part?.unit ?? written.map { $0.nutrient.definition?.unit.rawValue ?? "" } ?? "",
        period: part?.period ?? written?.period ?? .week,
        message: line.statement + DietExplainer.at(line.source))
    }
    sentences.append(
      "these lines cannot all hold together (drop or relax any one of them): "
        + found.members.map(lines.named).joined(separator: ", ")
        + (found.proven ? "" : "; a solve stopped at its time limit, so the set may not be minimal"))
    // The smallest weighted relaxation is computed for food and meal plans, not
    // yet for households: `relaxation` stays empty and is not claimed smallest.
    return PlanExplanation(
      sentences: sentences, conflicts: conflicts, conflictsProven: found.proven, relaxationProven: false)
  }
}
