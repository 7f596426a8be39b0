import Foundation
import Testing

@testable import MealOptimizer

/// The bundled USDA SR28 catalog, checked against figures read from the SR28 files.
@Suite("Bundled catalog")
struct CatalogBundledTests {
  static let catalog = Result { try FoodCatalog.bundled() }

  static func bundled() throws -> FoodCatalog { try catalog.get() }

  /// One food's figures as SR28 states them (NUT_DATA.txt: 208 energy, 203
  /// protein, 307 sodium per 100 g; WEIGHT.txt: a household measure).
  struct SpotCheck: Sendable, CustomTestStringConvertible {
    var ndbNumber: String
    var description: String
    var energy: Double
    var protein: Double
    var sodium: Double
    var measure: String
    var measureDescription: String
    var measureAmount: Double
    var measureGrams: Double

    var testDescription: String { "\(ndbNumber) \(description)" }
  }

  static let spotChecks: [SpotCheck] = [
    .init(
      ndbNumber: "01009", description: "Cheese, cheddar", energy: 404, protein: 22.87, sodium: 653,
      measure: "cup", measureDescription: "cup, diced", measureAmount: 1, measureGrams: 132),
    .init(
      ndbNumber: "08120", description: "Cereals, oats, regular and quick, not fortified, dry", energy: 379,
      protein: 13.15, sodium: 6, measure: "cup", measureDescription: "cup", measureAmount: 1, measureGrams: 81
    ),
    .init(
      ndbNumber: "09040", description: "Bananas, raw", energy: 89, protein: 1.09, sodium: 1,
      measure: "cup_sliced", measureDescription: "cup, sliced", measureAmount: 1, measureGrams: 150),
    .init(
      ndbNumber: "16069", description: "Lentils, raw", energy: 352, protein: 24.63, sodium: 6,
      measure: "tbsp", measureDescription: "tablespoon", measureAmount: 1, measureGrams: 12),
    .init(
      ndbNumber: "01077", description: "Milk, whole, 3.25% milkfat, with added vitamin D", energy: 61,
      protein: 3.15, sodium: 43, measure: "fl_oz", measureDescription: "fl oz", measureAmount: 1,
      measureGrams: 30.5),
    .init(
      ndbNumber: "11090", description: "Broccoli, raw", energy: 34, protein: 2.82, sodium: 33,
      measure: "cup", measureDescription: "cup chopped", measureAmount: 1, measureGrams: 91),
    .init(
      ndbNumber: "20036", description: "Rice, brown, long-grain, raw", energy: 367, protein: 7.54, sodium: 5,
      measure: "cup", measureDescription: "cup", measureAmount: 1, measureGrams: 185),
    .init(
      ndbNumber: "05062",
      description: "Chicken, broiler or fryers, breast, skinless, boneless, meat only, raw",
      energy: 120, protein: 22.50, sodium: 45, measure: "oz", measureDescription: "oz", measureAmount: 3,
      measureGrams: 85),
    .init(
      ndbNumber: "16098", description: "Peanut butter, smooth style, with salt", energy: 598, protein: 22.21,
      sodium: 426, measure: "tbsp", measureDescription: "tbsp", measureAmount: 2, measureGrams: 32),
    .init(
      ndbNumber: "01123", description: "Egg, whole, raw, fresh", energy: 143, protein: 12.56, sodium: 142,
      measure: "large", measureDescription: "large", measureAmount: 1, measureGrams: 50),
  ]

  @Test("the bundled catalog holds all 8,789 SR28 foods and 150 nutrients")
  func holdsEveryFood() throws {
    let catalog = try Self.bundled()
    #expect(catalog.count == 8789)
    #expect(catalog.nutrients.count == 150)
    #expect(catalog.groups.count == 25)
    #expect(Set(catalog.ndbNumbers).count == 8789)
    #expect(catalog.ndbNumbers.allSatisfy { $0.count == 5 })
  }

  @Test("foods carry SR28's energy, protein, sodium and household measures", arguments: spotChecks)
  func matchesSR28(check: SpotCheck) throws {
    let catalog = try Self.bundled()
    let food = try #require(catalog.food(ndbNumber: check.ndbNumber))
    #expect(food.catalogDescription == check.description)
    #expect(food.nutrientsPer100g[.energy] == check.energy)
    #expect(food.nutrientsPer100g[.protein] == check.protein)
    #expect(food.nutrientsPer100g[.sodium] == check.sodium)
    let measure = try #require(
      catalog.measures(ndbNumber: check.ndbNumber).first { $0.name == check.measure })
    #expect(measure.description == check.measureDescription)
    #expect(measure.amount == check.measureAmount)
    #expect(measure.grams == check.measureGrams)
    #expect(food.measure(named: check.measure)?.grams == check.measureGrams / check.measureAmount)
  }

  @Test("a food is found by NDB number with or without leading zeros, by identifier, and by description")
  func looksFoodsUp() throws {
    let catalog = try Self.bundled()
    #expect(catalog.food(ndbNumber: "8120")?.ndbNumber == "08120")
    #expect(catalog.food(id: "usda_08120")?.ndbNumber == "08120")
    #expect(catalog.food(id: "08120")?.ndbNumber == "08120")
    #expect(catalog.food(named: "cheese, CHEDDAR")?.ndbNumber == "01009")
    #expect(catalog.food(named: "  Bananas, raw ")?.ndbNumber == "09040")
    #expect(catalog.food(ndbNumber: "99999") == nil)
    #expect(catalog.food(ndbNumber: "") == nil)
    #expect(catalog.food(ndbNumber: "oats") == nil)
    #expect(catalog.food(named: "Cheese, chedar") == nil)
  }

  @Test("density comes from a plain volume measure, fluid ounces first")
  func estimatesDensity() throws {
    let catalog = try Self.bundled()
    // Whole milk: "fl oz" = 30.5 g (and "cup" = 244 g).
    let milk = try #require(catalog.food(ndbNumber: "01077")?.density)
    #expect(abs(milk - 30.5 / 29.5735295625) < 1e-12)
    // Oats: "cup" = 81 g, a bulk density.
    let oats = try #require(catalog.food(ndbNumber: "08120")?.density)
    #expect(abs(oats - 81 / 236.5882365) < 1e-12)
    // Broccoli is measured by the chopped cup, bunch and spear: no plain volume.
    #expect(catalog.food(ndbNumber: "11090")?.density == nil)
  }

  @Test("every food's description finds that food")
  func descriptionsAreUniqueKeys() throws {
    let catalog = try Self.bundled()
    for food in catalog.foods {
      #expect(catalog.food(named: food.catalogDescription ?? "")?.ndbNumber == food.ndbNumber)
    }
  }

  @Test(
    "a misspelt name gets the intended food among its close matches",
    arguments: [
      ("Chese, chedar", "01009"),
      ("banannas raw", "09040"),
      ("Lentils, rwa", "16069"),
      ("brocoli raw", "11090"),
    ])
  func suggestsCloseMatches(name: String, expected: String) throws {
    let suggestions = try Self.bundled().closeMatches(for: name, limit: 3)
    #expect(suggestions.prefix(3).map(\.ndbNumber).contains(expected), "\(suggestions.map(\.description))")
  }

  @Test("a name that resembles nothing has no close matches")
  func noSuggestionsForNonsense() throws {
    #expect(try Self.bundled().closeMatches(for: "zzqxj").isEmpty)
  }
}

/// Looking a food up by whatever a person wrote.
@Suite("Catalog lookup")
struct CatalogLookupTests {
  @Test(
    "a number, an identifier or a description finds the food",
    arguments: ["08120", "8120", "usda_08120", "Cereals, oats, regular and quick, not fortified, dry"])
  func findsFoods(reference: String) throws {
    #expect(try CatalogBundledTests.bundled().food(matching: reference).ndbNumber == "08120")
  }

  @Test("an unknown name is an error that suggests close matches")
  func suggestsOnFailure() throws {
    let catalog = try CatalogBundledTests.bundled()
    let error = #expect(throws: CatalogLookupError.self) { try catalog.food(matching: "Chese, chedar") }
    #expect(error?.suggestions.first?.ndbNumber == "01009")
    #expect(
      error?.description.hasPrefix(
        "no catalog food 'Chese, chedar'; did you mean 'Cheese, cheddar' (usda 01009)") == true)
  }

  @Test("an unknown number without resemblance has no suggestions")
  func unknownNumber() throws {
    let error = #expect(throws: CatalogLookupError.self) {
      try CatalogBundledTests.bundled().food(matching: "99999")
    }
    #expect(error?.description == "no catalog food '99999'")
  }

  @Test("short names are unique over the whole catalog, ignoring case, and are what FoodNamer derives")
  func shortNamesAreUnique() throws {
    let catalog = try CatalogBundledTests.bundled()
    let foods = Array(catalog.foods)
    let names = foods.map(\.name)
    #expect(Set(names.map { $0.lowercased() }).count == 8789)
    #expect(!names.contains { $0.isEmpty })
    // Stored names are the rule's names: re-deriving from the descriptions gives the same list.
    let derived = FoodNamer.names(
      for: foods.map { ($0.ndbNumber ?? "", $0.catalogDescription ?? "") })
    #expect(derived == names)
    #expect(foods.filter { $0.name == $0.catalogDescription }.count == 3836)
    // The override table's names are unique too, and used.
    for (number, name) in FoodNamer.overrides { #expect(catalog.food(ndbNumber: number)?.name == name) }
  }

  @Test(
    "short names name the food, not its filing word",
    arguments: [
      ("08120", "Rolled oats"), ("20038", "Oats"), ("08122", "Oats, instant, fortified, plain, dry"),
      ("15121", "Tuna, light, canned in water, drained solids"), ("04053", "Olive oil"),
      ("01009", "Cheddar cheese"), ("12061", "Almonds"), ("01256", "Greek yogurt, plain, nonfat"),
      ("11090", "Broccoli, raw"), ("16069", "Lentils, raw"), ("01079", "Milk, 2% milkfat"),
      ("11353", "Potatoes, russet, flesh and skin, raw"),
      ("11356", "Potatoes, Russet, flesh and skin, baked"),
    ])
  func shortName(number: String, name: String) throws {
    #expect(try CatalogBundledTests.bundled().food(ndbNumber: number)?.name == name)
  }
}
