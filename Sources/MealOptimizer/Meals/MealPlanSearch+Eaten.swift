extension MealPlanSearch {
  /// ``Step/eatenWeek``: on a model with purchases, a first plan from the
  /// week that is cheapest by the food eaten.
  ///
  /// Each food's price per gram is read off the model: the least, over the
  /// variables that cover the food's `buy` row with a cost (packages and
  /// loose grams), of the variable's objective coefficient over its grams. The
  /// days' variables alone, with every row on them alone and the objective
  /// "each food eaten at that price", are a week of the kind the search
  /// proves quickly (its days meet only in repetition and weekly rows); the
  /// search runs on it with at most ``Tuning/eatenWeekShare`` of the
  /// remaining time (when it ends there without a plan, ``Step/relaxation``,
  /// ``Step/dive`` and ``Step/improveDays`` alone get that share of what is
  /// left), and its plan's purchases are then completed exactly
  /// (``complete(_:days:_:)``), giving a plan of the whole model, which
  /// ``Step/improveDays`` then improves (re-planning a day with the others
  /// fixed reuses what their packages leave). Under `minimize cost eaten` the
  /// model's objective is on the days alone: the week is then searched with
  /// that objective, it is the model less some rows, and its bound counts;
  /// otherwise only its plan does.
  func eatenWeek(_ model: LinearModel, _ progress: inout Progress) throws(PlanningError) {
    let buyRows = model.constraints(in: .purchases).map { model.constraints[$0.index] }.filter {
      $0.name.hasPrefix("buy[")
    }
    guard !buyRows.isEmpty else { return }
    let blocks = dayBlocks
    let days = Array(blocks.joined())
    let isDay = Set(days)
    // `minimize cost eaten`: the objective is on the days alone, so the
    // week below is the model with rows dropped, and its bound counts.
    let eatenObjective = model.objective.terms.allSatisfy { isDay.contains($0.variable) }
    var eaten: [Int: Double] = [:]
    if eatenObjective {
      for term in model.objective.terms { eaten[term.variable.index, default: 0] += term.coefficient }
    } else {
      var objectiveOf: [VariableRef: Double] = [:]
      for term in model.objective.terms { objectiveOf[term.variable, default: 0] += term.coefficient }
      for row in buyRows {
        let covers = row.expression.terms.filter { !isDay.contains($0.variable) && $0.coefficient > 0 }
        // Pantry use costs nothing: the price is the least of what is paid for a gram.
        let price =
          covers.map { (objectiveOf[$0.variable] ?? 0) / $0.coefficient }.filter { $0 > 0 }.min() ?? 0
        guard price > 0 else { continue }
        for term in row.expression.terms where isDay.contains(term.variable) {
          eaten[term.variable.index, default: 0] -= term.coefficient * price
        }
      }
    }
    var week = model.dropping([.budget]).restricted(to: days)
    let local = Dictionary(uniqueKeysWithValues: days.enumerated().map { ($0.element.index, $0.offset) })
    week.setObjective(
      .minimize,
      LinearExpression(
        eaten.keys.sorted().compactMap { index in
          local[index].map { (VariableRef(index: $0), eaten[index] ?? 0) }
        }, constant: eatenObjective ? model.objective.constant : 0
      ))
    var inner = MealPlanSearch(
      solver: solver, slots: Self.renumbered(slots, local), relativeGap: relativeGap,
      deadline: deadline(share: tuning.eatenWeekShare))
    inner.tuning = tuning
    var found = try inner.minimizeCost(week)
    progress.solves += found.solves
    progress.seconds += found.seconds
    if eatenObjective, let bound = found.bound { progress.raise(bound) }
    // No plan by the end of its share (a household's days, each priced as
    // a MIP by `day_patterns`, can take all of it): the steps that plan
    // from the LP's point get a share of their own.
    if found.values == nil, case .noPlan = found.failure, !isPastDeadline {
      inner.deadline = deadline(share: tuning.eatenWeekShare)
      inner.steps = [.relaxation, .dive, .improveDays]
      found = try inner.minimizeCost(week)
      progress.solves += found.solves
      progress.seconds += found.seconds
    }
    guard let values = found.values else { return }
    var fixed: [VariableRef: Double] = [:]
    for (offset, variable) in days.enumerated() { fixed[variable] = values[offset] }
    try accept(complete(model, days: fixed, &progress), in: model, &progress)
  }

  /// The slots with each day variable renumbered as in a model restricted
  /// to the days (`local`: the old index to the new), each household
  /// member's portions included: they are day variables too.
  static func renumbered(_ slots: [ModelSlot], _ local: [Int: Int]) -> [ModelSlot] {
    slots.map { slot in
      ModelSlot(
        day: slot.day, meal: slot.meal, leftoverOf: slot.leftoverOf,
        options: slot.options.map { option in
          var copy = ModelOption(
            kind: option.kind, id: option.id, pick: VariableRef(index: local[option.pick.index] ?? 0),
            steps: option.steps.map { VariableRef(index: local[$0.index] ?? 0) }, stepSize: option.stepSize,
            fixedSteps: option.fixedSteps, candidate: option.candidate)
          copy.memberSteps = option.memberSteps.map { VariableRef(index: local[$0.index] ?? 0) }
          return copy
        })
    }
  }
}
