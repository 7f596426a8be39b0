import Foundation

/// Finds a good plan fast and proves how good it is, on any ``Solver``.
///
/// GLPK's branch-and-bound, with its default settings, is slow to find good
/// plans for meal models (every day is a small knapsack, and days look
/// alike). The search therefore works in two stages:
///
/// 1. **Dive.** Solve the LP relaxation (its optimum is a lower bound on every
///    plan), fix every slot whose choice is already whole, fix the most
///    decided fractional choice, and solve again, until every pick and
///    portion is whole. When a fix makes the LP infeasible, the last fix is
///    undone and forbidden instead. The result is a plan, and the gap to the
///    root bound is proven.
/// 2. **Improve.** Only when the dive's gap is above the target, the full
///    model goes to the solver with the remaining time and a cutoff row that
///    asks for a plan better than the dive's by more than the gap; if the
///    solver finds none, the dive's plan stands.
struct MealPlanSearch {
  let solver: any Solver
  let slots: [ModelSlot]
  let relativeGap: Double
  let deadline: ContinuousClock.Instant
  let clock = ContinuousClock()
  /// The indices of every pick variable.
  let picks: Set<Int>

  init(solver: any Solver, slots: [ModelSlot], relativeGap: Double, deadline: ContinuousClock.Instant) {
    self.solver = solver
    self.slots = slots
    self.relativeGap = relativeGap
    self.deadline = deadline
    self.picks = Set(slots.flatMap { $0.options.map(\.pick.index) })
  }

  struct Outcome {
    var values: [Double]
    var objective: Double
    /// A proven lower bound on the objective, when known.
    var bound: Double?
    var termination: TerminationStatus
    var seconds: Double
    var gap: Double? {
      guard let bound else { return nil }
      return max(0, objective - bound) / max(abs(objective), 1e-9)
    }
  }

  enum Failure: Error {
    case infeasible, unbounded
    case noPlan(TerminationStatus, String?)
  }

  var remaining: Double {
    let left = deadline - clock.now
    return max(0.05, Double(left.components.seconds) + Double(left.components.attoseconds) * 1e-18)
  }

  /// Minimises the model's objective, starting from a known plan when there is one.
  ///
  /// - Parameters:
  ///   - model: the model to minimise.
  ///   - start: a feasible plan to improve on.
  ///   - integral: whether every plan's objective is a whole number (the
  ///     variety tie-break), so that a bound of 11.2 proves a plan of 12 optimal.
  func minimize(_ model: LinearModel, start: [Double]? = nil, integral: Bool = false)
    throws(MealPlanError) -> Result<Outcome, Failure>
  {
    var seconds = 0.0
    let root = try solveRelaxation(model, fixed: [:], seconds: &seconds)
    switch root.status {
    case .infeasible: return .failure(.infeasible)
    case .unbounded: return .failure(.unbounded)
    case .optimal: break
    default: return .failure(.noPlan(root.termination, root.message))
    }
    var bound = root.objectiveValue
    var best: [Double]? = start
    func objective(_ values: [Double]?) -> Double { values.map { model.objective.value($0) } ?? .infinity }
    func consider(_ values: [Double]?) {
      if let values, objective(values) < objective(best) { best = values }
    }
    func enough(_ value: Double) -> Bool {
      guard let bound, value.isFinite else { return false }
      if integral, value <= (bound - 1e-6).rounded(.up) + 1e-6 { return true }
      return value - bound <= relativeGap * max(abs(value), 1e-9)
    }
    if let days = try dayByDay(model, seconds: &seconds) {
      bound = max(bound ?? -.infinity, days.bound)
      consider(try complete(model, fixing: days.values, seconds: &seconds))
    }
    if let start, !enough(objective(start)) {
      // Re-planning day by day from a known plan is the cheapest way to improve it.
      consider(try improveByDays(model, from: start, seconds: &seconds, enough: enough))
    }
    if !enough(objective(best)) {
      consider(try dive(model, root: root, seconds: &seconds))
    }
    if let current = best, !enough(objective(current)) {
      consider(try improveByDays(model, from: current, seconds: &seconds, enough: enough))
    }
    if let current = best, !enough(objective(current)),
      let lagrange = try lagrangeBound(model, upper: objective(current), seconds: &seconds)
    {
      bound = max(bound ?? -.infinity, lagrange)
    }
    if !enough(objective(best)), clock.now < deadline {
      let before = objective(best)
      consider(try relaxAndFix(model, within: remaining / 4, seconds: &seconds))
      if let current = best, objective(current) < before, !enough(objective(current)) {
        consider(try improveByDays(model, from: current, seconds: &seconds, enough: enough))
      }
    }
    var termination = TerminationStatus.completed
    if !enough(objective(best)), clock.now < deadline {
      var improving = model
      if best != nil {
        let value = objective(best)
        improving.addConstraint(
          "cutoff", model.objective, .lessThan(value - max(relativeGap * abs(value), 1e-6)))
      }
      let result = try run(improving, timeLimit: remaining)
      seconds += result.seconds
      termination = result.termination
      if result.status == .optimal || result.status == .feasible, result.values.count == model.variables.count
      {
        let proven = result.status == .optimal || result.termination == .gapLimit
        if proven, let gap = result.relativeGap ?? 0.0 as Double? {
          let value = objective(result.values)
          bound = max(bound ?? -.infinity, value - gap * abs(value))
        }
        consider(result.values)
      } else if result.status == .infeasible, result.termination == .completed, best != nil {
        // No plan beats the incumbent by more than the gap: it is within the gap.
        let value = objective(best)
        bound = max(bound ?? -.infinity, value - relativeGap * abs(value))
      } else if best == nil {
        switch result.status {
        case .infeasible: return .failure(.infeasible)
        case .unbounded: return .failure(.unbounded)
        default: return .failure(.noPlan(result.termination, result.message))
        }
      }
    }
    guard let values = best else { return .failure(.noPlan(termination, nil)) }
    let value = objective(values)
    let proven = enough(value)
    return .success(
      Outcome(
        values: values, objective: value, bound: bound,
        termination: proven
          ? (value - (bound ?? value) <= 1e-9 ? .completed : .gapLimit)
          : (termination == .completed ? .failed : termination),
        seconds: seconds))
  }

  /// The model with every variable continuous and some variables fixed.
  static func relaxation(of model: LinearModel, fixed: [Int: Double]) -> LinearModel {
    var relaxed = LinearModel(name: model.name)
    for (index, variable) in model.variables.enumerated() {
      let value = fixed[index]
      relaxed.addVariable(variable.name, lower: value ?? variable.lower, upper: value ?? variable.upper)
    }
    for constraint in model.constraints {
      relaxed.addConstraint(constraint.name, constraint.expression, constraint.set)
    }
    relaxed.setObjective(model.sense, model.objective)
    return relaxed
  }

  func solveRelaxation(_ model: LinearModel, fixed: [Int: Double], seconds: inout Double)
    throws(MealPlanError) -> Solution
  {
    let result = try run(Self.relaxation(of: model, fixed: fixed), timeLimit: remaining)
    seconds += result.seconds
    return result
  }

  /// Fix-and-resolve diving from the root relaxation; `nil` when it fails or time runs out.
  func dive(_ model: LinearModel, root: Solution, seconds: inout Double) throws(MealPlanError) -> [Double]? {
    let integers = model.variables.indices.filter { model.variables[$0].kind != .continuous }
    var fixed: [Int: Double] = [:]
    var steps: [(added: [Int], chosen: Int, alternative: Double?)] = []
    var current = root
    var failures = 0
    while clock.now < deadline {
      let values = current.values
      guard values.count == model.variables.count else { return nil }
      func isWhole(_ index: Int) -> Bool { abs(values[index] - values[index].rounded()) < 1e-6 }
      let fractional = integers.filter { !isWhole($0) && fixed[$0] == nil }
      if fractional.isEmpty { return values }
      var added: [Int]
      let chosen: Int
      let value: Double
      let alternative: Double?
      if let pick = fractional.filter({ picks.contains($0) }).max(by: { values[$0] < values[$1] }) {
        // Slots already decided stay decided; the most decided open slot is decided next.
        added = integers.filter { fixed[$0] == nil && picks.contains($0) && values[$0] > 1 - 1e-6 }
        (chosen, value, alternative) = (pick, 1, 0)
      } else {
        added = integers.filter { fixed[$0] == nil && isWhole($0) && values[$0] > 0.5 }
        let distance = { (index: Int) in abs(values[index] - values[index].rounded()) }
        guard let serve = fractional.min(by: { distance($0) < distance($1) }) else { return nil }
        let rounded = values[serve].rounded()
        let other = rounded > values[serve] ? rounded - 1 : rounded + 1
        (chosen, value, alternative) = (serve, rounded, other)
      }
      for index in added { fixed[index] = values[index].rounded() }
      fixed[chosen] = value
      steps.append((added, chosen, alternative))
      current = try solveRelaxation(model, fixed: fixed, seconds: &seconds)
      while current.status != .optimal {
        failures += 1
        guard failures <= 40, let last = steps.popLast(), clock.now < deadline else { return nil }
        for index in last.added { fixed[index] = nil }
        fixed[last.chosen] = last.alternative
        if last.alternative != nil { steps.append(([], last.chosen, nil)) }
        current = try solveRelaxation(model, fixed: fixed, seconds: &seconds)
      }
    }
    return nil
  }

  func run(_ model: LinearModel, timeLimit: Double?, gap: Double? = nil) throws(MealPlanError) -> Solution {
    var options = SolverOptions()
    options.timeLimit = timeLimit
    options.relativeGap = gap ?? relativeGap
    if Task.isCancelled { throw .cancelled }
    do {
      return try solver.solve(model, options: options)
    } catch {
      throw PlanningError(error)
    }
  }
}
