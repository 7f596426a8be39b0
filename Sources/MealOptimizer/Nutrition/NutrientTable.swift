/// The nutrients planner knows, with their canonical units.
///
/// Energy factors are the general Atwater factors: 4 kcal/g for protein and
/// carbohydrate, 9 kcal/g for fat.
public enum NutrientTable {
  /// Every known nutrient, in display order.
  public static let definitions: [NutrientDefinition] = [
    .init(.energy, unit: .kilocalorie, displayName: "Energy", aliases: ["calories", "kcal"], usdaNumber: 208, kilocaloriesPerUnit: 1),
    .init(.protein, unit: .gram, displayName: "Protein", usdaNumber: 203, kilocaloriesPerUnit: 4),
    .init(.fat, unit: .gram, displayName: "Fat", aliases: ["total_fat"], usdaNumber: 204, kilocaloriesPerUnit: 9),
    .init(.saturatedFat, unit: .gram, displayName: "Saturated fat", aliases: ["sat_fat"], usdaNumber: 606, kilocaloriesPerUnit: 9),
    .init("trans_fat", unit: .gram, displayName: "Trans fat", usdaNumber: 605, kilocaloriesPerUnit: 9),
    .init(.carbs, unit: .gram, displayName: "Carbohydrate", aliases: ["carbohydrate", "carbohydrates"], usdaNumber: 205, kilocaloriesPerUnit: 4),
    .init(.fiber, unit: .gram, displayName: "Fiber", aliases: ["fibre"], usdaNumber: 291),
    .init(.sugars, unit: .gram, displayName: "Sugars", aliases: ["sugar"], usdaNumber: 269, kilocaloriesPerUnit: 4),
    .init(.sodium, unit: .milligram, displayName: "Sodium", usdaNumber: 307),
    .init("potassium", unit: .milligram, displayName: "Potassium", usdaNumber: 306),
    .init("calcium", unit: .milligram, displayName: "Calcium", usdaNumber: 301),
    .init("iron", unit: .milligram, displayName: "Iron", usdaNumber: 303),
    .init("magnesium", unit: .milligram, displayName: "Magnesium", usdaNumber: 304),
    .init("zinc", unit: .milligram, displayName: "Zinc", usdaNumber: 309),
    .init("phosphorus", unit: .milligram, displayName: "Phosphorus", usdaNumber: 305),
    .init("cholesterol", unit: .milligram, displayName: "Cholesterol", usdaNumber: 601),
    .init("vitamin_a_rae", unit: .microgram, displayName: "Vitamin A, RAE", aliases: ["vitamin_a"], usdaNumber: 320),
    .init("vitamin_a_iu", unit: .internationalUnit, displayName: "Vitamin A, IU", usdaNumber: 318),
    .init("vitamin_c", unit: .milligram, displayName: "Vitamin C", usdaNumber: 401),
    .init("vitamin_d", unit: .microgram, displayName: "Vitamin D (D2 + D3)", usdaNumber: 328),
    .init("vitamin_d_iu", unit: .internationalUnit, displayName: "Vitamin D, IU", usdaNumber: 324),
    .init("vitamin_b12", unit: .microgram, displayName: "Vitamin B-12", usdaNumber: 418),
    .init("vitamin_k", unit: .microgram, displayName: "Vitamin K", usdaNumber: 430),
    .init("folate_dfe", unit: .microgram, displayName: "Folate, DFE", aliases: ["folate"], usdaNumber: 435),
    .init("thiamin", unit: .milligram, displayName: "Thiamin", usdaNumber: 404),
    .init("riboflavin", unit: .milligram, displayName: "Riboflavin", usdaNumber: 405),
    .init("niacin", unit: .milligram, displayName: "Niacin", usdaNumber: 406),
    .init("water", unit: .gram, displayName: "Water", usdaNumber: 255),
  ]

  private static let byName: [String: NutrientDefinition] = {
    var table: [String: NutrientDefinition] = [:]
    for definition in definitions {
      table[definition.nutrient.name] = definition
    }
    for definition in definitions {
      for alias in definition.aliases where table[alias] == nil {
        table[alias] = definition
      }
    }
    return table
  }()

  /// The definition of a nutrient by canonical name.
  public static func definition(for nutrient: Nutrient) -> NutrientDefinition? {
    byName[nutrient.name].flatMap { $0.nutrient == nutrient ? $0 : nil }
  }

  /// Looks a name up among canonical names and aliases (`carbohydrate` finds `carbs`).
  public static func lookup(_ name: String) -> NutrientDefinition? { byName[name] }

  /// Every name a plan file may use: canonical names and aliases.
  public static var allNames: [String] { Array(byName.keys).sorted() }
}
