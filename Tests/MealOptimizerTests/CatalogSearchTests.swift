import Testing

@testable import MealOptimizer

/// Search over the bundled catalog: relevance ranking and filters.
@Suite("Catalog search")
struct CatalogSearchTests {
  static func catalog() throws -> FoodCatalog { try CatalogBundledTests.bundled() }

  /// Everyday queries and the foods a person means by them: the first result
  /// must be one of `acceptable`, and `expected` must be in the top three.
  @Test(
    "everyday queries rank the food a person means first",
    arguments: [
      ("greek yogurt", "01256", ["01256", "01287", "01293"]),  // Yogurt, Greek, plain, nonfat
      ("rolled oats", "08120", ["08120"]),  // Cereals, oats, ... dry (common name: rolled oats)
      ("banana", "09040", ["09040"]),  // Bananas, raw
      // Chicken, broiler or fryers, breast, skinless, boneless, meat only, raw
      ("chicken breast", "05062", ["05057", "05062", "05064"]),
      ("brown rice", "20036", ["20036", "20040"]),  // Rice, brown, long-grain, raw
      ("lentils", "16069", ["16069"]),  // Lentils, raw
      ("whole milk", "01077", ["01077"]),  // Milk, whole, 3.25% milkfat, with added vitamin D
      ("cheddar", "01009", ["01009"]),  // Cheese, cheddar
      // Peanut butter, smooth, reduced fat (every "Peanut butter, ..." is a fine first result)
      ("peanut butter", "16150", ["42291", "16150", "16097", "16098", "16397", "16398"]),
      ("broccoli", "11090", ["11090"]),  // Broccoli, raw
    ])
  func everydayQueries(query: String, expected: String, acceptable: [String]) throws {
    let results = try Self.catalog().search(query, limit: 10)
    let numbers = results.map(\.ndbNumber)
    #expect(acceptable.contains(numbers.first ?? ""), "\(results.prefix(3).map(\.description))")
    #expect(
      numbers.prefix(3).contains(expected),
      "\(results.prefix(3).map(\.description))")
    #expect(results.allSatisfy { $0.id == "usda_" + $0.ndbNumber })
  }

  @Test("peanut butter results are all peanut butter before anything else")
  func peanutButterFirst() throws {
    let results = try Self.catalog().search("peanut butter", limit: 5)
    #expect(results.count == 5)
    #expect(results.allSatisfy { $0.description.hasPrefix("Peanut butter") })
  }

  @Test("every query word must match a word or a word's beginning")
  func allWordsMustMatch() throws {
    let catalog = try Self.catalog()
    for match in catalog.search("chick bre", limit: 50) {
      let words = SearchText.tokens(match.description).map(\.text)
      #expect(words.contains { $0.hasPrefix("chick") } && words.contains { $0.hasPrefix("bre") })
    }
    #expect(catalog.search("broccoli zzqxj").isEmpty)
  }

  @Test("a whole-word match ranks above a prefix match")
  func wholeWordsBeforePrefixes() throws {
    let results = try Self.catalog().search("bread", limit: 5)
    #expect(results.first?.description.hasPrefix("Bread,") == true, "\(results.map(\.description))")
  }

  @Test("plural and singular spellings match each other")
  func pluralsMatch() throws {
    let catalog = try Self.catalog()
    #expect(catalog.search("lentil", limit: 1).first?.ndbNumber == "16069")
    #expect(catalog.search("bananas", limit: 1).first?.ndbNumber == "09040")
    // SR28 only writes "Boysenberries": the singular finds them through its plural.
    let boysenberries = catalog.search("boysenberry", limit: 5)
    #expect(!boysenberries.isEmpty)
    #expect(boysenberries.allSatisfy { $0.description.hasPrefix("Boysenberries") })
  }

  @Test("results are ordered best first and limited")
  func limitAndOrder() throws {
    let results = try Self.catalog().search("cheese", limit: 7)
    #expect(results.count == 7)
    #expect(zip(results, results.dropFirst()).allSatisfy { $0.score >= $1.score })
    #expect(try Self.catalog().search("cheese", limit: 0).isEmpty)
  }

  @Test("a group filter keeps only that group, in any case")
  func filtersByGroup() throws {
    let filter = CatalogSearchFilter(groups: ["vegetables and vegetable products"])
    let results = try Self.catalog().search("lentils", filters: filter, limit: 20)
    #expect(!results.isEmpty)
    #expect(results.allSatisfy { $0.group == "Vegetables and Vegetable Products" })
    #expect(results.first?.ndbNumber == "11248")  // Lentils, sprouted, raw
  }

  @Test("a tag filter keeps only foods with every tag")
  func filtersByTag() throws {
    let catalog = try Self.catalog()
    let results = catalog.search("milk", filters: .init(tags: ["vegan"]), limit: 20)
    #expect(!results.isEmpty)
    for match in results {
      #expect(catalog.food(ndbNumber: match.ndbNumber)?.tags.contains("vegan") == true)
    }
    #expect(catalog.search("milk", filters: .init(tags: ["no-such-tag"])).isEmpty)
  }

  @Test("a nutrient condition per 100 g keeps foods that meet it")
  func filtersByNutrientPer100g() throws {
    let catalog = try Self.catalog()
    let condition = NutrientCondition(.protein, .atLeast, 20)
    let results = catalog.search("beans", filters: .init(conditions: [condition]), limit: 50)
    #expect(!results.isEmpty)
    for match in results {
      #expect((catalog.food(ndbNumber: match.ndbNumber)?.nutrientsPer100g[.protein] ?? 0) >= 20)
    }
    let unfiltered = catalog.search("beans", limit: 500)
    #expect(unfiltered.count > results.count)
  }

  @Test("a nutrient condition per measure uses the measure's weight")
  func filtersByNutrientPerMeasure() throws {
    let catalog = try Self.catalog()
    // Cheddar: 22.87 g protein per 100 g; a diced cup is 132 g, so 30.19 g per cup.
    let perCup = NutrientCondition(.protein, .greaterThan, 30, basis: .perMeasure("cup"))
    #expect(
      catalog.search("cheese cheddar", filters: .init(conditions: [perCup])).map(\.ndbNumber).contains(
        "01009"))
    let tooMuch = NutrientCondition(.protein, .greaterThan, 31, basis: .perMeasure("cup"))
    #expect(
      !catalog.search("cheese cheddar", filters: .init(conditions: [tooMuch])).map(\.ndbNumber).contains(
        "01009"))
  }

  @Test("a food without a figure for a nutrient never meets a condition on it")
  func absentValuesNeverMatch() throws {
    let catalog = try Self.catalog()
    let condition = NutrientCondition("vitamin_d", .atMost, 1_000_000)
    let all = catalog.search("", filters: .init(conditions: [condition]), limit: 10_000)
    let withFigure = catalog.foods.filter { $0.nutrientsPer100g["vitamin_d"] != nil }.count
    #expect(all.count == withFigure)
    #expect(withFigure < catalog.count)
  }

  @Test("an empty query lists every food that passes the filters")
  func emptyQuery() throws {
    let catalog = try Self.catalog()
    #expect(catalog.search("", limit: 100_000).count == catalog.count)
  }
}
