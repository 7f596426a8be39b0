/// What a week's grams of each food cost at the till under each set of
/// stores the plan may visit, kept up to date as the grams change: the
/// ledger ``DishWalk`` and ``DishCounts`` price their moves with.
///
/// For each food and store set it keeps the cheapest cover
/// (``TillPricer/coverCost(of:grams:stores:)``, remembered by grams), and for
/// each store set the sum of the finite covers and how many foods it cannot
/// cover; the week's price is the least over the sets that cover every food
/// of their trips and covers. A change of a few foods' grams is priced by
/// updating only those foods.
struct TillTally {
  /// A change of some foods' grams, priced but not yet made.
  struct Change {
    fileprivate var foods: [(food: Int, grams: Double, covers: [Double])]
    fileprivate var totals: [Double]
    fileprivate var uncovered: [Int]
    /// The least over the store sets of trips and covers after the change;
    /// infinity when no set covers every food.
    var price: Double
  }

  let pricer: TillPricer
  /// The store sets the plan may visit, as masks over the pricer's stores.
  let masks: [Int]
  private let tripOf: [Double]
  /// Each food's grams.
  private(set) var grams: [Double] = []
  /// Each food's cover cost under each store set (by position in ``masks``).
  private var coverCosts: [[Double]] = []
  /// Under each store set, the sum of the foods' finite cover costs and how
  /// many foods it cannot cover.
  private var totals: [Double] = []
  private var uncovered: [Int] = []
  /// Each food's cover costs under every store set, by its grams (scaled
  /// by 10⁶ and rounded): one lookup prices a food under all the sets.
  private var memo: [[UInt64: [Double]]] = []
  /// The least over the store sets of trips and covers; infinity when no
  /// set covers every food.
  private(set) var price: Double = .infinity

  /// A tally of each food's grams (by position in the pricer's foods).
  init(pricer: TillPricer, grams: [Double]) {
    self.pricer = pricer
    masks = pricer.storeSets
    tripOf = masks.map { pricer.tripCost($0) }
    reset(grams: grams)
  }

  /// Starts again from each food's grams (every figure recomputed).
  mutating func reset(grams: [Double]) {
    self.grams = grams
    if memo.count < grams.count { memo += Array(repeating: [:], count: grams.count - memo.count) }
    coverCosts = grams.indices.map { covers($0, grams[$0]) }
    totals = masks.indices.map { position in
      coverCosts.reduce(0) { $1[position].isFinite ? $0 + $1[position] : $0 }
    }
    uncovered = masks.indices.map { position in coverCosts.filter { !$0[position].isFinite }.count }
    price = Self.price(totals, uncovered, tripOf)
  }

  /// The cheapest store set that covers every food, by position in ``masks``.
  var cheapest: Int? { Self.cheapest(totals, uncovered, tripOf) }

  /// Prices new grams of some foods (each food once) without making the change.
  mutating func pricing(_ changes: [(food: Int, grams: Double)]) -> Change {
    var change = Change(foods: [], totals: totals, uncovered: uncovered, price: .infinity)
    for (food, amount) in changes {
      let covers = covers(food, amount)
      for position in masks.indices {
        let old = coverCosts[food][position]
        let new = covers[position]
        if old.isFinite { change.totals[position] -= old } else { change.uncovered[position] -= 1 }
        if new.isFinite { change.totals[position] += new } else { change.uncovered[position] += 1 }
      }
      change.foods.append((food, amount, covers))
    }
    change.price = Self.price(change.totals, change.uncovered, tripOf)
    return change
  }

  /// Makes a change priced by ``pricing(_:)`` on this tally as it is now.
  mutating func make(_ change: Change) {
    for (food, amount, covers) in change.foods {
      grams[food] = amount
      coverCosts[food] = covers
    }
    totals = change.totals
    uncovered = change.uncovered
    price = change.price
  }

  /// A food's cover cost for some grams under each store set, in the order of ``masks``.
  private mutating func covers(_ food: Int, _ amount: Double) -> [Double] {
    let key = (amount * 1e6).rounded().bitPattern
    if let known = memo[food][key] { return known }
    let value = masks.map { pricer.coverCost(of: food, grams: amount, stores: $0) }
    memo[food][key] = value
    return value
  }

  private static func cheapest(_ totals: [Double], _ uncovered: [Int], _ tripOf: [Double]) -> Int? {
    var best: Int?
    for position in totals.indices where uncovered[position] == 0 {
      if best.map({ tripOf[position] + totals[position] < tripOf[$0] + totals[$0] }) ?? true {
        best = position
      }
    }
    return best
  }

  private static func price(_ totals: [Double], _ uncovered: [Int], _ tripOf: [Double]) -> Double {
    guard let position = cheapest(totals, uncovered, tripOf) else { return .infinity }
    return tripOf[position] + totals[position]
  }
}

extension TillPricer {
  /// What a week buys at the price `tally` has for it: the cheapest store
  /// set's visits (1 for its stores, 0 for the others) and every package
  /// count, by variable; `nil` when no store set covers the week.
  func purchases(_ tally: TillTally) -> [Int: Double]? {
    guard let best = tally.cheapest else { return nil }
    var result: [Int: Double] = [:]
    let mask = tally.masks[best]
    for (store, visit) in visits.enumerated() { result[visit] = mask & (1 << store) != 0 ? 1 : 0 }
    for food in foods.indices {
      for cover in foods[food].covers where cover.whole { result[cover.variable] = 0 }
      for (variable, count) in cover(of: food, grams: tally.grams[food], stores: mask).packages {
        result[variable] = count
      }
    }
    return result
  }

  /// What a week with these values of the day variables buys at its price
  /// (``purchases(_:)``).
  func purchases(in values: [Double]) -> [Int: Double]? {
    purchases(TillTally(pricer: self, grams: foods.indices.map { grams(of: $0, in: values) }))
  }
}
