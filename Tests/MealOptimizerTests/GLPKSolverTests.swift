import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

/// max 3x + 4y + z  s.t.  c1: x + 2y + z <= 14,  c2: 3x - y >= 0,  c3: x - y <= 2.
/// Optimum x = 6, y = 4, z = 0, objective 34; duals c1 = 7/3, c2 = 0, c3 = 2/3;
/// reduced cost of z = 1 - 7/3 = -4/3.
func smallLP() -> LinearModel {
  var model = LinearModel(name: "small")
  let x = model.addVariable("x")
  let y = model.addVariable("y")
  let z = model.addVariable("z")
  model.addConstraint("c1", LinearExpression([(x, 1), (y, 2), (z, 1)]), .lessThan(14))
  model.addConstraint("c2", LinearExpression([(x, 3), (y, -1)]), .greaterThan(0))
  model.addConstraint("c3", LinearExpression([(x, 1), (y, -1)]), .lessThan(2))
  model.setObjective(.maximize, LinearExpression([(x, 3), (y, 4), (z, 1)]))
  return model
}

func options(_ method: GLPKOptions.Method = .dualSimplex, presolve: Bool = false) -> SolverOptions {
  var options = SolverOptions()
  // GLPK's own settings by name (GLPKOptions.applying), for one solve.
  options.backendSettings = ["method": method.rawValue, "presolve": presolve ? "on" : "off"]
  return options
}

@Suite("GLPK solver statuses")
struct GLPKSolverStatusTests {
  @Test(
    "a small LP is optimal with known values, duals and reduced costs",
    arguments: GLPKOptions.Method.allCases, [false, true])
  func smallLPIsOptimal(method: GLPKOptions.Method, presolve: Bool) throws {
    let solution = try GLPKSolver().solve(smallLP(), options: options(method, presolve: presolve))
    #expect(solution.termination == .completed)
    #expect(solution.status == .optimal)
    let objective = try #require(solution.objectiveValue)
    #expect(abs(objective - 34) < 1e-6)
    #expect(zip(solution.values, [6.0, 4, 0]).allSatisfy { abs($0 - $1) < 1e-6 })
    try #require(solution.rowDuals.count == 3 && solution.reducedCosts.count == 3)
    #expect(zip(solution.rowDuals, [7.0 / 3, 0, 2.0 / 3]).allSatisfy { abs($0 - $1) < 1e-6 })
    #expect(zip(solution.reducedCosts, [0.0, 0, -4.0 / 3]).allSatisfy { abs($0 - $1) < 1e-6 })
    #expect(solution.relativeGap == 0 && solution.bound.map { abs($0 - 34) < 1e-6 } == true)
  }

  @Test(
    "an infeasible LP is reported infeasible with and without presolve",
    arguments: GLPKOptions.Method.allCases, [false, true])
  func infeasibleLP(method: GLPKOptions.Method, presolve: Bool) throws {
    var model = LinearModel()
    let x = model.addVariable("x", lower: 0, upper: 10)
    let y = model.addVariable("y", lower: 0)
    model.addConstraint("low", LinearExpression([(x, 1), (y, 1)]), .lessThan(5))
    model.addConstraint("high", LinearExpression([(x, 1), (y, 1)]), .greaterThan(8))
    model.setObjective(.minimize, LinearExpression([(x, 1), (y, 2)]))
    let solution = try GLPKSolver().solve(model, options: options(method, presolve: presolve))
    #expect(solution.termination == .completed)
    #expect(solution.status == .infeasible)
    #expect(solution.values.isEmpty && solution.objectiveValue == nil)
  }

  @Test(
    "an unbounded LP is reported unbounded with and without presolve",
    arguments: GLPKOptions.Method.allCases, [false, true])
  func unboundedLP(method: GLPKOptions.Method, presolve: Bool) throws {
    var model = LinearModel()
    let x = model.addVariable("x")
    let y = model.addVariable("y")
    model.addConstraint("c", LinearExpression([(x, 1), (y, -1)]), .lessThan(1))
    model.setObjective(.maximize, LinearExpression([(x, 1), (y, 1)]))
    let solution = try GLPKSolver().solve(model, options: options(method, presolve: presolve))
    #expect(solution.termination == .completed)
    #expect(solution.status == .unbounded)
  }

  @Test("a small MIP is solved to optimality with a zero gap")
  func smallMIP() throws {
    // max 5a + 4b + 3c, 2a + 3b + c <= 5, 4a + b + 2c <= 11, 3a + 4b + 2c <= 8: a = 2, b = 0, c = 1, 13.
    var model = LinearModel()
    let a = model.addVariable("a", kind: .integer)
    let b = model.addVariable("b", kind: .integer)
    let c = model.addVariable("c", kind: .integer)
    model.addConstraint("r1", LinearExpression([(a, 2), (b, 3), (c, 1)]), .lessThan(5))
    model.addConstraint("r2", LinearExpression([(a, 4), (b, 1), (c, 2)]), .lessThan(11))
    model.addConstraint("r3", LinearExpression([(a, 3), (b, 4), (c, 2)]), .lessThan(8))
    model.setObjective(.maximize, LinearExpression([(a, 5), (b, 4), (c, 3)]))
    let solution = try GLPKSolver().solve(model, options: SolverOptions())
    #expect(solution.status == .optimal)
    #expect(solution.termination == .completed)
    #expect(abs((solution.objectiveValue ?? 0) - 13) < 1e-9)
    #expect(solution.values == [2, 0, 1])
    #expect(solution.relativeGap == 0)
    #expect(solution.rowDuals.isEmpty)
  }

  @Test("a hard MIP stops at the time limit")
  func mipTimeLimit() throws {
    // A market split instance (Cornuéjols and Dawande): equality knapsacks
    // that branch-and-bound cannot close in a fraction of a second.
    var generator = SplitMix64(seed: 7)
    let rows = 5
    let cols = 40
    var model = LinearModel(name: "market_split")
    let x = (0..<cols).map { model.addVariable("x\($0)", kind: .binary) }
    for i in 0..<rows {
      let weights = (0..<cols).map { _ in Double(generator.next() % 100) }
      let half = (weights.reduce(0, +) / 2).rounded(.down)
      model.addConstraint("split\(i)", LinearExpression(Array(zip(x, weights))), .equalTo(half))
    }
    model.setObjective(.minimize, LinearExpression(x.map { ($0, 1) }))
    var options = SolverOptions()
    options.timeLimit = 0.3
    let solution = try GLPKSolver().solve(model, options: options)
    #expect(solution.termination == .timeLimit)
    #expect(solution.status == .feasible || solution.status == .unknown)
    #expect(solution.seconds < 5)
  }

  @Test("a tree under pseudocost branching and the MIP presolver keeps the time limit")
  func pseudocostTimeLimit() throws {
    // A set cover whose LP leaves hundreds of columns fractional: GLPK 5.0's
    // pseudocost branching probes both children of each at the root without
    // looking at a clock, and counts its time limit from the tree's start
    // (glpsol --pcost --tmlim 1 on this shape takes 4.3 s). The shim's
    // callback keeps the caller's limit instead.
    var generator = SplitMix64(seed: 7)
    var model = LinearModel(name: "set_cover")
    let x = (0..<2000).map { model.addVariable("x\($0)", kind: .binary) }
    for i in 0..<700 {
      let members = (0..<20).map { _ in x[Int(generator.next() % 2000)] }
      model.addConstraint("cover\(i)", LinearExpression(members.map { ($0, 1) }), .greaterThan(1))
    }
    model.setObjective(.minimize, LinearExpression(x.map { ($0, Double(1 + generator.next() % 9)) }))
    var options = SolverOptions()
    options.timeLimit = 1.5
    options.backendSettings["branching"] = "pseudocost"
    options.backendSettings["mip_presolve"] = "on"
    let solution = try GLPKSolver().solve(model, options: options)
    #expect(solution.termination == .timeLimit)
    #expect(solution.seconds < 3)
  }

  /// Four knapsack rows over 30 binaries: GLPK needs a tree of many nodes to prove the optimum.
  /// The best objective over every 0/1 point of a model of binaries, checked against its rows.
  static func bruteForceMaximum(_ model: LinearModel) -> Double {
    let count = model.variables.count
    var best = -Double.infinity
    for mask in 0..<(1 << count) {
      var values = [Double](repeating: 0, count: count)
      for bit in 0..<count where mask & (1 << bit) != 0 { values[bit] = 1 }
      if model.isFeasible(values, tolerance: 1e-9) { best = max(best, model.objective.value(values)) }
    }
    return best
  }

  static func knapsacks(rows: Int, cols: Int) -> LinearModel {
    var generator = SplitMix64(seed: 11)
    var model = LinearModel(name: "market_split")
    let x = (0..<cols).map { model.addVariable("x\($0)", kind: .binary) }
    for i in 0..<rows {
      let weights = (0..<cols).map { _ in Double(generator.next() % 20) }
      model.addConstraint("split\(i)", LinearExpression(Array(zip(x, weights))), .lessThan(40))
    }
    model.setObjective(
      .maximize, LinearExpression(x.enumerated().map { ($0.element, Double($0.offset % 7 + 3)) }))
    return model
  }

  @Test("a MIP stopped by its node limit says so, and stops at the same point on every run")
  func mipNodeLimit() throws {
    let model = Self.knapsacks(rows: 4, cols: 30)
    var options = SolverOptions()
    options.relativeGap = 0
    let whole = try GLPKSolver().solve(model, options: options)
    #expect(whole.termination == .completed)
    #expect(whole.status == .optimal)
    options.nodeLimit = 3
    let first = try GLPKSolver().solve(model, options: options)
    let second = try GLPKSolver().solve(model, options: options)
    #expect(first.termination == .nodeLimit)
    #expect(first.status == .feasible || first.status == .unknown)
    #expect(first.values == second.values)
    #expect(first.objectiveValue == second.objectiveValue)
    // Its bound is proven: no plan beats it (a maximisation, so it is at least the optimum).
    let optimum = try #require(whole.objectiveValue)
    if let bound = first.bound { #expect(bound >= optimum - 1e-6) }
    if let value = first.objectiveValue { #expect(value <= optimum + 1e-6) }
  }

  @Test(
    "an observer sees the MIP's best solution as it is found: at the end, the optimum found by brute force")
  func observerSeesIncumbent() throws {
    let model = Self.knapsacks(rows: 4, cols: 16)
    let best = Self.bruteForceMaximum(model)
    for presolve in [false, true] {
      let observer = SolveObserver()
      #expect(observer.incumbent == nil)
      var options = SolverOptions()
      options.relativeGap = 0
      options.backendSettings["mip_presolve"] = presolve ? "on" : "off"
      options.observer = observer
      let solution = try GLPKSolver().solve(model, options: options)
      #expect(solution.objectiveValue == best)
      #expect(observer.incumbent == best, "presolve \(presolve)")
    }
    // An LP has no tree and tells the observer nothing.
    let observer = SolveObserver()
    var options = SolverOptions()
    options.observer = observer
    _ = try GLPKSolver().solve(model.relaxingIntegrality(), options: options)
    #expect(observer.incumbent == nil)
    // Options are equal only with the same observer.
    var other = options
    #expect(other == options)
    other.observer = SolveObserver()
    #expect(other != options)
  }

  @Test("every branching rule and node selection proves the optimum found by brute force")
  func branchingAndNodeSelection() throws {
    let model = Self.knapsacks(rows: 4, cols: 16)
    let best = Self.bruteForceMaximum(model)
    #expect(best == 36)
    var limited: Set<[Double]> = []
    for branching in GLPKOptions.Branching.allCases {
      for selection in GLPKOptions.NodeSelection.allCases {
        var options = SolverOptions()
        options.relativeGap = 0
        options.backendSettings["branching"] = branching.rawValue
        options.backendSettings["node_selection"] = selection.rawValue
        let solution = try GLPKSolver().solve(model, options: options)
        #expect(solution.status == .optimal, "\(branching), \(selection)")
        #expect(solution.objectiveValue == best, "\(branching), \(selection)")
        // Stopped early, the trees differ: the settings reach GLPK.
        options.nodeLimit = 4
        let stopped = try GLPKSolver().solve(model, options: options)
        limited.insert(stopped.values + [stopped.bound ?? .nan, stopped.objectiveValue ?? .nan])
      }
    }
    #expect(limited.count > 1)
  }

  @Test("every family of cutting planes, alone and together, proves the optimum found by brute force")
  func cutPlanes() throws {
    let model = Self.knapsacks(rows: 4, cols: 16)
    let best = Self.bruteForceMaximum(model)
    #expect(best == 36)
    let families: [GLPKOptions.CutPlanes] = [[], .mixedIntegerRounding, .gomory, .cover, .clique, .all]
    for cuts in families {
      var options = SolverOptions()
      options.relativeGap = 0
      var glpk = GLPKOptions()
      glpk.cuts = cuts
      let solution = try GLPKSolver(options: glpk).solve(model, options: options)
      #expect(solution.status == .optimal, "cuts \(cuts.rawValue)")
      // Cuts change the LP's arithmetic: MIR ends at 35.99999999999999.
      let value = try #require(solution.objectiveValue)
      #expect(abs(value - best) <= 1e-9, "cuts \(cuts.rawValue)")
    }
    #expect(GLPKOptions.CutPlanes.all.rawValue == 15)
    #expect(GLPKOptions().cuts.isEmpty)
  }

  @Test("the MIP presolver keeps the brute-force optimum and proves an integer-infeasible model infeasible")
  func mipPresolve() throws {
    let model = Self.knapsacks(rows: 4, cols: 16)
    let best = Self.bruteForceMaximum(model)
    for presolve in [false, true] {
      var options = SolverOptions()
      options.relativeGap = 0
      options.backendSettings["mip_presolve"] = presolve ? "on" : "off"
      let solution = try GLPKSolver().solve(model, options: options)
      #expect(solution.status == .optimal, "presolve \(presolve)")
      #expect(solution.termination == .completed, "presolve \(presolve)")
      let value = try #require(solution.objectiveValue)
      #expect(abs(value - best) <= 1e-9, "presolve \(presolve)")
    }
    #expect(GLPKOptions().mipPresolve == false)
    // 2x + 2y = 3 has no integer point, though its LP relaxation has many.
    var parity = LinearModel(name: "parity")
    let x = parity.addVariable("x", lower: 0, upper: 5, kind: .integer)
    let y = parity.addVariable("y", lower: 0, upper: 5, kind: .integer)
    parity.addConstraint("odd", LinearExpression([(x, 2), (y, 2)]), .equalTo(3))
    parity.setObjective(.minimize, LinearExpression([(x, 1), (y, 1)]))
    for presolve in [false, true] {
      var options = SolverOptions()
      options.backendSettings["mip_presolve"] = presolve ? "on" : "off"
      let solution = try GLPKSolver().solve(parity, options: options)
      #expect(solution.status == .infeasible, "presolve \(presolve)")
      #expect(solution.termination == .completed, "presolve \(presolve)")
    }
  }

  @Test("a node limit below 1 is refused before GLPK is called")
  func nodeLimitIsChecked() {
    var options = SolverOptions()
    options.nodeLimit = 0
    #expect(throws: SolverError.invalidOptions("the node limit must be at least 1 node, not 0")) {
      try GLPKSolver().solve(smallLP(), options: options)
    }
  }

  @Test("a MIP stopped by a loose relative gap is feasible with its gap reported")
  func mipGapLimit() throws {
    // JuMP's diet in whole servings: the relaxation costs 11.83 and the integer optimum 12.78,
    // so branch-and-cut needs a tree; a 50% gap accepts the first good integer solution.
    let model = try DietModelBuilder().build(DietFixtures.jump(wholeServings: true)).model
    var options = SolverOptions()
    options.relativeGap = 0.5
    let solution = try GLPKSolver().solve(model, options: options)
    #expect(solution.termination == .gapLimit)
    #expect(solution.status == .feasible)
    let gap = try #require(solution.relativeGap)
    #expect(gap >= 0 && gap <= 0.5)
    let objective = try #require(solution.objectiveValue)
    #expect(objective >= 12.78 - 1e-6)
    // The bound is proven: it never exceeds the integer optimum, and the gap is measured against it.
    let bound = try #require(solution.bound)
    #expect(bound >= 11.8288611 - 1e-6 && bound <= 12.78 + 1e-6)
    #expect(abs(gap - (objective - bound) / objective) < 1e-9)
  }

  @Test("an integer variable with no integer between its bounds makes the model infeasible")
  func integerWithoutValue() throws {
    var model = LinearModel()
    let n = model.addVariable("n", lower: 0.2, upper: 0.8, kind: .integer)
    model.setObjective(.minimize, LinearExpression([(n, 1)]))
    let solution = try GLPKSolver().solve(model, options: SolverOptions())
    #expect(solution.status == .infeasible)
  }

  @Test("the objective constant and merged duplicate terms are honoured")
  func constantsAndDuplicates() throws {
    var model = LinearModel()
    let x = model.addVariable("x", lower: 1, upper: 3)
    // x + x + 1 >= 5  means  x >= 2.
    model.addConstraint("twice", LinearExpression([(x, 1), (x, 1)], constant: 1), .greaterThan(5))
    model.setObjective(.minimize, LinearExpression([(x, 10)], constant: 7))
    let solution = try GLPKSolver().solve(model, options: SolverOptions())
    #expect(solution.status == .optimal)
    #expect(abs((solution.objectiveValue ?? 0) - 27) < 1e-9)
  }

  @Test("a model without variables or constraints is optimal at its constant")
  func emptyModel() throws {
    var model = LinearModel()
    model.setObjective(.minimize, LinearExpression(constant: 4))
    let solution = try GLPKSolver().solve(model, options: SolverOptions())
    #expect(solution.status == .optimal)
    #expect(solution.objectiveValue == 4)
  }
}
