import Testing

@testable import MealOptimizer

/// Diet and allergen tags derived for catalog foods (rules in docs/catalog.md).
@Suite("Catalog tags")
struct CatalogTagTests {
  static func tags(_ ndbNumber: String) throws -> Set<String> {
    try #require(try CatalogBundledTests.bundled().food(ndbNumber: ndbNumber)).tags
  }

  @Test(
    "named foods get the tags they should, and not the ones they should not",
    arguments: [
      // (NDB, description, must have, must not have)
      ("16069", "Lentils, raw", ["vegan", "vegetarian", "gluten-free", "dairy-free"], ["milk", "wheat"]),
      ("01009", "Cheese, cheddar", ["vegetarian", "milk", "gluten-free"], ["vegan", "dairy-free"]),
      (
        "15270", "Crustaceans, shrimp, raw", ["shellfish", "gluten-free", "dairy-free"],
        ["vegetarian", "fish"]
      ),
      ("18064", "Bread, wheat", ["wheat", "vegetarian"], ["gluten-free", "vegan"]),
      ("16098", "Peanut butter, smooth style, with salt", ["peanuts", "vegan"], ["milk", "tree-nuts"]),
      (
        "01123", "Egg, whole, raw, fresh", ["egg", "vegetarian", "dairy-free", "gluten-free"],
        ["vegan", "milk"]
      ),
      ("15076", "Fish, salmon, Atlantic, wild, raw", ["fish", "gluten-free"], ["vegetarian", "shellfish"]),
      ("12061", "Nuts, almonds", ["tree-nuts", "vegan"], ["peanuts"]),
      ("16426", "Tofu, raw, firm, prepared with calcium sulfate", ["soy", "vegan"], ["milk"]),
      ("12023", "Seeds, sesame seeds, whole, dried", ["sesame", "vegan"], ["tree-nuts"]),
      ("01077", "Milk, whole, 3.25% milkfat", ["milk", "vegetarian"], ["vegan", "dairy-free"]),
      ("20036", "Rice, brown, long-grain, raw", ["vegan", "gluten-free"], ["wheat"]),
      ("20038", "Oats", ["vegan"], ["gluten-free"]),
      ("20120", "Pasta, dry, enriched", ["wheat"], ["gluten-free"]),
      ("05062", "Chicken breast, raw", ["gluten-free", "dairy-free"], ["vegetarian", "vegan"]),
      ("11987", "Mushrooms, oyster, raw", ["vegan"], ["shellfish"]),
      ("11590", "Waterchestnuts, chinese, canned", ["vegan"], ["tree-nuts"]),
      ("16124", "Soy sauce made from soy (tamari)", ["soy", "wheat"], ["gluten-free"]),
      ("19296", "Honey", ["vegetarian"], ["vegan"]),
      ("19177", "Gelatins, dry powder, unsweetened", [], ["vegetarian", "vegan"]),
      ("12104", "Nuts, coconut meat, raw", ["tree-nuts", "vegan"], []),
      ("16158", "Hummus, commercial", ["sesame", "vegan"], []),
    ] as [(String, String, [String], [String])])
  func namedFoods(ndbNumber: String, description: String, present: [String], absent: [String]) throws {
    let tags = try Self.tags(ndbNumber)
    for tag in present { #expect(tags.contains(tag), "\(description) should be \(tag): \(tags.sorted())") }
    for tag in absent {
      #expect(!tags.contains(tag), "\(description) should not be \(tag): \(tags.sorted())")
    }
  }

  @Test("mixed dishes and restaurant foods claim no diet", arguments: ["21138", "36000", "22996"])
  func mixedDishesClaimNoDiet(ndbNumber: String) throws {
    let tags = try Self.tags(ndbNumber)
    #expect(tags.isDisjoint(with: ["vegan", "vegetarian", "gluten-free", "dairy-free"]), "\(tags.sorted())")
  }

  @Test(
    "every catalog tag is a known tag, and vegan foods are always vegetarian and free of animal allergens")
  func tagsAreConsistent() throws {
    let known = Set(FoodTag.allCases.map(\.rawValue))
    for food in try CatalogBundledTests.bundled().foods {
      #expect(food.tags.isSubset(of: known))
      if food.tags.contains("vegan") {
        #expect(food.tags.contains("vegetarian"), "\(food.name)")
        #expect(food.tags.isDisjoint(with: ["milk", "egg", "fish", "shellfish"]), "\(food.name)")
      }
      if food.tags.contains("gluten-free") { #expect(!food.tags.contains("wheat"), "\(food.name)") }
      if food.tags.contains("dairy-free") { #expect(!food.tags.contains("milk"), "\(food.name)") }
    }
  }

  @Test("a food's tags are a plain set that a plan can change")
  func tagsCanBeOverridden() throws {
    var food = try #require(try CatalogBundledTests.bundled().food(ndbNumber: "20038"))
    #expect(!food.tags.contains("gluten-free"))
    food.tags.insert("gluten-free")
    #expect(food.tags.contains("gluten-free"))
  }
}
