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
              kind: .goal, index: goals.count, statement: "\(member.name)'s \(statement)",
              subject: "\(member.name)'s \(subject)",
              source: goal.source)))
      }
    }
  }

  var count: Int { week.lines.count + goals.count }

  func line(_ l: Int) -> PlanLine {
    l < week.lines.count ? week.lines[l].line : goals[l - week.lines.count].line
  }

  /// The problem with only the lines in `kept` (and everything that is not a
  /// line), each line in `moves` with its side's bound set to the value given
  /// (see ``MealPlanLines/problem(keeping:moving:)``).
  func problem(keeping kept: Set<Int>, moving moves: [Int: (side: PlanLine.Side, value: Double)] = [:])
    -> HouseholdProblem
  {
    var problem = self.problem
    for (l, move) in moves where l >= week.lines.count {
      let target = goals[l - week.lines.count]
      let goal = problem.household.members[target.member].goals[target.goal]
      let value = goal.basis == .percentOfEnergy ? move.value / 100 : move.value
      if move.side == .minimum {
        problem.household.members[target.member].goals[target.goal].minimum = value
      } else {
        problem.household.members[target.member].goals[target.goal].maximum = value
      }
    }
    var copy = problem
    let meals = week.problem(
      keeping: kept.filter { $0 < week.lines.count }, moving: moves.filter { $0.key < week.lines.count })
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

  /// `Cleo's protein at least 60 g a day (home.plan:10:3)`.
  func named(_ l: Int) -> String {
    let line = line(l)
    return line.statement + (line.source.map { " (\($0))" } ?? "")
  }
}

extension MealPlanner {
  /// A minimal set of a household's lines that cannot hold together, by
  /// the same deletion filter and test as a meal plan
  /// (``MealPlanner/conflictingLines(_:deadline:)``): each set of lines is
  /// built into its own household model, which has no plan when the builder
  /// finds a reason, the LP relaxation is infeasible or branch-and-cut proves
  /// it; each solve is capped at ``MealPlanner/explanationSolveSeconds`` and
  /// the whole at ``MealPlanner/explanationTotalSeconds``.
  ///
  /// Then the smallest weighted change to the members' goals, the budgets
  /// and `repeat at most` (``smallestRelaxation(_:lines:planner:deadline:)``).
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
    // A member's own diet labels and avoid rules are not lines the filter drops: they are named as given.
    let background =
      MealPlanner.background(problem.meals, members: true)
      + problem.household.members.compactMap { member -> String? in
        let rules =
          member.diet.map { "diet \($0.rawValue)" }.sorted()
          + member.avoid.map { rule -> String in
            switch rule {
            case .food(let id), .tag(let id), .term(let id): "avoid \(id)"
            }
          }
        return rules.isEmpty ? nil : "\(member.name)'s " + rules.joined(separator: " and ")
      }
    guard !found.members.isEmpty else {
      sentences.append(
        "no plan exists even without any goal, budget or rule: the slots cannot be filled from the recipes"
          + " and portions on offer")
      return PlanExplanation(sentences: sentences, conflictsProven: found.proven, background: background)
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
    sentences +=
      (MealPlanner.conflictSentences(
        found.members.map(lines.named), background: background, proven: found.proven))
    options.explanationProgress?(
      ExplanationProgress(
        seconds: (ContinuousClock.now - started).seconds, phase: .smallestChange, done: 0, total: 1))
    let (relaxed, all) = try smallestRelaxation(problem, lines: lines, planner: meals, deadline: deadline)
    // Rules of the conflict left out one at a time, then the smallest weighted change.
    var candidates = found.members.filter { l in
      l < lines.week.lines.count && ![.goal, .budget].contains(lines.week.lines[l].line.kind)
    }.map { MealPlanner.CandidateChange(drops: [$0]) }
    if let elastic = MealPlanner.candidate(relaxed, lines: all) { candidates.append(elastic) }
    let verifying = ContinuousClock.now + .seconds(MealPlanner.explanationVerifySeconds)
    let changes = try meals.verifiedChanges(
      candidates, lines: all, currency: problem.meals.currency, deadline: verifying
    ) { candidate in
      var changed = lines.problem(
        keeping: Set(0..<lines.count).subtracting(candidate.drops), moving: candidate.moves)
      changed.meals.tieBreak = .none
      return (try? HouseholdModelBuilder(problem: changed))?.build().model
    }
    sentences += MealPlanner.relaxationSentences(relaxed, conflicts: conflicts)
    sentences += MealPlanner.changeSentences(changes)
    return PlanExplanation(
      sentences: sentences, conflicts: conflicts, conflictsProven: found.proven, relaxation: relaxed.changes,
      relaxationProven: relaxed.proven, background: background, changes: changes)
  }

  /// The smallest weighted change to the members' goals, the budgets and
  /// `repeat at most`: the same elastic model and weights as a meal plan's
  /// (``MealPlanner/smallestRelaxation(_:deadline:)``), on the household's model.
  ///
  /// - Returns: the relaxation, and every line (the week's, then the members' goals) by position.
  func smallestRelaxation(
    _ problem: HouseholdProblem, lines: HouseholdLines, planner: MealPlanner,
    deadline: ContinuousClock.Instant
  ) throws(PlanningError) -> (MealPlanner.MealRelaxation, [MealPlanLines.Line]) {
    var all = lines.week.lines
    var untied = problem
    untied.meals.tieBreak = .none
    guard let builder = try? HouseholdModelBuilder(problem: untied) else {
      return (MealPlanner.MealRelaxation(), all)
    }
    let built = builder.build()
    guard built.model.conflicts.isEmpty else {
      return (MealPlanner.MealRelaxation(proven: true, impossible: true), all)
    }
    var goals: [Int: (goal: NutrientGoal, rows: Range<Int>)] = [:]
    var owners: [Int: Int] = [:]
    for (k, memberGoal) in lines.goals.enumerated() {
      let goal = problem.household.members[memberGoal.member].goals[memberGoal.goal]
      let percent = goal.basis == .percentOfEnergy
      let l = all.count
      all.append(
        MealPlanLines.Line(
          part: .goal(k), line: memberGoal.line, minimum: goal.minimum.map { percent ? $0 * 100 : $0 },
          maximum: goal.maximum.map { percent ? $0 * 100 : $0 },
          unit: percent ? "%" : goal.nutrient.definition?.unit.rawValue ?? "", period: goal.period))
      owners[l] = memberGoal.member
      let rows = built.model.dinerGoalRows
      if rows.indices.contains(memberGoal.member), rows[memberGoal.member].indices.contains(memberGoal.goal) {
        goals[l] = (goal, rows[memberGoal.member][memberGoal.goal])
      }
    }
    let input = MealPlanner.RelaxationInput(
      lines: all, goals: goals,
      energy: { l, days in
        builder.base.total(
          over: built.model.slots, days: days, diner: owners[l] ?? 0,
          diners: builder.diners(eaters: built.eaters)
        ) { builder.base.amount(.energy, $0) }
      },
      built: built.model, week: untied.meals, blocks: builder.base.weekBlocks())
    return (try planner.smallestRelaxation(input, deadline: deadline), all)
  }
}
