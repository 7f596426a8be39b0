import Diagnostics
import Foundation
import MealOptimizer
import PlanDSL
import Testing

/// `use catalog` and `food … = usda …`: catalog foods in plan files.
@Suite("Catalog foods in plan files")
struct CatalogLanguageTests {
  func render(_ source: String) -> String {
    do {
      _ = try PlanLoader().load(text: source, path: "t.plan")
      return "no error"
    } catch {
      return DiagnosticRenderer().render(error)
    }
  }

  @Test("a food by NDB number or exact description takes the catalog's figures, with local overrides")
  func catalogFoods() throws {
    let program = try PlanLoader().load(
      text: """
        use catalog "usda-sr28"
        food oats = usda 08120 { price 3.49 USD per 42 oz; tags breakfast }
        food milk "Milk" = usda "Milk, reduced fat, fluid, 2% milkfat, with added vitamin A and vitamin D" {
          per 100 g { sodium 40 mg }
          price 3.29 USD per 1 gal
        }
        """, path: "t.plan")
    let oats = try #require(program.food("oats"))
    #expect(oats.ndbNumber == "08120")
    #expect(oats.nutrientsPer100g[.energy] == 379)
    #expect(oats.nutrientsPer100g[.protein] == 13.15)
    #expect(oats.tags.contains("breakfast"))
    #expect(oats.tags.contains("vegan"))
    let milk = try #require(program.food("milk"))
    #expect(milk.name == "Milk")
    #expect(milk.nutrientsPer100g[.sodium] == 40)
    #expect(milk.nutrientsPer100g[.energy] == 50)
    // 1 gal at the density implied by the catalog's 244 g cup: 16 cups.
    let gallon = try #require(milk.offers.first?.packageGrams)
    #expect(abs(gallon - 244 * 3785.411784 / 236.5882365) < 1e-6)
  }

  @Test("catalog mistakes are located, with close matches")
  func mistakes() {
    #expect(
      render("food oats = usda 08120\n") == """
        t.plan:1:18: error: a catalog food needs the catalog
          food oats = usda 08120
                           ^~~~~
          hint: add 'use catalog "usda-sr28"' at the top of the file
        1 error generated.

        """)
    #expect(
      render("use catalog \"usda-sr27\"\n") == """
        t.plan:1:13: error: unknown catalog 'usda-sr27'
          use catalog "usda-sr27"
                      ^~~~~~~~~~~
          hint: did you mean 'usda-sr28'?
        1 error generated.

        """)
    let misspelt = render("use catalog \"usda-sr28\"\nfood pb = usda \"peanut buter smooth\"\n")
    #expect(misspelt.contains("t.plan:2:16: error: no food described \"peanut buter smooth\" in the catalog"))
    #expect(misspelt.contains("hint: did you mean \"Peanut butter, smooth"))
    #expect(
      render("use catalog \"usda-sr28\"\nfood x = usda 99999\n").contains(
        "no food numbered '99999' in the catalog"))
  }
}
