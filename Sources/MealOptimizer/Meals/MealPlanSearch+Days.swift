import Foundation

extension MealPlanSearch {
  /// The pick and portion variables of each day's fresh slots, by day.
  var dayBlocks: [[VariableRef]] {
    if let givenBlocks { return givenBlocks }
    var blocks: [Int: [VariableRef]] = [:]
    for slot in slots {
      for option in slot.options {
        if slot.leftoverOf == nil {
          blocks[slot.day, default: []].append(option.pick)
          if let steps = option.steps { blocks[slot.day, default: []].append(steps) }
        }
        // A household member's portion belongs to the day it is eaten, leftovers too.
        if !option.memberSteps.isEmpty { blocks[slot.day, default: []] += option.memberSteps }
      }
    }
    return blocks.keys.sorted().compactMap { blocks[$0] }
  }

  /// Keeps a plan when it is better than the best so far and a point of the
  /// model within ``MealPlanSearch/feasibilityTolerance``.
  ///
  /// A solver's MIP answer is whole only within its own tolerance (GLPK's
  /// 1e-5 for integrality), so a plan that fails the check is first made
  /// exact by ``complete(_:days:_:)``: its day variables rounded, the rest
  /// recomputed. A better plan starts its proof by store sets beside the
  /// search at once (``offerProof(_:beside:)``), not at the step's next
  /// solver call: the step may price moves for a while before it.
  func accept(_ candidate: [Double]?, in model: LinearModel, _ progress: inout Progress) throws(PlanningError)
  {
    guard let candidate, model.objective.value(candidate) < progress.objective else { return }
    progress.consider(try exact(candidate, in: model, &progress), in: model)
    offerProof(progress, beside: true)
  }

  /// Makes a candidate exact (``exact(_:in:_:)``) once, keeps it as
  /// ``Progress/lead`` for the next local step and, when it is better, as the best.
  func lead(_ candidate: [Double], in model: LinearModel, _ progress: inout Progress) throws(PlanningError) {
    progress.lead = try exact(candidate, in: model, &progress)
    progress.consider(progress.lead, in: model)
  }

  /// A candidate as a point of the model within ``MealPlanSearch/feasibilityTolerance``:
  /// itself when it is one, else its day variables rounded and the rest
  /// recomputed by ``complete(_:days:_:)``; `nil` when that fails.
  func exact(_ candidate: [Double], in model: LinearModel, _ progress: inout Progress) throws(PlanningError)
    -> [Double]?
  {
    let tolerance = feasibilityTolerance
    if model.isFeasible(candidate, tolerance: tolerance) { return candidate }
    var days: [VariableRef: Double] = [:]
    for variable in dayBlocks.joined() { days[variable] = candidate[variable.index] }
    guard let exact = try complete(model, days: days, &progress),
      model.isFeasible(exact, tolerance: tolerance)
    else { return nil }
    return exact
  }

  /// The best point of the model with every day variable fixed at the given
  /// values, rounded to whole numbers: an LP over the other variables, or,
  /// when some of them are integer (the packages and store visits of a plan
  /// with purchasing), a small MIP solved to optimality: the week's purchases
  /// re-solved exactly for its meals, with the settings of GLPK's trees
  /// (``treeOptions(gap:nodeSelection:)``: its MIP presolver, which drops
  /// the fixed meals and the rows they settle, pseudocost branching and the
  /// trees' cuts; on issue 9's benchmark week the eaten week's completion
  /// takes 0.01 s with them and 1.3 s with GLPK's default tree,
  /// docs/performance.md). When GLPK has not proven them cheapest within
  /// ``Tuning/moveNodeLimit`` nodes, or before the step's deadline, the
  /// best it found by then; when it found none within the nodes, the till's
  /// own purchases (``TillPricer``) with the rest solved around them. Rows
  /// on the day variables alone are constants then; they are left to
  /// ``LinearModel/isFeasible(_:tolerance:)`` with the search's tolerance
  /// rather than to the solver's (GLPK's LP tolerance is 1e-7, tighter than
  /// its integrality tolerance). `nil` when the completion is infeasible.
  func complete(_ model: LinearModel, days: [VariableRef: Double], _ progress: inout Progress)
    throws(PlanningError) -> [Double]?
  {
    let whole = days.mapValues { $0.rounded() }
    var fixed = model.settling(whole)
    if !fixed.variables.indices.contains(where: {
      whole[VariableRef(index: $0)] == nil && fixed.variables[$0].kind != .continuous
    }) {
      fixed = fixed.relaxingIntegrality()
    }
    let result = try run(fixed, &progress, fixed.isMixedInteger ? purchaseOptions() : solveOptions())
    let count = model.variables.count
    if Self.isCompletion(result, count: count) { return result.values }
    // No purchases within the node limit: the till's own (``TillPricer``),
    // the rest (loose grams, pantry use, flags) solved with them fixed.
    guard result.termination == .nodeLimit, !model.constraints(in: .purchases).isEmpty,
      let pricer = TillPricer(model, dayVariables: Set(dayBlocks.joined().map(\.index)))
    else { return nil }
    var values = [Double](repeating: 0, count: model.variables.count)
    for (variable, value) in whole { values[variable.index] = value }
    guard let purchases = pricer.purchases(in: values) else { return nil }
    var both = whole
    for (index, value) in purchases { both[VariableRef(index: index)] = value }
    let priced = try run(model.settling(both), &progress, purchaseOptions())
    return Self.isCompletion(priced, count: count) ? priced.values : nil
  }

  /// Whether a solve of a week's purchases with its meals fixed gave
  /// purchases to keep: its optimum, or the best point it found before its
  /// gap, node limit or deadline stopped it. A point the clock stopped at
  /// is kept too: it keeps every row, and without it a week whose meals the
  /// search found may have no plan (w05 and w27 of the family of weeks at
  /// 10 s, docs/performance.md).
  package static func isCompletion(_ result: Solution, count: Int) -> Bool {
    hasValues(result, count: count)
      && (result.status == .optimal || [.gapLimit, .nodeLimit, .timeLimit].contains(result.termination))
  }

  /// ``Step/improveDays``: improves the best plan one day at a time. Every
  /// other day's choices are fixed, a cutoff row asks for a better plan, and
  /// the solver re-plans the free day to optimality; rounds over all days
  /// repeat until one finds nothing better or the plan is proven within
  /// the gap (each round but the last makes the plan cheaper, so they end).
  func improveDays(_ model: LinearModel, _ progress: inout Progress) throws(PlanningError) {
    guard let start = progress.lead ?? progress.values, start != progress.polished else { return }
    let bound = progress.bound
    let improved = try improve(
      model, objective: model.objective, from: start, blocks: dayBlocks,
      solves: .max, nodeLimit: model.constraints(in: .purchases).isEmpty ? nil : tuning.moveNodeLimit,
      &progress
    ) { isProven($0, bound: bound) }
    if progress.lead != nil {
      try lead(improved.values, in: model, &progress)
    } else {
      try accept(improved.values, in: model, &progress)
    }
    progress.polished = progress.values
    if improved.timedOut { progress.timedOut = true }
  }

  /// The variables each tie-break move frees: one fresh slot's picks and
  /// portions, and the portions of the other fresh slots of its day (their
  /// dishes stay), in day and slot order.
  var slotBlocks: [[VariableRef]] {
    let fresh = slots.filter { $0.leftoverOf == nil }
    return fresh.map { slot in
      var block = slot.options.flatMap(\.variables)
      for other in fresh where other.day == slot.day && other.meal != slot.meal {
        block += other.options.compactMap(\.steps)
      }
      // A household's portions of the day's other slots (leftover slots too) stay free.
      for other in slots where other.day == slot.day && other.meal != slot.meal {
        block += other.options.flatMap(\.memberSteps)
      }
      return block
    }
  }

  /// Re-plans one block of variables at a time to lower an objective, from a
  /// plan: every day variable outside the block is fixed, a cutoff row asks
  /// for a better value, and the solver solves the rest to optimality.
  ///
  /// - Parameters:
  ///   - model: the model whose rows every plan keeps.
  ///   - objective: what to lower.
  ///   - start: the plan to start from.
  ///   - blocks: the variables each move frees (``dayBlocks`` or ``slotBlocks``).
  ///   - solves: most solver calls.
  ///   - progress: the search state, for counting.
  ///   - enough: whether a value needs no more improving.
  /// - Returns: the best plan, and whether the deadline stopped the work
  ///   (rather than a round that found nothing better, `enough`, or the limits).
  func improve(
    _ model: LinearModel, objective: LinearExpression, from start: [Double], blocks: [[VariableRef]],
    solves: Int, nodeLimit: Int? = nil, _ progress: inout Progress, enough: (Double) -> Bool
  ) throws(PlanningError) -> (values: [Double], timedOut: Bool) {
    var best = start
    var bestValue = objective.value(start)
    let dayVariables = Array(dayBlocks.joined())
    var used = 0
    func below(_ value: Double) -> Double { value - max(1e-6, 1e-9 * abs(value)) }
    // One model kept in the solver for every move: a move fixes the day
    // variables outside its block at the best plan and frees the block's,
    // and the cutoff row `improve` asks for a lower value than the best.
    var base = model
    base.setObjective(.minimize, objective)
    let session = try self.session(base)
    let cutoff: ConstraintRef
    do {
      cutoff = try session.addConstraint("improve", objective, .lessThan(below(bestValue)))
    } catch {
      throw PlanningError(error)
    }
    while true {
      var improved = false
      for block in blocks {
        if enough(bestValue) { return (best, false) }
        guard used < solves else { return (best, false) }
        guard !isPastDeadline else { return (best, true) }
        let free = Set(block)
        var fixed: [VariableRef: Double] = [:]
        for variable in dayVariables where !free.contains(variable) {
          fixed[variable] = best[variable.index].rounded()
        }
        try setFixings(fixed, of: dayVariables, in: session, original: base)
        do {
          try session.setBounds(cutoff, lower: nil, upper: below(bestValue))
        } catch {
          throw PlanningError(error)
        }
        let result = try run(session, &progress, solveOptions(gap: 0, nodeLimit: nodeLimit))
        used += 1
        if result.termination == .timeLimit { return (best, true) }
        if Self.hasValues(result, count: best.count) {
          let value = objective.value(result.values)
          if value < bestValue - 1e-9 {
            best = result.values
            bestValue = value
            improved = true
          }
        }
      }
      if !improved { return (best, false) }
    }
  }

  /// ``Step/relaxAndFix``: day 1 is solved with its choices whole and the
  /// later days relaxed, then fixed; then day 2; and so on. Each step is a
  /// small MIP, and the relaxed later days keep the rows between days in view.
  func relaxAndFix(_ model: LinearModel, _ progress: inout Progress) throws(PlanningError) {
    let blocks = dayBlocks
    guard !blocks.isEmpty else { return }
    let dayVariables = Set(blocks.joined())
    let others = model.variables.indices.map { VariableRef(index: $0) }.filter { !dayVariables.contains($0) }
    var fixed: [VariableRef: Double] = [:]
    // One model kept in the solver: day 1 whole and the rest relaxed; after
    // each day's MIP its variables are fixed and the next day made whole.
    var first = model
    first.relaxIntegrality(of: Array(blocks.dropFirst().joined()) + others)
    let session = try self.session(first)
    for (day, block) in blocks.enumerated() {
      guard !isPastDeadline else { return }
      if day > 0 {
        do {
          for variable in blocks[day - 1] { try session.fix(variable, at: fixed[variable] ?? 0) }
          for variable in block where model.variables[variable.index].kind != .continuous {
            try session.setKind(variable, model.variables[variable.index].kind)
          }
        } catch {
          throw PlanningError(error)
        }
      }
      let result = try run(session, &progress, solveOptions())
      guard Self.hasValues(result, count: model.variables.count) else { return }
      for variable in block { fixed[variable] = result.values[variable.index].rounded() }
    }
    // The last MIP's values are whole within the solver's tolerance: the exact plan is the whole one.
    try accept(complete(model, days: fixed, &progress), in: model, &progress)
  }
}

extension MealPlanSearch {
  /// ``Step/dishSearch``: on a model with purchases, a local search over the
  /// week's dishes from the best plan, priced at the till by ``TillPricer``.
  ///
  /// The walk (``DishWalk``) changes one slot's dish, or a dish wherever a
  /// meal serves it, whenever that keeps every row on the days alone and
  /// makes the week cheaper at the till; at a local optimum it kicks a few
  /// slots to other dishes and descends again, and goes back to the best
  /// week when that found nothing cheaper: ``Tuning/moves`` kicks of
  /// each size in ``Tuning/dishKickSizes``, small kicks first. Then the
  /// count search (``countSearch(_:pricer:_:)``); when it finds a cheaper
  /// week the walk starts again from it, and otherwise the step ends. Each cheaper
  /// week has its purchases solved exactly (``complete(_:days:_:)``), so
  /// what the search keeps is a plan of the model at its true cost. In a
  /// household each move fits every member's portion of the new dish, and
  /// a member's portion may also move a step on its own. A leftover slot
  /// follows its source's moves (a household's members who eat it fitted too).
  func dishSearch(_ model: LinearModel, _ progress: inout Progress) throws(PlanningError) {
    let lead = progress.lead
    progress.lead = nil
    guard !model.constraints(in: .purchases).isEmpty, let start = lead ?? progress.values,
      start != progress.walked
    else { return }
    let dayVariables = dayBlocks.joined()
    let isDay = Set(dayVariables.map(\.index))
    // Under `minimize cost eaten` nothing paid is minimised: the walk has nothing to price.
    guard model.objective.terms.contains(where: { !isDay.contains($0.variable.index) && $0.coefficient > 0 }),
      let pricer = TillPricer(model, dayVariables: isDay)
    else { return }
    try walkDishes(model, from: start, pricer: pricer, &progress)
  }

  /// The walk and count search of ``Step/dishSearch`` from `start`, priced by `pricer`.
  func walkDishes(_ model: LinearModel, from start: [Double], pricer: TillPricer, _ progress: inout Progress)
    throws(PlanningError)
  {
    let dayVariables = dayBlocks.joined()
    guard var walk = DishWalk(model: model, slots: slots, pricer: pricer, start: start) else { return }
    // A cheaper week: its day variables and the pricer's packages and
    // visits fixed, the rest (loose grams, pantry use, flags) solved exactly;
    // when that has no point, the purchases solved anew within a node limit.
    func keep(_ walk: DishWalk, _ progress: inout Progress) throws(PlanningError) {
      var fixed: [VariableRef: Double] = [:]
      for variable in dayVariables { fixed[variable] = walk.values[variable.index].rounded() }
      for (index, value) in walk.purchases() { fixed[VariableRef(index: index)] = value }
      let result = try run(model.settling(fixed), &progress, purchaseOptions())
      if Self.hasValues(result, count: model.variables.count) {
        try accept(result.values, in: model, &progress)
        return
      }
      var days: [VariableRef: Double] = [:]
      for variable in dayVariables { days[variable] = walk.values[variable.index].rounded() }
      let anew = try run(model.fixing(days), &progress, purchaseOptions())
      if Self.hasValues(anew, count: model.variables.count) {
        try accept(anew.values, in: model, &progress)
      }
    }
    progress.walked = start
    var generator = SplitMix64(seed: 0x5EED_D15C)
    // The plan the last count search started from: it would find the same again.
    var counted: [Double]?
    var round = 0
    while true {
      let startCost = walk.cost
      walk.descend(deadline: deadline)
      var best = walk.values
      var bestCost = walk.cost
      if bestCost < startCost - 1e-7 { try keep(walk, &progress) }
      for (index, size) in tuning.dishKickSizes.enumerated() {
        // In the first round the count search also runs between the kick
        // sizes: a cheaper plan sooner is a proof sooner (``proveByStoreSets(_:)``).
        if round == 0, index > 0, !isPastDeadline, progress.values != counted {
          let before = progress.objective
          counted = progress.values
          try countSearch(model, pricer: pricer, &progress)
          if progress.objective < before - 1e-7, let values = progress.values {
            walk.reset(to: values)
            best = walk.values
            bestCost = walk.cost
          }
        }
        for _ in 0..<tuning.moves {
          guard !isPastDeadline else { break }
          walk.kick(size, &generator)
          walk.descend(deadline: deadline)
          if walk.cost < bestCost - 1e-7 {
            best = walk.values
            bestCost = walk.cost
            try keep(walk, &progress)
          } else {
            walk.reset(to: best)
          }
        }
      }
      guard !isPastDeadline else { break }
      let before = progress.objective
      if progress.values != counted {
        counted = progress.values
        try countSearch(model, pricer: pricer, &progress)
      }
      // A cheaper week from the counts: the walk starts again from it.
      guard progress.objective < before - 1e-7, let values = progress.values else { break }
      walk.reset(to: values)
      round += 1
    }
    if isPastDeadline { progress.timedOut = true }
  }
}
