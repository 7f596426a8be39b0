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
  ///
  /// A week that may visit fewer stores than it can buy at (`stores at most
  /// N`) is a choice of stores too, which a week priced at every store's
  /// cheapest offer does not see: no single store sells that mixture, and
  /// the walk from its plan stays near the stores its completion chose. So
  /// its plan is walked (``walkDishes(_:from:pricer:_:)``) at once, and
  /// then, in another ``Tuning/eatenWeekShare`` of the remaining time, each
  /// set of N stores gets an eaten week of its own, priced at its offers
  /// alone (``storeSetPrices(_:)``), completed, and walked at those stores
  /// alone. On the family's w42 (one store of three) the first gives the
  /// discount grocer's 45.80 USD at best, and the corner market's week,
  /// 43.06 after its walk, is within 0.5% of the cheapest known (42.88;
  /// docs/performance.md).
  func eatenWeek(_ model: LinearModel, _ progress: inout Progress) throws(PlanningError) {
    let buyRows = model.constraints(in: .purchases).map { model.constraints[$0.index] }.filter {
      $0.name.hasPrefix("buy[")
    }
    guard !buyRows.isEmpty else { return }
    let days = Array(dayBlocks.joined())
    let isDay = Set(days)
    // `minimize cost eaten`: the objective is on the days alone, so the
    // week below is the model with rows dropped, and its bound counts.
    let eatenObjective = model.objective.terms.allSatisfy { isDay.contains($0.variable) }
    let week = model.dropping([.budget]).restricted(to: days)
    let local = Dictionary(uniqueKeysWithValues: days.enumerated().map { ($0.element.index, $0.offset) })
    // The week priced at those prices, with the day variables of `unsold` fixed at 0.
    func priced(_ prices: [Int: Double], unsold: [Int] = []) -> LinearModel {
      var zero: [VariableRef: Double] = [:]
      for variable in unsold { if let index = local[variable] { zero[VariableRef(index: index)] = 0 } }
      var priced = week.fixing(zero)
      priced.setObjective(
        .minimize,
        LinearExpression(
          prices.keys.sorted().compactMap { index in
            local[index].map { (VariableRef(index: $0), prices[index] ?? 0) }
          }, constant: eatenObjective ? model.objective.constant : 0
        ))
      return priced
    }
    let cheapest = eatenPrices(model, buyRows: buyRows, isDay: isDay, eatenObjective: eatenObjective)
    guard
      let plan = try searchEatenWeek(
        priced(cheapest), of: model, days: days, local: local, eatenObjective: eatenObjective, within: nil,
        &progress),
      !eatenObjective, var pricer = TillPricer(model, dayVariables: Set(isDay.map(\.index)))
    else { return }
    let sets = storeSetPrices(pricer)
    guard !sets.isEmpty else { return }
    // A week that may visit fewer stores than it can buy at: the rest of
    // the share goes to one eaten week for each largest set of stores it
    // may visit, priced at that set's offers and walked at those stores,
    // in the neighbourhood of weeks that suit them; the week above is
    // walked at every store first.
    try walkDishes(model, from: plan, pricer: pricer, &progress)
    let end = deadline(share: tuning.eatenWeekShare)
    for (index, set) in sets.enumerated() {
      guard !isPastDeadline, clock.now < end else { break }
      let found = try searchEatenWeek(
        priced(set.prices, unsold: set.unsold), of: model, days: days, local: local,
        eatenObjective: eatenObjective, within: (end, sets.count - index), &progress)
      if let found {
        pricer.stores = set.mask
        try walkDishes(model, from: found, pricer: pricer, &progress)
      }
    }
  }

  /// Each day variable's price in the eaten week: its objective
  /// coefficient under `minimize cost eaten`; otherwise the grams it eats of
  /// each food at the food's cheapest price per gram.
  func eatenPrices(
    _ model: LinearModel, buyRows: [LinearModel.Constraint], isDay: Set<VariableRef>, eatenObjective: Bool
  ) -> [Int: Double] {
    var eaten: [Int: Double] = [:]
    if eatenObjective {
      for term in model.objective.terms { eaten[term.variable.index, default: 0] += term.coefficient }
      return eaten
    }
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
    return eaten
  }

  /// For a week that may visit fewer stores than it buys at
  /// (`stores at most N`), each set of N stores: each day variable's price,
  /// the grams it eats of each food at the food's cheapest price per gram
  /// at those stores, and the day variables that eat a food none of them
  /// sells and the pantry does not hold. Empty for a week with no such limit.
  func storeSetPrices(_ pricer: TillPricer) -> [(mask: Int, prices: [Int: Double], unsold: [Int])] {
    guard let most = pricer.mostStores, most < pricer.trips.count else { return [] }
    return pricer.storeSets.filter { $0.nonzeroBitCount == most }.map { mask in
      var prices: [Int: Double] = [:]
      var unsold: [Int] = []
      for (index, food) in pricer.foods.enumerated() {
        if let price = pricer.pricePerGram(of: index, stores: mask) {
          for (variable, grams) in food.eaten { prices[variable, default: 0] += grams * price }
        } else if food.free <= 0 {
          unsold += food.eaten.map(\.variable)
        }
      }
      return (mask, prices, unsold)
    }
  }

  /// Searches one eaten week (``Step/eatenWeek``) and completes its plan's
  /// purchases into a plan of `model`, which it returns. Without `within`
  /// the search has ``Tuning/eatenWeekShare`` of the remaining time (and
  /// its fallback that share of what is left); with it, each has its
  /// `part`-th part of the time left until `end`.
  private func searchEatenWeek(
    _ week: LinearModel, of model: LinearModel, days: [VariableRef], local: [Int: Int], eatenObjective: Bool,
    within: (end: ContinuousClock.Instant, part: Int)?, _ progress: inout Progress
  ) throws(PlanningError) -> [Double]? {
    func until() -> ContinuousClock.Instant {
      guard let within else { return deadline(share: tuning.eatenWeekShare) }
      return min(deadline, clock.now + (within.end - clock.now) / within.part)
    }
    var inner = MealPlanSearch(
      solver: solver, slots: Self.renumbered(slots, local), relativeGap: relativeGap,
      deadline: until())
    inner.tuning = tuning
    var found = try inner.minimizeCost(week)
    progress.solves += found.solves
    progress.seconds += found.seconds
    if eatenObjective, let bound = found.bound { progress.raise(bound) }
    // No plan by the end of its share (a household's days, each priced as
    // a MIP by `day_patterns`, can take all of it): the steps that plan
    // from the LP's point get a share of their own.
    if found.values == nil, case .noPlan = found.failure, !isPastDeadline {
      inner.deadline = until()
      inner.steps = [.relaxation, .dive, .improveDays]
      found = try inner.minimizeCost(week)
      progress.solves += found.solves
      progress.seconds += found.seconds
    }
    guard let values = found.values else { return nil }
    var fixed: [VariableRef: Double] = [:]
    for (offset, variable) in days.enumerated() { fixed[variable] = values[offset] }
    let plan = try complete(model, days: fixed, &progress)
    try accept(plan, in: model, &progress)
    return plan
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
