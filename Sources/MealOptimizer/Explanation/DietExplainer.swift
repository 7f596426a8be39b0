import Foundation

/// Explains a food-level plan: why none exists, and what its goals, limits
/// and budget cost.
///
/// **Why no plan exists.** Every goal, limit and budget of the problem is a
/// *line*. The explainer finds a minimal set of lines that cannot hold
/// together (an irreducible infeasible subset) by deletion filtering: it drops
/// one line at a time and keeps it out when the rest is still infeasible.
/// For each line of that set it then solves an elastic model in which only
/// that line may move (every other line holds) and reports how far: "with a
/// budget of 2.00 USD a day, protein reaches at most 200 g a day". Last, one
/// elastic model with a slack on every side of every line, each weighted by
/// ``weight(of:side:)`` over the size of its bound, gives the smallest
/// weighted change that makes a plan exist.
///
/// **What the lines cost.** For a plan in grams (an LP) each side's marginal
/// cost is the sum of its rows' duals; for a plan in whole servings the
/// explainer solves again with the bound moved up a step
/// (``resolveStep(for:)``) and reports the difference. Unused foods get the
/// price at which they would enter the plan, from the reduced costs.
///
/// ```swift
/// let explainer = DietExplainer(solver: GLPKSolver())
/// let why = try explainer.explainInfeasible(problem)
/// print(why.sentences.joined(separator: "\n"))
/// ```
package struct DietExplainer: Sendable {
  /// The solver.
  package var solver: any Solver
  /// Settings for each solve; the time limit is capped at ``solveSeconds`` per solve.
  package var options: SolverOptions
  /// The most seconds one solve inside an explanation may take.
  package var solveSeconds: Double = 10
  /// The most seconds a whole explanation may take; past it, the remaining
  /// solves are skipped and the conflict is reported as not proven minimal.
  package var totalSeconds: Double = 30
  /// Called from the solving thread as the explanation moves through its
  /// phases (before each solve of the deletion filter, of the relaxation and
  /// of the marginal costs); nil for none. It must return quickly.
  package var progress: ExplanationProgressHandler?
  /// Whether the deletion filter solves its tests in one ``SolverSession``
  /// (``feasibilityTest(_:deadline:)``) rather than building and loading a
  /// model for each; the answers are the same. On by default; off to measure
  /// the difference (docs/solver.md, "Sessions").
  package var usesSession = true

  /// Creates an explainer that solves with the given backend and settings.
  package init(solver: any Solver, options: SolverOptions = SolverOptions()) {
    self.solver = solver
    self.options = options
  }

  /// How much moving a side of a line matters, per unit of relative change
  /// of its bound, in the elastic model: food and group limits 0.5 (habits,
  /// the first to give), the budget 1, a nutrient minimum 1, a nutrient
  /// maximum 2 (caps such as sodium and saturated fat protect health).
  ///
  /// A slack is measured relative to its bound: moving a 250 g goal by 25 g
  /// counts as much as moving a 2.00 USD budget by 0.20 USD. A
  /// percent-of-energy goal's slack is measured in kilocalories, relative to
  /// its share of a 2,000 kcal day.
  package static func weight(of kind: PlanLine.Kind, side: PlanLine.Side) -> Double {
    switch (kind, side) {
    case (.foodLimit, _), (.groupLimit, _), (.diet, _), (.avoid, _), (.repetition, _), (.lock, _),
      (.leftovers, _):
      0.5
    case (.budget, _): 1
    case (.goal, .minimum): 1
    case (.goal, .maximum): 2
    }
  }

  /// The step a re-solve moves a bound by: a tenth of the bound, rounded down
  /// to 1, 2 or 5 times a power of ten; 1 for a bound of 0.
  package static func resolveStep(for bound: Double) -> Double {
    let tenth = abs(bound) / 10
    guard tenth > 0, tenth.isFinite else { return 1 }
    let power = pow(10, (log10(tenth)).rounded(.down))
    let mantissa = tenth / power
    return (mantissa >= 5 ? 5 : mantissa >= 2 ? 2 : 1) * power
  }

  func solve(_ model: LinearModel, until deadline: ContinuousClock.Instant? = nil) throws(PlanningError)
    -> Solution
  {
    try solve(until: deadline) { options throws(SolverError) in try solver.solve(model, options: options) }
  }

  /// Solves a session's model as ``solve(_:until:)`` solves a model.
  func solve(_ session: any SolverSession, until deadline: ContinuousClock.Instant? = nil)
    throws(PlanningError) -> Solution
  {
    try solve(until: deadline) { options throws(SolverError) in try session.solve(options: options) }
  }

  /// Runs a solve with ``options``, its time limit capped at ``solveSeconds``
  /// and at what is left before the deadline.
  private func solve(
    until deadline: ContinuousClock.Instant?, _ call: (SolverOptions) throws(SolverError) -> Solution
  ) throws(PlanningError) -> Solution {
    if StopRequest.isRequested { throw .cancelled }
    var options = options
    options.timeLimit = min(options.timeLimit ?? solveSeconds, solveSeconds)
    if let deadline {
      let left = (deadline - ContinuousClock.now).seconds
      guard left > 0.01 else { return Solution(termination: .timeLimit, status: .unknown) }
      options.timeLimit = min(options.timeLimit ?? left, left)
    }
    do {
      return try call(options)
    } catch {
      throw PlanningError(error)
    }
  }

  /// Whether the problem with only the given lines (and the rows no line
  /// owns) has no plan: `true` proven infeasible, `false` a plan exists,
  /// `nil` undecided; one test of the deletion filter.
  ///
  /// With ``usesSession`` the model with every line is loaded once into a
  /// ``SolverSession`` and each test frees the rows of the lines it leaves
  /// out (a free row holds nothing, as if dropped) and restores the others,
  /// changing only the rows whose state differs from the last test: each
  /// solve starts from the last one's basis. Without it, each test builds
  /// the model without those rows and solves it whole; the answers are the
  /// same.
  func feasibilityTest(_ lines: DietLineModel, deadline: ContinuousClock.Instant) throws(PlanningError)
    -> (Set<Int>) throws(PlanningError) -> Bool?
  {
    func answer(_ solution: Solution) -> Bool? {
      switch solution.status {
      case .infeasible: return true
      case .optimal, .feasible, .unbounded: return false
      case .unknown: return nil
      }
    }
    guard usesSession else {
      return { kept throws(PlanningError) in
        answer(try solve(lines.model(keeping: kept, feasibilityOnly: true), until: deadline))
      }
    }
    let all = Set(lines.lines.indices)
    // Every row kept: the same rows, in the same order, as lines.model.
    let full = lines.model(keeping: all, feasibilityOnly: true)
    let session: any SolverSession
    do {
      session = try solver.makeSession(for: full)
    } catch {
      throw PlanningError(error)
    }
    // Which lines own each row (a row may belong to more than one), and the lines kept now.
    var owners: [Int: [Int]] = [:]
    for l in lines.lines.indices {
      for row in lines.lines[l].rows { owners[row, default: []].append(l) }
    }
    var active = [Bool](repeating: true, count: full.constraints.count)
    var keptNow = all
    return { kept throws(PlanningError) in
      // Only the rows of lines that changed since the last test can change.
      var rows = Set<Int>()
      for l in keptNow.symmetricDifference(kept) { rows.formUnion(lines.lines[l].rows) }
      do throws(SolverError) {
        for row in rows.sorted() {
          let wanted =
            lines.structural.contains(row) || owners[row, default: []].contains(where: kept.contains)
          guard wanted != active[row] else { continue }
          let set = full.constraints[row].set
          try session.setBounds(
            ConstraintRef(index: row), lower: wanted ? set.lower : nil, upper: wanted ? set.upper : nil)
          active[row] = wanted
        }
      } catch {
        throw PlanningError(error)
      }
      keptNow = kept
      return answer(try solve(session, until: deadline))
    }
  }

  // MARK: - Infeasibility

  /// Why a problem has no plan: a minimal set of conflicting lines with how
  /// far each must move, and the smallest weighted change.
  ///
  /// - Parameter problem: A problem whose model is infeasible.
  /// - Returns: The explanation; its ``PlanExplanation/sentences`` say it in words.
  /// - Throws: ``PlanningError/invalidProblem(_:)`` for a problem that does
  ///   not validate, ``PlanningError/solver(_:)`` when a solve fails,
  ///   ``PlanningError/cancelled`` when the task is cancelled.
  /// - Complexity: One solve per line for the deletion filter, one per line
  ///   of the conflict, and one more.
  package func explainInfeasible(_ problem: DietProblem) throws(PlanningError) -> PlanExplanation {
    let lines = try DietLineModel(problem)
    let deadline = ContinuousClock.now + .seconds(totalSeconds)
    let all = Set(lines.lines.indices)
    let infeasible = try feasibilityTest(lines, deadline: deadline)
    if try infeasible([]) == true {
      return PlanExplanation(sentences: [
        "no plan exists even without any goal, limit or budget: the foods on offer cannot be bought as the plan requires"
      ])
    }
    guard try infeasible(all) != false else {
      return PlanExplanation(sentences: ["no plan meets every goal and limit"])
    }
    let started = ContinuousClock.now
    let report = { (phase: ExplanationProgress.Phase, done: Int, total: Int) in
      progress?(
        ExplanationProgress(
          seconds: (ContinuousClock.now - started).seconds, phase: phase, done: done, total: total))
    }
    let filter = DeletionFilter(count: lines.lines.count, deadline: deadline) {
      report(.deletionFilter, $0, $1)
    }
    let found = try filter.run(infeasible)
    let members = found.members
    let proven = found.proven
    var conflicts: [LineRelaxation] = []
    var candidates: [MealPlanner.CandidateChange] = []
    for (done, l) in members.enumerated() {
      report(.relaxation, done, members.count)
      let sides = lines.lines[l].sides.map { (line: l, side: $0) }
      let (model, slacks) = lines.elastic(relaxing: sides) { _, _ in 1 }
      let solution = try solve(model, until: deadline)
      var moved = sides[0].side
      if solution.values.count == model.variables.count {
        let amounts = slacks.map { solution.values[$0.index] }
        if let most = amounts.indices.max(by: { amounts[$0] < amounts[$1] }) { moved = sides[most].side }
      }
      // Only a proven least slack is what the line can reach; a point found in the time is not.
      let reached =
        solution.status == .optimal && solution.values.count == model.variables.count
        ? lines.value(of: l, side: moved, at: Array(solution.values.prefix(lines.model.variables.count)))
        : nil
      var conflict = relaxation(lines, l, moved, reached: reached, role: .conflict)
      if reached == nil, solution.status != .infeasible {
        conflict.message =
          "\(lines.lines[l].line.statement)\(Self.at(lines.lines[l].line.source)): how far it must move was not"
          + " proven within the time"
      }
      conflicts.append(conflict)
      if let reached = conflict.reachable, reached.isFinite {
        var change = MealPlanner.CandidateChange(
          point: Array(solution.values.prefix(lines.model.variables.count)))
        change.moves[l] = (moved, MealPlanner.outward(reached, side: moved, kind: lines.lines[l].line.kind))
        candidates.append(change)
      }
    }
    // The weighted elastic model over every side of every line.
    var relaxed: [LineRelaxation] = []
    let everySide = lines.lines.indices.flatMap { l in lines.lines[l].sides.map { (line: l, side: $0) } }
    let (elastic, slacks) = lines.elastic(relaxing: everySide) { l, side in
      Self.weight(of: lines.lines[l].line.kind, side: side)
    }
    let solution = try solve(elastic, until: deadline)
    if solution.status.hasValues, solution.values.count == elastic.variables.count {
      let point = Array(solution.values.prefix(lines.model.variables.count))
      var change = MealPlanner.CandidateChange(
        point: point, smallest: solution.status == .optimal ? .proven : .found)
      for (k, side) in everySide.enumerated() {
        let slack = solution.values[slacks[k].index]
        guard slack > 1e-7 * (lines.lines[side.line].scale[side.side] ?? 1) else { continue }
        let reached = lines.value(of: side.line, side: side.side, at: point)
        let moved = relaxation(lines, side.line, side.side, reached: reached, role: .change)
        relaxed.append(moved)
        if let value = moved.reachable {
          change.moves[side.line] = (
            side.side, MealPlanner.outward(value, side: side.side, kind: lines.lines[side.line].line.kind)
          )
        }
      }
      if change.moves.count == relaxed.count { candidates.append(change) }
    }
    let changes = try verifiedChanges(candidates, lines: lines, deadline: deadline + .seconds(totalSeconds))
    return PlanExplanation(
      sentences: Self.sentences(conflicts: conflicts, lines: lines, proven: proven)
        + MealPlanner.changeSentences(changes),
      conflicts: conflicts, conflictsProven: proven, relaxation: relaxed,
      relaxationProven: solution.status == .optimal, background: [Self.background], changes: changes)
  }

  /// What a food-level plan's conflict takes as given.
  static let background = "the foods on offer, their prices and how they are bought"

  /// The problem with each line in `moves` at its new bound (in the line's
  /// display units: a share of energy in percent, a food limit in grams).
  static func problem(_ lines: DietLineModel, moving moves: [Int: (side: PlanLine.Side, value: Double)])
    -> DietProblem
  {
    var problem = lines.problem
    for (l, move) in moves {
      let line = lines.lines[l].line
      let minimum = move.side == .minimum
      switch line.kind {
      case .goal:
        let value = problem.goals[line.index].basis == .percentOfEnergy ? move.value / 100 : move.value
        if minimum {
          problem.goals[line.index].minimum = value
        } else {
          problem.goals[line.index].maximum = value
        }
      case .groupLimit:
        if minimum {
          problem.groupLimits[line.index].minimum = move.value
        } else {
          problem.groupLimits[line.index].maximum = move.value
        }
      case .foodLimit:
        if minimum {
          problem.foodLimits[line.index].minimumGrams = move.value
        } else {
          problem.foodLimits[line.index].maximumGrams = move.value
        }
      case .budget:
        if let amount = Decimal(string: String(format: "%.2f", move.value)) {
          problem.budget?.amount = amount
        }
      default: break
      }
    }
    return problem
  }

  /// The candidates under which the changed problem has a plan, confirmed
  /// as a meal plan's are (``MealPlanner/verifiedChanges(_:lines:currency:deadline:build:)``):
  /// the changed problem is built anew, the candidate's point checked against
  /// it, and failing that the changed model solved for any plan.
  func verifiedChanges(
    _ candidates: [MealPlanner.CandidateChange], lines: DietLineModel, deadline: ContinuousClock.Instant
  ) throws(PlanningError) -> [PlanChange] {
    var changes: [PlanChange] = []
    var seen: [Set<Int>] = []
    let named = lines.lines.map {
      MealPlanLines.Line(
        part: .budget(0), line: $0.line, minimum: $0.minimum, maximum: $0.maximum, unit: $0.unit,
        period: $0.period)
    }
    for candidate in candidates where !candidate.lines.isEmpty && !seen.contains(candidate.lines) {
      guard ContinuousClock.now < deadline,
        let changed = try? DietLineModel(Self.problem(lines, moving: candidate.moves))
      else { continue }
      var holds = false
      if let point = candidate.point, point.count == changed.model.variables.count {
        holds = changed.model.isFeasible(point)
      }
      if !holds {
        let solution = try solve(
          changed.model(keeping: Set(changed.lines.indices), feasibilityOnly: true), until: deadline)
        holds = solution.status.hasValues
      }
      guard holds else { continue }
      seen.append(candidate.lines)
      changes.append(MealPlanner.change(candidate, lines: named, currency: lines.problem.currency))
    }
    return changes
  }

  private enum Role { case conflict, change }

  private func relaxation(
    _ lines: DietLineModel, _ l: Int, _ side: PlanLine.Side, reached: Double?, role: Role
  )
    -> LineRelaxation
  {
    let line = lines.lines[l]
    let bound = line.bound(side) ?? 0
    // A reached value on the right side of the bound is a rounding of zero slack.
    let reachable = reached.map { side == .minimum ? min($0, bound) : max($0, bound) }
    let message: String
    if let reachable {
      message =
        role == .conflict
        ? Self.reachPhrase(line, side, reachable, currency: lines.problem.currency)
        : Self.changePhrase(line, side, reachable, currency: lines.problem.currency)
    } else {
      message = "\(line.line.statement)\(Self.at(line.line.source)): relaxing this line alone is not enough"
    }
    return LineRelaxation(
      line: line.line, side: side, bound: bound, reachable: reachable,
      relaxation: reachable.map { abs(bound - $0) }, unit: line.unit, period: line.period, message: message)
  }

  static func at(_ source: SourceReference?) -> String { source.map { " at \($0)" } ?? "" }

  static func per(_ period: Period, budget: Bool = false) -> String {
    period == .day ? "a day" : budget ? "a week" : "over the plan"
  }

  static func amount(_ line: DietLineModel.Line, _ value: Double, currency: String) -> String {
    line.line.kind == .budget
      ? DietLineModel.money(value, currency) : DietLineModel.quantity(value, line.unit)
  }

  /// What a line reaches when it alone may move: "protein reaches at most 200 g a day (goal at least 250 g a day at week.plan:12:3)".
  static func reachPhrase(
    _ line: DietLineModel.Line, _ side: PlanLine.Side, _ value: Double, currency: String
  )
    -> String
  {
    reachPhrase(
      line.line, side, amount(line, value, currency: currency),
      per: per(line.period, budget: line.line.kind == .budget))
  }

  /// What a line reaches, for any kind of plan: `reached` is the amount in
  /// words ("200 g", "6.80 USD"), `per` the period ("a day").
  static func reachPhrase(_ line: PlanLine, _ side: PlanLine.Side, _ reached: String, per period: String)
    -> String
  {
    let subject = line.subject
    let rest =
      line.statement.hasPrefix(subject) ? String(line.statement.dropFirst(subject.count + 1)) : line.statement
    switch (line.kind, side) {
    case (.budget, _):
      return "the cheapest plan that meets the other lines costs \(reached) \(period)"
        + " (\(line.statement)\(at(line.source)))"
    case (.goal, .minimum):
      return "\(subject) reaches at most \(reached) \(period) (goal \(rest)\(at(line.source)))"
    case (.goal, .maximum):
      return "\(subject) is at least \(reached) \(period) (goal \(rest)\(at(line.source)))"
    case (_, .minimum):
      return "\(subject) can be at most \(reached) \(period) (limit \(rest)\(at(line.source)))"
    case (_, .maximum):
      return "\(subject) must be at least \(reached) \(period) (limit \(rest)\(at(line.source)))"
    }
  }

  /// The change a relaxation asks for: "lower the protein goal to at least 200 g a day (week.plan:12:3)".
  static func changePhrase(
    _ line: DietLineModel.Line, _ side: PlanLine.Side, _ value: Double, currency: String
  )
    -> String
  {
    changePhrase(
      line.line, side, amount(line, value, currency: currency),
      per: per(line.period, budget: line.line.kind == .budget))
  }

  /// The change a relaxation asks for, for any kind of plan: `reached` is the
  /// amount in words ("200 g", "6.80 USD"), `per` the period ("a day").
  static func changePhrase(_ line: PlanLine, _ side: PlanLine.Side, _ reached: String, per period: String)
    -> String
  {
    let place = line.source.map { " (\($0))" } ?? ""
    // "the protein goal", but "Ana's protein goal" (a household member's).
    let goal = (line.subject.contains("'s ") ? "" : "the ") + line.subject + " goal"
    switch (line.kind, side) {
    case (.budget, _): return "raise the budget to \(reached) \(period)\(place)"
    case (.goal, .minimum):
      return "lower \(goal) to at least \(reached) \(period)\(place)"
    case (.goal, .maximum):
      return "raise \(goal) to at most \(reached) \(period)\(place)"
    case (_, .minimum):
      return "lower the limit on \(line.subject) to at least \(reached) \(period)\(place)"
    case (_, .maximum):
      return "raise the limit on \(line.subject) to at most \(reached) \(period)\(place)"
    }
  }

  static func sentences(conflicts: [LineRelaxation], lines: DietLineModel, proven: Bool) -> [String] {
    var sentences: [String] = []
    let budget = conflicts.first { $0.line.kind == .budget }
    if let budget, conflicts.count > 1, let line = lines.lines.first(where: { $0.line.kind == .budget }) {
      let others = conflicts.filter { $0.line.kind != .budget }.map(\.message)
      let cheapest =
        budget.reachable.map {
          "; the cheapest plan that meets the "
            + (conflicts.allSatisfy { $0.line.kind != .foodLimit && $0.line.kind != .groupLimit }
              ? "goals" : "other lines")
            + " costs \(amount(line, $0, currency: lines.problem.currency)) \(per(line.period, budget: true))"
        } ?? ""
      sentences.append(
        "no plan meets every goal: with a budget of \(amount(line, budget.bound, currency: lines.problem.currency))"
          + " \(per(line.period, budget: true))\(at(line.line.source)), " + others.joined(separator: "; ")
          + cheapest)
    } else {
      sentences.append(
        "no plan meets every goal and limit: " + conflicts.map(\.message).joined(separator: "; "))
    }
    if !conflicts.isEmpty {
      sentences += MealPlanner.conflictSentences(
        conflicts.map { $0.line.statement + ($0.line.source.map { " (\($0))" } ?? "") },
        background: [background], proven: proven)
    }
    return sentences
  }
}

extension ResultStatus {
  /// Whether a solution with this status has values.
  var hasValues: Bool { self == .optimal || self == .feasible }
}
