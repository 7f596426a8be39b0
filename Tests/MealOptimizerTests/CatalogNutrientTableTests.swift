import Testing

@testable import MealOptimizer

/// NutrientTable covers every SR28 nutrient under a unique canonical name.
@Suite("Nutrient table for the catalog")
struct CatalogNutrientTableTests {
  @Test("the table has 150 nutrients with unique names, aliases and SR28 numbers")
  func namesAreUnique() {
    let definitions = NutrientTable.definitions
    #expect(definitions.count == 150)
    #expect(Set(definitions.map(\.nutrient)).count == 150)
    #expect(Set(definitions.compactMap(\.usdaNumber)).count == 150)
    let names = definitions.map(\.nutrient.name) + definitions.flatMap(\.aliases)
    #expect(Set(names).count == names.count)
    #expect(names.allSatisfy { $0.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" } })
  }

  @Test(
    "readable names map to their SR28 numbers and units",
    arguments: [
      ("energy", 208, NutrientUnit.kilocalorie), ("energy_kj", 268, .kilojoule), ("protein", 203, .gram),
      ("vitamin_a_rae", 320, .microgram), ("thiamin", 404, .milligram), ("riboflavin", 405, .milligram),
      ("niacin", 406, .milligram), ("vitamin_b6", 415, .milligram), ("folate_dfe", 435, .microgram),
      ("lysine", 505, .gram), ("fatty_acids_18_2", 618, .gram), ("fatty_acids_22_6_n3", 621, .gram),
      ("monounsaturated_fat", 645, .gram), ("caffeine", 262, .milligram), ("selenium", 317, .microgram),
    ])
  func mapsNames(name: String, number: Int, unit: NutrientUnit) throws {
    let definition = try #require(NutrientTable.lookup(name))
    #expect(definition.usdaNumber == number)
    #expect(definition.unit == unit)
    #expect(NutrientTable.definition(usdaNumber: number)?.nutrient.name == name)
  }

  @Test(
    "aliases still find their nutrients",
    arguments: [
      ("carbohydrate", "carbs"), ("vitamin_b1", "thiamin"), ("dha", "fatty_acids_22_6_n3"),
      ("folate", "folate_dfe"),
    ])
  func aliases(alias: String, name: String) {
    #expect(NutrientTable.lookup(alias)?.nutrient.name == name)
  }
}
