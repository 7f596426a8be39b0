/// A summed week (``WeekTotals``) cut into one model per set of stores the
/// week may visit, each asking for a week cheaper than a cutoff: when every
/// part has none, no week costs less than the cutoff
/// (``MealPlanSearch/proveByStoreSets(_:)``).
///
/// A part fixes each store's `visit[store]` variable to 0 or 1, so its
/// `visit[food,store,k]` rows become bounds on the covers (packages and
/// loose grams): none at a store not visited, at most the row's limit at one
/// that is. Sets the plan cannot take (more stores than `stores at most`)
/// have no part. Every week of the summed model visits one set of stores,
/// and is then a point of that set's part, so the least of the parts'
/// minima is the summed model's.
///
/// With its stores known, a part also drops packages that another of the
/// same food does better: package *a* goes when *k* packages of *b*, at a
/// store the part visits, hold at least as many grams for no more money,
/// where *k* is the fewest that hold *a*'s grams, and *k* of *b* stand in for
/// one *a* in every row (`buy[food]` covers, `first_pack` counts, budget and
/// cutoff rows pay). Then any point of the part with some *a* becomes one
/// without, *k* more *b* for each *a*, costing no more; *b*'s upper bound
/// grows by *k* times *a*'s so that the swap always fits. That can only
/// lower a part's minimum, so the parts stay a bound. On issue 9's
/// benchmark week, 59 of the 237 packages go in the three-store part, and
/// GLPK proves it empty below 1% under the plan in 2.5 s instead of 4.2 s
/// (docs/performance.md).
struct StoreSetSplit: Sendable {
  /// One part: the stores it visits and its model.
  struct Part: Sendable {
    /// Indices into ``StoreSetSplit/stores`` of the stores visited.
    var visited: [Int]
    /// The part's model: the summed model with the visits fixed, the
    /// dominated packages fixed to 0 and a cutoff row.
    var model: LinearModel
    /// How many packages were fixed to 0 as dominated.
    var dropped: Int
  }

  /// Each store's visit variable in the summed model.
  private(set) var stores: [VariableRef] = []
  /// The parts, the most stores first.
  private(set) var parts: [Part] = []

  /// The most stores a split is made for (2⁴ = 16 parts).
  static let mostStores = 4

  /// Splits a summed model; `nil` when it has no store visits, more than
  /// ``mostStores`` stores, or purchase rows of a shape ``PurchaseRows``
  /// does not write.
  ///
  /// - Parameters:
  ///   - model: the summed model (``WeekTotals/model``), minimised.
  ///   - cutoff: each part asks for an objective below it.
  init?(_ model: LinearModel, cutoff: Double) {
    guard model.sense == .minimize, cutoff.isFinite else { return nil }
    let model = Self.droppingSlack(model)
    // `visit[food,store,k]`: cover − limit × visit ≤ 0.
    var limitRows: [(row: Int, cover: Int, visit: Int, limit: Double)] = []
    var visitIndex: [Int: Int] = [:]
    for reference in model.constraints(in: .stores) {
      let row = model.constraints[reference.index]
      // In either order: a summed model's rows list their variables by index.
      let terms = row.expression.terms.sorted { $0.coefficient > $1.coefficient }
      guard terms.count == 2, terms[0].coefficient > 0, terms[1].coefficient < 0, row.set.upper == 0,
        row.set.lower == nil, row.expression.constant == 0,
        model.variables[terms[1].variable.index].kind == .binary
      else { continue }
      let visit = terms[1].variable.index
      if visitIndex[visit] == nil {
        visitIndex[visit] = stores.count
        stores.append(terms[1].variable)
      }
      limitRows.append(
        (reference.index, terms[0].variable.index, visit, -terms[1].coefficient / terms[0].coefficient))
    }
    guard !stores.isEmpty, stores.count <= Self.mostStores else { return nil }
    let storeOfCover = Dictionary(limitRows.map { ($0.cover, visitIndex[$0.visit] ?? 0) }) { a, _ in a }
    // Each food's whole packages, from its `buy[food]` row.
    var foods: [[(variable: Int, grams: Double)]] = []
    for reference in model.constraints(in: .purchases) {
      let row = model.constraints[reference.index]
      guard row.name.hasPrefix("buy["), row.set.upper == nil else { continue }
      let packages = row.expression.terms.filter {
        $0.coefficient > 0 && model.variables[$0.variable.index].kind != .continuous
          && (model.variables[$0.variable.index].lower ?? -1) == 0
      }
      foods.append(packages.map { ($0.variable.index, $0.coefficient) })
    }
    let limitRowSet = Set(limitRows.map(\.row))

    var base = model
    var cutoffRow = model.objective
    cutoffRow.constant = 0
    base.addConstraint(
      "cutoff", cutoffRow, .lessThan(cutoff - model.objective.constant), group: .cutoff)
    let mostVisits = model.constraints(in: .stores).compactMap { reference -> Int? in
      let row = model.constraints[reference.index]
      guard !limitRowSet.contains(reference.index), row.set.lower == nil, let upper = row.set.upper,
        row.expression.terms.allSatisfy({ $0.coefficient == 1 && visitIndex[$0.variable.index] != nil })
      else { return nil }
      return Int((upper - row.expression.constant + 1e-9).rounded(.down))
    }.min()

    // The most stores first: the set a cheap week visits is the hardest part.
    let masks = (0..<(1 << stores.count)).sorted {
      $0.nonzeroBitCount != $1.nonzeroBitCount ? $0.nonzeroBitCount > $1.nonzeroBitCount : $0 < $1
    }
    for mask in masks {
      let visited = (0..<stores.count).filter { mask & (1 << $0) != 0 }
      if let mostVisits, visited.count > mostVisits { continue }
      var part = base
      for (index, store) in stores.enumerated() {
        let value: Double = mask & (1 << index) != 0 ? 1 : 0
        part.variables[store.index].lower = value
        part.variables[store.index].upper = value
      }
      for limit in limitRows {
        let open = mask & (1 << (visitIndex[limit.visit] ?? 0)) != 0
        let cap = open ? limit.limit : 0
        part.variables[limit.cover].upper = min(part.variables[limit.cover].upper ?? .infinity, cap)
      }
      part.constraints = part.constraints.enumerated().filter { !limitRowSet.contains($0.offset) }.map(
        \.element)
      let dropped = Self.dropDominated(
        in: &part, foods: foods,
        isOpen: { cover in
          storeOfCover[cover].map { mask & (1 << $0) != 0 } ?? true
        })
      part.name = model.name + "_stores_" + String(mask)
      parts.append(Part(visited: visited, model: part, dropped: dropped))
    }
  }

  /// The model without the rows a variable can always satisfy: a variable
  /// that costs nothing, has no upper bound and, in each of its rows, only
  /// moves the row away from its one bound as it grows (the tie-break's
  /// `repeats[dish]` counters, in `repeats_count` rows) goes, and its rows
  /// with it. Any point of the rest becomes a point of the model with the
  /// variable large enough, at the same cost, so the minimum is the same.
  static func droppingSlack(_ model: LinearModel) -> LinearModel {
    var cost: [Int: Double] = [:]
    for term in model.objective.terms { cost[term.variable.index, default: 0] += term.coefficient }
    var rowsOf: [Int: [Int]] = [:]
    var blocked = Set<Int>()
    for (index, row) in model.constraints.enumerated() {
      var coefficient: [Int: Double] = [:]
      for term in row.expression.terms { coefficient[term.variable.index, default: 0] += term.coefficient }
      for (variable, value) in coefficient where value != 0 {
        let helps =
          (value < 0 && row.set.lower == nil && row.set.upper != nil)
          || (value > 0 && row.set.upper == nil && row.set.lower != nil)
        if helps { rowsOf[variable, default: []].append(index) } else { blocked.insert(variable) }
      }
    }
    var dropRows = Set<Int>()
    var dropped = Set<Int>()
    for (variable, rows) in rowsOf where !blocked.contains(variable) && (cost[variable] ?? 0) == 0 {
      let bounds = model.variables[variable]
      guard bounds.upper == nil, bounds.lower != nil else { continue }
      dropRows.formUnion(rows)
      dropped.insert(variable)
    }
    guard !dropRows.isEmpty else { return model }
    var copy = model
    copy.constraints = model.constraints.enumerated().filter { !dropRows.contains($0.offset) }.map(\.element)
    // The variable stays, in no row: a solver sets it to its lower bound.
    for variable in dropped { copy.variables[variable].kind = .continuous }
    return copy
  }

  /// Fixes to 0 each package that *k* packages of another of the same food
  /// replace in every row for no more cost (see ``StoreSetSplit``), raising
  /// the other's upper bound by *k* times its own; returns how many.
  private static func dropDominated(
    in model: inout LinearModel, foods: [[(variable: Int, grams: Double)]], isOpen: (Int) -> Bool
  ) -> Int {
    // Each variable's coefficient in each row, and its cost.
    var column: [Int: [Int: Double]] = [:]
    let packages = Set(foods.joined().map(\.variable))
    for (index, row) in model.constraints.enumerated() {
      for term in row.expression.terms where packages.contains(term.variable.index) {
        column[term.variable.index, default: [:]][index, default: 0] += term.coefficient
      }
    }
    var cost: [Int: Double] = [:]
    for term in model.objective.terms where packages.contains(term.variable.index) {
      cost[term.variable.index, default: 0] += term.coefficient
    }
    func replaces(_ b: Int, times k: Double, _ a: Int) -> Bool {
      guard k * (cost[b] ?? 0) <= (cost[a] ?? 0) + 1e-12 else { return false }
      let rowsOfA = column[a] ?? [:]
      let rowsOfB = column[b] ?? [:]
      for row in Set(rowsOfA.keys).union(rowsOfB.keys) {
        let mine = rowsOfA[row] ?? 0
        let theirs = k * (rowsOfB[row] ?? 0)
        let set = model.constraints[row].set
        if set.lower != nil, theirs < mine - 1e-12 * max(1, abs(mine)) { return false }
        if set.upper != nil, theirs > mine + 1e-12 * max(1, abs(mine)) { return false }
      }
      return true
    }
    var dropped = 0
    for food in foods {
      for a in food {
        guard (model.variables[a.variable].upper ?? .infinity) > 0 else { continue }
        for b in food where b.variable != a.variable {
          guard isOpen(b.variable), let upperB = model.variables[b.variable].upper, upperB > 0,
            let upperA = model.variables[a.variable].upper
          else { continue }
          let k = max(1, (a.grams / b.grams - 1e-9).rounded(.up))
          guard replaces(b.variable, times: k, a.variable) else { continue }
          // Two alike packages would each replace the other: keep the first.
          if k == 1, b.grams == a.grams, cost[b.variable] == cost[a.variable], b.variable > a.variable,
            replaces(a.variable, times: 1, b.variable)
          {
            continue
          }
          model.variables[b.variable].upper = upperB + k * upperA
          model.variables[a.variable].upper = 0
          dropped += 1
          break
        }
      }
    }
    return dropped
  }
}
