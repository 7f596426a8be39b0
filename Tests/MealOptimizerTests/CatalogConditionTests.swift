import Testing

@testable import MealOptimizer

/// Nutrient conditions for catalog search, read from text such as `protein >= 20 g`.
@Suite("Nutrient conditions")
struct CatalogConditionTests {
  @Test(
    "conditions are read and converted to canonical units",
    arguments: [
      ("protein >= 20 g", NutrientCondition(.protein, .atLeast, 20)),
      ("protein>=20g", NutrientCondition(.protein, .atLeast, 20)),
      ("sodium < 0.14 g", NutrientCondition(.sodium, .lessThan, 140)),
      ("sodium <= 140", NutrientCondition(.sodium, .atMost, 140)),
      (
        "calcium >= 200 mg per cup",
        NutrientCondition("calcium", .atLeast, 200, basis: .perMeasure("cup"))
      ),
      ("vitamin_d > 2 µg per 100 g", NutrientCondition("vitamin_d", .greaterThan, 2)),
      ("folate == 400 mcg", NutrientCondition("folate_dfe", .equal, 400)),
      (
        "calories <= 100 kcal per slice",
        NutrientCondition(.energy, .atMost, 100, basis: .perMeasure("slice"))
      ),
    ])
  func readsConditions(text: String, expected: NutrientCondition) throws {
    let condition = try NutrientCondition(parsing: text)
    #expect(condition.nutrient == expected.nutrient)
    #expect(condition.comparison == expected.comparison)
    #expect(abs(condition.amount - expected.amount) < 1e-9)
    #expect(condition.basis == expected.basis)
  }

  @Test(
    "a bad condition is an error with its column",
    arguments: [
      ("protien >= 20 g", "1: unknown nutrient 'protien'; did you mean 'protein'?"),
      ("protein => 20 g", "9: expected '<', '<=', '>', '>=' or '==', found '=>'"),
      ("protein >= lots", "12: 'lots' is not a number"),
      ("protein >= 20 kcal", "15: 'kcal' cannot measure a nutrient counted in 'g'"),
      ("protein >= 20 stone", "15: unknown unit 'stone'"),
      ("protein >= 20 g a cup", "17: expected 'per' or the end, found 'a'"),
      ("protein >=", "11: expected an amount after 'protein >='"),
    ])
  func reportsErrors(text: String, message: String) {
    let error = #expect(throws: NutrientCondition.ParseError.self) { try NutrientCondition(parsing: text) }
    #expect(error?.description == message)
  }

  @Test("a condition on a Food uses per-100 g figures or the named measure")
  func evaluatesOnFoods() throws {
    let food = Food(
      id: "tofu", name: "Tofu", nutrientsPer100g: [.protein: 17.3],
      measures: [Measure(name: "block", grams: 396)])
    #expect(try NutrientCondition(parsing: "protein >= 17 g").isMet(by: food))
    #expect(try !NutrientCondition(parsing: "protein >= 18 g").isMet(by: food))
    #expect(try NutrientCondition(parsing: "protein >= 68 g per block").isMet(by: food))
    #expect(try !NutrientCondition(parsing: "protein >= 69 g per block").isMet(by: food))
    #expect(try !NutrientCondition(parsing: "protein >= 1 g per cup").isMet(by: food))
    #expect(try !NutrientCondition(parsing: "fat <= 100 g").isMet(by: food))
  }
}
