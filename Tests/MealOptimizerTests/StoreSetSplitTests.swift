import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

/// The summed week split by the set of stores visited, and the proof on its
/// parts, on a kitchen small enough to price by hand.
@Suite("Store-set split and proof")
struct StoreSetSplitTests {
  /// Three servings of soup (300 g lentils) or stew (200 g lentils, 150 g
  /// rice), bought at aldi (trip 2: lentils 1 lb 1.79 or 2 lb 3.39, rice
  /// 1 kg 2.50) or the market (trip 1: lentils 8 oz 0.89, rice 500 g 1.00).
  ///
  /// By hand, for s servings of soup: 600 + 100 s g of lentils and
  /// 150 (3 − s) g of rice. Cheapest: three soups from the market, four
  /// 8 oz bags (907 g) and its trip, 4.56; then three stews from the market
  /// (three bags, a bag of rice, the trip), 4.67. With aldi alone, the
  /// 2 lb bag and its trip, 5.39. Both stores cost 3 in trips and at least
  /// 3.39 more.
  static func kitchen() -> LinearModel {
    var model = LinearModel(name: "kitchen")
    let soup = model.addVariable("soup", lower: 0, upper: 3, kind: .integer)
    let stew = model.addVariable("stew", lower: 0, upper: 3, kind: .integer)
    model.addConstraint("fill", LinearExpression([(soup, 1), (stew, 1)]), .equalTo(3))
    let pound = 453.592
    let foods = [
      Food(
        id: "lentils", name: "Lentils",
        offers: [
          Offer(store: "aldi", price: 1.79, packageGrams: pound),
          Offer(store: "aldi", price: 3.39, packageGrams: 2 * pound),
          Offer(store: "market", price: 0.89, packageGrams: pound / 2),
        ]),
      Food(
        id: "rice", name: "Rice",
        offers: [
          Offer(store: "aldi", price: 2.50, packageGrams: 1000),
          Offer(store: "market", price: 1.00, packageGrams: 500),
        ]),
    ]
    let stores = [
      Store(id: "aldi", name: "Aldi", tripCost: 2), Store(id: "market", name: "Market", tripCost: 1),
    ]
    let rows = PurchaseRows(
      adding: &model, foods: foods, stores: stores, purchasing: Purchasing(), days: 1,
      eaten: [
        "lentils": [1: LinearExpression([(soup, 300), (stew, 200)])],
        "rice": [1: LinearExpression([(stew, 150)])],
      ],
      maximumGrams: ["lentils": 900, "rice": 450])
    model.setObjective(.minimize, rows.objective)
    return model
  }

  static func solve(_ model: LinearModel) throws -> Solution {
    var options = SolverOptions()
    options.relativeGap = 0
    options.timeLimit = 30
    return try GLPKSolver().solve(model, options: options)
  }

  @Test("the parts' least minimum is the model's, and each part drops the packages others do better")
  func partsKeepTheMinimum() throws {
    let model = Self.kitchen()
    let whole = try Self.solve(model)
    #expect(whole.status == .optimal)
    #expect(abs((whole.objectiveValue ?? 0) - 4.56) < 1e-9)
    let split = try #require(StoreSetSplit(model, cutoff: 100))
    #expect(split.stores.count == 2)
    // Both stores, then each alone, then none.
    #expect(split.parts.map(\.visited) == [[0, 1], [0], [1], []])
    // With both stores: aldi's 1 lb bag (1.79) is two market bags (1.78),
    // aldi's rice (2.50) two of the market's (2.00). Alone, aldi drops nothing.
    #expect(split.parts.map(\.dropped) == [2, 0, 0, 0])
    var minima: [Double] = []
    for part in split.parts {
      let solution = try Self.solve(part.model.dropping([.cutoff]))
      if solution.status == .optimal, let value = solution.objectiveValue { minima.append(value) }
    }
    #expect(minima.count == 3)
    #expect(abs((minima.min() ?? 0) - 4.56) < 1e-9)
    // Both stores: three soups from aldi's 2 lb bag and both trips.
    #expect(abs(minima[0] - 6.39) < 1e-9)
    #expect(abs(minima[1] - 5.39) < 1e-9)
    #expect(abs(minima[2] - 4.56) < 1e-9)
    let dropped = split.parts[0].model.variables.filter { $0.name.hasPrefix("pack[") && $0.upper == 0 }
    #expect(dropped.map(\.name).sorted() == ["pack[lentils,aldi,1]", "pack[rice,aldi,1]"])
  }

  @Test("`stores at most 1` leaves out the part with both stores")
  func storesAtMost() throws {
    var model = Self.kitchen()
    let visits = model.variables.indices.filter { model.variables[$0].name.hasPrefix("visit[") }
    model.addConstraint(
      "stores_max", LinearExpression(visits.map { (VariableRef(index: $0), 1) }), .lessThan(1), group: .stores
    )
    let split = try #require(StoreSetSplit(model, cutoff: 100))
    #expect(split.parts.map(\.visited) == [[0], [1], []])
  }

  @Test("the proof proves a cutoff under the minimum and fails, with the week it found, above it")
  func proof() throws {
    let model = Self.kitchen()
    var options = SolverOptions()
    options.relativeGap = 0
    options.timeLimit = 30
    options.backendSettings["node_selection"] = "depth_first"
    let under = StoreSetProof(
      split: try #require(StoreSetSplit(model, cutoff: 4.5)), cutoff: 4.5, solver: GLPKSolver(),
      options: options)
    under.begin {}
    under.addThreads(upTo: 2)
    #expect(under.wait(until: .now + .seconds(30)) == .proven)
    #expect(under.counts.solves == 4)
    let over = StoreSetProof(
      split: try #require(StoreSetSplit(model, cutoff: 4.6)), cutoff: 4.6, solver: GLPKSolver(),
      options: options)
    over.begin {}
    guard case .failed(let found) = over.wait(until: .now + .seconds(30)) else {
      Issue.record("the proof above the minimum did not fail")
      return
    }
    // The only week under 4.6: three soups from the market.
    #expect(abs((found ?? 0) - 4.56) < 1e-9)
    over.stop()
  }

  @Test("a proof takes no part before the work it replaces has ended")
  func waitsForEarlier() throws {
    var options = SolverOptions()
    options.relativeGap = 0
    options.timeLimit = 30
    options.backendSettings["node_selection"] = "depth_first"
    let proof = StoreSetProof(
      split: try #require(StoreSetSplit(Self.kitchen(), cutoff: 4.5)), cutoff: 4.5, solver: GLPKSolver(),
      options: options)
    proof.addThreads(upTo: 2)
    #expect(proof.wait(until: .now + .milliseconds(200)) == .running)
    let earlierEnded = DispatchSemaphore(value: 0)
    proof.begin { earlierEnded.wait() }
    #expect(proof.wait(until: .now + .milliseconds(300)) == .running)
    #expect(proof.counts.solves == 0)
    earlierEnded.signal()
    #expect(proof.wait(until: .now + .seconds(30)) == .proven)
    #expect(proof.counts.solves == 4)
  }

  @Test("a variable that can always satisfy its rows goes with them")
  func slack() throws {
    var model = LinearModel(name: "slack")
    let x = model.addVariable("x", lower: 0, upper: 5, kind: .integer)
    let repeats = model.addVariable("repeats", lower: 0, kind: .integer)
    model.addConstraint("count", LinearExpression([(x, 1), (repeats, -1)]), .lessThan(1))
    model.addConstraint("need", LinearExpression([(x, 1)]), .greaterThan(3))
    model.setObjective(.minimize, LinearExpression([(x, 2)]))
    let dropped = StoreSetSplit.droppingSlack(model)
    #expect(dropped.constraints.map(\.name) == ["need"])
    #expect(dropped.variables[repeats.index].kind == .continuous)
    // With a cost, or an upper bound, the variable stays in its row.
    var costly = model
    costly.setObjective(.minimize, LinearExpression([(x, 2), (repeats, 1)]))
    #expect(StoreSetSplit.droppingSlack(costly).constraints.count == 2)
    var bounded = model
    bounded.variables[repeats.index].upper = 1
    #expect(StoreSetSplit.droppingSlack(bounded).constraints.count == 2)
  }
}

/// The proof by store sets inside the meal-plan search.
@Suite("week_totals proves by store sets", .serialized)
struct StoreSetSearchTests {
  @Test(
    "with the optimal plan in hand, week_totals raises the bound to 0.99% under it by the split",
    arguments: MealPlanSearchTests.seeds)
  func provesTheOptimum(seed: UInt64) throws {
    let built = try MealPlanModelBuilder(problem: MealPlanSearchPurchaseTests.problem(seed: seed)).build()
    let optimum = try MealPlanSearchTests.provenOptimum(built)
    var options = SolverOptions()
    options.relativeGap = 0
    options.timeLimit = 60
    let best = try GLPKSolver().solve(built.model, options: options)
    let summed = try #require(WeekTotals(built.model, slots: built.slots)?.model)
    let summedOptimum = try #require(try GLPKSolver().solve(summed, options: options).objectiveValue)
    // A deadline far off: the step waits for the proof at most ¾ of the time
    // left, and under the full parallel run's load 30 s (¾: 22 s) was once
    // too short, so the in-line tree proved the cutoff instead, in 1 solve.
    var search = MealPlanSearchTests.search(built, gap: 0.01, seconds: 300)
    // On one thread: the step starts the proof itself and waits for it.
    search.worksBeside = false
    var progress = MealPlanSearch.Progress()
    search.prepareWork(built.model, progress.work)
    progress.consider(best.values, in: built.model)
    try search.perform(.weekTotals, on: built.model, &progress)
    let cutoff = progress.objective - (0.01 - search.feasibilityTolerance) * abs(progress.objective)
    let bound = try #require(progress.bound)
    // Every seed's summed week costs at least the cutoff, so the split proves it.
    #expect(summedOptimum >= cutoff)
    #expect(bound == cutoff)
    #expect(bound <= optimum)
    // One solve a part, not the summed week's single tree.
    let parts = try #require(StoreSetSplit(summed, cutoff: cutoff)).parts.count
    #expect(parts > 1)
    #expect(progress.solves == parts)
  }
}
