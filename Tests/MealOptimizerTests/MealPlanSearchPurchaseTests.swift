import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

/// The meal-plan search on models that buy whole packages, step by step,
/// against GLPK's own branch-and-bound proven at gap 0.
@Suite("Meal-plan search with purchases against the proven optimum", .serialized)
struct MealPlanSearchPurchaseTests {
  /// Two seeded days of the test kitchen, paid at the till, with a small pantry.
  static func problem(seed: UInt64) -> MealPlanProblem {
    var problem = MealPlanSearchTests.smallWeek(seed: seed)
    problem.purchasing = Purchasing(pantry: [PantryStock(food: "olive_oil", grams: 20)])
    return problem
  }

  @Test(
    "eaten_week and full_model (with cuts) give bounds at most and plans at least the optimum",
    arguments: MealPlanSearchTests.seeds)
  func stepsAreHonest(seed: UInt64) throws {
    let built = try MealPlanModelBuilder(problem: Self.problem(seed: seed)).build()
    #expect(!built.model.constraints(in: .purchases).isEmpty)
    let optimum = try MealPlanSearchTests.provenOptimum(built)
    let search = MealPlanSearchTests.search(built, gap: 1e-9)
    var root = MealPlanSearch.Progress()
    try search.perform(.relaxation, on: built.model, &root)
    var eaten = root
    try search.perform(.eatenWeek, on: built.model, &eaten)
    // The eaten week always has a plan here: every day can be filled.
    #expect(eaten.values != nil)
    MealPlanSearchTests.expectHonest(eaten, model: built.model, optimum: optimum, step: .eatenWeek)
    var full = eaten
    try search.perform(.fullModel, on: built.model, &full)
    MealPlanSearchTests.expectHonest(full, model: built.model, optimum: optimum, step: .fullModel)
    // At gap 1e-9 the last resort proves the optimum.
    #expect(abs(full.objective - optimum) < 1e-6)
    #expect(abs((full.bound ?? -.infinity) - optimum) < 1e-6)
  }

  @Test(
    "dish_search keeps plans at least the optimum, priced at the till exactly",
    arguments: MealPlanSearchTests.seeds)
  func dishSearchIsHonest(seed: UInt64) throws {
    let built = try MealPlanModelBuilder(problem: Self.problem(seed: seed)).build()
    let (eaten, walked, _) = try Self.dishSearchAfterEaten(built)
    #expect(walked <= eaten)
  }

  /// Runs the relaxation, `eaten_week` and `dish_search` on a model with
  /// purchases and checks what the walk kept against GLPK's proven optimum,
  /// and that the pricer's figure for it is what the model pays (this pantry
  /// has no use-by date and there is no leftover credit).
  ///
  /// - Returns: the cost after `eaten_week` and after `dish_search`, and a
  ///   walk from the plan it kept.
  static func dishSearchAfterEaten(
    _ built: MealPlanModel, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (eaten: Double, walked: Double, walk: DishWalk) {
    let optimum = try MealPlanSearchTests.provenOptimum(built, sourceLocation: sourceLocation)
    let search = MealPlanSearchTests.search(built, gap: 1e-9)
    var progress = MealPlanSearch.Progress()
    try search.perform(.relaxation, on: built.model, &progress)
    try search.perform(.eatenWeek, on: built.model, &progress)
    let eaten = progress.objective
    try search.perform(.dishSearch, on: built.model, &progress)
    MealPlanSearchTests.expectHonest(
      progress, model: built.model, optimum: optimum, step: .dishSearch, sourceLocation: sourceLocation)
    let values = try #require(progress.values, sourceLocation: sourceLocation)
    let days = Set(search.dayBlocks.joined().map(\.index))
    let pricer = try #require(TillPricer(built.model, dayVariables: days), sourceLocation: sourceLocation)
    let walk = try #require(
      DishWalk(model: built.model, slots: built.slots, pricer: pricer, start: values),
      sourceLocation: sourceLocation)
    #expect(abs(walk.cost - built.model.objective.value(values)) < 1e-6, sourceLocation: sourceLocation)
    return (eaten, progress.objective, walk)
  }

  @Test(
    "dish_search on weeks with leftovers, one person's and a household's, keeps plans at least the optimum, priced at the till exactly",
    arguments: MealPlanSearchTests.seeds)
  func dishSearchWithLeftovers(seed: UInt64) throws {
    var week = Self.problem(seed: seed)
    week.leftovers = [LeftoverRule(from: .dinner, to: .lunch)]
    week.repetition.counting = .cookings
    let solo = try MealPlanModelBuilder(problem: week).build()
    #expect(solo.slots.contains { $0.leftoverOf != nil })
    let (soloEaten, soloWalked, _) = try Self.dishSearchAfterEaten(solo)
    #expect(soloWalked <= soloEaten)
    week.goals = []
    let family = try HouseholdModelBuilder(
      problem: HouseholdProblem(meals: week, household: HouseholdPlannerTests.family())
    ).build().model
    let (eaten, walked, walk) = try Self.dishSearchAfterEaten(family)
    #expect(walked <= eaten)
    // The walk moves the fresh slots; a dinner whose leftovers are lunch
    // carries the portions of the members who eat them as well.
    #expect(walk.slots.count == family.slots.filter { $0.leftoverOf == nil }.count)
    let followed = walk.slots.indices.filter { !walk.followers[$0].isEmpty }
    #expect(!followed.isEmpty)
    for slot in followed {
      let choice = walk.choices[slot]
      let own = walk.slots[slot].options[choice.option].memberSteps.count
      let theirs = walk.followers[slot].reduce(0) { $0 + $1.options[choice.option].memberSteps.count }
      #expect(choice.members.count == own + theirs && theirs > 0)
    }
  }

  /// The seeded week for ``HouseholdPlannerTests/family(childSkips:)``,
  /// paid at the till: three members, a portion each.
  static func household(seed: UInt64) throws -> MealPlanModel {
    var week = problem(seed: seed)
    week.goals = []
    let problem = HouseholdProblem(meals: week, household: HouseholdPlannerTests.family())
    return try HouseholdModelBuilder(problem: problem).build().model
  }

  @Test(
    "complete() keeps the best purchases GLPK found within its node limit: a plan of the model, never below the exact one",
    arguments: MealPlanSearchTests.seeds)
  func completeWithinNodeLimit(seed: UInt64) throws {
    let built = try Self.household(seed: seed)
    var options = SolverOptions()
    options.relativeGap = 0
    let week = try GLPKSolver().solve(built.model, options: options)
    let search = MealPlanSearchTests.search(built, gap: 1e-9)
    var days: [VariableRef: Double] = [:]
    for variable in search.dayBlocks.joined() { days[variable] = week.values[variable.index] }
    var progress = MealPlanSearch.Progress()
    let exact = try #require(try search.complete(built.model, days: days, &progress))
    // The optimum's meals: their exact purchases cost the optimum.
    #expect(abs(built.model.objective.value(exact) - (week.objectiveValue ?? .nan)) < 1e-6)
    var limited = search
    limited.tuning.moveNodeLimit = 1
    let first = try #require(try limited.complete(built.model, days: days, &progress))
    #expect(built.model.isFeasible(first, tolerance: 1e-5), "\(built.model.violations(at: first))")
    #expect(built.model.objective.value(first) >= built.model.objective.value(exact) - 1e-6)
  }

  @Test(
    "eaten_week's week of days alone keeps a household's portions: its slots renumbered, every member's with them"
  )
  func householdDaysRenumbered() throws {
    let built = try Self.household(seed: 1)
    let search = MealPlanSearchTests.search(built)
    let days = Array(search.dayBlocks.joined())
    let week = built.model.restricted(to: days)
    let local = Dictionary(uniqueKeysWithValues: days.enumerated().map { ($0.element.index, $0.offset) })
    let slots = MealPlanSearch.renumbered(built.slots, local)
    // Each variable keeps its name in the week of days alone.
    for (old, new) in zip(built.slots, slots) {
      for (option, copy) in zip(old.options, new.options) {
        #expect(copy.memberSteps.count == 3)
        let before = ([option.pick] + option.memberSteps).map { built.model.variables[$0.index].name }
        let after = ([copy.pick] + copy.memberSteps).map { week.variables[$0.index].name }
        #expect(before == after)
      }
    }
    // So the inner search sees the same days: every member's portions in them.
    let inner = MealPlanSearch(
      solver: GLPKSolver(), slots: slots, relativeGap: 0.01, deadline: ContinuousClock.now + .seconds(10))
    #expect(inner.dayBlocks.map(\.count) == search.dayBlocks.map(\.count))
  }

  @Test("a household's cover rows (the fewest dishes that fill each meal) keep its optimum")
  func householdCoverRows() throws {
    // Seed 2 allows each recipe once a week: each meal's two slots need two dishes.
    let built = try Self.household(seed: 2)
    let covers = built.model.constraints.filter { $0.name.hasPrefix("cooked_cover[") }
    #expect(
      covers.map(\.name) == [
        "cooked_cover[breakfast]", "cooked_cover[dinner]", "cooked_cover[lunch]", "cooked_cover[snack]",
      ])
    #expect(covers.allSatisfy { $0.set == .greaterThan(2) })
    var without = built
    without.model.constraints.removeAll { $0.name.hasPrefix("cooked_cover[") }
    #expect(
      abs(try MealPlanSearchTests.provenOptimum(without) - MealPlanSearchTests.provenOptimum(built)) < 1e-6)
  }

  @Test(
    "dish_search in a household fits each member's portion: plans at least the optimum, priced at the till exactly",
    arguments: MealPlanSearchTests.seeds)
  func householdDishSearch(seed: UInt64) throws {
    let built = try Self.household(seed: seed)
    #expect(built.slots.allSatisfy { $0.options.allSatisfy { $0.memberSteps.count == 3 } })
    let (eaten, walked, _) = try Self.dishSearchAfterEaten(built)
    // Before the walk knew households it left them alone; here it always finds a cheaper week.
    #expect(walked < eaten - 0.1)
  }

  @Test(
    "the whole search at gap 0 finds the proven optimum at the till", arguments: MealPlanSearchTests.seeds)
  func searchFindsTheOptimum(seed: UInt64) throws {
    let built = try MealPlanModelBuilder(problem: Self.problem(seed: seed)).build()
    let optimum = try MealPlanSearchTests.provenOptimum(built)
    let outcome = try MealPlanSearchTests.search(built, gap: 1e-9).solve(
      built, tieBreakTolerance: 0, tieBreakSeconds: 5
    ).get()
    #expect(abs(outcome.cost - optimum) < 1e-6)
    #expect(outcome.isProven)
  }

  @Test("the cooked rows keep the optimum and raise the LP bound", arguments: MealPlanSearchTests.seeds)
  func cookedRowsAreValid(seed: UInt64) throws {
    let built = try MealPlanModelBuilder(problem: Self.problem(seed: seed)).build()
    #expect(!built.model.constraints(in: .cooked).isEmpty)
    var without = built
    without.model = built.model.dropping([.cooked])
    #expect(
      abs(try MealPlanSearchTests.provenOptimum(without) - MealPlanSearchTests.provenOptimum(built)) < 1e-6)
    let lp = try #require(
      try GLPKSolver().solve(built.model.relaxingIntegrality(), options: SolverOptions()).objectiveValue)
    let lpWithout = try #require(
      try GLPKSolver().solve(without.model.relaxingIntegrality(), options: SolverOptions()).objectiveValue)
    #expect(lp >= lpWithout - 1e-9)
  }

  @Test(
    "the week summed over its days is a relaxation: every plan maps into it",
    arguments: MealPlanSearchTests.seeds)
  func weekTotalsRelaxes(seed: UInt64) throws {
    let built = try MealPlanModelBuilder(problem: Self.problem(seed: seed)).build()
    let totals = try #require(WeekTotals(built.model, slots: built.slots))
    #expect(totals.model.variables.count < built.model.variables.count)
    // The week's optimum, summed by class, keeps every row of the summed model at no more cost.
    var options = SolverOptions()
    options.relativeGap = 0
    let week = try GLPKSolver().solve(built.model, options: options)
    let point = totals.summing(week.values)
    #expect(totals.model.isFeasible(point, tolerance: 1e-6), "\(totals.model.violations(at: point))")
    #expect(totals.model.objective.value(point) <= built.model.objective.value(week.values) + 1e-9)
    // So its optimum bounds the week's.
    let summed = try GLPKSolver().solve(totals.model, options: options)
    #expect(summed.status == .optimal)
    let summedOptimum = try #require(summed.objectiveValue)
    let weekOptimum = try #require(week.objectiveValue)
    #expect(summedOptimum <= weekOptimum + 1e-6)
  }

  @Test(
    "the purchase relaxation is a chain of relaxations: summed week <= whole week <= the week, all above the LP",
    arguments: MealPlanSearchTests.seeds)
  func purchaseRelaxationChain(seed: UInt64) throws {
    let built = try MealPlanModelBuilder(problem: Self.problem(seed: seed)).build()
    let search = MealPlanSearchTests.search(built, gap: 1e-9)
    let relaxation = search.purchaseRelaxation(
      built.model, summed: WeekTotals(built.model, slots: built.slots))
    // Only the meal variables became continuous; the purchases stayed whole.
    let whole = built.model.variables.indices.filter { built.model.variables[$0].kind != .continuous }
    let meals = Set(search.dayBlocks.joined().map(\.index))
    for index in whole {
      #expect((relaxation.week.variables[index].kind == .continuous) == meals.contains(index), "\(index)")
    }
    let summed = try #require(relaxation.summed)
    #expect(summed.variables.contains { $0.kind != .continuous })
    var options = SolverOptions()
    options.relativeGap = 0
    let solver = GLPKSolver()
    let lp = try #require(
      try solver.solve(built.model.relaxingIntegrality(), options: options).objectiveValue)
    let optimum = try MealPlanSearchTests.provenOptimum(built)
    let weekValue = try #require(try solver.solve(relaxation.week, options: options).objectiveValue)
    let summedValue = try #require(try solver.solve(summed, options: options).objectiveValue)
    #expect(summedValue <= weekValue + 1e-6)
    #expect(weekValue <= optimum + 1e-6)
    #expect(weekValue >= lp - 1e-6)
    // The search's solve of it: a bound between the LP and the optimum, as
    // high as the whole week's optimum when it ran that tree to its end.
    let answer = try search.solve(relaxation, options: search.weekTotalsOptions()) { lp }
    let bound = try #require(answer.bound ?? answer.objectiveValue)
    #expect(answer.termination == .completed)
    #expect(bound <= optimum + 1e-6)
    #expect(abs(bound - weekValue) < 1e-6)
  }

  @Test(
    "week_totals' tree on a thread of its own: the same plan as in line, its bound at most the optimum",
    arguments: MealPlanSearchTests.seeds)
  func weekTotalsThread(seed: UInt64) throws {
    let built = try MealPlanModelBuilder(problem: Self.problem(seed: seed)).build()
    let optimum = try MealPlanSearchTests.provenOptimum(built)
    var inline = MealPlanSearchTests.search(built, gap: 1e-9)
    inline.worksBeside = false
    var threaded = MealPlanSearchTests.search(built, gap: 1e-9)
    threaded.worksBeside = true
    let alone = try inline.minimizeCost(built.model)
    let beside = try threaded.minimizeCost(built.model)
    #expect(abs(alone.objective - optimum) < 1e-6)
    #expect(abs(beside.objective - optimum) < 1e-6)
    MealPlanSearchTests.expectHonest(beside, model: built.model, optimum: optimum, step: .weekTotals)
    // The tree was waited for where the step stands, and without a cutoff its
    // bound is the summed minimum itself, never below the in-line step's
    // (which stops at the cutoff): the same steps ran, or fewer when it proved the plan there.
    let steps = beside.records.map(\.step)
    #expect(Array(alone.records.map(\.step).prefix(steps.count)) == steps)
    #expect(steps.count == alone.records.count || steps.last == .weekTotals)
    // It counts as one solve when the step ran (a search proven before it stops the tree).
    let trees = beside.records.filter { $0.step == .weekTotals }.map(\.solves).reduce(0, +)
    #expect(trees == (steps.contains(.weekTotals) ? 1 : 0))
  }

  /// A model GLPK's branch-and-bound takes long over, with a solution at
  /// once: four rows of 30 weights split in half, each row's miss paid for
  /// (a market split, proven only by going through most of its tree).
  static func marketSplit() -> LinearModel {
    var generator = SplitMix64(seed: 7)
    var hard = LinearModel(name: "market_split")
    let x = (0..<30).map { hard.addVariable("x\($0)", kind: .binary) }
    var misses = LinearExpression()
    for row in 0..<4 {
      let weights = x.map { _ in Double(generator.next() % 100) }
      let over = hard.addVariable("over\(row)", lower: 0)
      let under = hard.addVariable("under\(row)", lower: 0)
      hard.addConstraint(
        "split\(row)", LinearExpression(Array(zip(x, weights)) + [(over, -1), (under, 1)]),
        .equalTo((weights.reduce(0, +) / 2).rounded(.down)))
      misses.add(over, 1)
      misses.add(under, 1)
    }
    hard.setObjective(.minimize, misses)
    return hard
  }

  @Test(
    "week_totals stops its tree, not waiting for it, once the tree has a solution no dearer than the bound")
  func weekTotalsStopsAUselessTree() throws {
    let built = try MealPlanModelBuilder(problem: Self.problem(seed: 1)).build()
    // A tree that runs for a long while with a solution at once.
    var options = SolverOptions()
    options.relativeGap = 0
    options.timeLimit = 60
    options.observer = SolveObserver()
    let tree = BackgroundSolve(solver: GLPKSolver(), model: Self.marketSplit(), options: options)
    var search = MealPlanSearchTests.search(built, gap: 1e-9)
    search.worksBeside = true
    var progress = MealPlanSearch.Progress()
    progress.bound = 1000
    // A plan to prove (the step waits for the trees only then), far above the bound.
    progress.values = [Double](repeating: 0, count: built.model.variables.count)
    progress.objective = 2000
    progress.weekTotalsTree = tree
    try search.perform(.weekTotals, on: built.model, &progress)
    // Its first solution misses by less than the bound: its optimum is below
    // the bound, so it could prove nothing more, and it was stopped.
    #expect(progress.weekTotalsTree == nil)
    #expect(progress.bound == 1000)
    #expect(progress.solves == 1)
    let best = try #require(options.observer?.incumbent)
    #expect(best < 1000)
    guard case .failure(.cancelled) = tree.wait() else {
      Issue.record("the tree ran to its end: \(tree.wait())")
      return
    }
  }

  @Test("without a plan, week_totals leaves its trees running and the search goes on")
  func weekTotalsDoesNotWaitWithoutAPlan() throws {
    let built = try MealPlanModelBuilder(problem: Self.problem(seed: 1)).build()
    // A tree that runs for a long while, with no observer: nothing tells
    // the step it is of no use.
    var options = SolverOptions()
    options.relativeGap = 0
    options.timeLimit = 60
    let tree = BackgroundSolve(solver: GLPKSolver(), model: Self.marketSplit(), options: options)
    defer { tree.stop() }
    var search = MealPlanSearchTests.search(built, gap: 1e-9)
    search.worksBeside = true
    var progress = MealPlanSearch.Progress()
    progress.weekTotalsTree = tree
    try search.perform(.weekTotals, on: built.model, &progress)
    // No plan: the step took nothing from the tree and left it running.
    #expect(progress.weekTotalsTree === tree)
    #expect(progress.solves == 0)
    #expect(progress.bound == nil)
    #expect(progress.records.map(\.step) == [.weekTotals])
  }

  @Test("week_totals gives a bound at most the optimum", arguments: MealPlanSearchTests.seeds)
  func weekTotalsIsHonest(seed: UInt64) throws {
    let built = try MealPlanModelBuilder(problem: Self.problem(seed: seed)).build()
    let optimum = try MealPlanSearchTests.provenOptimum(built)
    let search = MealPlanSearchTests.search(built, gap: 1e-9)
    var progress = MealPlanSearch.Progress()
    try search.perform(.relaxation, on: built.model, &progress)
    let relaxation = try #require(progress.bound)
    try search.perform(.weekTotals, on: built.model, &progress)
    MealPlanSearchTests.expectHonest(progress, model: built.model, optimum: optimum, step: .weekTotals)
    let bound = try #require(progress.bound)
    #expect(bound >= relaxation)
    // With the optimal plan in hand, the summed model proves it (within 1e-9).
    try search.perform(.eatenWeek, on: built.model, &progress)
    try search.perform(.fullModel, on: built.model, &progress)
    #expect(abs(progress.objective - optimum) < 1e-6)
  }

  @Test(
    "under cost eaten, eaten_week's bound counts and proves the optimum", arguments: MealPlanSearchTests.seeds
  )
  func eatenWeekProvesCostEaten(seed: UInt64) throws {
    var problem = Self.problem(seed: seed)
    problem.purchasing?.costBasis = .eaten
    let built = try MealPlanModelBuilder(problem: problem).build()
    let optimum = try MealPlanSearchTests.provenOptimum(built)
    let search = MealPlanSearchTests.search(built, gap: 1e-9)
    var progress = MealPlanSearch.Progress()
    try search.perform(.eatenWeek, on: built.model, &progress)
    MealPlanSearchTests.expectHonest(progress, model: built.model, optimum: optimum, step: .eatenWeek)
    #expect(abs(progress.objective - optimum) < 1e-6)
    let bound = try #require(progress.bound)
    #expect(abs(bound - optimum) < 1e-6)
  }

  @Test(
    "under minimize cost the tie-break keeps what the plan buys; under cost eaten it keeps nothing",
    arguments: MealPlanSearchTests.seeds)
  func tieBreakKeepsPurchases(seed: UInt64) throws {
    var problem = MealPlanSearchTests.smallWeek(seed: seed, tieBreak: .variety)
    problem.purchasing = Purchasing(pantry: [PantryStock(food: "olive_oil", grams: 20)])
    let built = try MealPlanModelBuilder(problem: problem).build()
    let rows = try #require(built.purchaseRows)
    let search = MealPlanSearchTests.search(built)
    var progress = try search.minimizeCost(built.model)
    let values = try #require(progress.values)
    let held = MealPlanSearch.paidPurchases(of: built, in: values)
    #expect(Set(held.keys) == Set(rows.lines.map(\.variable) + rows.visits.map(\.variable)))
    let objective = try #require(built.tieBreak)
    let cap = search.costCap(cost: progress.objective, bound: progress.bound, tolerance: 0.01)
    let found = try search.breakTies(
      built.model, objective: objective, cost: built.cost, cap: cap, from: values, holding: held, &progress)
    for (variable, value) in held { #expect(abs(found.values[variable.index] - value) < 1e-6) }
    #expect(built.cost.value(found.values) <= cap + 1e-6)
    #expect(objective.value(found.values) <= objective.value(values) + 1e-9)

    problem.purchasing?.costBasis = .eaten
    let eaten = try MealPlanModelBuilder(problem: problem).build()
    #expect(MealPlanSearch.paidPurchases(of: eaten, in: values).isEmpty)
  }

  @Test("a household's model gets the cooked rows too, and they keep its optimum")
  func householdCookedRows() throws {
    let built = try HouseholdModelBuilder(problem: HouseholdCookingTests.problem()).build().model
    let names = built.model.constraints(in: .cooked).map { built.model.constraints[$0.index].name }
    #expect(
      names == [
        "cooked_each[soup,1]", "cooked_buys[soup,rice]", "cooked_each[stew,1]", "cooked_buys[stew,rice]",
      ])
    var without = built
    without.model = built.model.dropping([.cooked])
    #expect(
      abs(try MealPlanSearchTests.provenOptimum(without) - MealPlanSearchTests.provenOptimum(built)) < 1e-6)
  }
}

/// `eaten_week` on a week that may visit one store of two: each store's
/// eaten week, priced at its own offers, against the same week limited to
/// that store (`stores X`).
@Suite("eaten_week by store set", .serialized)
struct EatenWeekStoreSetTests {
  /// The small test week with a second store, `south`, whose prices are
  /// the market's times 0.6 to 1.4 by a seeded draw per food, both with
  /// trips, and the plan limited to one of them (or to the stores given).
  static func twoStores(seed: UInt64, only stores: [String]? = nil) -> MealPlanProblem {
    var problem = MealPlanSearchTests.smallWeek(seed: seed)
    var numbers = SplitMix64(seed: seed &+ 99)
    problem.foods = problem.foods.map { food in
      var food = food
      let factor = 0.6 + 0.8 * numbers.unit()
      food.offers += food.offers.map { offer in
        var south = offer
        south.store = "south"
        let cents = (NSDecimalNumber(decimal: offer.price).doubleValue * factor * 100).rounded()
        south.price = Decimal(Int(cents)) / 100
        return south
      }
      return food
    }
    problem.stores = [
      Store(id: "market", name: "Market", tripCost: 2), Store(id: "south", name: "South", tripCost: 1.5),
    ]
    problem.purchasing = Purchasing(stores: stores, maximumStores: stores == nil ? 1 : nil)
    return problem
  }

  /// `eaten_week` after the relaxation: its progress.
  static func eatenWeek(_ built: MealPlanModel) throws -> MealPlanSearch.Progress {
    let search = MealPlanSearchTests.search(built, gap: 1e-9, seconds: 60)
    var progress = MealPlanSearch.Progress()
    try search.perform(.relaxation, on: built.model, &progress)
    try search.perform(.eatenWeek, on: built.model, &progress)
    return progress
  }

  @Test(
    "with one store of two, eaten_week's plan is a point of the model, at least the optimum, and no dearer than either store's own",
    arguments: MealPlanSearchTests.seeds)
  func eachStoreIsPriced(seed: UInt64) throws {
    let built = try MealPlanModelBuilder(problem: Self.twoStores(seed: seed)).build()
    let optimum = try MealPlanSearchTests.provenOptimum(built)
    let progress = try Self.eatenWeek(built)
    MealPlanSearchTests.expectHonest(progress, model: built.model, optimum: optimum, step: .eatenWeek)
    for store in ["market", "south"] {
      let alone = try MealPlanModelBuilder(problem: Self.twoStores(seed: seed, only: [store])).build()
      let own = try Self.eatenWeek(alone)
      // The store's eaten week is the same week here, completed with either
      // store allowed and then walked at the store: never dearer.
      #expect(progress.objective <= own.objective + 1e-6, "\(store): \(own.objective)")
    }
  }
}
