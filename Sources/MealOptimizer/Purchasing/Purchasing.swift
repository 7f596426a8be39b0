import Foundation

/// What a plan buys and what it already has: the pantry, the stores it may
/// visit, and whether the cost minimised is what is paid at the till or the
/// food eaten.
///
/// With purchasing, a plan's model holds, besides the meals, a whole number
/// of packages for each offer (food × store × package size; sizes mix
/// freely), grams for each loose offer (`Offer/soldLoose`), a yes/no visit
/// for each store (a package bought at a store forces its visit and its
/// `Store/tripCost`), and the pantry stock used. Everything eaten over the
/// plan, less the pantry stock used, must be bought, in one shop before the
/// plan starts. Budgets bound what is paid: a weekly budget bounds the
/// whole plan's till total at `amount × days / 7`, a daily budget at
/// `amount × days`.
///
/// ```swift
/// var problem = DietProblem(foods: foods, stores: stores, days: 3, goals: goals)
/// problem.purchasing = Purchasing(pantry: [PantryStock(food: "rice", grams: 500)], maximumStores: 1)
/// ```
public struct Purchasing: Sendable, Hashable, Codable {
  /// What the plan minimises when its objective is cost.
  package enum CostBasis: String, Sendable, Hashable, Codable {
    /// Everything paid at the till: packages, loose food and store trips.
    case paid
    /// The food eaten, at each food's cheapest price per gram (purchases are
    /// still modelled, so budgets still bound what is paid).
    case eaten
  }

  /// What is at home before the plan starts; it is used before anything is bought.
  package var pantry: [PantryStock]
  /// The stores the plan may buy at, by identifier; `nil` for every store.
  package var stores: [String]?
  /// The most stores the plan may visit; `nil` for no limit.
  package var maximumStores: Int?
  /// What a cost objective minimises.
  package var costBasis: CostBasis
  /// The share, from 0 to 1, of its price per gram at which what the plan
  /// buys and does not eat is credited (`leftovers worth 50%` is 0.5); 0 for
  /// no credit.
  ///
  /// Under ``CostBasis/paid`` the objective is then what is paid at the till
  /// less the credit: each food's grams bought beyond what the plan needs
  /// from the shops (after the pantry), times this share, times the food's
  /// lowest price per gram among the offers the plan may buy
  /// (``leftoverPricePerGram(of:)``). Pantry stock left unused is not
  /// credited. The plan's cost stays what is paid; the credit is reported
  /// beside it. At 1 an extra package of a food's cheapest offer costs
  /// nothing net, so plans may buy more than they need: a share below 1
  /// keeps them from it.
  package var leftoverCredit: Double

  /// Creates purchasing settings: an empty pantry, the till total
  /// minimised, and no credit for leftovers.
  ///
  /// - Parameters:
  ///   - stores: the stores the plan may buy from; `nil` for every store.
  ///   - maximumStores: the most stores the plan may shop at; `nil` for no limit.
  public init(stores: [String]? = nil, maximumStores: Int? = nil) {
    self.init(pantry: [], stores: stores, maximumStores: maximumStores, costBasis: .paid)
  }

  /// Creates purchasing settings; by default an empty pantry, every store,
  /// the till total minimised, and no credit for leftovers.
  package init(
    pantry: [PantryStock] = [], stores: [String]? = nil, maximumStores: Int? = nil,
    costBasis: CostBasis = .paid, leftoverCredit: Double = 0
  ) {
    self.pantry = pantry
    self.stores = stores
    self.maximumStores = maximumStores
    self.costBasis = costBasis
    self.leftoverCredit = leftoverCredit
  }

  enum CodingKeys: String, CodingKey {
    case pantry, stores
    case maximumStores = "maximum_stores"
    case costBasis = "cost_basis"
    case leftoverCredit = "leftover_credit"
  }

  /// Decodes settings; `leftover_credit` may be left out (no credit).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    pantry = try c.decode([PantryStock].self, forKey: .pantry)
    stores = try c.decodeIfPresent([String].self, forKey: .stores)
    maximumStores = try c.decodeIfPresent(Int.self, forKey: .maximumStores)
    costBasis = try c.decode(CostBasis.self, forKey: .costBasis)
    leftoverCredit = try c.decodeIfPresent(Double.self, forKey: .leftoverCredit) ?? 0
  }

  /// Whether leftovers are credited in the objective: a positive share under ``CostBasis/paid``.
  package var creditsLeftovers: Bool { costBasis == .paid && leftoverCredit > 0 }

  /// The price per gram at which a food's leftovers are credited (before
  /// ``leftoverCredit``): the lowest price per gram of the food's offers the
  /// plan may buy; `nil` when it may buy none.
  package func leftoverPricePerGram(of food: Food) -> Double? {
    food.offers.filter { allows($0) }.map(\.pricePerGram).min()
  }

  /// Whether an offer may be bought: it has a positive package (or is loose)
  /// and its store, if any, is allowed.
  package func allows(_ offer: Offer) -> Bool {
    guard offer.packageGrams.isFinite, offer.packageGrams > 0 else { return false }
    guard let store = offer.store, let stores else { return true }
    return stores.contains(store)
  }
}

/// Stock of one food at home.
package struct PantryStock: Sendable, Hashable, Codable {
  /// The food's identifier.
  package var food: String
  /// How much there is, in grams.
  package var grams: Double
  /// The user's own category ("baking", "freezer"), for the shopping list.
  package var category: String?
  /// The last day of the plan (from 1) on which the stock may be eaten, from
  /// its use-by date; `nil` when it keeps past the plan, 0 or less when it is
  /// already past its date.
  package var lastDay: Int?
  /// The use-by date as written (`2026-12-05`), for display and for the pantry after the plan.
  package var useBy: String?

  /// Creates stock from its parts.
  package init(
    food: String, grams: Double, category: String? = nil, lastDay: Int? = nil, useBy: String? = nil
  ) {
    self.food = food
    self.grams = grams
    self.category = category
    self.lastDay = lastDay
    self.useBy = useBy
  }

  enum CodingKeys: String, CodingKey {
    case food, grams, category
    case lastDay = "last_day"
    case useBy = "use_by"
  }
}

/// What a plan buys of one offer.
package struct Purchase: Sendable, Hashable, Codable {
  /// The food's identifier.
  package var food: String
  /// The offer, as the food lists it.
  package var offer: Offer
  /// Whole packages bought; 0 for a loose offer.
  package var packages: Int
  /// Grams bought: packages × package grams, or the loose amount.
  package var grams: Double

  /// Creates a purchase from its parts.
  package init(food: String, offer: Offer, packages: Int, grams: Double) {
    self.food = food
    self.offer = offer
    self.packages = packages
    self.grams = grams
  }

  /// What the purchase costs at the till: packages × price, or, for a loose
  /// offer, grams × price per gram rounded to the cent (as a till charges a
  /// line weighed out), so a shopping list's total is whole cents.
  package var cost: Decimal {
    offer.soldLoose
      ? (offer.price * Decimal(grams) / Decimal(offer.packageGrams)).rounded(places: 2)
      : offer.price * Decimal(packages)
  }
}

/// How much of each pantry lot a plan eats, lot by lot: each day's need of a
/// food comes first from the lot that expires soonest among those still good
/// that day, then from what is bought. For lots that are all good from day 1,
/// this order uses as much stock as any order can.
///
/// - Parameters:
///   - pantry: the stock.
///   - eaten: grams of each food on each day, `eaten[food][day - 1]`.
/// - Returns: grams used from each lot (in the pantry's order), and each food's grams left to buy.
func drawPantry(_ pantry: [PantryStock], eaten: [String: [Double]]) -> (
  used: [Double], toBuy: [String: Double]
) {
  var left = pantry.map { max(0, $0.grams) }
  var toBuy: [String: Double] = [:]
  for (food, days) in eaten.sorted(by: { $0.key < $1.key }) {
    let lots = pantry.indices.filter { pantry[$0].food == food }
      .sorted { (pantry[$0].lastDay ?? .max, $0) < (pantry[$1].lastDay ?? .max, $1) }
    var buy = 0.0
    for (offset, need) in days.enumerated() {
      var need = max(0, need)
      for lot in lots where need > 0 && (pantry[lot].lastDay ?? .max) >= offset + 1 {
        let take = min(need, left[lot])
        left[lot] -= take
        need -= take
      }
      buy += need
    }
    toBuy[food] = buy
  }
  return (zip(pantry, left).map { max(0, $0.grams) - $1 }, toBuy)
}
