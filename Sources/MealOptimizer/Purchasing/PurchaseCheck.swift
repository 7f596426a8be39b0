import Foundation

/// The independent check of what a plan buys, shared by ``DietPlanVerifier``
/// and ``MealPlanVerifier``. It does not reuse ``PurchaseRows`` or the
/// grocery list's arithmetic: the stock a plan can use is the min-cut
/// formula for stock that feeds days up to its last day, and the cost is
/// recomputed from each offer's `Decimal` price and each store's trip.
struct PurchaseCheck {
  let purchasing: Purchasing
  let foods: [String: Food]
  let stores: [Store]
  let days: Int
  let tolerance: (Double) -> Double

  /// The most pantry stock of a food that the plan's days can eat: the least,
  /// over every day K from 0 to the plan's end, of what days 1...K eat plus
  /// the stock still good after day K.
  func usableStock(of food: String, eaten: [Double]) -> Double {
    let lots = purchasing.pantry.filter { $0.food == food && $0.grams > 0 }
    var best = Double.infinity
    var eatenSoFar = 0.0
    for k in 0...days {
      if k > 0, k - 1 < eaten.count { eatenSoFar += max(0, eaten[k - 1]) }
      let later = lots.filter { min($0.lastDay ?? days, days) > k }.reduce(0) { $0 + $1.grams }
      best = min(best, eatenSoFar + later)
    }
    return best
  }

  /// The credit for leftovers (``Purchasing/leftoverCredit``), recomputed:
  /// for each food, the grams bought beyond what the plan needs after the
  /// most pantry stock its days can eat, times the share, times the least
  /// `Decimal` price over package grams among the offers the plan may buy.
  ///
  /// - Parameters:
  ///   - purchases: what the plan buys.
  ///   - eaten: grams of each food on each day, `eaten[food][day - 1]`.
  /// - Returns: the credit, unrounded.
  func leftoverCredit(_ purchases: [Purchase], eaten: [String: [Double]]) -> Double {
    guard purchasing.leftoverCredit > 0 else { return 0 }
    var bought: [String: Double] = [:]
    for purchase in purchases {
      bought[purchase.food, default: 0] +=
        purchase.offer.soldLoose ? purchase.grams : Double(purchase.packages) * purchase.offer.packageGrams
    }
    var credit = 0.0
    for (food, grams) in bought.sorted(by: { $0.key < $1.key }) {
      guard let offers = foods[food]?.offers else { continue }
      let prices = offers.filter { offer in
        offer.packageGrams > 0
          && (offer.store.map { store in purchasing.stores?.contains(store) ?? true } ?? true)
      }.map { NSDecimalNumber(decimal: $0.price).doubleValue / $0.packageGrams }
      guard let price = prices.min() else { continue }
      let amounts = eaten[food] ?? []
      let total = amounts.reduce(0) { $0 + max(0, $1) }
      let needed = max(0, total - usableStock(of: food, eaten: amounts))
      credit += max(0, grams - needed) * price * purchasing.leftoverCredit
    }
    return credit
  }

  /// Checks the purchases against what the plan eats and recomputes what is paid.
  ///
  /// - Parameters:
  ///   - purchases: what the plan says it buys.
  ///   - eaten: grams of each food on each day, `eaten[food][day - 1]`.
  /// - Returns: the till total (packages, loose food to the cent a line, and
  ///   trips), the same total with loose food unrounded (what the model and
  ///   budgets count), and every violation.
  func check(_ purchases: [Purchase], eaten: [String: [Double]]) -> (
    paid: Decimal, exact: Decimal, violations: [PlanViolation]
  ) {
    var violations: [PlanViolation] = []
    var bought: [String: Double] = [:]
    var paid = Decimal()
    var exact = Decimal()
    var visited: Set<String> = []
    for purchase in purchases {
      guard let food = foods[purchase.food], food.offers.contains(purchase.offer) else {
        violations.append(
          PlanViolation(
            rule: "purchase", message: "\(purchase.food) is bought at an offer the food does not have"))
        continue
      }
      if let store = purchase.offer.store {
        visited.insert(store)
        if let allowed = purchasing.stores, !allowed.contains(store) {
          violations.append(
            PlanViolation(
              rule: "purchase", message: "\(purchase.food) is bought at \(store), which the plan excludes"))
        }
      }
      let grams: Double
      if purchase.offer.soldLoose {
        grams = purchase.grams
        var line = purchase.offer.price * Decimal(purchase.grams) / Decimal(purchase.offer.packageGrams)
        exact += line
        var cents = Decimal()
        NSDecimalRound(&cents, &line, 2, .plain)
        paid += cents
      } else {
        grams = Double(purchase.packages) * purchase.offer.packageGrams
        paid += purchase.offer.price * Decimal(purchase.packages)
        exact += purchase.offer.price * Decimal(purchase.packages)
      }
      if purchase.packages < 0 || grams < 0 {
        violations.append(
          PlanViolation(rule: "purchase", message: "\(purchase.food) is bought in a negative amount"))
      }
      bought[purchase.food, default: 0] += grams
    }
    for (food, amounts) in eaten.sorted(by: { $0.key < $1.key }) {
      let total = amounts.reduce(0) { $0 + max(0, $1) }
      guard total > 0 else { continue }
      let needed = total - usableStock(of: food, eaten: amounts)
      let have = bought[food] ?? 0
      if have < needed - tolerance(needed) {
        violations.append(
          PlanViolation(
            rule: "purchase",
            message:
              "\(food): the plan eats \(total) g and needs \(needed) g beyond the pantry, but buys \(have) g")
        )
      }
    }
    for store in stores where visited.contains(store.id) {
      paid += store.tripCost ?? 0
      exact += store.tripCost ?? 0
    }
    if let limit = purchasing.maximumStores, visited.count > limit {
      violations.append(
        PlanViolation(
          rule: "purchase",
          message: "the plan shops at \(visited.count) stores, more than the \(limit) allowed"))
    }
    return (paid, exact, violations)
  }
}
