import Foundation

/// A food that can be bought and eaten, with its nutrition and prices.
///
/// Nutrition is stated per 100 g of the edible portion, each nutrient in its
/// canonical unit (see `NutrientTable`). Everything else about amounts is in
/// grams: household measures, package sizes, density.
public struct Food: Sendable, Hashable, Codable, Identifiable {
  /// The identifier a plan uses for the food (`oats`).
  public var id: String
  /// A name for people ("Rolled oats"): the plan's own, or a catalog food's short name.
  public var name: String
  /// Nutrient amounts in 100 g, each in its nutrient's canonical unit.
  public var nutrientsPer100g: [Nutrient: Double]
  /// Household measures (`cup` = 81 g, `slice` = 28 g).
  public var measures: [Measure]
  /// Grams per millilitre, so that volume units can be used; `nil` when unknown.
  package var density: Double?
  /// Free-form tags such as `vegan`, `gluten-free`, `peanut`.
  package var tags: Set<String>
  /// Where the food can be bought and for how much.
  public var offers: [Offer]
  /// The food group, for catalog foods ("Cereal Grains and Pasta").
  package var group: String?
  /// The USDA SR28 NDB number, for catalog foods (`08120`).
  package var ndbNumber: String?
  /// The full USDA SR28 description, for catalog foods ("Cereals, oats, regular
  /// and quick, not fortified, dry"); ``name`` is the short name printed in plans.
  package var catalogDescription: String?

  public init(
    id: String, name: String, nutrientsPer100g: [Nutrient: Double] = [:], measures: [Measure] = [],
    density: Double? = nil, tags: Set<String> = [], offers: [Offer] = [], group: String? = nil,
    ndbNumber: String? = nil, catalogDescription: String? = nil
  ) {
    self.id = id
    self.name = name
    self.nutrientsPer100g = nutrientsPer100g
    self.measures = measures
    self.density = density
    self.tags = tags
    self.offers = offers
    self.group = group
    self.ndbNumber = ndbNumber
    self.catalogDescription = catalogDescription
  }

  enum CodingKeys: String, CodingKey {
    case id, name, measures, density, tags, offers, group
    case nutrientsPer100g = "nutrients_per_100g"
    case ndbNumber = "ndb_number"
    case catalogDescription = "catalog_description"
  }

  /// The amount of a nutrient in `grams` of this food; 0 when the food has no figure for it.
  package func amount(of nutrient: Nutrient, inGrams grams: Double) -> Double {
    (nutrientsPer100g[nutrient] ?? 0) * grams / 100
  }

  /// The household measure with this name, if the food declares it.
  package func measure(named name: String) -> Measure? {
    measures.first { $0.name == name }
  }

  /// The cheapest offer by price per gram, if any.
  var cheapestOffer: Offer? {
    offers.min { $0.pricePerGram < $1.pricePerGram }
  }
}

/// A household measure of a food: a name and its weight.
public struct Measure: Sendable, Hashable, Codable {
  /// The measure's name (`cup`, `slice`, `large`).
  public var name: String
  /// Its weight in grams.
  public var grams: Double

  public init(name: String, grams: Double) {
    self.name = name
    self.grams = grams
  }
}

/// A price for a package of a food at a store.
public struct Offer: Sendable, Hashable, Codable {
  /// The store's identifier, or `nil` when the plan names no stores.
  public var store: String?
  /// The price of one package, in the plan's currency.
  public var price: Decimal
  /// The package's weight in grams.
  public var packageGrams: Double
  /// What a package is called (`bag`, `block`), when it has a name.
  package var packageName: String?
  /// Whether the food is sold loose, by weight: any amount may be bought, at
  /// ``price`` per ``packageGrams`` (`price 2.99 USD per kg loose`).
  package var soldLoose: Bool

  /// Creates an offer.
  ///
  /// - Parameters:
  ///   - store: The store's identifier, or `nil` when the plan names no stores.
  ///   - price: The price of one package: `try Money("3.49")`, `Money(minorUnits: 349)`
  ///     or a literal (`3.49`, read as written).
  ///   - packageGrams: The package's weight in grams.
  ///   - packageName: What a package is called (`bag`), when it has a name.
  ///   - soldLoose: Whether any amount may be bought at `price` per `packageGrams`.
  public init(
    store: String? = nil, price: Money, packageGrams: Double, packageName: String? = nil,
    soldLoose: Bool = false
  ) {
    self.store = store
    self.price = price.amount
    self.packageGrams = packageGrams
    self.packageName = packageName
    self.soldLoose = soldLoose
  }

  /// Creates an offer from a `Decimal` price.
  @available(
    *, deprecated,
    message:
      "a Decimal literal such as 3.49 is not exact (3.490000000000000512); pass Money: try Money(\"3.49\"), Money(minorUnits: 349) or Money(decimal)"
  )
  @_disfavoredOverload
  public init(
    store: String? = nil, price: Decimal, packageGrams: Double, packageName: String? = nil,
    soldLoose: Bool = false
  ) {
    self.store = store
    self.price = price
    self.packageGrams = packageGrams
    self.packageName = packageName
    self.soldLoose = soldLoose
  }

  enum CodingKeys: String, CodingKey {
    case store, price
    case packageGrams
    case packageName
    case soldLoose
  }

  /// Decodes an offer; `soldLoose` may be left out (false).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    store = try container.decodeIfPresent(String.self, forKey: .store)
    price = try container.decode(Decimal.self, forKey: .price)
    packageGrams = try container.decode(Double.self, forKey: .packageGrams)
    packageName = try container.decodeIfPresent(String.self, forKey: .packageName)
    soldLoose = try container.decodeIfPresent(Bool.self, forKey: .soldLoose) ?? false
  }

  /// Encodes an offer; `soldLoose` only when true, so fixed-package offers read as before.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(store, forKey: .store)
    try container.encode(price, forKey: .price)
    try container.encode(packageGrams, forKey: .packageGrams)
    try container.encodeIfPresent(packageName, forKey: .packageName)
    if soldLoose { try container.encode(true, forKey: .soldLoose) }
  }

  /// The price of one gram.
  var pricePerGram: Double {
    NSDecimalNumber(decimal: price).doubleValue / packageGrams
  }
}

/// A place that sells food.
public struct Store: Sendable, Hashable, Codable, Identifiable {
  /// The identifier a plan uses (`aldi`).
  public var id: String
  /// A name for people ("Aldi").
  package var name: String
  /// The cost of one trip to the store, if the plan counts it.
  package var tripCost: Decimal?

  /// Creates a store; `tripCost` is what one trip costs, when the plan counts it.
  public init(id: String, name: String, tripCost: Money? = nil) {
    self.id = id
    self.name = name
    self.tripCost = tripCost?.amount
  }

  /// Creates a store with a `Decimal` trip cost.
  @available(
    *, deprecated,
    message:
      "a Decimal literal such as 3.49 is not exact (3.490000000000000512); pass Money: try Money(\"2.99\"), Money(minorUnits: 299) or Money(decimal)"
  )
  @_disfavoredOverload
  public init(id: String, name: String, tripCost: Decimal?) {
    self.id = id
    self.name = name
    self.tripCost = tripCost
  }
}
