import Foundation
import GLPKBackend
import MealOptimizer
import PlanDSL
import Testing

/// Food plans in whole servings are planned by the meal-plan search, day
/// patterns first (issue 13, item 3). The fixture is issue 13's benchmark
/// family at 30 foods in whole 100 g servings
/// (`Benchmarks/family/generate.py --sizes 30 --whole`).
@Suite("Whole servings: the day-pattern search")
struct WholeServingsSearchTests {
  static let fixture = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/family-30-whole.plan")

  static func problem(days: Int = 7, sourceLocation: SourceLocation = #_sourceLocation) throws -> DietProblem
  {
    let program = try PlanLoader().load(path: fixture.path)
    let spec = try #require(program.plan(named: "whole"), sourceLocation: sourceLocation)
    var problem = try program.dietProblem(for: spec)
    problem.days = days
    return problem
  }

  /// The optimum as GLPK's branch and cut proves it on the whole plan, with no gap and no time limit.
  static func provenOptimum(_ problem: DietProblem, sourceLocation: SourceLocation = #_sourceLocation)
    throws -> Double
  {
    var options = SolverOptions()
    options.relativeGap = 0
    let solution = try GLPKSolver().solve(DietModelBuilder().build(problem).model, options: options)
    #expect(solution.status == .optimal, sourceLocation: sourceLocation)
    #expect(solution.termination == .completed, sourceLocation: sourceLocation)
    return try #require(solution.objectiveValue, sourceLocation: sourceLocation)
  }

  /// The search with the given steps on a food plan's model, each day one block.
  static func search(_ built: DietModel, steps: [MealPlanSearch.Step]) -> MealPlanSearch {
    var search = MealPlanSearch(
      solver: GLPKSolver(), slots: [], relativeGap: 0, deadline: .now + .seconds(600))
    search.givenBlocks = (1...built.days).map { day in
      built.foodIDs.indices.map { built.variable(foodIndex: $0, dayIndex: day - 1) }
    }
    search.steps = steps
    return search
  }

  // GLPK proves these plans optimal in about a second (30 foods over 3 and 4
  // days); over 7 days it does not in minutes.
  @Test(
    "30 foods in whole servings: the planner reaches GLPK's proven optimum, and proves it",
    arguments: [(3, 13.79), (4, 19.76)])
  func reachesTheOptimum(days: Int, expected: Double) throws {
    let problem = try Self.problem(days: days)
    let optimum = try Self.provenOptimum(problem)
    #expect(abs(optimum - expected) <= 1e-9)
    var options = SolverOptions()
    options.relativeGap = 0
    let plan = try DietPlanner(options: options).solve(problem)
    #expect(plan.status == .optimal)
    let objective = try #require(plan.objectiveValue)
    #expect(abs(objective - optimum) <= 1e-9)
    let bound = try #require(plan.report.bound)
    #expect(bound <= optimum + 1e-9)
  }

  @Test(
    "the day patterns alone: a bound below GLPK's proven optimum, and a plan at or above it",
    arguments: [3, 4])
  func dayPatternsAlone(days: Int) throws {
    let problem = try Self.problem(days: days)
    let optimum = try Self.provenOptimum(problem)
    let built = try DietModelBuilder().build(problem)
    let found = try Self.search(built, steps: [.dayPatterns]).minimizeCost(built.model)
    #expect(found.failure == nil)
    #expect(found.dualBoundFound)
    let bound = try #require(found.bound)
    #expect(bound <= optimum + 1e-9)
    #expect(found.objective >= optimum - 1e-9)
    // The patterns' bound is far above the LP relaxation's, within 1% of the optimum here.
    #expect(optimum - bound <= 0.01 * optimum)
    let values = try #require(found.values)
    #expect(built.model.isFeasible(values, tolerance: 1e-9))
  }

  @Test(
    "the fixture's 7 days: 41.79 USD, proven by the day patterns; GLPK's own search agrees within its bounds")
  func week() throws {
    let problem = try Self.problem()
    let plan = try DietPlanner().solve(problem)
    #expect(plan.status == .optimal)
    #expect(plan.cost == Decimal(string: "41.79"))
    let bound = try #require(plan.report.bound)
    #expect(bound <= 41.79 + 1e-9)
    #expect(41.79 - bound <= 1e-4 * 41.79)
    // GLPK's branch and cut for a few seconds: its bound is below the plan and its best plan not under it.
    var options = SolverOptions()
    options.timeLimit = 3
    let glpk = try GLPKSolver().solve(DietModelBuilder().build(problem).model, options: options)
    let glpkBound = try #require(glpk.bound)
    #expect(glpkBound <= 41.79 + 1e-9)
    if let best = glpk.objectiveValue { #expect(best >= bound - 1e-9) }
  }

  @Test("days that differ get patterns of their own, and the week is still the proven optimum")
  func differentDays() throws {
    // Three days of two items in whole units, 0 to 3 a day: each day needs
    // 5 points (item a gives 2, b gives 3); a is dearer on day 2, b on day 3.
    // Over the three days at most 4 of a and 3 of b.
    var model = LinearModel(name: "days")
    let costs: [(a: Double, b: Double)] = [(1, 2), (3, 2), (1, 4)]
    var blocks: [[VariableRef]] = []
    var objective = LinearExpression()
    for (day, cost) in costs.enumerated() {
      let a = model.addVariable("a\(day)", lower: 0, upper: 3, kind: .integer)
      let b = model.addVariable("b\(day)", lower: 0, upper: 3, kind: .integer)
      model.addConstraint("points\(day)", LinearExpression([(a, 2), (b, 3)]), .greaterThan(5))
      objective.add(a, cost.a)
      objective.add(b, cost.b)
      blocks.append([a, b])
    }
    model.addConstraint("a", LinearExpression(blocks.map { ($0[0], 1) }), .lessThan(4))
    model.addConstraint("b", LinearExpression(blocks.map { ($0[1], 1) }), .lessThan(3))
    model.setObjective(.minimize, objective)
    var options = SolverOptions()
    options.relativeGap = 0
    let exact = try GLPKSolver().solve(model, options: options)
    // Day 1: a = 1, b = 1 (3); day 2: b = 2 (4); day 3: a = 3 (3): 10 in all.
    #expect(abs((exact.objectiveValue ?? 0) - 10) <= 1e-9)
    var search = MealPlanSearch(
      solver: GLPKSolver(), slots: [], relativeGap: 0, deadline: .now + .seconds(600))
    search.givenBlocks = blocks
    search.steps = [.dayPatterns]
    #expect(search.dayStructure(model)?.classes.count == 3)
    let found = try search.minimizeCost(model)
    #expect(abs(found.objective - 10) <= 1e-9)
    let bound = try #require(found.bound)
    #expect(bound <= 10 + 1e-9)
  }

  @Test("identical days are one class: a week of 7 days prices one day")
  func identicalDays() throws {
    let built = try DietModelBuilder().build(Self.problem())
    let search = Self.search(built, steps: [.dayPatterns])
    let structure = try #require(search.dayStructure(built.model))
    #expect(structure.classes.map(\.days) == [[0, 1, 2, 3, 4, 5, 6]])
    // The weekly limit of each of the 30 foods ties the days together.
    #expect(structure.linking.count == 30)
  }

  @Test("the planner reports the search's steps, plan and bound to its progress hook")
  func progress() throws {
    let problem = try Self.problem(days: 4)
    let collected = SolveProgressTests.Collected()
    var planner = DietPlanner()
    planner.progress = { collected.add($0) }
    let plan = try planner.solve(problem)
    let steps = collected.all.map(\.step)
    #expect(steps.first == .relaxation)
    #expect(steps.contains(.dayPatterns))
    let last = try #require(collected.all.last)
    #expect(last.bound == plan.report.bound)
    #expect(last.bestCost == plan.objectiveValue)
  }
}
