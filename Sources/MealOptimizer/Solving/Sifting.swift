/// Solves a wide LP, one with many more columns than rows (a day of 8,000
/// foods against nine nutrient goals), by sifting: the solver sees a few
/// hundred columns at a time, and the rest are priced against its duals.
///
/// The columns left out sit at their lower bound, zero. After each solve of
/// the columns kept, the reduced cost of every column left out is computed
/// from the row duals (`c_j - Σ_i y_i a_ij`); a column that would lower the
/// cost (raise it, when maximising) joins the kept ones and the solve
/// repeats. When none would, the kept columns' optimum is the whole LP's:
/// it is feasible (a column left out adds nothing to any row) and every
/// column's reduced cost has the sign optimality asks of a column at its
/// lower bound, so the duals prove it. The solution returned is the whole
/// model's: every column's value (zero for those left out), the row duals,
/// every column's reduced cost.
///
/// Anything else (the kept columns unbounded, stopped by the time limit,
/// which the rounds share, or too many rounds) returns `nil`, and the caller
/// solves the whole model, in the time that is left: the answer is never
/// worse than the solver's on the whole model.
struct Sifting {
  /// The fewest columns a model must have to be sifted.
  static let smallestModel = 2_000
  /// The fewest columns a row a model must have to be sifted.
  static let columnsPerRow = 50
  /// The columns each row brings to the first solve: its cheapest sources.
  static let defaultFirstColumnsPerRow = 24
  /// The most columns a round adds (those whose reduced cost is most negative).
  static let mostAddedPerRound = 400
  /// The most rounds before the whole model is solved instead.
  static let mostRounds = 40
  /// A column joins when its reduced cost is below minus this, relative to
  /// its cost (a hundredth of GLPK's own tolerance on reduced costs, `tol_dj`).
  static let tolerance = 1e-9
  /// The elastic columns' sum at or below which the kept columns meet every row.
  static let feasibilityTolerance = 1e-9

  let model: LinearModel
  /// The columns each row brings to the first solve (tests lower it to make more rounds).
  var firstColumnsPerRow = Self.defaultFirstColumnsPerRow

  /// Whether the model is one sifting applies to: an LP (no integer
  /// variables) of at least ``smallestModel`` columns and ``columnsPerRow``
  /// columns a row. Columns whose lower bound is not zero are always kept.
  static func applies(to model: LinearModel) -> Bool {
    let columns = model.variables.count
    guard columns >= smallestModel, columns >= columnsPerRow * max(1, model.constraints.count) else {
      return false
    }
    return !model.isMixedInteger
  }

  /// The whole model's optimum found by sifting, or `nil` when the caller
  /// should solve the whole model (see the type's notes).
  static func solve(
    _ model: LinearModel, solver: any Solver, options: SolverOptions
  ) throws(SolverError) -> Solution? {
    guard applies(to: model) else { return nil }
    return try Sifting(model: model).run(solver: solver, options: options)?.solution
  }

  /// The whole model's optimum and the rounds it took (solves of the kept
  /// columns), or `nil`; applies to any LP, wide or not.
  ///
  /// When the kept columns cannot meet the rows, a first phase finds
  /// columns that can: each row gets an elastic column (at no cost to the
  /// model, a cost of 1 a unit of the row's shortfall or excess), the sum
  /// of the elastic columns is minimised, and the columns left out are
  /// priced against that objective's duals. At zero, the kept columns meet
  /// every row, and the model's own cost is minimised over them as above.
  /// Above zero with no column to add, the whole model has no feasible
  /// point; `nil`, and the caller's whole solve says so in its own words.
  func run(solver: any Solver, options: SolverOptions) throws(SolverError) -> (
    solution: Solution, rounds: Int
  )? {
    let columns = model.variables.count
    // Minimising c·x is maximising -c·x: work with the cost to minimise.
    let direction: Double = model.sense == .minimize ? 1 : -1
    var cost = [Double](repeating: 0, count: columns)
    for term in model.objective.terms { cost[term.variable.index] += direction * term.coefficient }
    var kept = [Bool](repeating: false, count: columns)
    for (j, variable) in model.variables.enumerated() where variable.lower != 0 { kept[j] = true }
    for j in firstColumns(cost: cost) { kept[j] = true }
    var seconds = 0.0
    // The rounds share the caller's time limit: each solve gets what is left.
    let start = ContinuousClock.now
    var roundOptions = options
    var seekingFeasibility = false
    var foundFeasible = false
    for round in 1...Self.mostRounds {
      let positions = kept.indices.filter { kept[$0] }
      let part = restricted(to: positions, elastic: seekingFeasibility)
      if let limit = options.timeLimit {
        let left = limit - (ContinuousClock.now - start).seconds
        guard left > 0 else { return nil }
        roundOptions.timeLimit = left
      }
      let solution = try solver.solve(part, options: roundOptions)
      seconds += solution.seconds
      if !seekingFeasibility, !foundFeasible, solution.termination == .completed,
        solution.status == .infeasible
      {
        seekingFeasibility = true
        continue
      }
      guard solution.status == .optimal, solution.termination == .completed,
        solution.rowDuals.count == model.constraints.count,
        solution.values.count >= positions.count,
        let objective = solution.objectiveValue
      else { return nil }
      if seekingFeasibility && objective <= Self.feasibilityTolerance {
        seekingFeasibility = false
        foundFeasible = true
        continue
      }
      // Each column's reduced cost: c_j - Σ_i y_i a_ij, with c the model's
      // objective (`direction × cost`), or nothing while the elastic columns are minimised.
      var reduced =
        seekingFeasibility ? [Double](repeating: 0, count: columns) : cost.map { direction * $0 }
      for (row, constraint) in model.constraints.enumerated() {
        let dual = solution.rowDuals[row]
        guard dual != 0 else { continue }
        for term in constraint.expression.terms {
          reduced[term.variable.index] -= dual * term.coefficient
        }
      }
      // The elastic sum is minimised whatever the model's sense.
      let sign = seekingFeasibility ? 1 : direction
      var entering: [(column: Int, reducedCost: Double)] = []
      for j in 0..<columns where !kept[j] {
        let gain = sign * reduced[j]
        let scale = seekingFeasibility ? 1 : 1 + abs(cost[j])
        if gain < -Self.tolerance * scale { entering.append((j, gain)) }
      }
      if entering.isEmpty {
        // With the elastic columns still above zero: no feasible point at all.
        if seekingFeasibility { return nil }
        var values = [Double](repeating: 0, count: columns)
        for (k, j) in positions.enumerated() {
          values[j] = solution.values[k]
          if solution.reducedCosts.count == positions.count { reduced[j] = solution.reducedCosts[k] }
        }
        let whole = Solution(
          termination: .completed, status: .optimal, objectiveValue: objective, values: values,
          rowDuals: solution.rowDuals, reducedCosts: reduced, bound: objective, seconds: seconds,
          message: solution.message)
        return (whole, round)
      }
      entering.sort { Self.ranks(($0.column, -$0.reducedCost), before: ($1.column, -$1.reducedCost)) }
      for (j, _) in entering.prefix(Self.mostAddedPerRound) { kept[j] = true }
    }
    return nil
  }

  /// The first columns: for each row, the columns that give most of it per
  /// unit of cost (for a row with a lower bound, the largest coefficient per
  /// cost; with only an upper bound, the smallest), and every column that
  /// costs nothing or less.
  func firstColumns(cost: [Double]) -> [Int] {
    var chosen: [Int] = []
    for (j, c) in cost.enumerated() where c <= 0 { chosen.append(j) }
    // Each row's best columns, best first, kept by insertion: most columns
    // score below the last one kept and are passed over after one comparison.
    var best: [(column: Int, score: Double)] = []
    best.reserveCapacity(firstColumnsPerRow + 1)
    for constraint in model.constraints {
      let wantsMore = constraint.set.lower != nil
      best.removeAll(keepingCapacity: true)
      for term in constraint.expression.terms {
        let j = term.variable.index
        guard cost[j] > 0 else { continue }
        let score = (wantsMore ? term.coefficient : -term.coefficient) / cost[j]
        if best.count == firstColumnsPerRow, let last = best.last, !Self.ranks((j, score), before: last) {
          continue
        }
        var at = best.count
        while at > 0 && Self.ranks((j, score), before: best[at - 1]) { at -= 1 }
        best.insert((j, score), at: at)
        if best.count > firstColumnsPerRow { best.removeLast() }
      }
      for entry in best { chosen.append(entry.column) }
    }
    return chosen
  }

  /// Whether `a` ranks before `b`: a higher score, then the earlier column.
  static func ranks(_ a: (column: Int, score: Double), before b: (column: Int, score: Double)) -> Bool {
    a.score > b.score || (a.score == b.score && a.column < b.column)
  }

  /// The model with only the columns at `positions` (in order): the same
  /// rows, each with the terms of those columns (the others are at zero),
  /// and the same objective. Unlike ``LinearModel/restricted(to:)``, which
  /// leaves out every row that mentions another column (a bound for a block),
  /// every row is kept: the part's points are points of the whole model.
  /// `elastic`: each row also gets a column for its shortfall (a row with a
  /// lower bound) and one for its excess (with an upper bound), after the
  /// kept ones, and the objective is their sum, minimised.
  func restricted(to positions: [Int], elastic: Bool = false) -> LinearModel {
    var place = [Int](repeating: -1, count: model.variables.count)
    for (k, j) in positions.enumerated() { place[j] = k }
    var part = LinearModel(name: model.name)
    part.variables.reserveCapacity(positions.count + (elastic ? 2 * model.constraints.count : 0))
    for j in positions { part.variables.append(model.variables[j]) }
    func kept(_ expression: LinearExpression) -> LinearExpression {
      var result = LinearExpression(constant: expression.constant)
      for term in expression.terms where place[term.variable.index] >= 0 {
        result.terms.append(.init(VariableRef(index: place[term.variable.index]), term.coefficient))
      }
      return result
    }
    var elasticSum = LinearExpression()
    part.constraints.reserveCapacity(model.constraints.count)
    for (r, constraint) in model.constraints.enumerated() {
      var row = constraint
      row.expression = kept(constraint.expression)
      if elastic {
        if constraint.set.lower != nil {
          let short = part.addVariable("shortfall[\(r)]", lower: 0)
          row.expression.add(short, 1)
          elasticSum.add(short, 1)
        }
        if constraint.set.upper != nil {
          let excess = part.addVariable("excess[\(r)]", lower: 0)
          row.expression.add(excess, -1)
          elasticSum.add(excess, 1)
        }
      }
      part.constraints.append(row)
    }
    if elastic {
      part.setObjective(.minimize, elasticSum)
    } else {
      part.setObjective(model.sense, kept(model.objective))
    }
    return part
  }
}
