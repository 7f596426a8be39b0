import Foundation
import Testing

@testable import GLPKBackend
@testable import MealOptimizer

/// Sessions against fresh solves: every session solve is compared with
/// `GLPKSolver().solve` of the model changed the same way by
/// `LinearModel.apply`, on generated models, after each change of a mixed sequence.
@Suite("Solver sessions give what fresh solves of the changed model give")
struct SolverSessionTests {
  /// A covering LP: minimise a random positive cost of `columns` variables in
  /// 0...10 such that each of `rows` random nonnegative combinations reaches
  /// its requirement; real costs make the optimum unique.
  static func coveringLP(seed: UInt64, rows: Int, columns: Int) -> LinearModel {
    var generator = SplitMix64(seed: seed)
    var model = LinearModel(name: "covering")
    let x = (0..<columns).map { model.addVariable("x\($0)", lower: 0, upper: 10) }
    for i in 0..<rows {
      let terms = x.map { ($0, Double(generator.next() % 10)) }
      model.addConstraint(
        "need\(i)", LinearExpression(terms), .greaterThan(Double(20 + generator.next() % 40)))
    }
    model.setObjective(
      .minimize, LinearExpression(x.map { ($0, 1 + Double(generator.next() % 1_000_000) / 1_000_000) }))
    return model
  }

  /// A MIP of integer variables in 0...5 with whole coefficients and costs,
  /// so that equal optima are equal numbers.
  static func integerModel(seed: UInt64, rows: Int, columns: Int) -> LinearModel {
    var generator = SplitMix64(seed: seed)
    var model = LinearModel(name: "integer")
    let x = (0..<columns).map { model.addVariable("x\($0)", lower: 0, upper: 5, kind: .integer) }
    for i in 0..<rows {
      let terms = x.map { ($0, Double(generator.next() % 9)) }
      model.addConstraint(
        "need\(i)", LinearExpression(terms), .greaterThan(Double(15 + generator.next() % 30)))
    }
    model.setObjective(.minimize, LinearExpression(x.map { ($0, Double(3 + generator.next() % 17)) }))
    return model
  }

  /// A mixed sequence of changes for a model of `columns` variables and
  /// `rows` rows: fix, free, move and drop rows, add rows, change costs,
  /// relax and restore integrality.
  static func changes(seed: UInt64, model: LinearModel, count: Int) -> [ModelChange] {
    var generator = SplitMix64(seed: seed)
    var rows = model.constraints.count
    let columns = model.variables.count
    var list: [ModelChange] = []
    for _ in 0..<count {
      let variable = VariableRef(index: Int(generator.next() % UInt64(columns)))
      let constraint = ConstraintRef(index: Int(generator.next() % UInt64(rows)))
      switch generator.next() % 8 {
      case 0: list.append(.variableBounds(variable, lower: 2, upper: 2))
      case 1: list.append(.variableBounds(variable, lower: 0, upper: 10))
      case 2: list.append(.constraintBounds(constraint, lower: nil, upper: nil))
      case 3:
        list.append(.constraintBounds(constraint, lower: Double(10 + generator.next() % 30), upper: nil))
      case 4:
        let other = VariableRef(index: (variable.index + 1) % columns)
        list.append(
          .addConstraint(
            name: "added\(list.count)", expression: LinearExpression([(variable, 1), (other, 1)]),
            set: .lessThan(Double(3 + generator.next() % 6))))
        rows += 1
      case 5: list.append(.objectiveCoefficient(variable, Double(1 + generator.next() % 20)))
      case 6: list.append(.variableKind(variable, .continuous))
      default: list.append(.variableKind(variable, .integer))
      }
    }
    return list
  }

  /// Whether two results agree: the same status; for values, objectives
  /// within 1e-9 relative (equal for a MIP) and, for an LP, every value too.
  static func expectSame(
    _ session: Solution, _ fresh: Solution, mixedInteger: Bool, _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(session.status == fresh.status, "\(context)", sourceLocation: sourceLocation)
    #expect(session.termination == fresh.termination, "\(context)", sourceLocation: sourceLocation)
    guard session.status == .optimal, let a = session.objectiveValue, let b = fresh.objectiveValue else {
      return
    }
    if mixedInteger {
      #expect(a == b, "\(context): objective \(a) against \(b)", sourceLocation: sourceLocation)
    } else {
      #expect(
        abs(a - b) <= 1e-9 * max(1, abs(b)), "\(context): objective \(a) against \(b)",
        sourceLocation: sourceLocation)
      for (u, v) in zip(session.values, fresh.values) {
        #expect(
          abs(u - v) <= 1e-9 * max(1, abs(v)), "\(context): value \(u) against \(v)",
          sourceLocation: sourceLocation)
      }
    }
  }

  /// Runs a sequence of changes on a session and on a copy of the model,
  /// solving both after each change; returns how many solves were optimal.
  static func compare(
    _ model: LinearModel, _ changes: [ModelChange], solver: any Solver, options: SolverOptions
  ) throws -> Int {
    let session = try solver.makeSession(for: model)
    var expected = model
    var optimal = 0
    expectSame(
      try session.solve(options: options), try GLPKSolver().solve(expected, options: options),
      mixedInteger: expected.isMixedInteger, "before any change")
    for (k, change) in changes.enumerated() {
      try session.apply(change)
      try expected.apply(change)
      #expect(session.model == expected)
      let fresh = try GLPKSolver().solve(expected, options: options)
      expectSame(
        try session.solve(options: options), fresh, mixedInteger: expected.isMixedInteger,
        "after change \(k): \(change)")
      if fresh.status == .optimal { optimal += 1 }
    }
    return optimal
  }

  @Test("LPs: 6 generated models, 40 mixed changes each, LP values and objectives within 1e-9 relative")
  func linearPrograms() throws {
    var optimal = 0
    for seed in UInt64(1)...6 {
      let model = Self.coveringLP(seed: seed, rows: 12, columns: 30)
      let changes = Self.changes(seed: seed * 31, model: model, count: 40).filter {
        if case .variableKind = $0 { return false }
        return true
      }
      optimal += try Self.compare(model, changes, solver: GLPKSolver(), options: SolverOptions())
    }
    // The comparisons are not all of infeasible models.
    #expect(optimal > 100)
  }

  @Test(
    "MIPs: 4 generated models, 25 mixed changes each (integrality relaxed and restored), equal objectives")
  func mixedIntegerPrograms() throws {
    var options = SolverOptions()
    options.relativeGap = 0
    var optimal = 0
    for seed in UInt64(1)...4 {
      let model = Self.integerModel(seed: seed, rows: 8, columns: 14)
      optimal += try Self.compare(
        model, Self.changes(seed: seed * 17, model: model, count: 25), solver: GLPKSolver(), options: options)
    }
    #expect(optimal > 50)
  }

  /// A solver whose sessions are the protocol's default.
  struct Rebuilding: Solver {
    func solve(_ model: LinearModel, options: SolverOptions) throws(SolverError) -> Solution {
      try GLPKSolver().solve(model, options: options)
    }
  }

  @Test("the default session of a backend without its own gives the same results")
  func defaultSession() throws {
    var options = SolverOptions()
    options.relativeGap = 0
    let model = Self.integerModel(seed: 9, rows: 6, columns: 10)
    let session = try Rebuilding().makeSession(for: model)
    #expect(!(session is GLPKSession))
    _ = try Self.compare(
      model, Self.changes(seed: 5, model: model, count: 15), solver: Rebuilding(), options: options)
  }

  @Test("dropping and restoring rows one at a time, as a deletion filter does, matches fresh solves")
  func deletionFilterPattern() throws {
    let model = Self.coveringLP(seed: 3, rows: 10, columns: 20)
    let session = try GLPKSolver().makeSession(for: model)
    var expected = model
    for row in model.constraints.indices {
      let set = model.constraints[row].set
      for change in [
        ModelChange.constraintBounds(ConstraintRef(index: row), lower: nil, upper: nil),
        .constraintBounds(ConstraintRef(index: row), lower: set.lower, upper: set.upper),
      ] {
        try session.apply(change)
        try expected.apply(change)
        Self.expectSame(
          try session.solve(options: SolverOptions()),
          try GLPKSolver().solve(expected, options: SolverOptions()),
          mixedInteger: false, "row \(row)")
      }
    }
    // A free row is no row: the model without it has the same optimum.
    var without = model
    try without.apply(.constraintBounds(ConstraintRef(index: 0), lower: nil, upper: nil))
    var dropped = model
    dropped.constraints.removeFirst()
    let a = try GLPKSolver().solve(without, options: SolverOptions())
    let b = try GLPKSolver().solve(dropped, options: SolverOptions())
    #expect(abs((a.objectiveValue ?? 0) - (b.objectiveValue ?? 1)) <= 1e-9)
  }

  @Test("after GLPK freed the thread's objects, the session loads its changed model again and agrees")
  func reloadAfterError() throws {
    let model = Self.coveringLP(seed: 4, rows: 8, columns: 16)
    let session = try GLPKSession(model: model, options: GLPKOptions())
    #expect(session.loads == 1)
    _ = try session.solve(options: SolverOptions())
    try session.fix(VariableRef(index: 0), at: 1)
    // An internal GLPK error on this thread frees every GLPK object of the thread.
    #expect(GLPKCall.provokeError().code == GLPKCall.internalErrorCode)
    try session.fix(VariableRef(index: 1), at: 1)
    #expect(session.loads == 2)
    var expected = model
    try expected.apply(.variableBounds(VariableRef(index: 0), lower: 1, upper: 1))
    try expected.apply(.variableBounds(VariableRef(index: 1), lower: 1, upper: 1))
    Self.expectSame(
      try session.solve(options: SolverOptions()), try GLPKSolver().solve(expected, options: SolverOptions()),
      mixedInteger: false, "after the reload")
    GLPKSolver().releaseThread()
    Self.expectSame(
      try session.solve(options: SolverOptions()), try GLPKSolver().solve(expected, options: SolverOptions()),
      mixedInteger: false, "after releaseThread")
    #expect(session.loads == 3)
  }

  @Test("used on another thread, the session loads its model there and agrees")
  func otherThread() throws {
    let model = Self.integerModel(seed: 2, rows: 6, columns: 10)
    var options = SolverOptions()
    options.relativeGap = 0
    let session = try GLPKSession(model: model, options: GLPKOptions())
    let here = try session.solve(options: options)
    // Handed to one other thread while this one waits: never used by two at once.
    struct Handoff: @unchecked Sendable { let session: GLPKSession }
    let handoff = Handoff(session: session)
    let fixed = options
    nonisolated(unsafe) var there: Solution?
    nonisolated(unsafe) var loads = 0
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      there = try? handoff.session.solve(options: fixed)
      loads = handoff.session.loads
      GLPKSolver().releaseThread()
      done.signal()
    }
    thread.start()
    done.wait()
    #expect(loads == 2)
    #expect(there?.objectiveValue == here.objectiveValue)
    #expect(there?.status == .optimal)
  }

  @Test("a change that does not validate is refused and leaves the session's model as it was")
  func refusedChanges() throws {
    let model = Self.coveringLP(seed: 5, rows: 4, columns: 6)
    let session = try GLPKSolver().makeSession(for: model)
    let x = VariableRef(index: 0)
    #expect(throws: SolverError.self) { try session.apply(.variableBounds(x, lower: 3, upper: 1)) }
    #expect(throws: SolverError.self) { try session.apply(.variableBounds(x, lower: .nan, upper: nil)) }
    #expect(throws: SolverError.self) {
      try session.apply(.variableBounds(VariableRef(index: 6), lower: 0, upper: 1))
    }
    #expect(throws: SolverError.self) { try session.apply(.objectiveCoefficient(x, .infinity)) }
    #expect(throws: SolverError.self) { try session.apply(.variableKind(x, .binary)) }
    #expect(throws: SolverError.self) {
      try session.apply(.constraintBounds(ConstraintRef(index: 4), lower: 0, upper: nil))
    }
    #expect(throws: SolverError.self) {
      try session.apply(
        .addConstraint(
          name: "bad", expression: LinearExpression([(VariableRef(index: 9), 1)]), set: .lessThan(1)))
    }
    #expect(session.model == model)
    Self.expectSame(
      try session.solve(options: SolverOptions()), try GLPKSolver().solve(model, options: SolverOptions()),
      mixedInteger: false, "after refused changes")
  }

  @Test(
    "an integer variable fixed between two integers makes the session's model infeasible, as a fresh solve says"
  )
  func noIntegerBetweenBounds() throws {
    let model = Self.integerModel(seed: 6, rows: 4, columns: 6)
    let session = try GLPKSolver().makeSession(for: model)
    try session.setBounds(VariableRef(index: 2), lower: 1.2, upper: 1.8)
    let solution = try session.solve(options: SolverOptions())
    #expect(solution.status == .infeasible)
    #expect(solution.message == "integer variable 'x2' has no integer value between its bounds")
    try session.setKind(VariableRef(index: 2), .continuous)
    var expected = model
    try expected.apply(.variableBounds(VariableRef(index: 2), lower: 1.2, upper: 1.8))
    try expected.apply(.variableKind(VariableRef(index: 2), .continuous))
    var options = SolverOptions()
    options.relativeGap = 0
    Self.expectSame(
      try session.solve(options: options), try GLPKSolver().solve(expected, options: options),
      mixedInteger: true,
      "relaxed")
  }
}

@Suite("Neutral options: a start, and GLPK's settings by name")
struct SolverOptionsSplitTests {
  @Test(
    "a start that fits is the first incumbent: a node limit of 2 ends with its objective; one that does not is ignored"
  )
  func start() throws {
    let model = GLPKSolverStatusTests.knapsacks(rows: 4, cols: 30)
    var options = SolverOptions()
    options.relativeGap = 0
    let whole = try GLPKSolver().solve(model, options: options)
    let best = try #require(whole.objectiveValue)
    // The root node is solved, offered the start and split in two; then the limit stops the tree.
    options.nodeLimit = 2
    options.start = whole.values
    let started = try GLPKSolver().solve(model, options: options)
    #expect(
      started.termination == TerminationStatus.nodeLimit || started.termination == TerminationStatus.completed
    )
    #expect(started.objectiveValue == best)
    // Every item taken breaks the capacities: not used, as if not given.
    options.start = Array(repeating: 1, count: model.variables.count)
    let ignored = try GLPKSolver().solve(model, options: options)
    options.start = nil
    let plain = try GLPKSolver().solve(model, options: options)
    #expect(ignored.objectiveValue == plain.objectiveValue)
    #expect(ignored.values == plain.values)
    // Without the start the same two nodes end without the optimum.
    #expect(plain.objectiveValue != best)
  }

  @Test(
    "with GLPK's MIP presolver a start is not offered: the presolved tree's columns are not the model's, and the optimum stays exact"
  )
  func startWithPresolver() throws {
    // Fixed columns first, which the presolver removes, so that the tree's
    // column j is another column of the model; then a cover whose cheapest
    // points take the last items: read against the wrong columns, the
    // optimum would be a cheaper point that breaks the rows.
    var model = LinearModel(name: "fixed_first")
    let fixed = (0..<3).map { model.addVariable("f\($0)", lower: 1, upper: 1, kind: .integer) }
    let items = (1...12).map { model.addVariable("x\($0)", kind: .binary) }
    let weights = items.indices.map { Double(($0 + 1) * ($0 + 1)) }
    model.addConstraint("cover", LinearExpression(Array(zip(items, weights))), .greaterThan(300))
    model.addConstraint(
      "second", LinearExpression(Array(zip(items, weights.reversed())) + fixed.map { ($0, 1.0) }),
      .greaterThan(100))
    model.setObjective(
      .minimize,
      LinearExpression(
        items.indices.map { (items[$0], Double($0 + 1) * 1.5 + 1) } + fixed.map { ($0, 2.0) }))
    var options = SolverOptions()
    options.relativeGap = 0
    let plain = try GLPKSolver().solve(model, options: options)
    let optimum = try #require(plain.objectiveValue)
    options.backendSettings["mip_presolve"] = "on"
    options.start = plain.values
    let started = try GLPKSolver().solve(model, options: options)
    #expect(started.status == .optimal)
    #expect(started.objectiveValue == optimum)
    let startedKeepsRows = model.isFeasible(started.values)
    #expect(startedKeepsRows)
    let session = try GLPKSolver().makeSession(for: model)
    let again = try session.solve(options: options)
    #expect(again.objectiveValue == optimum)
    let againKeepsRows = model.isFeasible(again.values)
    #expect(againKeepsRows)
  }

  @Test("GLPK's settings by name: known ones apply, unknown names and values are refused with their name")
  func backendSettings() throws {
    let glpk = try GLPKOptions().applying([
      "method": "primal", "presolve": "on", "scaling": "auto", "cuts": "mir, clique",
      "branching": "pseudocost",
      "node_selection": "depth_first", "mip_presolve": "true",
    ])
    #expect(glpk.method == .primalSimplex)
    #expect(glpk.presolve)
    #expect(glpk.scaling == .geometricThenEquilibration)
    #expect(glpk.cuts == [.mixedIntegerRounding, .clique])
    #expect(glpk.branching == .pseudocost)
    #expect(glpk.nodeSelection == .depthFirst)
    #expect(glpk.mipPresolve)
    #expect(try GLPKOptions().applying(["cuts": "all"]).cuts == .all)
    #expect(try GLPKOptions().applying(["cuts": "none"]).cuts == [])
    #expect(throws: SolverError.invalidOptions("GLPK has no value 'sideways' for its setting 'branching'")) {
      try GLPKOptions().applying(["branching": "sideways"])
    }
    #expect(
      throws: SolverError.invalidOptions(
        "GLPK has no setting 'tm_lim' (it has branching, cuts, method, mip_presolve, node_selection, presolve, scaling)"
      )
    ) {
      var options = SolverOptions()
      options.backendSettings = ["tm_lim": "5"]
      _ = try GLPKSolver().solve(smallLP(), options: options)
    }
  }
}

@Suite("The deletion filter in a session explains as it does with fresh solves")
struct DeletionFilterSessionTests {
  /// Twelve foods with random nutrients and prices, eight goals, food limits
  /// and a budget; `budget` low enough leaves no plan.
  static func problem(seed: UInt64, budget: Decimal) -> DietProblem {
    var generator = SplitMix64(seed: seed)
    func draw(_ range: ClosedRange<Int>) -> Double {
      Double(range.lowerBound + Int(generator.next() % UInt64(range.upperBound - range.lowerBound + 1)))
    }
    let foods = (0..<12).map { k in
      Food(
        id: "f\(k)", name: "Food \(k)",
        nutrientsPer100g: [
          .energy: draw(50...400), .protein: draw(0...25), .fat: draw(0...30), .fiber: draw(0...10),
          .sodium: draw(0...600), "calcium": draw(0...300), "iron": draw(0...5), "vitamin_c": draw(0...80),
        ],
        offers: [Offer(price: Decimal(Int(draw(100...900))) / 100, packageGrams: 1000)])
    }
    return DietProblem(
      foods: foods, days: 2,
      goals: [
        NutrientGoal(.energy, minimum: 1800, maximum: 2400), NutrientGoal(.protein, minimum: 90),
        NutrientGoal(.fat, maximum: 80), NutrientGoal(.fiber, minimum: 25),
        NutrientGoal(.sodium, maximum: 2000),
        NutrientGoal("calcium", minimum: 1000), NutrientGoal("iron", minimum: 12),
        NutrientGoal("vitamin_c", minimum: 90),
      ],
      budget: Budget(budget, per: .day),
      foodLimits: foods.prefix(6).map { FoodLimit(food: $0.id, maximumGrams: 400) })
  }

  @Test("10 generated infeasible problems: the same explanation with and without the session")
  func sameExplanations() throws {
    var explained = 0
    for seed in UInt64(1)...10 {
      let problem = Self.problem(seed: seed, budget: 1)
      var fresh = DietExplainer()
      fresh.usesSession = false
      let withSession = try DietExplainer().explainInfeasible(problem)
      let without = try fresh.explainInfeasible(problem)
      #expect(withSession == without, "seed \(seed)")
      if !withSession.conflicts.isEmpty { explained += 1 }
    }
    #expect(explained == 10)
  }
}
