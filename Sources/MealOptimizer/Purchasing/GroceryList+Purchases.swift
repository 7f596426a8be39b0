import Foundation

/// A store on a shopping list, with its trip.
package struct GroceryStore: Sendable, Hashable, Codable {
  /// The store's identifier.
  package var id: String
  /// Its name for people.
  package var name: String
  /// What one trip costs (0 when the plan counts none).
  package var trip: Decimal

  /// Creates a store line from its parts.
  package init(id: String, name: String, trip: Decimal) {
    self.id = id
    self.name = name
    self.trip = trip
  }
}

/// Stock a plan takes from the pantry, or stock left after it.
package struct PantryAmount: Sendable, Hashable, Codable {
  /// The food's identifier.
  package var food: String
  /// The food's name for people.
  package var name: String
  /// Grams.
  package var grams: Double
  /// The user's category for the stock, when it has one.
  package var category: String?
  /// The use-by date, as written, when the stock has one.
  package var useBy: String?
  /// For what is left of a package bought for the plan: the package's grams (an opened package).
  package var packageGrams: Double?

  /// Creates an amount from its parts.
  package init(
    food: String, name: String, grams: Double, category: String? = nil, useBy: String? = nil,
    packageGrams: Double? = nil
  ) {
    self.food = food
    self.name = name
    self.grams = grams
    self.category = category
    self.useBy = useBy
    self.packageGrams = packageGrams
  }

  enum CodingKeys: String, CodingKey {
    case food, name, grams, category
    case useBy = "use_by"
    case packageGrams = "package_grams"
  }
}

extension GroceryList {
  /// Builds the list from what a plan buys: one line per offer bought, each
  /// with the grams the plan needs from it and the grams left over; the
  /// stores visited with their trips; what comes from the pantry; what is
  /// left after the plan. The total is everything paid, trips included.
  ///
  /// The pantry is drawn day by day, soonest use-by first; each food's need
  /// beyond the pantry is taken from its purchases in list order (store,
  /// then larger packages first), and whatever remains is left over.
  ///
  /// - Parameters:
  ///   - eaten: grams of each food on each day, `eaten[food][day - 1]`.
  ///   - purchases: what the plan buys.
  ///   - purchasing: the pantry.
  ///   - foods: the foods, by identifier.
  ///   - stores: the plan's stores.
  package init(
    eaten: [String: [Double]], purchases: [Purchase], purchasing: Purchasing, foods: [String: Food],
    stores: [Store]
  ) {
    let draw = drawPantry(purchasing.pantry, eaten: eaten)
    func name(_ id: String) -> String { foods[id].map { Self.shortName($0) } ?? id }
    var categories: [String: String] = [:]
    for lot in purchasing.pantry {
      if let category = lot.category, categories[lot.food] == nil { categories[lot.food] = category }
    }
    var fromPantry: [PantryAmount] = []
    var leftovers: [PantryAmount] = []
    for (lot, used) in zip(purchasing.pantry, draw.used) {
      if used > 1e-9 {
        fromPantry.append(
          PantryAmount(
            food: lot.food, name: name(lot.food), grams: used, category: lot.category, useBy: lot.useBy))
      }
      let left = max(0, lot.grams) - used
      if left > 1e-9 {
        leftovers.append(
          PantryAmount(
            food: lot.food, name: name(lot.food), grams: left, category: lot.category, useBy: lot.useBy))
      }
    }
    let storeNames = Dictionary(stores.map { ($0.id, $0) }) { a, _ in a }
    let ordered = purchases.sorted {
      ($0.food, $0.offer.store ?? "", -$0.offer.packageGrams) < (
        $1.food, $1.offer.store ?? "", -$1.offer.packageGrams
      )
    }
    var remaining = draw.toBuy
    var items: [GroceryItem] = []
    for purchase in ordered {
      let need = min(max(0, remaining[purchase.food] ?? 0), purchase.grams)
      remaining[purchase.food] = (remaining[purchase.food] ?? 0) - need
      let left = max(0, purchase.grams - need)
      var item = GroceryItem(
        food: purchase.food, name: name(purchase.food), grams: need, store: purchase.offer.store,
        packages: purchase.packages, packageGrams: purchase.offer.packageGrams,
        packageName: purchase.offer.packageName, packagePrice: purchase.offer.price, cost: purchase.cost)
      item.gramsNeeded = need
      item.gramsLeft = left
      item.gramsBought = purchase.grams
      item.loose = purchase.offer.soldLoose ? true : nil
      item.category = categories[purchase.food] ?? foods[purchase.food]?.group
      items.append(item)
      if left > 1e-9 {
        leftovers.append(
          PantryAmount(
            food: purchase.food, name: name(purchase.food), grams: left,
            packageGrams: purchase.offer.soldLoose ? nil : purchase.offer.packageGrams))
      }
    }
    items.sort { ($0.store ?? "", $0.name, $0.food) < ($1.store ?? "", $1.name, $1.food) }
    let visited = Set(purchases.compactMap(\.offer.store))
    let storeLines = visited.sorted().map { id in
      GroceryStore(id: id, name: storeNames[id]?.name ?? id, trip: storeNames[id]?.tripCost ?? 0)
    }
    self.init(items: items)
    self.stores = storeLines
    self.fromPantry = fromPantry
    self.leftovers = leftovers
    self.total = items.reduce(0) { $0 + $1.cost } + storeLines.reduce(0) { $0 + $1.trip }
  }

  /// The credit for what the list leaves over (``Purchasing/leftoverCredit``):
  /// each line's grams left, times the share, times its food's leftover price
  /// per gram (``Purchasing/leftoverPricePerGram(of:)``), rounded to the cent.
  ///
  /// - Parameters:
  ///   - purchasing: the share and the offers the plan may buy.
  ///   - foods: the foods, by identifier.
  package func leftoverCredit(_ purchasing: Purchasing, foods: [String: Food]) -> Decimal {
    var credit = 0.0
    for item in items {
      guard let left = item.gramsLeft, left > 0, let food = foods[item.food],
        let price = purchasing.leftoverPricePerGram(of: food)
      else { continue }
      credit += left * price * purchasing.leftoverCredit
    }
    return CookingPlan.cents(credit)
  }

  /// The name a shopping list prints: a catalog food's name as it is (its
  /// short name, "Rolled oats", unique in the catalog, unless the plan named
  /// it); for a food of the plan's own, its name up to its first comma when
  /// that leaves a word or two ("Rice" for "Rice, white, long-grain"), else
  /// the whole name.
  package static func shortName(_ food: Food) -> String {
    guard food.catalogDescription == nil else { return food.name }
    let head = food.name.split(separator: ",", maxSplits: 1).first.map(String.init) ?? food.name
    let trimmed = head.trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty ? food.name : trimmed
  }
}
