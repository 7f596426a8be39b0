import Foundation

/// What to buy for a plan: the total grams of each food, in whole packages at
/// the offer that makes them cheapest.
public struct GroceryList: Sendable, Hashable, Codable {
  /// One line per food, sorted by store, then food name.
  public var items: [GroceryItem]
  /// The price of every package and of every trip to a store the list visits.
  public var total: Decimal
  /// The stores visited, with their trips; set for a list built from purchases.
  package var stores: [GroceryStore]?
  /// For a list built from grams (``init(grams:foods:stores:)``), the stores
  /// its lines are bought at, with their trips; `nil` for a list built from
  /// purchases (see ``stores``) or one that names no store.
  package var trips: [GroceryStore]?
  /// What the plan takes from the pantry; set for a list built from purchases.
  package var fromPantry: [PantryAmount]?
  /// What is left after the plan: pantry stock and the rest of opened
  /// packages; set for a list built from purchases.
  package var leftovers: [PantryAmount]?

  enum CodingKeys: String, CodingKey {
    case items, total, stores, trips, leftovers
    case fromPantry = "from_pantry"
  }

  /// The stores visited, with their trips, however the list was built.
  package var visits: [GroceryStore] { stores ?? trips ?? [] }

  /// What the trips to the stores visited cost.
  package var tripTotal: Decimal { visits.reduce(0) { $0 + $1.trip } }

  /// What the lines cost: ``total`` less the trips.
  package var foodTotal: Decimal { total - tripTotal }

  /// Creates a list from its lines; the total is the sum of their costs.
  package init(items: [GroceryItem]) {
    self.items = items
    self.total = items.reduce(0) { $0 + $1.cost }
  }

  /// Builds the list for the grams of each food a plan uses, each line
  /// named by its food's name (``shortName(_:)``).
  ///
  /// For each food the offer chosen is the one whose whole packages covering
  /// the grams cost least (ties: the smaller surplus, then the store name).
  /// A food with no offer is listed with no store and no cost. Every store a
  /// line is bought at is visited once: its trip is in ``trips`` and in the
  /// ``total``.
  ///
  /// - Parameters:
  ///   - grams: grams of each food, by identifier; zero amounts are left out.
  ///   - foods: the foods, by identifier.
  ///   - stores: the stores, for their names and trips.
  /// - Complexity: O(foods × offers).
  package init(grams: [String: Double], foods: [String: Food], stores: [Store] = []) {
    var items: [GroceryItem] = []
    for (id, amount) in grams where amount > 1e-9 {
      guard let food = foods[id] else { continue }
      let choices = food.offers.filter { $0.packageGrams > 0 }.map { offer in
        let packages = Int((amount / offer.packageGrams - 1e-9).rounded(.up))
        return (offer: offer, packages: packages, cost: offer.price * Decimal(packages))
      }
      let best = choices.min { a, b in
        if a.cost != b.cost { return a.cost < b.cost }
        let surplus = { (c: (offer: Offer, packages: Int, cost: Decimal)) in
          Double(c.packages) * c.offer.packageGrams
        }
        if surplus(a) != surplus(b) { return surplus(a) < surplus(b) }
        return (a.offer.store ?? "") < (b.offer.store ?? "")
      }
      items.append(
        GroceryItem(
          food: id, name: Self.shortName(food), grams: amount, store: best?.offer.store,
          packages: best?.packages ?? 0,
          packageGrams: best?.offer.packageGrams, packageName: best?.offer.packageName,
          packagePrice: best?.offer.price, cost: best?.cost ?? 0))
    }
    items.sort { ($0.store ?? "", $0.name, $0.food) < ($1.store ?? "", $1.name, $1.food) }
    self.items = items
    let byID = Dictionary(stores.map { ($0.id, $0) }) { a, _ in a }
    let visited = Set(items.compactMap(\.store)).sorted().map { id in
      GroceryStore(id: id, name: byID[id]?.name ?? id, trip: byID[id]?.tripCost ?? 0)
    }
    self.trips = visited.isEmpty ? nil : visited
    self.total = items.reduce(0) { $0 + $1.cost } + visited.reduce(0) { $0 + $1.trip }
  }
}

/// One food on a ``GroceryList``.
public struct GroceryItem: Sendable, Hashable, Codable {
  /// The food's identifier.
  package var food: String
  /// The food's name for people.
  public var name: String
  /// The grams the plan uses.
  package var grams: Double
  /// Where to buy it; `nil` when the offer names no store or the food has no offer.
  package var store: String?
  /// Whole packages to buy.
  public var packages: Int
  /// The weight of one package, in grams.
  package var packageGrams: Double?
  /// What a package is called (`bag`), when the offer names it.
  package var packageName: String?
  /// The price of one package.
  package var packagePrice: Decimal?
  /// The price of all the packages.
  public var cost: Decimal
  /// Grams the plan needs from this line (beyond the pantry); set for a list built from purchases.
  package var gramsNeeded: Double?
  /// Grams bought on this line and not needed by the plan.
  package var gramsLeft: Double?
  /// Grams bought on this line.
  package var gramsBought: Double?
  /// `true` when the line is sold loose, by weight.
  package var loose: Bool?
  /// What the shopping list groups the line under: the user's pantry
  /// category for the food when one of its lots has one, else the food's
  /// catalog group; set for a list built from purchases.
  package var category: String?

  /// The price of one package (or, loose, of ``packageGrams``): the JSON `price`.
  package var price: Decimal? { packagePrice }

  /// Creates a grocery line from its parts.
  package init(
    food: String, name: String, grams: Double, store: String?, packages: Int, packageGrams: Double?,
    packageName: String?, packagePrice: Decimal?, cost: Decimal
  ) {
    self.food = food
    self.name = name
    self.grams = grams
    self.store = store
    self.packages = packages
    self.packageGrams = packageGrams
    self.packageName = packageName
    self.packagePrice = packagePrice
    self.cost = cost
  }

  enum CodingKeys: String, CodingKey {
    case food, name, grams, store, packages, cost
    case packageGrams = "package_grams"
    case packageName = "package_name"
    case packagePrice = "package_price"
    case gramsNeeded = "grams_needed"
    case gramsLeft = "grams_left"
    case gramsBought = "grams_bought"
    case loose, price, category
  }

  /// Decodes a line; the purchase fields may be left out.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    food = try c.decode(String.self, forKey: .food)
    name = try c.decode(String.self, forKey: .name)
    grams = try c.decode(Double.self, forKey: .grams)
    store = try c.decodeIfPresent(String.self, forKey: .store)
    packages = try c.decode(Int.self, forKey: .packages)
    packageGrams = try c.decodeIfPresent(Double.self, forKey: .packageGrams)
    packageName = try c.decodeIfPresent(String.self, forKey: .packageName)
    packagePrice = try c.decodeIfPresent(Decimal.self, forKey: .packagePrice)
    cost = try c.decode(Decimal.self, forKey: .cost)
    gramsNeeded = try c.decodeIfPresent(Double.self, forKey: .gramsNeeded)
    gramsLeft = try c.decodeIfPresent(Double.self, forKey: .gramsLeft)
    gramsBought = try c.decodeIfPresent(Double.self, forKey: .gramsBought)
    loose = try c.decodeIfPresent(Bool.self, forKey: .loose)
    category = try c.decodeIfPresent(String.self, forKey: .category)
  }

  /// Encodes a line, with `price` (the package price) and the purchase fields when set.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(food, forKey: .food)
    try c.encode(name, forKey: .name)
    try c.encode(grams, forKey: .grams)
    try c.encodeIfPresent(store, forKey: .store)
    try c.encode(packages, forKey: .packages)
    try c.encodeIfPresent(packageGrams, forKey: .packageGrams)
    try c.encodeIfPresent(packageName, forKey: .packageName)
    try c.encodeIfPresent(packagePrice, forKey: .packagePrice)
    try c.encodeIfPresent(packagePrice, forKey: .price)
    try c.encode(cost, forKey: .cost)
    try c.encodeIfPresent(gramsNeeded, forKey: .gramsNeeded)
    try c.encodeIfPresent(gramsLeft, forKey: .gramsLeft)
    try c.encodeIfPresent(gramsBought, forKey: .gramsBought)
    try c.encodeIfPresent(loose, forKey: .loose)
    try c.encodeIfPresent(category, forKey: .category)
  }
}
