import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

/// The count search of ``MealPlanSearch/Step/dishSearch`` (``DishCounts``)
/// and the `cooked_cover` rows, on whole-serving weeks of the test kitchen
/// paid at the till, against GLPK's proven optimum and the dish walk's price.
@Suite("Dish counts and cover rows against the walk and the proven optimum", .serialized)
struct DishCountsTests {
  /// A week of the test kitchen to search.
  struct Week: Sendable, CustomTestStringConvertible {
    var days: Int
    var repetition: RepetitionLimits
    var seed: UInt64
    /// The share of the kitchen's daily goals (see ``DishCountsTests/week(days:repetition:seed:goals:locks:stocked:)``).
    var goals = 0.6
    /// Whether the count search asks the solver for a week at least once
    /// here (the walk stops where some priced shift is cheaper).
    var countChecked = false
    /// Whether the count search finds a cheaper plan than the walk alone here.
    var countImproves = false

    var problem: MealPlanProblem {
      DishCountsTests.week(days: days, repetition: repetition, seed: seed, goals: goals)
    }

    var testDescription: String {
      var rules: [String] = []
      if let most = repetition.maximumPerWeek { rules.append("at most \(most) a week") }
      if repetition.oncePerDay { rules.append("once a day") }
      if repetition.notOnConsecutiveDays { rules.append("not on consecutive days") }
      let rule = rules.isEmpty ? "no repetition rule" : rules.joined(separator: ", ")
      return "\(days) days, seed \(seed), \(rule), goals x \(goals)"
    }
  }

  /// `days` days of the test kitchen at one serving a meal, prices scaled by
  /// seed as in ``MealPlanSearchTests/smallWeek(seed:tieBreak:)``, paid at
  /// the till with `stocked` foods in the pantry (20 g each). One serving a
  /// meal cannot reach the kitchen's 1,800 kcal, so the daily goals are
  /// scaled by `goals` (saturated fat's share of energy left as it is):
  /// tighter goals leave the walk fewer moves.
  static func week(
    days: Int, repetition: RepetitionLimits, seed: UInt64 = 1, goals: Double = 0.6, locks: [SlotLock] = [],
    stocked: [String] = ["olive_oil"]
  ) -> MealPlanProblem {
    var problem = MealPlanSearchTests.smallWeek(seed: seed)
    problem.days = days
    problem.portions = .wholeServing
    problem.repetition = repetition
    problem.locks = locks
    problem.purchasing = Purchasing(pantry: stocked.map { PantryStock(food: $0, grams: 20) })
    problem.goals = problem.goals.map { goal in
      guard goal.nutrient != .saturatedFat else { return goal }
      var goal = goal
      goal.minimum = goal.minimum.map { $0 * goals }
      goal.maximum = goal.maximum.map { $0 * goals }
      return goal
    }
    return problem
  }

  static let weeks: [Week] = [
    Week(days: 3, repetition: RepetitionLimits(maximumPerWeek: 2), seed: 1),
    Week(
      days: 3, repetition: RepetitionLimits(maximumPerWeek: 2, notOnConsecutiveDays: true), seed: 1,
      countChecked: true),
    Week(days: 4, repetition: RepetitionLimits(oncePerDay: true), seed: 2),
    Week(days: 4, repetition: RepetitionLimits(maximumPerWeek: 2), seed: 6),
    Week(days: 4, repetition: RepetitionLimits(maximumPerWeek: 2, oncePerDay: true), seed: 4),
    Week(days: 6, repetition: RepetitionLimits(oncePerDay: true), seed: 2, countChecked: true),
    Week(
      days: 4, repetition: RepetitionLimits(maximumPerWeek: 2), seed: 1, goals: 0.8, countChecked: true,
      countImproves: true),
    Week(
      days: 5, repetition: RepetitionLimits(maximumPerWeek: 2), seed: 3, goals: 0.75, countChecked: true,
      countImproves: true),
  ]

  /// The plan the relaxation and eaten_week steps leave, and the search that made it.
  static func eatenPlan(
    _ built: MealPlanModel, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (search: MealPlanSearch, values: [Double]) {
    let search = MealPlanSearchTests.search(built, gap: 1e-9)
    var progress = MealPlanSearch.Progress()
    try search.perform(.relaxation, on: built.model, &progress)
    try search.perform(.eatenWeek, on: built.model, &progress)
    return (search, try #require(progress.values, sourceLocation: sourceLocation))
  }

  /// The pricer of a model's purchase rows, its day variables those of the search's days.
  static func pricer(
    _ built: MealPlanModel, _ search: MealPlanSearch, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> TillPricer {
    let days = Set(search.dayBlocks.joined().map(\.index))
    return try #require(TillPricer(built.model, dayVariables: days), sourceLocation: sourceLocation)
  }

  /// The rows on the days alone, every other variable fixed where it may
  /// rest: the model the count search reads its rows on whole dishes from.
  static func dayRows(_ built: MealPlanModel, _ search: MealPlanSearch) -> LinearModel {
    let isDay = Set(search.dayBlocks.joined().map(\.index))
    var days = built.model
    days.constraints.removeAll { row in !row.expression.terms.allSatisfy { isDay.contains($0.variable.index) }
    }
    var rest: [VariableRef: Double] = [:]
    for (index, variable) in built.model.variables.enumerated() where !isDay.contains(index) {
      rest[VariableRef(index: index)] = min(max(0, variable.lower ?? 0), variable.upper ?? .infinity)
    }
    return days.fixing(rest)
  }

  /// A week's values, every other variable 0: each slot of a meal in `menu`
  /// serves that day's dish, every other slot its `(day - 1)`th option.
  static func values(
    of built: MealPlanModel, serving menu: [Meal: [String]], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [Double] {
    var values = [Double](repeating: 0, count: built.model.variables.count)
    for slot in built.slots {
      let option =
        if let id = menu[slot.meal]?[slot.day - 1] {
          try #require(slot.options.first { $0.id == id }, sourceLocation: sourceLocation)
        } else {
          slot.options[(slot.day - 1) % slot.options.count]
        }
      values[option.pick.index] = 1
    }
    return values
  }

  /// The index in `counts` of a meal's dish.
  static func dish(
    _ id: String, _ meal: Meal, in counts: DishCounts, _ built: MealPlanModel,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Int {
    var idOf: [Int: String] = [:]
    for slot in built.slots {
      for option in slot.options { idOf[option.pick.index] = option.id }
    }
    return try #require(
      counts.dishes.firstIndex { $0.meal == meal.name && idOf[$0.picks[0]] == id },
      sourceLocation: sourceLocation)
  }

  /// The week after the single shifts of `shift` (pairs `(from, -1), (to, +1)`),
  /// one at a time: in a fresh slot serving `from`, `from`'s pick set to 0
  /// and `to`'s to 1.
  static func shifted(
    _ values: [Double], by shift: DishCounts.Shift, of counts: DishCounts, slots: [ModelSlot],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [Double] {
    var values = values
    try #require(shift.count % 2 == 0, sourceLocation: sourceLocation)
    for first in stride(from: 0, to: shift.count, by: 2) {
      let (from, to) = (shift[first], shift[first + 1])
      try #require(from.by == -1 && to.by == 1, sourceLocation: sourceLocation)
      let fromPicks = Set(counts.dishes[from.dish].picks)
      let toPicks = Set(counts.dishes[to.dish].picks)
      let slot = try #require(
        slots.first { slot in
          slot.leftoverOf == nil
            && slot.options.contains { fromPicks.contains($0.pick.index) && values[$0.pick.index] > 0.5 }
        }, sourceLocation: sourceLocation)
      let old = try #require(
        slot.options.first { fromPicks.contains($0.pick.index) }, sourceLocation: sourceLocation)
      let new = try #require(
        slot.options.first { toPicks.contains($0.pick.index) }, sourceLocation: sourceLocation)
      values[old.pick.index] = 0
      values[new.pick.index] = 1
    }
    return values
  }

  /// Checks that the counts price a shift as the dish walk prices the week
  /// it makes, and that counts read off that week, or reset to it, agree.
  static func expectWalkPrice(
    of shift: DishCounts.Shift, _ counts: inout DishCounts, plan: [Double], _ built: MealPlanModel,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let target = try #require(counts.applying(shift), sourceLocation: sourceLocation)
    let week = try Self.shifted(
      plan, by: shift, of: counts, slots: built.slots, sourceLocation: sourceLocation)
    let walk = try #require(
      DishWalk(model: built.model, slots: built.slots, pricer: counts.pricer, start: week),
      sourceLocation: sourceLocation)
    let price = counts.price(of: shift)
    #expect(
      abs(price - walk.cost) < 1e-9, "\(shift): \(price) != \(walk.cost)", sourceLocation: sourceLocation)
    let read = try #require(
      DishCounts(slots: built.slots, pricer: counts.pricer, start: week), sourceLocation: sourceLocation)
    #expect(read.counts == target, sourceLocation: sourceLocation)
    #expect(abs(read.cost - walk.cost) < 1e-9, sourceLocation: sourceLocation)
    var moved = counts
    moved.reset(to: week)
    #expect(moved.counts == target, sourceLocation: sourceLocation)
    #expect(abs(moved.cost - walk.cost) < 1e-9, sourceLocation: sourceLocation)
  }

  @Test(
    "cooked_cover[breakfast] asks for the fewest flagged dishes that fill a week's breakfasts, and keeps the optimum",
    arguments: [["olive_oil"], ["olive_oil", "eggs", "bread"]])
  func coverRows(stocked: [String]) throws {
    let limit = 2
    let problem = Self.week(
      days: 7, repetition: RepetitionLimits(maximumPerWeek: limit, oncePerDay: false), stocked: stocked)
    // Every breakfast recipe is offered at every breakfast and, limited to
    // `limit` a week over all the meals that offer it, fills at most that
    // many. A recipe whose every food is stocked has no `bought` food, so no
    // `cooked` flag: it fills its share without one.
    var rest = problem.days
    var shares: [Int] = []
    var flagged: [String] = []
    let breakfasts = problem.recipes.filter { $0.meals.contains(.breakfast) }
    for recipe in breakfasts {
      let meals = problem.slots.filter { recipe.meals.contains($0) }.count
      let share = min(problem.days, min(problem.days * meals, limit))
      let foods = Set(recipe.ingredients.filter { $0.grams > 0 }.map(\.food))
      if foods.subtracting(stocked).isEmpty {
        rest -= share
      } else {
        shares.append(share)
        flagged.append(recipe.id)
      }
    }
    var fewest = 0
    var filled = 0
    for share in shares.sorted(by: >) where filled < rest {
      filled += share
      fewest += 1
    }
    // Seven breakfasts, two each: four dishes; with eggs and bread at home
    // egg_toast fills two without a flag, and three flagged dishes the other five.
    #expect(fewest == (stocked.contains("eggs") ? 3 : 4))
    #expect(flagged.count == (stocked.contains("eggs") ? 4 : 5))

    let built = try MealPlanModelBuilder(problem: problem).build()
    #expect(built.conflicts.isEmpty)
    let variable = Dictionary(built.model.variables.enumerated().map { ($1.name, $0) }) { a, _ in a }
    for recipe in breakfasts {
      #expect((variable["cooked[\(recipe.id)]"] != nil) == flagged.contains(recipe.id), "\(recipe.id)")
    }
    let row = try #require(built.model.constraints.first { $0.name == "cooked_cover[breakfast]" })
    #expect(row.group == .cooked)
    #expect(row.set == .greaterThan(Double(fewest)))
    #expect(row.expression.constant == 0)
    #expect(row.expression.terms.allSatisfy { $0.coefficient == 1 })
    #expect(row.expression.terms.count == flagged.count)
    #expect(
      Set(row.expression.terms.map(\.variable.index)) == Set(flagged.compactMap { variable["cooked[\($0)]"] })
    )

    // The rows cut off no plan: the proven optimum is the same without them.
    var without = built
    without.model.constraints.removeAll { $0.name.hasPrefix("cooked_cover[") }
    let removed = built.model.constraints.map(\.name).filter { $0.hasPrefix("cooked_cover[") }
    #expect(
      removed == [
        "cooked_cover[breakfast]", "cooked_cover[dinner]", "cooked_cover[lunch]", "cooked_cover[snack]",
      ])
    #expect(without.model.constraints.count == built.model.constraints.count - removed.count)
    let optimum = try MealPlanSearchTests.provenOptimum(built)
    let optimumWithout = try MealPlanSearchTests.provenOptimum(without)
    #expect(abs(optimum - optimumWithout) < 1e-6)
  }

  @Test(
    "the counts price each shift, and each pair of shifts, as the walk prices the week it makes",
    arguments: [
      Week(days: 3, repetition: RepetitionLimits(maximumPerWeek: 2), seed: 1),
      Week(days: 4, repetition: RepetitionLimits(oncePerDay: true), seed: 2),
      Week(days: 4, repetition: RepetitionLimits(maximumPerWeek: 2), seed: 6),
    ])
  func pricingIsTheWalks(week: Week) throws {
    let built = try MealPlanModelBuilder(problem: week.problem).build()
    let (search, plan) = try Self.eatenPlan(built)
    let pricer = try Self.pricer(built, search)
    var counts = try #require(DishCounts(slots: built.slots, pricer: pricer, start: plan))
    let walk = try #require(DishWalk(model: built.model, slots: built.slots, pricer: pricer, start: plan))
    #expect(abs(counts.cost - walk.cost) < 1e-9)
    #expect(counts.counts.reduce(0, +) == built.slots.count)
    let singles = counts.singleShifts()
    let accepted = singles.filter { counts.applying($0) != nil }
    // Without rows on whole dishes only a count's range refuses a shift.
    #expect(accepted.count == singles.count)
    #expect(!accepted.isEmpty)
    for shift in accepted { try Self.expectWalkPrice(of: shift, &counts, plan: plan, built) }
    // The pairs the count search prices, on the smallest week.
    guard week.days == 3 else { return }
    var pairs = 0
    for first in singles.indices {
      for second in singles.indices.dropFirst(first + 1) {
        let shift = singles[first] + singles[second]
        guard counts.applying(shift) != nil else { continue }
        pairs += 1
        try Self.expectWalkPrice(of: shift, &counts, plan: plan, built)
      }
    }
    #expect(pairs > singles.count)
  }

  @Test("a shift over a limit of two a week is refused, on one meal's dish or on two")
  func weeklyLimitRefuses() throws {
    let built = try MealPlanModelBuilder(
      problem: Self.week(days: 3, repetition: RepetitionLimits(maximumPerWeek: 2))
    ).build()
    let search = MealPlanSearchTests.search(built)
    let plan = try Self.values(
      of: built,
      serving: [
        .breakfast: ["overnight_oats", "overnight_oats", "egg_toast"],
        .snack: ["yogurt_bowl", "yogurt_bowl", "apple_almonds"],
      ])
    var counts = try #require(DishCounts(slots: built.slots, pricer: Self.pricer(built, search), start: plan))
    let oats = try Self.dish("overnight_oats", .breakfast, in: counts, built)
    let egg = try Self.dish("egg_toast", .breakfast, in: counts, built)
    let tofu = try Self.dish("tofu_scramble", .breakfast, in: counts, built)
    let yogurt = try Self.dish("yogurt_bowl", .breakfast, in: counts, built)
    let snackYogurt = try Self.dish("yogurt_bowl", .snack, in: counts, built)
    let banana = try Self.dish("banana_pb", .snack, in: counts, built)
    #expect([oats, egg, tofu].map { counts.counts[$0] } == [2, 1, 0])
    #expect([yogurt, snackYogurt, banana].map { counts.counts[$0] } == [0, 2, 0])
    // Each of these recipes is limited by one row on all its picks.
    for recipe in ["overnight_oats", "yogurt_bowl"] {
      let row = try #require(built.model.constraints.first { $0.name == "repeat[\(recipe),week1]" })
      #expect(row.set == .lessThan(2))
    }
    let toOats: DishCounts.Shift = [(egg, -1), (oats, 1)]
    let toYogurt: DishCounts.Shift = [(egg, -1), (yogurt, 1)]
    // Before the rows are read, only the counts' ranges bound them.
    #expect(counts.applying(toOats)?[oats] == 3)
    #expect(counts.applying(toYogurt)?[yogurt] == 1)

    counts.keepWholeRows(of: Self.dayRows(built, search))
    #expect(counts.applying(toOats) == nil)
    // yogurt_bowl's row counts the snacks too: two there and one at breakfast is three.
    #expect(counts.applying(toYogurt) == nil)
    var expected = counts.counts
    expected[egg] = 0
    expected[tofu] = 1
    #expect(counts.applying([(egg, -1), (tofu, 1)]) == expected)
    // A pair is judged on where it ends: oats out once and back once stays at two.
    #expect(counts.applying([(oats, -1), (tofu, 1), (egg, -1), (oats, 1)]) == expected)
    expected = counts.counts
    expected[egg] = 0
    expected[yogurt] = 1
    expected[snackYogurt] = 1
    expected[banana] = 1
    #expect(counts.applying([(snackYogurt, -1), (banana, 1), (egg, -1), (yogurt, 1)]) == expected)
    // The shifts the count search would price are the ones applying lets through.
    let singles = counts.singleShifts()
    #expect(singles.contains { $0.map(\.dish) == [egg, oats] })
    #expect(!singles.contains { $0.map(\.dish) == [tofu, oats] })
  }

  @Test("a shift that takes a locked dish's only serving away is refused, a lock by row or by bound")
  func lockRefuses() throws {
    let lock = SlotLock(day: 1, meal: .breakfast, recipe: "egg_toast")
    let built = try MealPlanModelBuilder(
      problem: Self.week(days: 3, repetition: RepetitionLimits(), locks: [lock])
    ).build()
    #expect(built.conflicts.isEmpty)
    let lockRow = try #require(built.model.constraints.first { $0.name == "lock[day1,breakfast]" })
    #expect(lockRow.set == .equalTo(1))
    let search = MealPlanSearchTests.search(built)
    let pricer = try Self.pricer(built, search)
    let once = try Self.values(
      of: built, serving: [.breakfast: ["egg_toast", "overnight_oats", "overnight_oats"]])
    let twice = try Self.values(
      of: built, serving: [.breakfast: ["egg_toast", "egg_toast", "overnight_oats"]])
    var counts = try #require(DishCounts(slots: built.slots, pricer: pricer, start: once))
    let egg = try Self.dish("egg_toast", .breakfast, in: counts, built)
    let oats = try Self.dish("overnight_oats", .breakfast, in: counts, built)
    let tofu = try Self.dish("tofu_scramble", .breakfast, in: counts, built)
    let eggAway: DishCounts.Shift = [(egg, -1), (tofu, 1)]
    #expect(counts.applying(eggAway) != nil)

    counts.keepWholeRows(of: Self.dayRows(built, search))
    #expect(counts.applying(eggAway) == nil)
    var expected = counts.counts
    expected[oats] = 1
    expected[tofu] = 1
    #expect(counts.applying([(oats, -1), (tofu, 1)]) == expected)
    // The lock holds the count at one, wherever that serving is.
    expected = counts.counts
    expected[tofu] = 1
    expected[oats] = 1
    #expect(counts.applying([(egg, -1), (tofu, 1), (oats, -1), (egg, 1)]) == expected)
    // Served twice, one serving may go: the rows outlive a reset.
    counts.reset(to: twice)
    #expect(counts.counts[egg] == 2)
    expected = counts.counts
    expected[egg] = 1
    expected[tofu] = 1
    #expect(counts.applying(eggAway) == expected)

    // The same week without the lock row, its pick held at 1 by its bound.
    let free = try MealPlanModelBuilder(problem: Self.week(days: 3, repetition: RepetitionLimits())).build()
    #expect(!free.model.constraints.contains { $0.group == .locks })
    let freeSearch = MealPlanSearchTests.search(free)
    var held = try #require(DishCounts(slots: free.slots, pricer: Self.pricer(free, freeSearch), start: once))
    held.keepWholeRows(of: Self.dayRows(free, freeSearch))
    #expect(held.applying(eggAway) != nil)
    let pick = try #require(
      free.slots.first { $0.day == 1 && $0.meal == .breakfast }?.options.first { $0.id == "egg_toast" })
    held.keepWholeRows(of: Self.dayRows(free, freeSearch).fixing([pick.pick: 1]))
    #expect(held.applying(eggAway) == nil)

    // Held by the lock row and by its bound, the pick still counts once: served twice, one may go.
    var both = try #require(DishCounts(slots: built.slots, pricer: pricer, start: twice))
    let lockedPick = try #require(
      built.slots.first { $0.day == 1 && $0.meal == .breakfast }?.options.first { $0.id == "egg_toast" })
    both.keepWholeRows(of: Self.dayRows(built, search).fixing([lockedPick.pick: 1]))
    expected = both.counts
    expected[egg] = 1
    expected[tofu] = 1
    #expect(both.applying(eggAway) == expected)
    #expect(both.applying([(egg, -2), (tofu, 1), (oats, 1)]) == nil)
  }

  @Test(
    "dish_search with its kicks and count search keeps plans at least the optimum, never above its first descent",
    arguments: weeks)
  func searchIsHonest(week: Week) throws {
    let built = try MealPlanModelBuilder(problem: week.problem).build()
    let optimum = try MealPlanSearchTests.provenOptimum(built)
    var objectives: [Double] = []
    var solves: [Int] = []
    for moves in [MealPlanSearch.Tuning().moves, 0] {
      var search = MealPlanSearchTests.search(built, gap: 1e-9)
      search.tuning.moves = moves
      var progress = MealPlanSearch.Progress()
      try search.perform(.relaxation, on: built.model, &progress)
      try search.perform(.eatenWeek, on: built.model, &progress)
      let eaten = progress.objective
      let before = progress.solves
      try search.perform(.dishSearch, on: built.model, &progress)
      MealPlanSearchTests.expectHonest(progress, model: built.model, optimum: optimum, step: .dishSearch)
      #expect(progress.values != nil)
      #expect(progress.objective <= eaten)
      objectives.append(progress.objective)
      solves.append(progress.solves - before)
    }
    #expect(objectives[0] <= objectives[1], "with moves \(objectives[0]), without \(objectives[1])")
    #expect(solves[0] >= solves[1])
    // Where the walk stops above a cheaper priced shift, the solver is asked for a week.
    if week.countChecked { #expect(solves[0] > solves[1]) }
    // Where no walk move keeps the days' goals, a shift of counts makes the week cheaper.
    if week.countImproves { #expect(objectives[0] < objectives[1] - 1e-6) }
  }
}
