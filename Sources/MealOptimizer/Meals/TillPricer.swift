/// What a week of meals costs at the till, read off a model's purchase rows:
/// the guide of ``MealPlanSearch/Step/dishSearch``.
///
/// For each `buy[food]` row the pricer keeps the grams each day variable eats
/// of the food and the variables that cover it: packages (integer, so many
/// grams each), loose grams and pantry stock (covers at no cost, up to their
/// upper bound), each with its price (its objective coefficient) and the
/// store whose visit it needs (its `visit[…]` row). For a week's grams of
/// every food it finds, for each set of stores the plan may visit, the
/// cheapest whole packages and loose grams that cover each food, and returns
/// the least over the store sets of the trips and the covers. Pantry stock
/// is counted whatever its use-by date, and a credit for leftovers is left
/// out, so the figure guides the search and is never shown: every plan the
/// search keeps has its purchases solved exactly by the solver
/// (``MealPlanSearch/complete(_:days:_:)``).
struct TillPricer: Sendable {
  /// One way to cover a food.
  struct Cover: Sendable, Hashable {
    /// The model's variable.
    var variable: Int
    /// Grams one unit of the variable covers.
    var grams: Double
    /// What one unit costs.
    var price: Double
    /// The most units.
    var upper: Double
    /// Whether units are whole (packages).
    var whole: Bool
    /// The index in ``TillPricer/trips`` of the store it is bought at, if any.
    var store: Int?

    /// Whether a plan visiting the stores of `mask` can buy it (one with no store always can).
    func isSold(within mask: Int) -> Bool { store.map { mask & (1 << $0) != 0 } ?? true }
  }

  /// One food's `buy` row.
  struct FoodRow: Sendable {
    /// The day variables that eat the food, with the grams each unit eats.
    var eaten: [(variable: Int, grams: Double)]
    /// Grams covered at no cost (pantry stock).
    var free: Double
    /// The covers with a price, cheapest per gram first.
    var covers: [Cover]
  }

  /// The foods, in the order of their `buy` rows.
  private(set) var foods: [FoodRow] = []
  /// Each store's trip.
  private(set) var trips: [Double] = []
  /// Each store's visit variable.
  private(set) var visits: [Int] = []
  /// The most stores a plan may visit.
  private(set) var mostStores: Int?
  /// The stores a plan may visit, a bit mask over ``trips``; `nil` for every store.
  var stores: Int?
  /// The objective's terms on day variables (none in a plan priced at the till).
  private(set) var dayObjective: [(variable: Int, coefficient: Double)] = []
  /// For each day variable, the foods it eats: (index in ``foods``, grams per unit).
  private(set) var foodsOf: [Int: [(food: Int, grams: Double)]] = [:]

  /// The most nodes of one cover's search: the packages are tried most
  /// first (the cheapest per gram first), so the first leaves reached are
  /// good covers and the cap only ends the proof that none is cheaper.
  static let mostNodes = 2000

  /// The most stores the pricer enumerates the sets of.
  static let mostStoreCount = 6

  /// Reads a model's purchase rows; `nil` when they are not of the shape
  /// ``PurchaseRows`` writes, or the objective has terms the pricer does not
  /// know, or there are more than ``mostStoreCount`` stores.
  init?(_ model: LinearModel, dayVariables: Set<Int>) {
    var objectiveOf: [Int: Double] = [:]
    for term in model.objective.terms { objectiveOf[term.variable.index, default: 0] += term.coefficient }
    // Store visits: `visit[food,store,k]` rows tie a cover to its store's visit variable.
    var storeOfVariable: [Int: Int] = [:]
    var storeIndex: [Int: Int] = [:]
    for reference in model.constraints(in: .stores) {
      let row = model.constraints[reference.index]
      let terms = row.expression.terms
      if terms.count == 2, terms[0].coefficient > 0, terms[1].coefficient < 0, row.set.upper == 0,
        row.set.lower == nil, model.variables[terms[1].variable.index].kind == .binary
      {
        let visit = terms[1].variable.index
        if storeIndex[visit] == nil {
          storeIndex[visit] = trips.count
          trips.append(objectiveOf[visit] ?? 0)
          visits.append(visit)
        }
        storeOfVariable[terms[0].variable.index] = storeIndex[visit]
      } else if terms.allSatisfy({ $0.coefficient == 1 }), row.set.lower == nil, let limit = row.set.upper {
        mostStores = min(mostStores ?? Int.max, Int(limit.rounded(.down)))
      } else {
        return nil
      }
    }
    guard trips.count <= Self.mostStoreCount else { return nil }
    var known = Set(storeIndex.keys)
    for reference in model.constraints(in: .purchases) {
      let row = model.constraints[reference.index]
      guard row.name.hasPrefix("buy[") else { continue }
      guard row.set.lower == 0, row.set.upper == nil else { return nil }
      var food = FoodRow(eaten: [], free: 0, covers: [])
      for term in row.expression.terms {
        let index = term.variable.index
        let variable = model.variables[index]
        if dayVariables.contains(index) {
          guard term.coefficient < 0 else { return nil }
          food.eaten.append((index, -term.coefficient))
        } else if term.coefficient > 0 {
          let price = objectiveOf[index] ?? 0
          guard (variable.lower ?? 0) == 0, price >= 0 else { return nil }
          let upper = variable.upper ?? .infinity
          if price == 0 {
            food.free += term.coefficient * upper
          } else {
            food.covers.append(
              Cover(
                variable: index, grams: term.coefficient, price: price, upper: upper,
                whole: variable.kind != .continuous,
                store: storeOfVariable[index]))
          }
          known.insert(index)
        } else {
          // `left[food]`: the leftover credited, which the pricer leaves out.
          known.insert(index)
        }
      }
      food.covers.sort { $0.price / $0.grams < $1.price / $1.grams }
      let foodIndex = foods.count
      for (variable, grams) in food.eaten { foodsOf[variable, default: []].append((foodIndex, grams)) }
      foods.append(food)
    }
    guard !foods.isEmpty else { return nil }
    for (index, coefficient) in objectiveOf where coefficient != 0 {
      if dayVariables.contains(index) {
        dayObjective.append((index, coefficient))
      } else if !known.contains(index) && coefficient > 0 {
        // A cost the pricer cannot see (something bought outside `buy` rows).
        return nil
      }
    }
    dayObjective.sort { $0.variable < $1.variable }
  }

  /// The store sets a plan may visit, as bit masks over ``trips``.
  var storeSets: [Int] {
    (0..<(1 << trips.count)).filter { mask in
      if let stores, mask & ~stores != 0 { return false }
      guard let mostStores else { return true }
      return mask.nonzeroBitCount <= mostStores
    }
  }

  /// The trips of a store set.
  func tripCost(_ mask: Int) -> Double {
    trips.indices.reduce(0) { mask & (1 << $1) != 0 ? $0 + trips[$1] : $0 }
  }

  /// The grams of a food a plan eats.
  func grams(of food: Int, in values: [Double]) -> Double {
    foods[food].eaten.reduce(0) { $0 + $1.grams * values[$1.variable] }
  }

  /// The least a food's grams cost with the stores of `mask` only: whole
  /// packages and loose grams, after its free stock; infinity when they
  /// cannot be covered.
  func coverCost(of food: Int, grams: Double, stores mask: Int) -> Double {
    cover(of: food, grams: grams, stores: mask).cost
  }

  /// A food's least price per gram at the stores of `mask`, `nil` when none of them sells it.
  func pricePerGram(of food: Int, stores mask: Int) -> Double? {
    // The covers are sorted cheapest per gram first.
    foods[food].covers.first { $0.isSold(within: mask) }.map { $0.price / $0.grams }
  }

  /// The cover of ``coverCost(of:grams:stores:)``: its cost and the packages
  /// it buys, as (variable, count); loose grams are not listed.
  func cover(of food: Int, grams: Double, stores mask: Int) -> (cost: Double, packages: [(Int, Double)]) {
    let row = foods[food]
    let need = grams - row.free
    guard need > 1e-9 else { return (0, []) }
    let allowed = row.covers.filter { $0.isSold(within: mask) }
    var best = Double.infinity
    // Loose grams: the cheapest per gram covers any rest.
    let loose = allowed.first { !$0.whole }
    let loosePrice = loose.map { $0.price / $0.grams }
    let looseGrams = loose.map { $0.upper * $0.grams } ?? 0
    let packages = allowed.filter(\.whole)
    // Cheapest per gram of the packages from `k` on and the loose food: a lower bound on the rest's cost.
    var cheapest = [Double](repeating: loosePrice ?? .infinity, count: packages.count + 1)
    for k in stride(from: packages.count - 1, through: 0, by: -1) {
      cheapest[k] = min(cheapest[k + 1], packages[k].price / packages[k].grams)
    }
    var nodes = 0
    var counts = [Double](repeating: 0, count: packages.count)
    var bestCounts = counts
    func record(_ cost: Double) {
      if cost < best {
        best = cost
        bestCounts = counts
      }
    }
    func search(_ k: Int, _ rest: Double, _ spent: Double) {
      nodes += 1
      if rest <= 1e-9 {
        record(spent)
        return
      }
      guard spent + rest * cheapest[k] < best - 1e-12 else { return }
      if k == packages.count {
        if let loosePrice, rest <= looseGrams + 1e-9 { record(spent + rest * loosePrice) }
        return
      }
      let package = packages[k]
      let most = min(package.upper, (rest / package.grams - 1e-9).rounded(.up))
      var count = most
      while count >= 0 && nodes < Self.mostNodes {
        counts[k] = count
        search(k + 1, rest - count * package.grams, spent + count * package.price)
        count -= 1
      }
      counts[k] = 0
    }
    search(0, need, 0)
    return (best, packages.indices.map { (packages[$0].variable, bestCounts[$0]) })
  }
}
