import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

/// The till pricer of the dish search against brute force and against GLPK
/// on a model of the shape ``PurchaseRows`` writes.
@Suite struct TillPricerTests {
  /// One dish (a binary day variable) that eats 900 g of `a` and 300 g of
  /// `b`; `a` sold in 500 g packs at 2.00 (aldi) and 1,000 g packs at 3.50
  /// (market); `b` in 250 g packs at 1.00 (aldi) and loose at 0.006 a gram
  /// (market), with 100 g of `b` in the pantry. Trips: aldi 2.00, market 1.00.
  static func model() -> (model: LinearModel, dish: VariableRef) {
    var model = LinearModel(name: "till")
    let dish = model.addVariable("pick[dish,day1,dinner]", kind: .binary)
    let aldi = model.addVariable("visit[aldi]", kind: .binary)
    let market = model.addVariable("visit[market]", kind: .binary)
    let a1 = model.addVariable("pack[a,aldi,1]", lower: 0, upper: 2, kind: .integer)
    let a2 = model.addVariable("pack[a,market,2]", lower: 0, upper: 1, kind: .integer)
    let b1 = model.addVariable("pack[b,aldi,1]", lower: 0, upper: 2, kind: .integer)
    let b2 = model.addVariable("loose[b,market,2]", lower: 0, upper: 300)
    let use = model.addVariable("use[b,1]", lower: 0, upper: 100)
    for (pack, store, upper) in [(a1, aldi, 2.0), (a2, market, 1), (b1, aldi, 2), (b2, market, 300)] {
      model.addConstraint(
        "visit[\(pack.index)]", LinearExpression([(pack, 1), (store, -upper)]), .lessThan(0), group: .stores)
    }
    model.addConstraint(
      "buy[a]", LinearExpression([(a1, 500), (a2, 1000), (dish, -900)]), .greaterThan(0), group: .purchases)
    model.addConstraint(
      "buy[b]", LinearExpression([(b1, 250), (b2, 1), (use, 1), (dish, -300)]), .greaterThan(0),
      group: .purchases)
    model.addConstraint("serve", LinearExpression([(dish, 1)]), .equalTo(1))
    model.setObjective(
      .minimize,
      LinearExpression([(aldi, 2), (market, 1), (a1, 2), (a2, 3.5), (b1, 1), (b2, 0.006)]))
    return (model, dish)
  }

  /// The cheapest cover of `grams` by brute force over package counts (up
  /// to each pack's `most`) and up to `looseGrams` loose grams at `loose` a gram.
  static func cheapest(
    grams: Double, packs: [(grams: Double, price: Double, most: Int)], loose: Double?, looseGrams: Double = 0
  ) -> Double {
    var best = Double.infinity
    func visit(_ k: Int, _ covered: Double, _ spent: Double) {
      if k == packs.count {
        let rest = max(0, grams - covered)
        if rest <= 1e-9 {
          best = min(best, spent)
        } else if let loose, rest <= looseGrams + 1e-9 {
          best = min(best, spent + rest * loose)
        }
        return
      }
      for count in 0...packs[k].most {
        visit(k + 1, covered + Double(count) * packs[k].grams, spent + Double(count) * packs[k].price)
      }
    }
    visit(0, 0, 0)
    return best
  }

  @Test("each food's cover under each store set is the brute-force cheapest")
  func coversAreCheapest() throws {
    let (model, dish) = Self.model()
    let pricer = try #require(TillPricer(model, dayVariables: [dish.index]))
    #expect(pricer.trips == [2, 1])
    #expect(pricer.storeSets == [0, 1, 2, 3])
    // Store bits: aldi 1, market 2 (the order their visit rows come in).
    let a: [[(grams: Double, price: Double, most: Int)]] = [
      [], [(500, 2, 2)], [(1000, 3.5, 1)], [(500, 2, 2), (1000, 3.5, 1)],
    ]
    let b: [[(grams: Double, price: Double, most: Int)]] = [[], [(250, 1, 2)], [], [(250, 1, 2)]]
    for grams in [0.0, 90, 300, 499, 500, 900, 1000, 1400, 2100] {
      for mask in 0..<4 {
        let expectedA = Self.cheapest(grams: grams, packs: a[mask], loose: nil)
        #expect(
          pricer.coverCost(of: 0, grams: grams, stores: mask) == expectedA, "a: \(grams) g, stores \(mask)")
        // b: the 100 g at home first; loose only at the market (bit 2).
        let expectedB = Self.cheapest(
          grams: max(0, grams - 100), packs: b[mask], loose: mask & 2 != 0 ? 0.006 : nil, looseGrams: 300)
        let foundB = pricer.coverCost(of: 1, grams: grams, stores: mask)
        #expect(foundB == expectedB || abs(foundB - expectedB) < 1e-9, "b: \(grams) g, stores \(mask)")
      }
    }
    // Some of these cannot be covered at all (2,100 g of a), and some only by mixing sizes.
    #expect(pricer.coverCost(of: 0, grams: 2100, stores: 3) == .infinity)
    #expect(pricer.coverCost(of: 0, grams: 1400, stores: 3) == 5.5)
  }

  @Test("the week's price at the till equals GLPK's proven optimum of its purchases")
  func priceMatchesTheSolver() throws {
    let (model, dish) = Self.model()
    let pricer = try #require(TillPricer(model, dayVariables: [dish.index]))
    let byStores = pricer.storeSets.map { mask in
      pricer.tripCost(mask) + pricer.coverCost(of: 0, grams: 900, stores: mask)
        + pricer.coverCost(of: 1, grams: 300, stores: mask)
    }
    // Aldi alone: 2 x 500 g of a (4.00) and one 250 g pack of b (1.00) with the trip (2.00): 7.00.
    // Market alone: 1,000 g of a (3.50), 200 g of b loose (1.20), trip 1.00: 5.70.
    #expect(byStores[1] == 7)
    #expect(abs(byStores[2] - 5.7) < 1e-9)
    var options = SolverOptions()
    options.relativeGap = 0
    let solved = try GLPKSolver().solve(model, options: options)
    let optimum = try #require(solved.objectiveValue)
    #expect(abs((byStores.min() ?? .infinity) - optimum) < 1e-9)
  }

  @Test("a model whose objective pays for what no buy row covers is not priced")
  func unknownCostsAreRefused() {
    var (model, dish) = Self.model()
    let other = model.addVariable("fee")
    model.setObjective(
      .minimize, LinearExpression(model.objective.terms.map { ($0.variable, $0.coefficient) } + [(other, 1)]))
    #expect(TillPricer(model, dayVariables: [dish.index]) == nil)
  }
}
