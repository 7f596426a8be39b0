import Foundation

extension MealPlanSearch {
  /// The second part of ``Step/dishSearch``: a search over how many times
  /// each meal serves each dish (``DishCounts``), from the best plan.
  ///
  /// Every shift of one serving between two dishes of a meal, and every pair
  /// of such shifts, is priced at the till; the cheapest first, while they
  /// are cheaper than the best plan, the solver is asked for a week with
  /// exactly those counts that keeps every row on the days alone (the goals
  /// of each day, one dish a slot, repetition limits, locks), within
  /// ``Tuning/moveNodeLimit`` nodes. The first week it finds has its
  /// purchases solved exactly (``complete(_:days:_:)``) and is kept when it
  /// is the best plan so far; the search then starts again from it. It ends
  /// when no priced shift gives a better plan, after ``Tuning/moves``
  /// solver calls in all, or at the deadline.
  func countSearch(_ model: LinearModel, pricer: TillPricer, _ progress: inout Progress) throws(PlanningError)
  {
    guard tuning.moves > 0, let start = progress.values,
      var counts = DishCounts(slots: slots, pricer: pricer, start: start)
    else { return }
    let dayVariables = Array(dayBlocks.joined())
    let isDay = Set(dayVariables.map(\.index))
    // The rows on the days alone, every other variable fixed where it may rest.
    var days = model
    days.constraints.removeAll { row in !row.expression.terms.allSatisfy { isDay.contains($0.variable.index) }
    }
    days.setObjective(.minimize, LinearExpression())
    var rest: [VariableRef: Double] = [:]
    for (index, variable) in model.variables.enumerated() where !isDay.contains(index) {
      rest[VariableRef(index: index)] = min(max(0, variable.lower ?? 0), variable.upper ?? .infinity)
    }
    days = days.fixing(rest)
    counts.keepWholeRows(of: days)
    var checks = 0
    while !isPastDeadline, checks < tuning.moves {
      let singles = counts.singleShifts()
      var priced: [(cost: Double, order: Int, shift: DishCounts.Shift)] = []
      func consider(_ shift: DishCounts.Shift) {
        let cost = counts.price(of: shift)
        if cost < min(counts.cost, progress.objective) - 1e-7 { priced.append((cost, priced.count, shift)) }
      }
      for shift in singles where counts.applying(shift) != nil { consider(shift) }
      for first in singles.indices {
        if first % 16 == 0, isPastDeadline { break }
        for second in singles.indices.dropFirst(first + 1) {
          let shift = singles[first] + singles[second]
          guard counts.applying(shift) != nil else { continue }
          consider(shift)
        }
      }
      priced.sort { ($0.cost, $0.order) < ($1.cost, $1.order) }
      var moved = false
      for candidate in priced {
        guard !isPastDeadline, checks < tuning.moves, let target = counts.applying(candidate.shift)
        else { break }
        checks += 1
        var trial = days
        for (index, dish) in counts.dishes.enumerated() {
          trial.addConstraint(
            "count[\(index)]", LinearExpression(dish.picks.map { (VariableRef(index: $0), 1.0) }),
            .equalTo(Double(target[index])), group: .fill)
        }
        let result = try run(trial, &progress, gap: 0, nodeLimit: tuning.moveNodeLimit)
        guard Self.hasValues(result, count: model.variables.count) else { continue }
        var week: [VariableRef: Double] = [:]
        for variable in dayVariables { week[variable] = result.values[variable.index] }
        guard let exact = try complete(model, days: week, &progress) else { continue }
        let before = progress.objective
        try accept(exact, in: model, &progress)
        if progress.objective < before - 1e-9 {
          counts.reset(to: exact)
          moved = true
          break
        }
      }
      if !moved { break }
    }
  }
}
