import Foundation

extension ConstraintGroup {
  /// `buy[rice]`: what is bought of a food, with the pantry stock used, covers
  /// what the plan eats of it. It ties every day of the plan together.
  package static let purchases: ConstraintGroup = "purchases"
  /// `use_by[milk,day3]`: pantry stock past its date feeds no later day.
  package static let pantry: ConstraintGroup = "pantry"
  /// `visit[aldi,rice,1]`, `stores_max`: a package bought at a store forces its
  /// visit; the plan visits at most so many stores.
  package static let stores: ConstraintGroup = "stores"
  /// `cooked_each[lentil_soup,3]`, `cooked_count[lentil_soup]`,
  /// `cooked_buys[lentil_soup,lentils]`: a dish cooked at all buys its foods
  /// (``PurchaseRows/addCookedRows(to:dishes:bought:)``); in meal and
  /// household plans also `cooked_cover[breakfast]`: a meal's slots need at least so many dishes
  /// cooked (``MealPlanModelBuilder/addCoverRows(slots:most:cooked:to:)``).
  package static let cooked: ConstraintGroup = "cooked"
}

/// The purchase part of a plan's model, shared by ``DietModelBuilder`` and
/// ``MealPlanModelBuilder``.
///
/// Variables: `pack[food,store,k]` (integer packages of the food's k-th offer,
/// from 1), `loose[food,store,k]` (grams of a loose offer), `use[food,k]`
/// (grams of the k-th pantry lot of the food eaten, at most the lot), and
/// `visit[store]` (binary). Rows: `buy[food]` (``ConstraintGroup/purchases``),
/// `use_by[food,dayN]` (``ConstraintGroup/pantry``), `visit[store,food,k]` and
/// `stores_max` (``ConstraintGroup/stores``).
///
/// With a credit for leftovers (``Purchasing/creditsLeftovers``), a food
/// also gets `left[food]` (grams bought and not eaten), at most the slack of
/// its `buy` row and, when it has pantry stock, at most what is bought
/// (`left_bought[food]`, so unused stock is not counted); the objective
/// rewards it, so at an optimum it is the grams bought beyond the food's need
/// after the pantry.
struct PurchaseRows: Sendable, Hashable {
  /// One offer the model may buy.
  struct Line: Sendable, Hashable {
    var food: String
    var offer: Offer
    var variable: VariableRef
  }

  /// Every offer the model may buy.
  var lines: [Line] = []
  /// A store's visit variable.
  struct Visit: Sendable, Hashable {
    var store: String
    var variable: VariableRef
  }

  /// Each store's visit variable.
  var visits: [Visit] = []
  /// What is paid at the till: packages, loose food and trips.
  var paid = LinearExpression()
  /// The credit for leftovers (``Purchasing/leftoverCredit``): each food's
  /// `left[food]` times the share times its leftover price per gram; empty without a credit.
  var credit = LinearExpression()
  /// What a `minimize cost` plan minimises: what is paid less the credit for leftovers.
  var objective: LinearExpression {
    var objective = paid
    for term in credit.terms { objective.add(term.variable, -term.coefficient) }
    return objective
  }

  /// Adds the purchase variables and rows to a model.
  ///
  /// - Parameters:
  ///   - model: the model; the rows are added to it.
  ///   - foods: the plan's foods.
  ///   - stores: the plan's stores, for their trip costs.
  ///   - purchasing: the pantry and the store rules.
  ///   - days: the plan's days.
  ///   - eaten: for each food, grams eaten on each day as an expression of the model's variables.
  ///   - maximumGrams: for each food, an upper bound on the grams eaten over the whole plan.
  init(
    adding model: inout LinearModel, foods: [Food], stores: [Store], purchasing: Purchasing, days: Int,
    eaten: [String: [Int: LinearExpression]], maximumGrams: [String: Double]
  ) {
    let trips = Dictionary(stores.map { ($0.id, $0.tripCost ?? 0) }) { a, _ in a }
    var visitOf: [String: VariableRef] = [:]
    func visit(_ store: String) -> VariableRef {
      if let variable = visitOf[store] { return variable }
      let variable = model.addVariable("visit[\(store)]", kind: .binary)
      visitOf[store] = variable
      visits.append(Visit(store: store, variable: variable))
      paid.add(variable, NSDecimalNumber(decimal: trips[store] ?? 0).doubleValue)
      return variable
    }
    for food in foods {
      guard let byDay = eaten[food.id], !byDay.isEmpty, let most = maximumGrams[food.id], most > 0 else {
        continue
      }
      var cover = LinearExpression()
      for (k, offer) in food.offers.enumerated() where purchasing.allows(offer) {
        let name = "\(food.id),\(offer.store ?? "any"),\(k + 1)"
        let variable: VariableRef
        let upper: Double
        if offer.soldLoose {
          upper = most
          variable = model.addVariable("loose[\(name)]", lower: 0, upper: upper)
          cover.add(variable, 1)
          paid.add(variable, offer.pricePerGram)
        } else {
          upper = max(1, (most / offer.packageGrams - 1e-9).rounded(.up))
          variable = model.addVariable("pack[\(name)]", lower: 0, upper: upper, kind: .integer)
          cover.add(variable, offer.packageGrams)
          paid.add(variable, NSDecimalNumber(decimal: offer.price).doubleValue)
        }
        lines.append(Line(food: food.id, offer: offer, variable: variable))
        if let store = offer.store {
          model.addConstraint(
            "visit[\(name)]", LinearExpression([(variable, 1), (visit(store), -upper)]), .lessThan(0),
            group: .stores)
        }
      }
      var lots: [(last: Int, variable: VariableRef)] = []
      for (k, lot) in purchasing.pantry.enumerated() where lot.food == food.id && lot.grams > 0 {
        let last = lot.lastDay ?? days
        guard last >= 1 else { continue }
        let variable = model.addVariable("use[\(food.id),\(k + 1)]", lower: 0, upper: lot.grams)
        cover.add(variable, 1)
        lots.append((min(last, days), variable))
      }
      for day in 1...days {
        for term in byDay[day]?.terms ?? [] { cover.add(term.variable, -term.coefficient) }
      }
      if purchasing.creditsLeftovers, !lines.filter({ $0.food == food.id }).isEmpty,
        let price = purchasing.leftoverPricePerGram(of: food), price > 0
      {
        let left = model.addVariable("left[\(food.id)]", lower: 0)
        cover.add(left, -1)
        credit.add(left, purchasing.leftoverCredit * price)
        if !lots.isEmpty {
          var bought = LinearExpression([(left, 1)])
          for line in lines where line.food == food.id {
            bought.add(line.variable, line.offer.soldLoose ? -1 : -line.offer.packageGrams)
          }
          model.addConstraint("left_bought[\(food.id)]", bought, .lessThan(0), group: .purchases)
        }
      }
      model.addConstraint("buy[\(food.id)]", cover, .greaterThan(0), group: .purchases)
      // Stock good until day K feeds days 1...K only: with every lot good from
      // day 1, that holds when, for each K, the lots ending by K supply no
      // more than days 1...K eat.
      for last in Set(lots.map(\.last)).sorted() where last < days {
        var row = LinearExpression()
        for lot in lots where lot.last <= last { row.add(lot.variable, 1) }
        for day in 1...last {
          for term in byDay[day]?.terms ?? [] { row.add(term.variable, -term.coefficient) }
        }
        model.addConstraint("use_by[\(food.id),day\(last)]", row, .lessThan(0), group: .pantry)
      }
    }
    if let limit = purchasing.maximumStores, !visits.isEmpty {
      model.addConstraint(
        "stores_max", LinearExpression(visits.map { ($0.variable, 1) }), .lessThan(Double(limit)),
        group: .stores)
    }
  }

  /// The most a budget lets the whole plan pay at the till (one shop before
  /// day 1): a weekly budget × days / 7, a daily one × days.
  static func limit(of budget: Budget, days: Int) -> Double {
    let amount = NSDecimalNumber(decimal: budget.amount).doubleValue
    return budget.period == .week ? amount * Double(days) / 7 : amount * Double(days)
  }

  /// Adds a `budget[paid,PERIOD]` row (``ConstraintGroup/budget``) for each
  /// budget, bounding what is paid over the plan by ``limit(of:days:)``.
  func addBudgetRows(_ budgets: [Budget], days: Int, to model: inout LinearModel) {
    for budget in budgets {
      model.addConstraint(
        "budget[paid,\(budget.period.rawValue)]", paid, .lessThan(Self.limit(of: budget, days: days)),
        group: .budget)
    }
  }

  /// Adds rows that make the LP relaxation pay for whole packages: when a
  /// slot serves a dish that uses a food, at least one package of the food is
  /// bought, and at least one store that sells it is visited. A binary
  /// `bought[food]` is at least the picks of one slot's dishes that use the
  /// food, summed (`uses[food,k]`: a slot serves one dish, so the sum is the
  /// slot's use of the food, and a fractional LP point cannot spread it
  /// away), at most the packages bought (`first_pack[food]`) and at most the
  /// visits to stores selling it (`first_visit[food]`); all in
  /// ``ConstraintGroup/purchases``.
  ///
  /// Every plan keeps these rows (a dish eats some of each of its foods, and
  /// what is eaten beyond the pantry is bought), so they only cut off
  /// fractional points. They are added only for foods with no pantry stock and
  /// no loose offer, where that holds.
  ///
  /// - Parameters:
  ///   - model: the model.
  ///   - slotPicks: for each food, for each slot, the picks of the slot's dishes that use the food.
  ///   - pantry: the pantry.
  /// - Returns: each food's `bought[food]` variable, for the foods that have one.
  @discardableResult
  func addFirstPackageRows(
    to model: inout LinearModel, slotPicks: [String: [[VariableRef]]], pantry: [PantryStock]
  ) -> [String: VariableRef] {
    var boughtOf: [String: VariableRef] = [:]
    let stocked = Set(pantry.filter { $0.grams > 0 }.map(\.food))
    let visitOf = Dictionary(visits.map { ($0.store, $0.variable) }) { a, _ in a }
    for (food, slots) in slotPicks.sorted(by: { $0.key < $1.key }) where !stocked.contains(food) {
      let own = lines.filter { $0.food == food }
      guard !own.isEmpty, !own.contains(where: \.offer.soldLoose) else { continue }
      let packs = own.map { ($0.variable, 1.0) }
      let stores = Set(own.compactMap(\.offer.store))
      let storeTerms =
        own.allSatisfy({ $0.offer.store != nil }) ? stores.sorted().compactMap { visitOf[$0] } : []
      // `bought[food]` is also a handle the MIP can branch on ("no lentils this week").
      let bought = model.addVariable("bought[\(food)]", kind: .binary)
      boughtOf[food] = bought
      model.addConstraint(
        "first_pack[\(food)]", LinearExpression(packs + [(bought, -1)]), .greaterThan(0), group: .purchases)
      if !storeTerms.isEmpty {
        model.addConstraint(
          "first_visit[\(food)]", LinearExpression(storeTerms.map { ($0, 1) } + [(bought, -1)]),
          .greaterThan(0), group: .purchases)
      }
      for (k, picks) in slots.enumerated() where !picks.isEmpty {
        model.addConstraint(
          "uses[\(food),\(k + 1)]", LinearExpression(picks.map { ($0, 1) } + [(bought, -1)]), .lessThan(0),
          group: .purchases)
      }
    }
    return boughtOf
  }

  /// Adds rows that make the LP relaxation pay for every dish the week
  /// cooks at all, not for a share of it spread over the days.
  ///
  /// Without them the LP relaxation of a week with `repeat at most 2 per
  /// week` cooks each of many dishes 2/7 of a time every day and pays 2/7 of
  /// each of their first packages (on the example till week, 35.56 USD
  /// against plans above 60). A binary `cooked[dish]` is at least each of the
  /// dish's picks (`cooked_each[dish,k]`), at least its picks over the week
  /// divided by the most times it can be cooked (`cooked_count[dish]`, when
  /// that is fewer than its slots), and at most `bought[food]` for each food
  /// of the dish with a `bought` variable (`cooked_buys[dish,food]`); all in
  /// ``ConstraintGroup/cooked``. They raise that LP bound to 51.98 USD.
  ///
  /// Every plan keeps them with `cooked[dish]` = 1 exactly when the dish is
  /// cooked, so they only cut off fractional points.
  ///
  /// - Parameters:
  ///   - model: the model.
  ///   - dishes: each dish's picks in its fresh slots, the most times it can
  ///     be cooked in the plan, and the foods it uses.
  ///   - bought: each food's `bought` variable (``addFirstPackageRows(to:slotPicks:pantry:)``).
  /// - Returns: each dish's `cooked` variable, for the dishes that have one.
  @discardableResult
  func addCookedRows(
    to model: inout LinearModel, dishes: [(id: String, picks: [VariableRef], most: Int, foods: [String])],
    bought: [String: VariableRef]
  ) -> [String: VariableRef] {
    var cookedOf: [String: VariableRef] = [:]
    for dish in dishes where !dish.picks.isEmpty {
      let buys = dish.foods.compactMap { food in bought[food].map { (food, $0) } }
      guard !buys.isEmpty else { continue }
      let cooked = model.addVariable("cooked[\(dish.id)]", kind: .binary)
      cookedOf[dish.id] = cooked
      for (k, pick) in dish.picks.enumerated() {
        model.addConstraint(
          "cooked_each[\(dish.id),\(k + 1)]", LinearExpression([(pick, 1), (cooked, -1)]), .lessThan(0),
          group: .cooked)
      }
      if dish.most < dish.picks.count {
        model.addConstraint(
          "cooked_count[\(dish.id)]",
          LinearExpression(dish.picks.map { ($0, 1) } + [(cooked, -Double(dish.most))]), .lessThan(0),
          group: .cooked)
      }
      for (food, variable) in buys {
        model.addConstraint(
          "cooked_buys[\(dish.id),\(food)]", LinearExpression([(cooked, 1), (variable, -1)]), .lessThan(0),
          group: .cooked)
      }
    }
    return cookedOf
  }

  /// What a solution buys, with package counts rounded to whole numbers.
  func purchases(from values: [Double]) -> [Purchase] {
    lines.compactMap { line in
      guard line.variable.index < values.count else { return nil }
      let value = values[line.variable.index]
      if line.offer.soldLoose {
        return value > 1e-6 ? Purchase(food: line.food, offer: line.offer, packages: 0, grams: value) : nil
      }
      let packages = Int(max(0, value.rounded()))
      guard packages > 0 else { return nil }
      return Purchase(
        food: line.food, offer: line.offer, packages: packages,
        grams: Double(packages) * line.offer.packageGrams)
    }
  }
}
