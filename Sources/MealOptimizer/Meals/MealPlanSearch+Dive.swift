extension MealPlanSearch {
  /// ``Step/dive``: fix-and-resolve from the LP relaxation.
  ///
  /// Each round fixes every slot already decided in the last LP, then the
  /// most decided open pick (or, when every pick is whole, the portion
  /// closest to whole, rounded), and solves the LP again, until every pick
  /// and portion is whole. When a fix makes the LP infeasible, it is undone
  /// and the other side is fixed instead; the dive gives up after
  /// ``Tuning/moves`` dead ends.
  func dive(_ model: LinearModel, _ progress: inout Progress) throws(PlanningError) {
    guard let root = progress.root else { return }
    // Only the days' choices are dived on; `accept` completes the rest (the
    // purchases of a plan with purchasing) exactly.
    let dayVariables = Set(dayBlocks.joined().map(\.index))
    let integers = model.variables.indices.filter {
      model.variables[$0].kind != .continuous && dayVariables.contains($0)
    }
    var fixed: [VariableRef: Double] = [:]
    var steps: [(added: [Int], chosen: Int, alternative: Double?)] = []
    var current = root
    var failures = 0
    // One LP kept across the dive: each fix or undo moves a variable's
    // bounds, and the next solve starts from the last basis.
    let relaxed = model.relaxingIntegrality()
    let session: any SolverSession
    if let kept = progress.rootSession?.session, kept.model.variables.count == relaxed.variables.count,
      kept.model.constraints.count == relaxed.constraints.count
    {
      session = kept
    } else {
      session = try self.session(relaxed)
    }
    // Every solve sets the dived variables from `fixed` (the others back to
    // their bounds), so one left fixed by a dive from a copy of this
    // progress, in the same session, is freed too.
    let dived = integers.map { VariableRef(index: $0) }
    func resolve(_ progress: inout Progress) throws(PlanningError) -> Solution {
      try setFixings(fixed, of: dived, in: session, original: relaxed)
      return try run(session, &progress, solveOptions())
    }
    while !isPastDeadline {
      let values = current.values
      guard values.count == model.variables.count else { return }
      func isWhole(_ index: Int) -> Bool { abs(values[index] - values[index].rounded()) < 1e-6 }
      let open = integers.filter { !isWhole($0) && fixed[VariableRef(index: $0)] == nil }
      if open.isEmpty {
        guard !model.constraints(in: .purchases).isEmpty else {
          try accept(values, in: model, &progress)
          return
        }
        // With purchases the dive's plan leads `improve_days` and
        // `dish_search` even when it costs more than the best: its
        // neighbourhood at the till is another one.
        try lead(values, in: model, &progress)
        return
      }
      let added: [Int]
      let chosen: Int
      let value: Double
      let alternative: Double?
      if let pick = open.filter({ picks.contains($0) }).max(by: { values[$0] < values[$1] }) {
        // Slots already decided stay decided; the most decided open slot is decided next.
        added = integers.filter {
          fixed[VariableRef(index: $0)] == nil && picks.contains($0) && values[$0] > 1 - 1e-6
        }
        (chosen, value, alternative) = (pick, 1, 0)
      } else {
        added = integers.filter { fixed[VariableRef(index: $0)] == nil && isWhole($0) && values[$0] > 0.5 }
        let distance = { (index: Int) in abs(values[index] - values[index].rounded()) }
        guard let serve = open.min(by: { distance($0) < distance($1) }) else { return }
        let rounded = values[serve].rounded()
        (chosen, value, alternative) = (serve, rounded, rounded > values[serve] ? rounded - 1 : rounded + 1)
      }
      for index in added { fixed[VariableRef(index: index)] = values[index].rounded() }
      fixed[VariableRef(index: chosen)] = value
      steps.append((added, chosen, alternative))
      current = try resolve(&progress)
      while current.status != .optimal {
        failures += 1
        guard failures <= tuning.moves, let last = steps.popLast(), !isPastDeadline else { return }
        for index in last.added { fixed[VariableRef(index: index)] = nil }
        fixed[VariableRef(index: last.chosen)] = last.alternative
        if last.alternative != nil { steps.append(([], last.chosen, nil)) }
        current = try resolve(&progress)
      }
    }
  }
}
