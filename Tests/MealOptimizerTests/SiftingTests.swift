import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

/// Wide LPs solved by sifting (``Sifting``), on real GLPK, against answers
/// found without it: a fractional knapsack worked out in the test, and GLPK
/// on the whole model.
@Suite("Sifting a wide LP")
struct SiftingTests {
  /// The same numbers on every run: a linear congruential generator.
  struct Numbers {
    var state: UInt64
    mutating func next(_ range: ClosedRange<Double>) -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let unit = Double(state >> 11) / Double(1 << 53)
      return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }
  }

  /// `columns` foods, each at most `cap` grams, costing `cost[j]` a gram;
  /// one row a nutrient: at least (or at most) its bound.
  static func model(
    costs: [Double], cap: Double, rows: [(coefficients: [Double], set: ConstraintSet)],
    sense: LinearModel.Sense = .minimize, lower: (Int) -> Double = { _ in 0 }
  ) -> LinearModel {
    var model = LinearModel(name: "wide")
    let x = costs.indices.map { model.addVariable("x\($0)", lower: lower($0), upper: cap) }
    for (r, row) in rows.enumerated() {
      model.addConstraint("row\(r)", LinearExpression(zip(x, row.coefficients).map { ($0, $1) }), row.set)
    }
    let sign = sense == .minimize ? 1.0 : -1.0
    model.setObjective(sense, LinearExpression(zip(x, costs).map { ($0, sign * $1) }))
    return model
  }

  /// Expects `solution` to be an optimum of `model` as good as GLPK's on the
  /// whole model: values within bounds, rows met, the same objective, and
  /// every column's reduced cost of the sign optimality asks.
  static func expectOptimal(
    _ solution: Solution, of model: LinearModel, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let whole = try GLPKSolver().solve(model, options: SolverOptions())
    #expect(whole.status == .optimal, sourceLocation: sourceLocation)
    #expect(solution.status == .optimal, sourceLocation: sourceLocation)
    let objective = try #require(solution.objectiveValue, sourceLocation: sourceLocation)
    let reference = try #require(whole.objectiveValue, sourceLocation: sourceLocation)
    #expect(abs(objective - reference) <= 1e-9 * max(1, abs(reference)), sourceLocation: sourceLocation)
    #expect(solution.bound == objective, sourceLocation: sourceLocation)
    #expect(abs(model.objective.value(solution.values) - objective) <= 1e-9, sourceLocation: sourceLocation)
    #expect(solution.values.count == model.variables.count, sourceLocation: sourceLocation)
    #expect(solution.reducedCosts.count == model.variables.count, sourceLocation: sourceLocation)
    #expect(solution.rowDuals.count == model.constraints.count, sourceLocation: sourceLocation)
    for (j, variable) in model.variables.enumerated() {
      let value = solution.values[j]
      #expect(value >= (variable.lower ?? -.infinity) - 1e-9, sourceLocation: sourceLocation)
      #expect(value <= (variable.upper ?? .infinity) + 1e-9, sourceLocation: sourceLocation)
      // A column at its lower bound must not lower a minimised cost (raise a maximised one).
      if value <= (variable.lower ?? 0) + 1e-9 {
        let gain = model.sense == .minimize ? solution.reducedCosts[j] : -solution.reducedCosts[j]
        #expect(
          gain >= -1e-7, "column \(j): reduced cost \(solution.reducedCosts[j])",
          sourceLocation: sourceLocation)
      }
    }
    for constraint in model.constraints {
      let activity = constraint.expression.value(solution.values)
      if let low = constraint.set.lower { #expect(activity >= low - 1e-7, sourceLocation: sourceLocation) }
      if let high = constraint.set.upper { #expect(activity <= high + 1e-7, sourceLocation: sourceLocation) }
    }
  }

  @Test("one goal over 3,000 foods: the fractional knapsack worked out here, to 1e-9")
  func knapsack() throws {
    var numbers = Numbers(state: 1)
    let costs = (0..<3_000).map { _ in numbers.next(0.001...0.03) }
    let protein = (0..<3_000).map { _ in numbers.next(0...0.4) }
    let model = Self.model(costs: costs, cap: 100, rows: [(protein, .greaterThan(60))])
    #expect(Sifting.applies(to: model))
    // By hand: the foods by cost per gram of protein, each eaten up to its
    // cap until 60 g of protein is reached.
    var need = 60.0
    var expected = 0.0
    for j in costs.indices.filter({ protein[$0] > 0 }).sorted(by: {
      costs[$0] / protein[$0] < costs[$1] / protein[$1]
    }) where need > 0 {
      let grams = min(100, need / protein[j])
      expected += grams * costs[j]
      need -= grams * protein[j]
    }
    let (solution, rounds) = try #require(
      try Sifting(model: model).run(solver: GLPKSolver(), options: SolverOptions()))
    #expect(rounds == 1)
    let objective = try #require(solution.objectiveValue)
    #expect(abs(objective - expected) <= 1e-9 * expected, "\(objective) against \(expected)")
    try Self.expectOptimal(solution, of: model)
  }

  /// 2,500 foods against five goals; the foods that give most protein per
  /// unit of cost are the saltiest, so the first columns are not the optimum's.
  static func saltyWeek(sense: LinearModel.Sense = .minimize) -> LinearModel {
    var numbers = Numbers(state: 7)
    let n = 2_500
    let costs = (0..<n).map { _ in numbers.next(0.002...0.03) }
    let protein = (0..<n).map { _ in numbers.next(0...0.3) }
    let fiber = (0..<n).map { _ in numbers.next(0...0.1) }
    let energy = (0..<n).map { _ in numbers.next(0.5...5) }
    // Sodium grows with protein per unit of cost: the cheap protein is salty.
    let sodium = (0..<n).map { j in 0.05 * protein[j] / costs[j] * numbers.next(0.5...1.5) }
    let calcium = (0..<n).map { _ in numbers.next(0...3) }
    if sense == .maximize {
      // Most protein within a budget, sodium and energy.
      return Self.model(
        costs: protein, cap: 100,
        rows: [
          (costs, .lessThan(2)), (sodium, .lessThan(2_300)), (energy, .interval(1_800, 2_400)),
          (fiber, .greaterThan(10)), (calcium, .greaterThan(500)),
        ], sense: .maximize)
    }
    return Self.model(
      costs: costs, cap: 100,
      rows: [
        (protein, .greaterThan(60)), (fiber, .greaterThan(25)), (energy, .interval(1_800, 2_400)),
        (sodium, .lessThan(2_300)), (calcium, .greaterThan(1_000)),
      ])
  }

  @Test(
    "five goals over 2,500 foods, the cheap protein salty: GLPK's optimum, from 24 or 1 first foods a goal")
  func severalRounds() throws {
    let model = Self.saltyWeek()
    #expect(Sifting.applies(to: model))
    let (solution, rounds) = try #require(
      try Sifting(model: model).run(solver: GLPKSolver(), options: SolverOptions()))
    #expect(rounds == 1)
    try Self.expectOptimal(solution, of: model)
    // One first food a goal: more rounds, the same optimum.
    var sifting = Sifting(model: model)
    sifting.firstColumnsPerRow = 1
    let (fewer, moreRounds) = try #require(try sifting.run(solver: GLPKSolver(), options: SolverOptions()))
    #expect(moreRounds > 2)
    try Self.expectOptimal(fewer, of: model)
  }

  @Test("the same foods, the most protein within a budget (maximised): GLPK's optimum")
  func maximised() throws {
    let model = Self.saltyWeek(sense: .maximize)
    let solution = try #require(try Sifting.solve(model, solver: GLPKSolver(), options: SolverOptions()))
    try Self.expectOptimal(solution, of: model)
  }

  @Test("foods with a lower bound above zero are always kept, and eaten at least that much")
  func lowerBoundsKept() throws {
    var numbers = Numbers(state: 3)
    let costs = (0..<2_400).map { _ in numbers.next(0.001...0.03) }
    let protein = (0..<2_400).map { _ in numbers.next(0...0.4) }
    // Every 100th food at least 5 g, though dearer than the rest.
    let model = Self.model(
      costs: costs.indices.map { $0 % 100 == 0 ? 0.5 : costs[$0] }, cap: 100,
      rows: [(protein, .greaterThan(60))], lower: { $0 % 100 == 0 ? 5 : 0 })
    let solution = try #require(try Sifting.solve(model, solver: GLPKSolver(), options: SolverOptions()))
    for j in stride(from: 0, to: 2_400, by: 100) { #expect(solution.values[j] >= 5 - 1e-9) }
    try Self.expectOptimal(solution, of: model)
  }

  @Test("when the first foods cannot meet a goal, a first phase finds foods that can")
  func firstColumnsInfeasible() throws {
    // 100 g of protein from foods of at most 1 g each: the 24 first foods give 24 g.
    let model = Self.model(
      costs: [Double](repeating: 0.01, count: 3_000), cap: 10,
      rows: [([Double](repeating: 0.1, count: 3_000), .greaterThan(100))])
    let (solution, rounds) = try #require(
      try Sifting(model: model).run(solver: GLPKSolver(), options: SolverOptions()))
    #expect(rounds > 2)
    #expect(abs((solution.objectiveValue ?? 0) - 10) <= 1e-9)
    try Self.expectOptimal(solution, of: model)
  }

  @Test("a wide model no plan meets: nil, and the whole model's solve says infeasible")
  func infeasible() throws {
    // 1,000 g of protein from 3,000 foods of at most 10 g, 0.1 g of protein a gram: 3,000 g at most.
    let model = Self.model(
      costs: [Double](repeating: 0.01, count: 3_000), cap: 10,
      rows: [([Double](repeating: 0.1, count: 3_000), .greaterThan(4_000))])
    #expect(try Sifting(model: model).run(solver: GLPKSolver(), options: SolverOptions()) == nil)
    #expect(try GLPKSolver().solve(model, options: SolverOptions()).status == .infeasible)
  }

  @Test("the rounds share the time limit: with a microsecond, nil before any solve")
  func timeLimitShared() throws {
    let model = Self.saltyWeek()
    var options = SolverOptions()
    // Choosing the first columns of 2,500 alone takes longer than this.
    options.timeLimit = 1e-6
    #expect(try Sifting(model: model).run(solver: GLPKSolver(), options: options) == nil)
  }

  @Test("which models are sifted: LPs of 2,000 columns or more, 50 or more a row")
  func applies() {
    let one: (Int) -> [(coefficients: [Double], set: ConstraintSet)] = { n in
      [([Double](repeating: 1, count: n), .greaterThan(1))]
    }
    #expect(
      Sifting.applies(to: Self.model(costs: .init(repeating: 1, count: 2_000), cap: 1, rows: one(2_000))))
    #expect(
      !Sifting.applies(to: Self.model(costs: .init(repeating: 1, count: 1_999), cap: 1, rows: one(1_999))))
    // 2,000 columns and 41 rows: fewer than 50 a row.
    let rows = (0..<41).map { _ in ([Double](repeating: 1, count: 2_000), ConstraintSet.greaterThan(1)) }
    #expect(!Sifting.applies(to: Self.model(costs: .init(repeating: 1, count: 2_000), cap: 1, rows: rows)))
    var integer = Self.model(costs: .init(repeating: 1, count: 2_000), cap: 1, rows: one(2_000))
    integer.addVariable("n", lower: 0, upper: 3, kind: .integer)
    #expect(!Sifting.applies(to: integer))
  }

  @Test("a diet of 2,500 foods over 7 days: the same plan with and without sifting")
  func dietPlanner() throws {
    var numbers = Numbers(state: 11)
    let foods = (0..<2_500).map { j in
      Food(
        id: "f\(j)", name: "Food \(j)",
        nutrientsPer100g: [
          .energy: numbers.next(20...500), .protein: numbers.next(0...30), .fiber: numbers.next(0...10),
          .sodium: numbers.next(0...800),
        ],
        offers: [Offer(price: Money(minorUnits: Int(numbers.next(10...300))), packageGrams: 100)])
    }
    let problem = DietProblem(
      foods: foods, days: 7,
      goals: [
        NutrientGoal(.energy, minimum: 1_800, maximum: 2_400), NutrientGoal(.protein, minimum: 60),
        NutrientGoal(.fiber, minimum: 25), NutrientGoal(.sodium, maximum: 2_300),
      ],
      foodLimits: foods.map { FoodLimit(food: $0.id, maximumGrams: 300) })
    var sifting = DietPlanner()
    sifting.siftsWideModels = true
    var whole = DietPlanner()
    whole.siftsWideModels = false
    let sifted = try sifting.solve(problem)
    let reference = try whole.solve(problem)
    #expect(sifted.status == .optimal)
    #expect(reference.status == .optimal)
    let cost = try #require(sifted.exactCost)
    let referenceCost = try #require(reference.exactCost)
    #expect(abs(cost - referenceCost) <= 1e-9 * referenceCost, "\(cost) against \(referenceCost)")
    #expect(sifted.days.count == 7)
  }
}
