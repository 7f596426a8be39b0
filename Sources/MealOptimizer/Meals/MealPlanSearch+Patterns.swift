import Foundation

extension MealPlanSearch {
  /// Days that are interchangeable: the same variables, rows and objective,
  /// and the same coefficients in every row that ties days together, so any
  /// week stays a week of the same cost when two of them swap their plans.
  package struct DayClass: Sendable {
    /// The days (positions in ``MealPlanSearch/dayBlocks``) of the class.
    package var days: [Int]
    /// One day's model: its variables and the rows on them alone, without an objective.
    var model: LinearModel
    /// The day's objective, on the day model's variables.
    var cost: [LinearExpression.Term]
    /// For each linking row, the day's terms in it, on the day model's variables.
    var linking: [[LinearExpression.Term]]
  }

  /// A day plan of one class: a column of the master problem.
  struct DayPattern: Hashable {
    var dayClass: Int
    /// The day model's values, whole numbers for its integer variables.
    var values: [Double]
  }

  /// What makes two days interchangeable; names are left out.
  private struct DayShape: Hashable {
    var model: LinearModel
    var linking: [[LinearExpression.Term]]
  }

  /// The structure the day-pattern step works on, or `nil` when the model
  /// does not have it: a minimisation whose every variable belongs to
  /// exactly one day, but for the tie-break's own variables.
  ///
  /// Rows of ``ConstraintGroup/tieBreak`` only measure the tie-break: their
  /// own variables (without cost, in no other row) can meet them whatever
  /// the days hold (`repeats ≥ picks − 1`, `center = total − over + under`),
  /// so they are left out here and a week's tie-break variables are
  /// completed by ``complete(_:days:_:)`` when it is accepted.
  package func dayStructure(_ model: LinearModel) -> (classes: [DayClass], linking: [Int])? {
    let blocks = dayBlocks
    guard model.sense == .minimize, !blocks.isEmpty else { return nil }
    var owner = [Int](repeating: -1, count: model.variables.count)
    var position = [Int](repeating: -1, count: model.variables.count)
    for (day, block) in blocks.enumerated() {
      for (offset, variable) in block.enumerated() {
        guard owner[variable.index] == -1 else { return nil }
        owner[variable.index] = day
        position[variable.index] = offset
      }
    }
    let measuring = Set(model.constraints(in: .tieBreak).map(\.index))
    let outside = Set(owner.indices.filter { owner[$0] == -1 })
    if !outside.isEmpty {
      guard model.objective.terms.allSatisfy({ !outside.contains($0.variable.index) }) else { return nil }
      for (index, row) in model.constraints.enumerated() where !measuring.contains(index) {
        if row.expression.terms.contains(where: { outside.contains($0.variable.index) }) { return nil }
      }
    }
    let linking = model.constraints.indices.filter { index in
      guard !measuring.contains(index) else { return false }
      var first = -1
      for term in model.constraints[index].expression.terms {
        let day = owner[term.variable.index]
        if first == -1 {
          first = day
        } else if day != first {
          return true
        }
      }
      return false
    }
    /// A day's terms of an expression on its own variables, merged, in order.
    func local(_ expression: LinearExpression, day: Int) -> [LinearExpression.Term] {
      var sums: [Int: Double] = [:]
      for term in expression.terms where owner[term.variable.index] == day {
        sums[position[term.variable.index], default: 0] += term.coefficient
      }
      return sums.keys.sorted().compactMap { key in
        sums[key].flatMap { $0 == 0 ? nil : LinearExpression.Term(VariableRef(index: key), $0) }
      }
    }
    var classes: [DayClass] = []
    var classOf: [DayShape: Int] = [:]
    for (day, block) in blocks.enumerated() {
      var dayModel = model.restricted(to: block)
      dayModel.constraints = dayModel.constraints.filter {
        !$0.expression.terms.isEmpty && $0.group != .tieBreak
      }
      // Rows that tie days together have terms off this day, so `restricted` left them out.
      dayModel.setObjective(.minimize, LinearExpression())
      let cost = local(model.objective, day: day)
      let terms = linking.map { local(model.constraints[$0].expression, day: day) }
      var shape = dayModel
      shape.name = ""
      for index in shape.variables.indices { shape.variables[index].name = "" }
      for index in shape.constraints.indices { shape.constraints[index].name = "" }
      shape.setObjective(.minimize, LinearExpression(cost.map { ($0.variable, $0.coefficient) }))
      let key = DayShape(model: shape, linking: terms)
      if let existing = classOf[key] {
        classes[existing].days.append(day)
      } else {
        classOf[key] = classes.count
        classes.append(DayClass(days: [day], model: dayModel, cost: cost, linking: terms))
      }
    }
    return (classes, linking)
  }

  /// ``Step/dayPatterns``: Dantzig-Wolfe decomposition by day, solved by
  /// column generation, with interchangeable days (``DayClass``) aggregated.
  ///
  /// The master problem chooses, for each class of *n* interchangeable
  /// days, *n* day plans (patterns, with weights that add up to *n*) that
  /// together keep the rows that tie days together. Its LP's duals price a
  /// day: each class's day MIP with the objective less the duals times the
  /// day's terms in those rows, which gives a new pattern when it is
  /// cheaper than the class's convexity dual. Whatever the duals, the sum over
  /// days of each priced day's proven bound (the MIP's best bound, never its
  /// plan) plus the duals times the rows' bounds is a lower bound on every
  /// week (the Lagrangian bound); at convergence it is the master LP's value,
  /// which is at least the LP relaxation's and usually far above it, since
  /// each day keeps its integrality. Column generation ends when a round
  /// adds no pattern (every round but the last adds one, and a class has
  /// finitely many day plans), when that bound meets the master's value,
  /// or after ``Tuning/stepShare`` of the remaining time. Then the master with whole weights,
  /// over the patterns found and the best plan's days, picks the best week of
  /// them (``Tuning/stepShare`` of the remaining time).
  func dayPatterns(_ model: LinearModel, _ progress: inout Progress) throws(PlanningError) {
    guard let (classes, linking) = dayStructure(model) else { return }
    let rows = linking.map { model.constraints[$0] }
    var patterns: [DayPattern] = []
    var known: Set<DayPattern> = []
    func add(_ pattern: DayPattern) {
      if known.insert(pattern).inserted { patterns.append(pattern) }
    }
    let blocks = dayBlocks
    var classOfDay = [Int](repeating: 0, count: blocks.count)
    for (index, dayClass) in classes.enumerated() {
      for day in dayClass.days { classOfDay[day] = index }
    }
    if let best = progress.values {
      for (day, block) in blocks.enumerated() {
        add(DayPattern(dayClass: classOfDay[day], values: block.map { best[$0.index].rounded() }))
      }
    }
    var penalty = Self.artificialPenalty(classes)
    let columnDeadline = deadline(share: tuning.stepShare)
    var smoothing: [Double]?
    var bestBound = -Double.infinity
    while true {
      if isPastDeadline || clock.now >= columnDeadline || isProven(progress.objective, bound: progress.bound)
      {
        break
      }
      let master = Self.patternMaster(
        patterns, classes: classes, rows: rows, objective: model.objective.constant, penalty: penalty,
        whole: false)
      let solved = try run(master, &progress)
      guard solved.status == .optimal, solved.rowDuals.count == master.constraints.count,
        let masterValue = solved.objectiveValue
      else { return }
      let duals = Self.clampedDuals(Array(solved.rowDuals.suffix(rows.count)), rows: rows)
      // Once the patterns alone keep the rows, the artificial variables go:
      // patterns are never removed, so the master stays feasible, and their
      // large costs would only blunt the LP's tolerances on the duals.
      if penalty > 0, solved.values.count > patterns.count,
        solved.values[patterns.count...].allSatisfy({ $0 <= 1e-9 })
      {
        penalty = 0
      }
      // Prices between the duals that gave the best bound and the master's
      // (Wentges smoothing) steady the columns; a mispriced round falls back.
      var prices = duals
      if let centre = smoothing {
        let alpha = tuning.patternSmoothing
        prices = zip(centre, duals).map { alpha * $0 + (1 - alpha) * $1 }
      }
      var added = 0
      var bound = model.objective.constant + Self.dualTerm(prices, rows: rows)
      var priced = true
      // A day whose answer could not be made whole gave no pattern: then nothing new proves nothing.
      var incomplete = false
      for (index, dayClass) in classes.enumerated() {
        let convexity = solved.rowDuals[index]
        guard let day = try price(dayClass, prices: prices, &progress) else {
          priced = false
          break
        }
        bound += Double(dayClass.days.count) * day.bound
        if day.values == nil { incomplete = true }
        if let values = day.values {
          // A pattern improves the master when its reduced cost, at the master's own duals, is negative.
          let reduced = Self.patternCost(values, dayClass, duals: duals) - convexity
          if reduced < -1e-9 * max(1, abs(masterValue)) {
            let pattern = DayPattern(dayClass: index, values: values)
            if !known.contains(pattern) {
              add(pattern)
              added += 1
            }
          }
        }
      }
      guard priced else { break }
      if bound > bestBound {
        bestBound = bound
        smoothing = prices
        progress.raise(bound)
        report(nil, &progress)
      }
      if added == 0 {
        // At the smoothed prices nothing new (prices differ from the duals
        // only when smoothed): price at the master's own next.
        if prices != duals {
          smoothing = nil
          continue
        }
        progress.dualBoundFound = !incomplete
        break
      }
      if masterValue - bestBound <= feasibilityTolerance * max(1, abs(masterValue)) {
        progress.dualBoundFound = true
        break
      }
    }
    guard !patterns.isEmpty, !isProven(progress.objective, bound: progress.bound) else { return }
    try patternWeek(patterns, classes: classes, rows: rows, model: model, &progress)
  }

  /// The best week of whole patterns: the master with whole weights, solved
  /// to the search's own gap within ``Tuning/stepShare`` of the remaining
  /// time; each class's patterns go to its days in order. (Half that gap
  /// gives the same plans on all 33 of the family's tuning weeks under
  /// `minimize cost eaten` at 10 s, 11 of which run this step:
  /// docs/performance.md.)
  private func patternWeek(
    _ patterns: [DayPattern], classes: [DayClass], rows: [LinearModel.Constraint], model: LinearModel,
    _ progress: inout Progress
  ) throws(PlanningError) {
    var master = Self.patternMaster(
      patterns, classes: classes, rows: rows, objective: model.objective.constant, penalty: 0, whole: true)
    if progress.objective.isFinite {
      master.addConstraint(
        "improve", master.objective,
        .lessThan(progress.objective - max(1e-6, 1e-9 * abs(progress.objective))),
        group: .cutoff)
    }
    var inner = self
    inner.deadline = deadline(share: tuning.stepShare)
    let result = try inner.run(master, &progress, gap: relativeGap)
    guard Self.hasValues(result, count: master.variables.count) else { return }
    let blocks = dayBlocks
    var values = [Double](repeating: 0, count: model.variables.count)
    var next = classes.map { $0.days.makeIterator() }
    for (index, pattern) in patterns.enumerated() {
      let copies = Int(result.values[index].rounded())
      guard copies > 0 else { continue }
      for _ in 0..<copies {
        guard let day = next[pattern.dayClass].next() else { return }
        for (offset, variable) in blocks[day].enumerated() { values[variable.index] = pattern.values[offset] }
      }
    }
    try accept(values, in: model, &progress)
  }

  /// Solves one class's day at the given prices of the linking rows.
  ///
  /// - Returns: the day's proven lower bound at these prices and its plan
  ///   (rounded), or `nil` when the day has no bound (then no bound holds for this round).
  private func price(_ dayClass: DayClass, prices: [Double], _ progress: inout Progress) throws(PlanningError)
    -> (bound: Double, values: [Double]?)?
  {
    var day = dayClass.model
    var coefficients = [Double](repeating: 0, count: day.variables.count)
    for term in dayClass.cost { coefficients[term.variable.index] += term.coefficient }
    for (row, terms) in dayClass.linking.enumerated() where prices[row] != 0 {
      for term in terms { coefficients[term.variable.index] -= prices[row] * term.coefficient }
    }
    day.setObjective(
      .minimize,
      LinearExpression(coefficients.enumerated().compactMap { $1 == 0 ? nil : (VariableRef(index: $0), $1) }))
    let result = try run(day, &progress, gap: PlanStatus.optimalGap)
    if result.status == .infeasible, result.termination == .completed {
      // A day that has no plan alone has none in any week.
      if progress.values == nil { progress.failure = .infeasible }
      return nil
    }
    guard let bound = result.bound else { return nil }
    guard Self.hasValues(result, count: day.variables.count) else { return (bound, nil) }
    if let values = wholePattern(result.values, of: day) { return (bound, values) }
    // The MIP's answer is whole only within the solver's tolerance, and
    // rounded it can break a row: solve once more with the rows drawn in by
    // a little more than that, so that the rounded answer keeps them.
    var drawn = day
    let margin = 10 * feasibilityTolerance
    for index in drawn.constraints.indices {
      drawn.constraints[index].set = Self.narrowed(drawn.constraints[index].set, by: margin)
    }
    let again = try run(drawn, &progress, gap: PlanStatus.optimalGap)
    guard Self.hasValues(again, count: day.variables.count) else { return (bound, nil) }
    return (bound, wholePattern(again.values, of: day))
  }

  /// A day's values with its integer variables rounded, when they keep its
  /// rows within ``MealPlanSearch/feasibilityTolerance``.
  private func wholePattern(_ values: [Double], of day: LinearModel) -> [Double]? {
    let whole = zip(values, day.variables).map { $1.kind == .continuous ? $0 : $0.rounded() }
    return day.isFeasible(whole, tolerance: feasibilityTolerance) ? whole : nil
  }

  /// A row's bounds drawn in by `margin` (absolute up to 1, relative above);
  /// an interval narrower than that keeps its bounds.
  static func narrowed(_ set: ConstraintSet, by margin: Double) -> ConstraintSet {
    func ease(_ value: Double) -> Double { margin * max(1, abs(value)) }
    switch set {
    case .lessThan(let upper): return .lessThan(upper - ease(upper))
    case .greaterThan(let lower): return .greaterThan(lower + ease(lower))
    case .equalTo: return set
    case .interval(let lower, let upper):
      let (low, high) = (lower + ease(lower), upper - ease(upper))
      return low <= high ? .interval(low, high) : set
    }
  }

  /// The master problem over the patterns: one weight per pattern, each
  /// class's weights adding up to its number of days, and the rows that tie
  /// days together; with `whole`, the weights are whole numbers. A positive
  /// `penalty` adds an artificial variable to every row at that cost, so the
  /// LP is feasible from the first round. The first rows are the classes'
  /// (in order), then the linking rows (in order).
  static func patternMaster(
    _ patterns: [DayPattern], classes: [DayClass], rows: [LinearModel.Constraint], objective constant: Double,
    penalty: Double, whole: Bool
  ) -> LinearModel {
    var master = LinearModel(name: "day_patterns")
    var cost = LinearExpression(constant: constant)
    var convexity = classes.map { _ in LinearExpression() }
    var linking = rows.map { LinearExpression(constant: $0.expression.constant) }
    for (index, pattern) in patterns.enumerated() {
      let dayClass = classes[pattern.dayClass]
      // No upper bound: the class's row caps the weight, and a bound would take a share of its dual.
      let weight = master.addVariable("w\(index)", lower: 0, kind: whole ? .integer : .continuous)
      cost.add(weight, patternCost(pattern.values, dayClass, duals: nil))
      convexity[pattern.dayClass].add(weight, 1)
      for (row, terms) in dayClass.linking.enumerated() {
        let value = terms.reduce(0) { $0 + $1.coefficient * pattern.values[$1.variable.index] }
        if value != 0 { linking[row].add(weight, value) }
      }
    }
    if penalty > 0 {
      for index in classes.indices {
        let slack = master.addVariable("a\(index)", lower: 0)
        convexity[index].add(slack, 1)
        cost.add(slack, penalty)
      }
      for (row, constraint) in rows.enumerated() {
        if constraint.set.lower != nil {
          let slack = master.addVariable("l\(row)", lower: 0)
          linking[row].add(slack, 1)
          cost.add(slack, penalty)
        }
        if constraint.set.upper != nil {
          let slack = master.addVariable("u\(row)", lower: 0)
          linking[row].add(slack, -1)
          cost.add(slack, penalty)
        }
      }
    }
    for (index, dayClass) in classes.enumerated() {
      master.addConstraint("days\(index)", convexity[index], .equalTo(Double(dayClass.days.count)))
    }
    for (row, constraint) in rows.enumerated() {
      master.addConstraint("link\(row)", linking[row], constraint.set)
    }
    master.setObjective(.minimize, cost)
    return master
  }

  /// A pattern's cost, less the duals times its terms in the linking rows when given.
  static func patternCost(_ values: [Double], _ dayClass: DayClass, duals: [Double]?) -> Double {
    var cost = dayClass.cost.reduce(0) { $0 + $1.coefficient * values[$1.variable.index] }
    if let duals {
      for (row, terms) in dayClass.linking.enumerated() where duals[row] != 0 {
        cost -= duals[row] * terms.reduce(0) { $0 + $1.coefficient * values[$1.variable.index] }
      }
    }
    return cost
  }

  /// The duals with the sign each row's sides allow: positive only on a row
  /// with a lower bound, negative only on one with an upper bound (for a
  /// minimisation), so that the Lagrangian bound holds whatever the LP said.
  static func clampedDuals(_ duals: [Double], rows: [LinearModel.Constraint]) -> [Double] {
    zip(duals, rows).map { dual, row in
      if dual > 0 { return row.set.lower == nil || !dual.isFinite ? 0 : dual }
      if dual < 0 { return row.set.upper == nil || !dual.isFinite ? 0 : dual }
      return 0
    }
  }

  /// The duals times the rows' active bounds (less the rows' constants).
  static func dualTerm(_ duals: [Double], rows: [LinearModel.Constraint]) -> Double {
    zip(duals, rows).reduce(0) { sum, pair in
      let (dual, row) = pair
      if dual > 0, let lower = row.set.lower { return sum + dual * (lower - row.expression.constant) }
      if dual < 0, let upper = row.set.upper { return sum + dual * (upper - row.expression.constant) }
      return sum
    }
  }

  /// The cost of an artificial variable: far above any day's cost, so the
  /// master uses them only while no patterns keep the rows.
  static func artificialPenalty(_ classes: [DayClass]) -> Double {
    var most = 1.0
    for dayClass in classes {
      var day = 0.0
      for term in dayClass.cost {
        let variable = dayClass.model.variables[term.variable.index]
        let reach = max(abs(variable.lower ?? 0), abs(variable.upper ?? 1), 1)
        day += abs(term.coefficient) * reach
      }
      most = max(most, day)
    }
    return 1_000 * most
  }
}
