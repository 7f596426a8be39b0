import Foundation
import GLPKBackend
import MealOptimizer
import Testing

/// The meal-plan search, step by step, against GLPK's own branch-and-bound
/// proven at gap 0 on generated weeks small enough for it (two days from
/// ``MealTestKitchen`` with seeded prices and rules).
@Suite("Meal-plan search against the proven optimum", .serialized)
struct MealPlanSearchTests {
  typealias Kitchen = MealTestKitchen

  static let seeds: [UInt64] = [1, 2, 3, 4]

  /// Two days of the test kitchen, portions 0.5 to 2: every price scaled by
  /// 0.6 to 1.4 (in cents), and by seed either each recipe at most once in
  /// the two days or once a day.
  static func smallWeek(seed: UInt64, tieBreak: MealTieBreak = .none) -> MealPlanProblem {
    var numbers = SplitMix64(seed: seed)
    let foods = Kitchen.foods.map { food in
      var food = food
      food.offers = food.offers.map { offer in
        var offer = offer
        let cents = (NSDecimalNumber(decimal: offer.price).doubleValue * (0.6 + 0.8 * numbers.unit()) * 100)
          .rounded()
        offer.price = Decimal(Int(cents)) / 100
        return offer
      }
      return food
    }
    var problem = Kitchen.problem(
      days: 2, portions: .halfToDouble,
      repetition: RepetitionLimits(maximumPerWeek: seed % 2 == 0 ? 1 : nil, oncePerDay: seed % 2 == 1),
      tieBreak: tieBreak)
    problem.foods = foods
    return problem
  }

  /// GLPK's branch-and-bound on the whole model, proven at gap 0.
  static func provenOptimum(
    _ built: MealPlanModel, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Double {
    var options = SolverOptions()
    options.relativeGap = 0
    options.timeLimit = 60
    let solution = try GLPKSolver().solve(built.model, options: options)
    #expect(solution.status == .optimal, sourceLocation: sourceLocation)
    #expect(solution.termination == .completed, sourceLocation: sourceLocation)
    return try #require(solution.objectiveValue, sourceLocation: sourceLocation)
  }

  static func search(_ built: MealPlanModel, gap: Double = 0.01, seconds: Double = 30) -> MealPlanSearch {
    MealPlanSearch(
      solver: GLPKSolver(), slots: built.slots, relativeGap: gap,
      deadline: ContinuousClock.now + .seconds(seconds))
  }

  /// Checks what a step left: its bound at most the optimum, its plan a
  /// point of the model costing at least the optimum.
  static func expectHonest(
    _ progress: MealPlanSearch.Progress, model: LinearModel, optimum: Double, step: MealPlanSearch.Step,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if let bound = progress.bound {
      #expect(
        bound <= optimum + 1e-6, "\(step): bound \(bound) > optimum \(optimum)",
        sourceLocation: sourceLocation)
    }
    if let values = progress.values {
      #expect(
        model.isFeasible(values, tolerance: 1e-5), "\(step): \(model.violations(at: values))",
        sourceLocation: sourceLocation)
      #expect(
        progress.objective >= optimum - 1e-6, "\(step): plan \(progress.objective) < optimum \(optimum)",
        sourceLocation: sourceLocation)
      #expect(abs(model.objective.value(values) - progress.objective) < 1e-9, sourceLocation: sourceLocation)
    }
  }

  @Test(
    "each step alone, after the LP relaxation, gives bounds at most and plans at least the optimum",
    arguments: seeds)
  func eachStepIsHonest(seed: UInt64) throws {
    let built = try MealPlanModelBuilder(problem: Self.smallWeek(seed: seed)).build()
    let optimum = try Self.provenOptimum(built)
    let search = Self.search(built, gap: 1e-9)
    var root = MealPlanSearch.Progress()
    try search.perform(.relaxation, on: built.model, &root)
    let relaxation = try #require(root.bound)
    Self.expectHonest(root, model: built.model, optimum: optimum, step: .relaxation)
    for step in MealPlanSearch.costSteps where step != .relaxation {
      var progress = root
      if step == .improveDays {
        // The step starts from a plan: give it relax-and-fix's, or the dive's.
        try search.perform(.relaxAndFix, on: built.model, &progress)
        if progress.values == nil { try search.perform(.dive, on: built.model, &progress) }
        try #require(progress.values != nil)
      }
      try search.perform(step, on: built.model, &progress)
      Self.expectHonest(progress, model: built.model, optimum: optimum, step: step)
      #expect((progress.bound ?? -.infinity) >= relaxation - 1e-9, "\(step) lowered the bound")
      #expect(progress.records.last?.step == step)
    }
  }

  @Test("a week's purchases are kept when a gap, a node limit or the clock stopped their solve at a point")
  func completionKeepsStoppedPoints() {
    let point = [1.0, 0.5]
    let kept: [(TerminationStatus, ResultStatus)] = [
      (.completed, .optimal), (.gapLimit, .feasible), (.nodeLimit, .feasible), (.timeLimit, .feasible),
    ]
    for (termination, status) in kept {
      let result = Solution(termination: termination, status: status, values: point)
      #expect(MealPlanSearch.isCompletion(result, count: 2), "\(termination)")
      // Values of another model are not a point of this one.
      #expect(!MealPlanSearch.isCompletion(result, count: 3), "\(termination)")
    }
    #expect(!MealPlanSearch.isCompletion(Solution(termination: .timeLimit, status: .unknown), count: 2))
    #expect(!MealPlanSearch.isCompletion(Solution(termination: .completed, status: .infeasible), count: 2))
    #expect(
      !MealPlanSearch.isCompletion(Solution(termination: .failed, status: .feasible, values: point), count: 2)
    )
  }

  @Test("the last resort alone, at gap 0, finds the optimum itself", arguments: seeds)
  func fullModelFindsOptimum(seed: UInt64) throws {
    let built = try MealPlanModelBuilder(problem: Self.smallWeek(seed: seed)).build()
    let optimum = try Self.provenOptimum(built)
    var progress = MealPlanSearch.Progress()
    try Self.search(built, gap: 0).perform(.fullModel, on: built.model, &progress)
    #expect(abs(progress.objective - optimum) < 1e-6)
    #expect(abs((progress.bound ?? -.infinity) - optimum) < 1e-6)
  }

  @Test(
    "the search's bound never exceeds the optimum; its optimal plans are within the gap, and at gap 0 equal it",
    arguments: seeds)
  func searchBoundsAndPlans(seed: UInt64) throws {
    let built = try MealPlanModelBuilder(problem: Self.smallWeek(seed: seed)).build()
    let optimum = try Self.provenOptimum(built)
    for gap in [0.01, 1e-9] {
      let found = try Self.search(built, gap: gap).solve(
        built, tieBreakTolerance: 0.01, tieBreakSeconds: 30)
      let outcome = try found.get()
      let bound = try #require(outcome.bound)
      #expect(bound <= optimum + 1e-6)
      #expect(outcome.cost >= optimum - 1e-6)
      #expect(built.model.isFeasible(outcome.values, tolerance: 1e-5))
      #expect(outcome.isProven)
      #expect(outcome.termination == .completed || outcome.termination == .gapLimit)
      // The gap reported is a true gap: the optimum lies between the bound and the cost.
      #expect((outcome.cost - optimum) / outcome.cost <= (outcome.gap ?? 1) + 1e-12)
      #expect((outcome.cost - optimum) / outcome.cost <= gap + 1e-9)
      if gap < 1e-6 { #expect(abs(outcome.cost - optimum) < 1e-6) }
    }
  }

  @Test(
    "with the variety tie-break the reported gap is still a true bound and the cost stays under the cap",
    arguments: seeds)
  func varietyGapIsTrue(seed: UInt64) throws {
    let built = try MealPlanModelBuilder(problem: Self.smallWeek(seed: seed, tieBreak: .variety)).build()
    let optimum = try Self.provenOptimum(built)
    let outcome = try Self.search(built).solve(
      built, tieBreakTolerance: 0.01, tieBreakSeconds: 30
    ).get()
    let bound = try #require(outcome.bound)
    let cap = try #require(outcome.costCap)
    #expect(bound <= optimum + 1e-6)
    #expect(outcome.cost <= cap + 1e-6)
    #expect(outcome.isProven)
    #expect((outcome.cost - optimum) / outcome.cost <= (outcome.gap ?? 1) + 1e-12)
    #expect((outcome.cost - optimum) / outcome.cost <= 0.01 + 1e-9)
    #expect(outcome.records.last?.step == .tieBreak)
    #expect((outcome.records.last?.solves ?? .max) <= MealPlanSearch.Tuning().moves)
    #expect(outcome.tieBreakValue == built.tieBreak?.value(outcome.values))
  }

  @Test(
    "the same week gives the same plan on two runs, with a true bound in its report",
    arguments: [UInt64(2), 3])
  func sameInputSamePlan(seed: UInt64) throws {
    let problem = Self.smallWeek(seed: seed, tieBreak: .variety)
    let planner = MealPlanner(solver: GLPKSolver())
    var first = try planner.solve(problem)
    var second = try planner.solve(problem)
    // Clock readings differ from run to run; both runs proved their plan.
    #expect(first.report.provenSeconds != nil)
    #expect(second.report.provenSeconds != nil)
    first.report.seconds = 0
    second.report.seconds = 0
    first.report.provenSeconds = nil
    second.report.provenSeconds = nil
    #expect(first.hasPlan)
    #expect(first == second)
    // The planner reports the search's bound: a true bound, and an optimal plan within the gap of it.
    let optimum = try Self.provenOptimum(MealPlanModelBuilder(problem: problem).build())
    let bound = try #require(first.report.bound)
    let gap = try #require(first.report.relativeGap)
    #expect(bound <= optimum + 1e-6)
    #expect(first.status.hasPlan && first.report.metGapTarget)
    #expect(gap <= 0.01 + 1e-12)
  }

  @Test("the cost cap: the smaller of the tolerance and the gap's room above the bound, never below the cost")
  func costCap() {
    let search = MealPlanSearch(solver: GLPKSolver(), slots: [], relativeGap: 0.01, deadline: .now)
    #expect(search.costCap(cost: 100, bound: 99.5, tolerance: 0.01) == 99.5 / 0.99 - 1e-6)
    #expect(search.costCap(cost: 100, bound: 99.95, tolerance: 0.001) == 100.1)
    #expect(search.costCap(cost: 100, bound: 98, tolerance: 0.01) == 100)
    #expect(search.costCap(cost: 100, bound: nil, tolerance: 0.01) == 100)
    #expect(search.costCap(cost: 100, bound: 100, tolerance: 0) == 100)
  }

  @Test("a deadline already passed stops the search with time_limit, never completed")
  func deadlinePassed() throws {
    let built = try MealPlanModelBuilder(problem: Self.smallWeek(seed: 3, tieBreak: .variety)).build()
    let late = Self.search(built, seconds: -1)
    #expect(throws: MealPlanSearch.Failure.noPlan(.timeLimit, nil)) {
      try late.solve(built, tieBreakTolerance: 0.01, tieBreakSeconds: 0).get()
    }
    // A cost stage in time, a tie-break out of time: the plan stands, the termination says so.
    let outcome = try Self.search(built).solve(built, tieBreakTolerance: 0.01, tieBreakSeconds: 0).get()
    #expect(outcome.termination == .timeLimit)
    #expect(outcome.isProven)
    #expect(built.model.isFeasible(outcome.values, tolerance: 1e-5))
  }
}

extension MealPlanSearchTests {
  @Test(
    "a weekly budget 0.2% above the cheapest week: the week without budget rows is the answer, with a true bound",
    arguments: [UInt64(1), 2])
  func budgetJustAboveCheapest(seed: UInt64) throws {
    var problem = Self.smallWeek(seed: seed)
    let free = try Self.provenOptimum(MealPlanModelBuilder(problem: problem).build())
    // Two days are 2/7 of a week: the weekly budget is scaled by the block's length.
    let weekly = (free * 1.002 * 7 / 2 * 100).rounded(.up) / 100
    problem.budgets = [Budget(try Money(String(format: "%.2f", weekly)), per: .week)]
    let built = try MealPlanModelBuilder(problem: problem).build()
    #expect(built.model.constraints(in: .budget).count == 1)
    let optimum = try Self.provenOptimum(built)
    #expect(abs(optimum - free) < 1e-6)
    let outcome = try Self.search(built).solve(
      built, tieBreakTolerance: 0.01, tieBreakSeconds: 30
    ).get()
    #expect(outcome.records.first?.step == .withoutBudget)
    #expect(outcome.records.count == 1)
    #expect(outcome.isProven)
    #expect((outcome.bound ?? .infinity) <= optimum + 1e-6)
    #expect((outcome.cost - optimum) / outcome.cost <= (outcome.gap ?? 1) + 1e-12)
    #expect(built.model.isFeasible(outcome.values, tolerance: 1e-5))
  }
}

/// ``MealPlanSearch/Tuning/set(_:)``, which `meals-bench --tuning` uses to
/// try other values on the family of weeks.
@Suite("Tuning constants set by name")
struct TuningSettingTests {
  @Test("a constant's name and a value that fits it set it")
  func setsByName() {
    var tuning = MealPlanSearch.Tuning()
    let accepted = [
      "stepShare=0.4", "moves=12", "dishKickSizes=2,5", "treePresolve=false", "treeCuts=mir",
    ]
    .map { tuning.set($0) }
    #expect(accepted == [true, true, true, true, true])
    #expect(tuning.stepShare == 0.4)
    #expect(tuning.moves == 12)
    #expect(tuning.dishKickSizes == [2, 5])
    #expect(tuning.treePresolve == false)
    #expect(tuning.treeCuts == "mir")
  }

  @Test(
    "an unknown name, a value that does not fit, or no '=' changes nothing",
    arguments: [
      "dishMoves=5", "patternColumnShare=0.6", "stepShare=half", "stepShare=inf", "moves=1.5",
      "countChecks=12", "weekTotalsShare=0.75", "dishKickSizes=3,x",
      "treePresolve=yes", "stepShare",
    ])
  func rejects(_ setting: String) {
    var tuning = MealPlanSearch.Tuning()
    let accepted = tuning.set(setting)
    #expect(!accepted)
    #expect(tuning == MealPlanSearch.Tuning())
  }
}
