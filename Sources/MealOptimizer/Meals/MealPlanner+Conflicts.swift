import Foundation

extension MealPlanner {
  /// The cheapest plan found without a week's budgets, for its explanation.
  struct BudgetReach {
    /// For each budget below the plan's cost, by position, that cost per the budget's period.
    var perBudget: [Int: Double]
    /// The plan found, of the model without budget rows.
    var point: [Double]
  }

  /// Why a week has no plan, one person's or a household's: the `reasons`
  /// found so far, then a minimal set of lines that cannot hold together
  /// (``conflictingLines(_:deadline:)``)
  /// with what it takes as given, then the changes that give a plan, each
  /// verified by solving the changed week (``verifiedChanges(_:lines:currency:deadline:build:)``):
  /// a budget raised to the cheapest week found without it, a goal moved as
  /// far as it must go with every other line holding, a rule of the conflict
  /// left out, then the smallest weighted change (``smallestRelaxation(_:lines:deadline:)``).
  ///
  /// - Parameters:
  ///   - problem: a problem without a plan.
  ///   - reasons: sentences found before (by arithmetic, or by the search without budgets).
  ///   - budgetReach: the cheapest plan found without budgets, when the search found one.
  func explainConflicts(_ problem: MealPlanProblem, reasons: [String], budgetReach: BudgetReach?)
    throws(PlanningError) -> PlanExplanation
  {
    let started = ContinuousClock.now
    let deadline = started + .seconds(Self.explanationTotalSeconds)
    let (lines, members, proven) = try conflictingLines(problem, deadline: deadline)
    var sentences = reasons
    let background = Self.background(problem)
    guard !members.isEmpty else {
      sentences.append(
        "no plan exists even without any goal, budget or rule: the slots cannot be filled from the recipes"
          + " and portions on offer")
      return PlanExplanation(sentences: sentences, conflictsProven: proven, background: background)
    }
    var untied = problem
    untied.tieBreak = .none
    let built = try? untied.model()
    var conflicts: [LineRelaxation] = []
    var candidates: [CandidateChange] = []
    if let budgetReach {
      var change = CandidateChange(point: budgetReach.point)
      for (b, value) in budgetReach.perBudget {
        guard let l = lines.lines.firstIndex(where: { $0.part == .budget(b) }) else { continue }
        change.moves[l] = (.maximum, Self.outward(value, side: .maximum, kind: .budget))
      }
      candidates.append(change)
    }
    for (done, l) in members.enumerated() {
      options.explanationProgress?(
        ExplanationProgress(
          seconds: (ContinuousClock.now - started).seconds, phase: .relaxation, done: done,
          total: members.count))
      let line = lines.lines[l]
      let at = line.line.source.map { " at \($0)" } ?? ""
      let side = line.sides.last ?? .maximum
      var reach: (side: PlanLine.Side, value: Double, point: [Double])?
      var message = line.line.statement + at
      switch line.part {
      case .budget(let b):
        if let value = budgetReach?.perBudget[b] {
          reach = (.maximum, value, budgetReach?.point ?? [])
          message =
            "the cheapest plan found that meets every other line costs"
            + " \(DietLineModel.money(value, problem.currency)) per \(line.period.rawValue)"
            + " (\(line.line.statement)\(at))"
        }
      case .goal, .memberGoal:
        if let built, built.conflicts.isEmpty {
          reach = try self.reach(of: l, in: lines, built: built, deadline: deadline)
        }
        if let reach {
          let amount = DietLineModel.quantity(reach.value, line.unit)
          let per = line.period == .day ? "a day" : "a week"
          let rest =
            line.line.statement.hasPrefix(line.line.subject + " ")
            ? String(line.line.statement.dropFirst(line.line.subject.count + 1)) : line.line.statement
          message =
            "\(line.line.subject) \(reach.side == .minimum ? "reaches at most" : "is at least") \(amount) \(per)"
            + " with every other line holding (proven; goal \(rest)\(at))"
          var change = CandidateChange(point: reach.point)
          change.moves[l] = (reach.side, Self.outward(reach.value, side: reach.side, kind: .goal))
          candidates.append(change)
        } else {
          message +=
            lines.goal(line.part)?.basis == .percentOfEnergy
            ? " (how far a share of energy must move is not measured)"
            : " (how far it must move was not proven within the time)"
        }
      default:
        candidates.append(CandidateChange(drops: [l]))
      }
      let moved = reach?.side ?? side
      let bound = line.bound(moved) ?? 0
      conflicts.append(
        LineRelaxation(
          line: line.line, side: moved, bound: bound, reachable: reach?.value,
          relaxation: reach.map { abs(bound - $0.value) }, unit: line.unit, period: line.period,
          message: message))
    }
    sentences += (Self.conflictSentences(members.map(lines.named), background: background, proven: proven))
    options.explanationProgress?(
      ExplanationProgress(
        seconds: (ContinuousClock.now - started).seconds, phase: .smallestChange, done: 0, total: 1))
    let relaxed = try smallestRelaxation(problem, lines: lines, deadline: deadline)
    if let elastic = Self.candidate(relaxed, lines: lines.lines) { candidates.append(elastic) }
    let verifying = ContinuousClock.now + .seconds(Self.explanationVerifySeconds)
    let changes = try verifiedChanges(
      candidates, lines: lines.lines, currency: problem.currency, deadline: verifying
    ) { candidate in
      try? lines.problem(
        keeping: Set(lines.lines.indices).subtracting(candidate.drops), moving: candidate.moves
      )
      .model()
    }
    sentences += Self.relaxationSentences(relaxed, conflicts: conflicts)
    sentences += Self.changeSentences(changes)
    return PlanExplanation(
      sentences: sentences, conflicts: conflicts, conflictsProven: proven, relaxation: relaxed.changes,
      relaxationProven: relaxed.proven, background: background, changes: changes)
  }

  /// The smallest weighted change as a candidate: each moved line at the
  /// bound it reached, rounded outward, with the elastic model's plan.
  static func candidate(_ relaxed: MealRelaxation, lines: [MealPlanLines.Line]) -> CandidateChange? {
    guard relaxed.found, !relaxed.changes.isEmpty else { return nil }
    var change = CandidateChange(point: relaxed.point, smallest: relaxed.proven ? .proven : .found)
    for moved in relaxed.changes {
      guard let l = lines.firstIndex(where: { $0.line == moved.line }), let value = moved.reachable else {
        return nil
      }
      change.moves[l] = (moved.side, outward(value, side: moved.side, kind: moved.line.kind))
    }
    return change
  }

  /// The most seconds one solve inside a meal plan's explanation may take.
  package static let explanationSolveSeconds = 10.0
  /// The most seconds a meal plan's explanation of infeasibility may take;
  /// past it, the remaining lines are kept and the conflict is not proven minimal.
  package static let explanationTotalSeconds = 30.0

  /// A minimal set of the problem's lines that cannot hold together, by
  /// deletion filtering (``DeletionFilter``) over ``MealPlanLines``.
  ///
  /// Each set of lines is built into its own model. It has no plan when the
  /// builder finds a reason before solving (a slot with no allowed recipe),
  /// when the LP relaxation is infeasible (then the integer model is too:
  /// a fast, proven test), or when GLPK's branch-and-cut proves the integer
  /// model infeasible. A plan found by branch-and-cut keeps the line. A solve
  /// that stops at its time limit (``explanationSolveSeconds``) proves
  /// neither, so the line is kept and the set is marked unproven.
  ///
  /// - Returns: the lines, the conflict's members and whether they are proven minimal.
  func conflictingLines(_ problem: MealPlanProblem, deadline: ContinuousClock.Instant)
    throws(PlanningError) -> (lines: MealPlanLines, members: [Int], proven: Bool)
  {
    let lines = MealPlanLines(problem)
    let started = ContinuousClock.now
    let filter = DeletionFilter(count: lines.lines.count, deadline: deadline) { done, total in
      options.explanationProgress?(
        ExplanationProgress(
          seconds: (ContinuousClock.now - started).seconds, phase: .deletionFilter, done: done, total: total))
    }
    let found = try filter.run { (kept) throws(PlanningError) in
      try infeasible(lines.problem(keeping: kept), deadline: deadline)
    }
    return (lines, found.members, found.proven)
  }

  /// Whether a problem has no plan: `true` proven, `false` a plan exists, `nil` undecided.
  func infeasible(_ problem: MealPlanProblem, deadline: ContinuousClock.Instant) throws(PlanningError)
    -> Bool?
  {
    guard let built = try? problem.model() else { return nil }
    return try infeasible(built, deadline: deadline)
  }

  /// Whether a built model has no plan: `true` when the builder found a
  /// reason before solving or a solve proves it, `false` when a plan is
  /// found, `nil` undecided. Shared by meal and household plans.
  func infeasible(_ built: MealPlanModel, deadline: ContinuousClock.Instant) throws(PlanningError) -> Bool? {
    if !built.conflicts.isEmpty { return true }
    var model = built.model.dropping([.tieBreak])
    model.setObjective(.minimize, LinearExpression())
    var relaxed = model
    relaxed.relaxIntegrality()
    if try capped(relaxed, until: deadline).status == .infeasible { return true }
    switch try capped(model, until: deadline).status {
    case .infeasible: return true
    case .optimal, .feasible: return false
    case .unbounded, .unknown: return nil
    }
  }

  /// One solve, at most ``explanationSolveSeconds`` and never past `deadline`.
  func capped(
    _ model: LinearModel, until deadline: ContinuousClock.Instant, relativeGap: Double? = nil
  ) throws(PlanningError) -> Solution {
    if StopRequest.isRequested { throw .cancelled }
    let left = (deadline - ContinuousClock.now).seconds
    guard left > 0.01 else { return Solution(termination: .timeLimit, status: .unknown) }
    var settings = SolverOptions()
    settings.timeLimit = min(Self.explanationSolveSeconds, left)
    if let relativeGap { settings.relativeGap = relativeGap }
    do {
      return try solver.solve(model, options: settings)
    } catch {
      throw PlanningError(error)
    }
  }

  /// How far one goal of a conflict must move when every other line holds:
  /// an elastic copy of the problem's model with one slack on each side of
  /// the goal's rows, minimised by branch-and-cut. `nil` unless proven
  /// optimal in time, and for a share of energy.
  func reach(
    of l: Int, in lines: MealPlanLines, built: MealPlanModel, deadline: ContinuousClock.Instant
  ) throws(PlanningError) -> (side: PlanLine.Side, value: Double, point: [Double])? {
    let line = lines.lines[l]
    guard lines.goal(line.part)?.basis == .absolute, let range = lines.goalRows(line.part, in: built) else {
      return nil
    }
    var model = built.model
    let rows = Array(range)
    guard !rows.isEmpty else { return nil }
    var objective = LinearExpression()
    var slacks: [PlanLine.Side: VariableRef] = [:]
    for side in line.sides {
      let slack = model.addVariable("slack[\(side.rawValue)]", lower: 0)
      slacks[side] = slack
      objective.add(slack, 1 / max(abs(line.bound(side) ?? 1), 1))
    }
    for row in rows {
      let original = model.constraints[row]
      var low = original.expression
      if let slack = slacks[.minimum] { low.add(slack, 1) }
      var high = original.expression
      if let slack = slacks[.maximum] { high.add(slack, -1) }
      switch (original.set.lower, original.set.upper) {
      case (let lower?, let upper?):
        model.constraints[row].expression = low
        model.constraints[row].set = .greaterThan(lower)
        model.addConstraint(original.name + "[elastic_max]", high, .lessThan(upper))
      case (_?, nil): model.constraints[row].expression = low
      case (nil, _?): model.constraints[row].expression = high
      case (nil, nil): break
      }
    }
    model.setObjective(.minimize, objective)
    let solution = try capped(model, until: deadline)
    guard solution.status == .optimal, solution.values.count == model.variables.count else { return nil }
    let moved = line.sides.max { (solution.values[slacks[$0]!.index]) < (solution.values[slacks[$1]!.index]) }
    guard let side = moved, let bound = line.bound(side) else { return nil }
    // The worst row at the elastic optimum, each row in display units (a weekly row's bound is scaled).
    var values: [Double] = []
    for row in rows {
      let original = built.model.constraints[row]
      guard let rowBound = side == .minimum ? original.set.lower : original.set.upper else { continue }
      let value = original.expression.value(solution.values)
      values.append(rowBound != 0 ? value * bound / rowBound : value)
    }
    guard let worst = side == .minimum ? values.min() : values.max() else { return nil }
    return (side, side == .minimum ? min(worst, bound) : max(worst, bound), solution.values)
  }
}
