import Foundation

extension MealPlanner {
  /// A change to try: lines whose bound moves and lines left out, by
  /// position in the explanation's lines, with a plan of the unchanged
  /// model's variables that is expected to meet it, when one is known.
  struct CandidateChange {
    /// For each line that moves, its side and its new bound, rounded outward.
    var moves: [Int: (side: PlanLine.Side, value: Double)] = [:]
    /// Lines left out.
    var drops: [Int] = []
    /// A plan expected to meet the changed lines (the first variables of a
    /// larger model are enough); checked, never trusted.
    var point: [Double]?
    /// For the smallest weighted change: whether it is proven the smallest.
    var smallest: Claim?

    var lines: Set<Int> { Set(moves.keys).union(drops) }

    /// Whether the two move the same lines to the same bounds and leave out the same lines.
    func sameChange(as other: CandidateChange) -> Bool {
      Set(drops) == Set(other.drops) && moves.count == other.moves.count
        && moves.allSatisfy { l, move in
          other.moves[l].map { $0.side == move.side && abs($0.value - move.value) <= 1e-9 } ?? false
        }
    }
  }

  /// The most seconds that confirming the changes of one explanation may take.
  package static let explanationVerifySeconds = 20.0

  /// A new bound rounded outward to what is printed: a minimum down and a
  /// maximum up to two decimals (cents for a budget), `repeat at most` up to
  /// a whole number. A plan that meets the exact bound meets the printed one.
  static func outward(_ value: Double, side: PlanLine.Side, kind: PlanLine.Kind) -> Double {
    if kind == .repetition { return (value - 1e-9).rounded(.up) }
    let scaled = value * 100
    let rounded = side == .minimum ? (scaled + 1e-7).rounded(.down) : (scaled - 1e-7).rounded(.up)
    return rounded / 100
  }

  /// Confirms each candidate in order and returns those under which a plan
  /// exists, as ``PlanChange``s: the changed plan is built anew by `build`;
  /// the candidate's plan is checked against every row of the new model, and
  /// when it is missing or fails, the new model is solved (capped, see
  /// ``capped(_:until:relativeGap:)``). A candidate whose lines are those of
  /// one already confirmed is skipped; when it is the same change (the same
  /// bounds), the confirmed one takes its claim to be the smallest.
  func verifiedChanges(
    _ candidates: [CandidateChange], lines: [MealPlanLines.Line], currency: String,
    deadline: ContinuousClock.Instant, build: (CandidateChange) -> MealPlanModel?
  ) throws(PlanningError) -> [PlanChange] {
    var changes: [PlanChange] = []
    var seen: [Set<Int>] = []
    var confirmed: [CandidateChange] = []
    for candidate in candidates where !candidate.lines.isEmpty {
      if let kept = seen.firstIndex(of: candidate.lines) {
        // The same change found twice (a goal's reach and the smallest
        // weighted change, say): one change, with what is known of it.
        if changes[kept].smallest == nil, candidate.smallest != nil, confirmed[kept].sameChange(as: candidate)
        {
          changes[kept].smallest = candidate.smallest
        }
        continue
      }
      if StopRequest.isRequested { throw .cancelled }
      guard ContinuousClock.now < deadline, let built = build(candidate), built.conflicts.isEmpty else {
        continue
      }
      let model = built.model.dropping([.tieBreak])
      var holds = false
      if let point = candidate.point, point.count >= model.variables.count {
        holds = model.isFeasible(Array(point.prefix(model.variables.count)))
      }
      if !holds { holds = try infeasible(built, deadline: deadline) == false }
      guard holds else { continue }
      seen.append(candidate.lines)
      confirmed.append(candidate)
      changes.append(Self.change(candidate, lines: lines, currency: currency))
    }
    return changes
  }

  /// A confirmed candidate as a ``PlanChange`` with its words.
  static func change(_ candidate: CandidateChange, lines: [MealPlanLines.Line], currency: String)
    -> PlanChange
  {
    var moves: [LineRelaxation] = []
    var words: [String] = []
    for (l, move) in candidate.moves.sorted(by: { $0.key < $1.key }) {
      let line = lines[l]
      let bound = line.bound(move.side) ?? 0
      let amount =
        line.line.kind == .budget
        ? DietLineModel.money(move.value, currency)
        : line.line.kind == .repetition
          ? DietLineModel.number(move.value) + " times" : DietLineModel.quantity(move.value, line.unit)
      let message = DietExplainer.changePhrase(
        line.line, move.side, amount, per: line.period == .day ? "a day" : "a week")
      words.append(message)
      moves.append(
        LineRelaxation(
          line: line.line, side: move.side, bound: bound, reachable: move.value,
          relaxation: abs(bound - move.value), unit: line.unit, period: line.period, message: message))
    }
    var drops: [PlanLine] = []
    for l in candidate.drops.sorted() {
      drops.append(lines[l].line)
      words.append("leave out " + lines[l].line.statement + (lines[l].line.source.map { " (\($0))" } ?? ""))
    }
    return PlanChange(
      moves: moves, drops: drops, claim: .verified, smallest: candidate.smallest,
      message: words.joined(separator: "; "))
  }

  /// The sentences for the confirmed changes: the changes of one line, any
  /// one of which is enough, then a change of several lines that holds only
  /// with all of them together.
  static func changeSentences(_ changes: [PlanChange]) -> [String] {
    var sentences: [String] = []
    let single = changes.filter { $0.size == 1 }
    if !single.isEmpty {
      sentences.append(
        (single.count == 1
          ? "this change alone gives a plan (verified: planner solved the changed plan): "
          : "each of these changes alone gives a plan (each verified: planner solved the changed plan): ")
          + single.map { $0.message + smallestNote($0.smallest) }.joined(separator: "; or "))
    }
    for change in changes where change.size > 1 {
      sentences.append(
        "all of these together give a plan (verified: planner solved the changed plan"
          + smallestNote(change.smallest, inside: true) + "): " + change.message)
    }
    return sentences
  }

  private static func smallestNote(_ claim: Claim?, inside: Bool = false) -> String {
    switch claim {
    case .proven?:
      return inside
        ? "; proven the smallest weighted change, docs/solver.md" : " (proven the smallest weighted change)"
    case .found?:
      return inside
        ? "; the smallest weighted change found in the time, not proven the smallest"
        : " (the smallest weighted change found in the time, not proven the smallest)"
    default: return ""
    }
  }

  /// What a conflict of a week takes as given: the parts of the week that
  /// are not lines, and a household member's own diet labels and avoid rules.
  static func background(_ problem: MealPlanProblem) -> [String] {
    var parts = ["the recipes and their portions"]
    let meals = Set(problem.slots).count
    parts.append(
      "the \(problem.days) day\(problem.days == 1 ? "" : "s") of \(meals) meal\(meals == 1 ? "" : "s")")
    if problem.household != nil { parts.append("the household's members and their portions") }
    if let purchasing = problem.purchasing {
      if !purchasing.pantry.isEmpty { parts.append("the pantry") }
      parts.append("the stores with their packages and trips")
    }
    // A member's own diet labels and avoid rules are not lines the filter drops: they are named as given.
    for member in problem.household?.members ?? [] {
      let rules =
        member.diet.map { "diet \($0.rawValue)" }.sorted()
        + member.avoid.map { rule -> String in
          switch rule {
          case .food(let id), .tag(let id), .term(let id): "avoid \(id)"
          }
        }
      if !rules.isEmpty { parts.append("\(member.name)'s " + rules.joined(separator: " and ")) }
    }
    return parts
  }

  /// The conflict in words, with whether it is proven minimal, then what it takes as given.
  static func conflictSentences(_ named: [String], background: [String], proven: Bool) -> [String] {
    [
      "these lines cannot all hold together, even with every other goal and rule left out ("
        + (proven
          ? "proven minimal: without any one of them the rest can hold; the plan may have other conflicts too"
          : "not proven minimal: a solve stopped at its time limit, so a line may be here without being needed")
        + "): " + named.joined(separator: ", "),
      "taken as written, never left out: " + background.joined(separator: ", "),
    ]
  }

  /// What is proven of the cheapest plan a search found: `; it is proven the
  /// cheapest such plan` (within ``PlanStatus/optimalGap`` of its bound), `; it is proven within
  /// 0.99% of the cheapest such plan` (within the search's gap), or `; it may
  /// not be the cheapest: no such plan costs less than 53.35 USD (proven)`.
  static func proofPhrase(cost: Double, bound: Double?, relativeGap: Double, currency: String) -> String {
    guard let bound, bound.isFinite else { return "; it may not be the cheapest" }
    let gap = max(cost - bound, 0) / max(abs(cost), 1e-9)
    if gap <= PlanStatus.optimalGap { return "; it is proven the cheapest such plan" }
    if gap <= relativeGap + 1e-9 {
      return "; it is proven within " + String(format: "%.2f%%", gap * 100) + " of the cheapest such plan"
    }
    return "; it may not be the cheapest: no such plan costs less than "
      + DietLineModel.money(bound, currency) + " (proven)"
  }
}
