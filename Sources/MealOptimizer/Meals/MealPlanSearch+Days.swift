import Foundation

extension MealPlanSearch {
  /// The pick and portion variables of each day's fresh slots.
  var dayBlocks: [[Int]] {
    var blocks: [Int: [Int]] = [:]
    for slot in slots where slot.leftoverOf == nil {
      for option in slot.options {
        blocks[slot.day, default: []].append(option.pick.index)
        if let steps = option.steps { blocks[slot.day, default: []].append(steps.index) }
      }
    }
    return blocks.keys.sorted().compactMap { blocks[$0] }
  }

  /// The model restricted to some variables: their bounds and kinds, the rows
  /// that mention only them, and their objective terms.
  static func restriction(of model: LinearModel, to block: [Int]) -> LinearModel {
    var local: [Int: VariableRef] = [:]
    var restricted = LinearModel(name: model.name)
    for index in block {
      let variable = model.variables[index]
      local[index] = restricted.addVariable(
        variable.name, lower: variable.lower, upper: variable.upper, kind: variable.kind)
    }
    func remap(_ expression: LinearExpression) -> LinearExpression? {
      var mapped = LinearExpression(constant: expression.constant)
      for term in expression.terms {
        guard let variable = local[term.variable.index] else { return nil }
        mapped.add(variable, term.coefficient)
      }
      return mapped
    }
    for constraint in model.constraints {
      if let expression = remap(constraint.expression) {
        restricted.addConstraint(constraint.name, expression, constraint.set)
      }
    }
    var objective = LinearExpression(constant: 0)
    for term in model.objective.terms {
      if let variable = local[term.variable.index] { objective.add(variable, term.coefficient) }
    }
    restricted.setObjective(model.sense, objective)
    return restricted
  }

  /// A structural key of a restricted model, with names left out, so that
  /// identical days are solved once.
  static func signature(of model: LinearModel) -> Int {
    var hasher = Hasher()
    for variable in model.variables {
      hasher.combine(variable.lower)
      hasher.combine(variable.upper)
      hasher.combine(variable.kind)
    }
    for constraint in model.constraints {
      hasher.combine(constraint.expression)
      hasher.combine(constraint.set)
    }
    hasher.combine(model.objective)
    return hasher.finalize()
  }

  /// Solves each day alone, ignoring rows that tie days together.
  ///
  /// Every plan's objective, restricted to one day's variables, is at least
  /// that day's optimum, so the sum of the days' bounds is a lower bound on
  /// the week when the objective lies entirely on the days' variables (cost
  /// does). The days' plans, put side by side, are also a candidate week.
  ///
  /// - Returns: the bound and the candidate's values for the day variables, or
  ///   `nil` when the objective is not separable or a day fails.
  func dayByDay(_ model: LinearModel, gap: Double? = nil, seconds: inout Double) throws(MealPlanError) -> (
    bound: Double, values: [Int: Double]
  )? {
    let blocks = dayBlocks
    let owned = Set(blocks.joined())
    guard model.sense == .minimize, model.objective.terms.allSatisfy({ owned.contains($0.variable.index) })
    else {
      return nil
    }
    var cache: [Int: (objective: Double, bound: Double, values: [Double])] = [:]
    var bound = model.objective.constant
    var values: [Int: Double] = [:]
    for block in blocks {
      let day = Self.restriction(of: model, to: block)
      let key = Self.signature(of: day)
      if cache[key] == nil {
        let result = try run(day, timeLimit: remaining, gap: gap ?? relativeGap / 4)
        seconds += result.seconds
        guard result.status == .optimal || result.status == .feasible, result.values.count == block.count,
          let objective = result.objectiveValue
        else { return nil }
        let proven = result.status == .optimal || result.termination == .gapLimit
        guard proven else { return nil }
        let gap = result.relativeGap ?? 0
        cache[key] = (objective, objective - gap * abs(objective), result.values)
      }
      guard let solved = cache[key] else { return nil }
      bound += solved.bound
      for (offset, index) in block.enumerated() { values[index] = solved.values[offset] }
    }
    return (bound, values)
  }

  /// Completes values for the day variables with the best values of the rest
  /// (an LP with the day variables fixed); `nil` when they break a row.
  func complete(_ model: LinearModel, fixing values: [Int: Double], seconds: inout Double)
    throws(MealPlanError) -> [Double]?
  {
    let result = try solveRelaxation(model, fixed: values.mapValues { $0.rounded() }, seconds: &seconds)
    guard result.status == .optimal, result.values.count == model.variables.count else { return nil }
    return result.values
  }

  /// Improves a plan one day at a time: every other day's choices are fixed
  /// and the solver re-plans the free day, until a full round finds nothing
  /// better or time runs out.
  func improveByDays(
    _ model: LinearModel, from start: [Double], seconds: inout Double, enough: (Double) -> Bool
  )
    throws(MealPlanError) -> [Double]
  {
    var best = start
    var bestObjective = model.objective.value(start)
    let blocks = dayBlocks
    var round = 0
    var improved = true
    while improved, round < 4, clock.now < deadline, !enough(bestObjective) {
      improved = false
      round += 1
      for (day, block) in blocks.enumerated() where clock.now < deadline && !enough(bestObjective) {
        var fixed: [Int: Double] = [:]
        for (other, otherBlock) in blocks.enumerated() where other != day {
          for index in otherBlock { fixed[index] = best[index].rounded() }
        }
        var neighbourhood = Self.fixing(model, fixed)
        neighbourhood.addConstraint(
          "improve", model.objective, .lessThan(bestObjective - max(1e-6, 1e-9 * abs(bestObjective))))
        let result = try run(neighbourhood, timeLimit: min(remaining, max(0.5, remaining / 4)), gap: 0)
        seconds += result.seconds
        if result.status == .optimal || result.status == .feasible, result.values.count == best.count {
          let objective = model.objective.value(result.values)
          if objective < bestObjective - 1e-9 {
            best = result.values
            bestObjective = objective
            improved = true
          }
        }
      }
    }
    return best
  }

  /// The model with some variables fixed through their bounds, kinds kept.
  static func fixing(_ model: LinearModel, _ fixed: [Int: Double]) -> LinearModel {
    var copy = LinearModel(name: model.name)
    for (index, variable) in model.variables.enumerated() {
      if let value = fixed[index] {
        copy.addVariable(variable.name, lower: value, upper: value, kind: .continuous)
      } else {
        copy.addVariable(variable.name, lower: variable.lower, upper: variable.upper, kind: variable.kind)
      }
    }
    for constraint in model.constraints {
      copy.addConstraint(constraint.name, constraint.expression, constraint.set)
    }
    copy.setObjective(model.sense, model.objective)
    return copy
  }
}

extension MealPlanSearch {
  /// Relax-and-fix by days: day 1 is solved with its choices whole and the
  /// later days relaxed, then fixed; then day 2; and so on. Each step is a
  /// small MIP, and the relaxed later days keep the weekly rows in view.
  ///
  /// - Parameter limit: seconds for all the steps together.
  /// - Returns: a plan, or `nil` when a step finds none in time.
  func relaxAndFix(_ model: LinearModel, within limit: Double, seconds: inout Double) throws(MealPlanError)
    -> [Double]?
  {
    let stop = clock.now + .seconds(limit)
    let blocks = dayBlocks
    guard !blocks.isEmpty else { return nil }
    var fixed: [Int: Double] = [:]
    var values: [Double]?
    for (day, block) in blocks.enumerated() {
      let open = Set(block)
      let later = Set(blocks.dropFirst(day + 1).joined())
      var step = LinearModel(name: model.name)
      for (index, variable) in model.variables.enumerated() {
        if let value = fixed[index] {
          step.addVariable(variable.name, lower: value, upper: value, kind: .continuous)
        } else if later.contains(index) || (!open.contains(index) && variable.kind != .continuous) {
          step.addVariable(variable.name, lower: variable.lower, upper: variable.upper, kind: .continuous)
        } else {
          step.addVariable(variable.name, lower: variable.lower, upper: variable.upper, kind: variable.kind)
        }
      }
      for constraint in model.constraints {
        step.addConstraint(constraint.name, constraint.expression, constraint.set)
      }
      step.setObjective(model.sense, model.objective)
      let left = stop - clock.now
      let budget = Double(left.components.seconds) + Double(left.components.attoseconds) * 1e-18
      guard budget > 0.05 else { return nil }
      let share = min(remaining, budget) / Double(max(1, blocks.count - day))
      let result = try run(step, timeLimit: max(0.05, share), gap: relativeGap / 2)
      seconds += result.seconds
      guard result.status == .optimal || result.status == .feasible,
        result.values.count == model.variables.count
      else { return nil }
      for index in block { fixed[index] = result.values[index].rounded() }
      values = result.values
    }
    // Integer variables outside the days (none today) would need a last step; check wholeness.
    guard let final = values,
      model.variables.indices.allSatisfy({
        model.variables[$0].kind == .continuous || abs(final[$0] - final[$0].rounded()) < 1e-6
      })
    else { return nil }
    return final
  }
}

extension MealPlanSearch {
  /// The model without the rows a predicate picks; variables keep their places.
  static func dropping(_ model: LinearModel, where drop: (LinearModel.Constraint) -> Bool) -> LinearModel {
    var copy = LinearModel(name: model.name)
    for variable in model.variables {
      copy.addVariable(variable.name, lower: variable.lower, upper: variable.upper, kind: variable.kind)
    }
    for constraint in model.constraints where !drop(constraint) {
      copy.addConstraint(constraint.name, constraint.expression, constraint.set)
    }
    copy.setObjective(model.sense, model.objective)
    return copy
  }

  /// Whether values keep every row and bound of a model (within 1e-6, relative above 1).
  static func satisfies(_ model: LinearModel, _ values: [Double]) -> Bool {
    guard values.count == model.variables.count else { return false }
    func tolerance(_ bound: Double) -> Double { 1e-6 * max(1, abs(bound)) }
    for (index, variable) in model.variables.enumerated() {
      if let lower = variable.lower, values[index] < lower - tolerance(lower) { return false }
      if let upper = variable.upper, values[index] > upper + tolerance(upper) { return false }
    }
    return model.constraints.allSatisfy { constraint in
      let value = constraint.expression.value(values)
      if let lower = constraint.set.lower, value < lower - tolerance(lower) { return false }
      if let upper = constraint.set.upper, value > upper + tolerance(upper) { return false }
      return true
    }
  }
}
