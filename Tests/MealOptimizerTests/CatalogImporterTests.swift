import Foundation
import Testing

@testable import MealOptimizer

/// The SR28 importer, run on a few lines copied from the release into Fixtures/sr28.
///
/// The fixture holds six foods with seven nutrients each (or fewer), their
/// household measures, the nutrient definitions (vitamin A's unit is the
/// Latin-1 byte 0xB5 followed by `g`) and the food groups. WEIGHT.txt ends one
/// line with a bare CR, one measure is "Entrée" in Latin-1, and NUT_DATA.txt
/// has one record with an empty value (shrimp's vitamin A).
@Suite("SR28 importer")
struct CatalogImporterTests {
  static func fixtureDirectory() throws -> URL {
    try #require(Bundle.module.url(forResource: "sr28", withExtension: nil, subdirectory: "Fixtures"))
  }

  static func importFixture() throws -> FoodCatalog {
    try SR28Importer.importCatalog(from: fixtureDirectory())
  }

  @Test("every food of the fixture is imported, in NDB order, with its group")
  func importsEveryFood() throws {
    let catalog = try Self.importFixture()
    #expect(catalog.count == 6)
    #expect(catalog.ndbNumbers == ["01009", "08120", "09040", "15270", "16069", "22996"])
    let oats = try #require(catalog.food(ndbNumber: "08120"))
    #expect(oats.catalogDescription == "Cereals, oats, regular and quick, not fortified, dry")
    #expect(oats.name == "Rolled oats")
    #expect(oats.group == "Breakfast Cereals")
    #expect(oats.ndbNumber == "08120")
    #expect(oats.id == "usda_08120")
    #expect(catalog.commonNames(ndbNumber: "08120") == "oatmeal, old-fashioned oats, rolled oats")
  }

  @Test("nutrient values are read exactly, under canonical names")
  func readsNutrientValues() throws {
    let cheddar = try #require(try Self.importFixture().food(ndbNumber: "01009"))
    #expect(cheddar.nutrientsPer100g[.energy] == 404)
    #expect(cheddar.nutrientsPer100g[.protein] == 22.87)
    #expect(cheddar.nutrientsPer100g[.fat] == 33.31)
    #expect(cheddar.nutrientsPer100g[.sodium] == 653)
    #expect(cheddar.nutrientsPer100g["water"] == 37.02)
    #expect(cheddar.nutrientsPer100g["trans_fat"] == 0.917)
    #expect(cheddar.nutrientsPer100g["vitamin_a_rae"] == 330)
    #expect(cheddar.nutrientsPer100g.count == 7)
  }

  @Test("an empty value is absent, and a stated zero is zero")
  func emptyValueIsAbsent() throws {
    let catalog = try Self.importFixture()
    let shrimp = try #require(catalog.food(ndbNumber: "15270"))
    #expect(shrimp.nutrientsPer100g["vitamin_a_rae"] == nil)
    #expect(shrimp.nutrientsPer100g[.protein] == 20.10)
    let banana = try #require(catalog.food(ndbNumber: "09040"))
    #expect(banana.nutrientsPer100g["trans_fat"] == 0)
  }

  @Test("a bare CR ends a line like CRLF does")
  func bareCarriageReturnEndsALine() throws {
    let measures = try Self.importFixture().measures(ndbNumber: "01009")
    #expect(
      measures.map(\.description) == [
        "cup, diced", "cup, melted", "cup, shredded", "oz", "cubic inch", "slice (1 oz)",
      ])
    #expect(measures.map(\.grams) == [132, 244, 113, 28.35, 17, 28])
  }

  @Test("Latin-1 text is decoded: the micro sign and an accented measure")
  func decodesLatin1() throws {
    let catalog = try Self.importFixture()
    #expect(NutrientTable.lookup("vitamin_a_rae")?.unit == .microgram)
    let entree = try #require(catalog.measures(ndbNumber: "22996").first)
    #expect(entree.description == "Entrée")
    #expect(entree.name == "entree")
    #expect(entree.grams == 269)
  }

  @Test("measures get short names usable in plans, unique within a food")
  func namesMeasures() throws {
    let catalog = try Self.importFixture()
    #expect(
      catalog.measures(ndbNumber: "01009").map(\.name) == [
        "cup", "cup_melted", "cup_shredded", "oz", "cubic", "slice",
      ])
    #expect(catalog.measures(ndbNumber: "16069").map(\.name) == ["cup", "tbsp"])
    #expect(
      catalog.measures(ndbNumber: "09040").map(\.name) == [
        "cup", "cup_sliced", "extra_small", "small", "medium", "large", "extra_large", "nlea",
      ])
    let oats = try #require(catalog.food(ndbNumber: "08120"))
    #expect(oats.measure(named: "cup")?.grams == 81)
    let third = try #require(oats.measure(named: "cup_2"))
    #expect(abs(third.grams - 27 / 0.333) < 1e-9)
    let shrimp = try #require(catalog.measures(ndbNumber: "15270").first)
    #expect(shrimp.amount == 3 && shrimp.grams == 85 && shrimp.gramsPerUnit == 85.0 / 3)
  }

  @Test("tags are derived while importing")
  func derivesTags() throws {
    let catalog = try Self.importFixture()
    #expect(catalog.food(ndbNumber: "16069")?.tags == ["vegan", "vegetarian", "gluten-free", "dairy-free"])
    #expect(catalog.food(ndbNumber: "15270")?.tags == ["shellfish", "gluten-free", "dairy-free"])
  }

  @Test("the compact file form loads back to the same foods")
  func roundTripsThroughTheFileForm() throws {
    let catalog = try Self.importFixture()
    let loaded = try FoodCatalog(serialized: try catalog.serialized())
    #expect(loaded.count == catalog.count)
    #expect(Array(loaded.foods) == Array(catalog.foods))
    #expect(loaded.search("cheddar").map(\.ndbNumber) == catalog.search("cheddar").map(\.ndbNumber))
  }

  @Test("damaged catalog data is an error, never a crash", arguments: [0, 5, 8, 40, 200, 700])
  func rejectsTruncatedData(length: Int) throws {
    let bytes = try Self.importFixture().serialized()
    #expect(throws: FoodCatalogError.self) { try FoodCatalog(serialized: bytes.prefix(length)) }
  }

  @Test("data that is not a catalog is rejected")
  func rejectsOtherData() {
    #expect(throws: FoodCatalogError.notACatalog) { try FoodCatalog(serialized: Data("hello, world".utf8)) }
  }

  // MARK: Damaged releases

  /// A copy of the fixture in a temporary directory with one file replaced.
  static func fixture(replacing file: String, with text: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sr28-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: fixtureDirectory(), to: directory)
    try Data(text.utf8).write(to: directory.appendingPathComponent(file))
    return directory
  }

  @Test(
    "a damaged record is reported with its file, line and column",
    arguments: [
      (
        "NUT_DATA.txt", "~01009~^~203~^22.87^39\r\n~01009~^~204~^3x.5^1\r\n",
        "NUT_DATA.txt:2:15: error: nutrient value '3x.5' is not a number"
      ),
      (
        "NUT_DATA.txt", "~99999~^~203~^1^1\r\n",
        "NUT_DATA.txt:1:1: error: food 99999 is not in FOOD_DES.txt"
      ),
      (
        "NUT_DATA.txt", "~01009~^~999~^1^1\r\n",
        "NUT_DATA.txt:1:9: error: nutrient 999 is not in NUTR_DEF.txt"
      ),
      (
        "WEIGHT.txt", "~01009~^1^1^~cup~\r\n",
        "WEIGHT.txt:1:1: error: expected at least 5 fields separated by '^', found 4"
      ),
      (
        "FOOD_DES.txt", "~01009~^~9900~^~Cheese~^~CHEESE~^~~\r\n",
        "FOOD_DES.txt:1:9: error: food group '9900' is not in FD_GROUP.txt"
      ),
      (
        "NUTR_DEF.txt", "~203~^~mg~^~PROCNT~^~Protein~^~2~^~600~\r\n",
        "NUTR_DEF.txt:1:7: error: nutrient 203 is in 'mg' but NutrientTable has 'g'"
      ),
    ])
  func reportsDamagedRecords(file: String, text: String, message: String) throws {
    let directory = try Self.fixture(replacing: file, with: text)
    defer { try? FileManager.default.removeItem(at: directory) }
    let error = #expect(throws: SR28ImportError.self) { try SR28Importer.importCatalog(from: directory) }
    #expect(error?.description == message)
  }

  @Test("a missing file is reported with its path")
  func reportsMissingFiles() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sr28-missing-\(UUID().uuidString)")
    let error = #expect(throws: SR28ImportError.self) { try SR28Importer.importCatalog(from: directory) }
    guard case .unreadableFile(let path, _) = error else {
      Issue.record("expected unreadableFile, got \(String(describing: error))")
      return
    }
    #expect(path.hasSuffix("FD_GROUP.txt"))
  }
}
