/// The nutrients planner knows, with their canonical units.
///
/// Energy factors are the general Atwater factors: 4 kcal/g for protein and
/// carbohydrate, 9 kcal/g for fat.
package enum NutrientTable {
  /// Every known nutrient, in display order.
  package static let definitions: [NutrientDefinition] = [
    .init(
      .energy, unit: .kilocalorie, displayName: "Energy", aliases: ["calories", "kcal"], usdaNumber: 208,
      kilocaloriesPerUnit: 1),
    .init(.protein, unit: .gram, displayName: "Protein", usdaNumber: 203, kilocaloriesPerUnit: 4),
    .init(
      .fat, unit: .gram, displayName: "Fat", aliases: ["total_fat"], usdaNumber: 204, kilocaloriesPerUnit: 9),
    .init(
      .saturatedFat, unit: .gram, displayName: "Saturated fat", aliases: ["sat_fat"], usdaNumber: 606,
      kilocaloriesPerUnit: 9),
    .init("trans_fat", unit: .gram, displayName: "Trans fat", usdaNumber: 605, kilocaloriesPerUnit: 9),
    .init(
      .carbs, unit: .gram, displayName: "Carbohydrate", aliases: ["carbohydrate", "carbohydrates"],
      usdaNumber: 205, kilocaloriesPerUnit: 4),
    .init(.fiber, unit: .gram, displayName: "Fiber", aliases: ["fibre"], usdaNumber: 291),
    .init(
      .sugars, unit: .gram, displayName: "Sugars", aliases: ["sugar"], usdaNumber: 269, kilocaloriesPerUnit: 4
    ),
    .init(.sodium, unit: .milligram, displayName: "Sodium", usdaNumber: 307),
    .init("potassium", unit: .milligram, displayName: "Potassium", usdaNumber: 306),
    .init("calcium", unit: .milligram, displayName: "Calcium", usdaNumber: 301),
    .init("iron", unit: .milligram, displayName: "Iron", usdaNumber: 303),
    .init("magnesium", unit: .milligram, displayName: "Magnesium", usdaNumber: 304),
    .init("zinc", unit: .milligram, displayName: "Zinc", usdaNumber: 309),
    .init("phosphorus", unit: .milligram, displayName: "Phosphorus", usdaNumber: 305),
    .init("cholesterol", unit: .milligram, displayName: "Cholesterol", usdaNumber: 601),
    .init(
      "vitamin_a_rae", unit: .microgram, displayName: "Vitamin A, RAE", aliases: ["vitamin_a"],
      usdaNumber: 320),
    .init("vitamin_a_iu", unit: .internationalUnit, displayName: "Vitamin A, IU", usdaNumber: 318),
    .init("vitamin_c", unit: .milligram, displayName: "Vitamin C", usdaNumber: 401),
    .init("vitamin_d", unit: .microgram, displayName: "Vitamin D (D2 + D3)", usdaNumber: 328),
    .init("vitamin_d_iu", unit: .internationalUnit, displayName: "Vitamin D, IU", usdaNumber: 324),
    .init("vitamin_b12", unit: .microgram, displayName: "Vitamin B-12", usdaNumber: 418),
    .init(
      "vitamin_k", unit: .microgram, displayName: "Vitamin K", aliases: ["vitamin_k1", "phylloquinone"],
      usdaNumber: 430),
    .init("folate_dfe", unit: .microgram, displayName: "Folate, DFE", aliases: ["folate"], usdaNumber: 435),
    .init("thiamin", unit: .milligram, displayName: "Thiamin", aliases: ["vitamin_b1"], usdaNumber: 404),
    .init(
      "riboflavin", unit: .milligram, displayName: "Riboflavin", aliases: ["vitamin_b2"], usdaNumber: 405),
    .init("niacin", unit: .milligram, displayName: "Niacin", aliases: ["vitamin_b3"], usdaNumber: 406),
    .init("water", unit: .gram, displayName: "Water", usdaNumber: 255),
    // The rest of the SR28 nutrients, in SR28's display order. Fatty acids are
    // `fatty_acids_C_D` (carbon atoms, double bonds), then the isomer when SR28
    // separates it: `n3`/`n6`/`n7` for the omega position, `c`/`t` for cis/trans,
    // `cc`/`ccc`/`tt` for all-cis/all-trans, `i` for other isomers, `cla` for CLAs.
    .init("energy_kj", unit: .kilojoule, displayName: "Energy (kJ)", usdaNumber: 268),
    .init("adjusted_protein", unit: .gram, displayName: "Adjusted Protein", usdaNumber: 257),
    .init("ash", unit: .gram, displayName: "Ash", usdaNumber: 207),
    .init("sucrose", unit: .gram, displayName: "Sucrose", usdaNumber: 210),
    .init("glucose", unit: .gram, displayName: "Glucose (dextrose)", usdaNumber: 211),
    .init("fructose", unit: .gram, displayName: "Fructose", usdaNumber: 212),
    .init("lactose", unit: .gram, displayName: "Lactose", usdaNumber: 213),
    .init("maltose", unit: .gram, displayName: "Maltose", usdaNumber: 214),
    .init("galactose", unit: .gram, displayName: "Galactose", usdaNumber: 287),
    .init("starch", unit: .gram, displayName: "Starch", usdaNumber: 209),
    .init("copper", unit: .milligram, displayName: "Copper", usdaNumber: 312),
    .init("manganese", unit: .milligram, displayName: "Manganese", usdaNumber: 315),
    .init("selenium", unit: .microgram, displayName: "Selenium", usdaNumber: 317),
    .init("fluoride", unit: .microgram, displayName: "Fluoride", usdaNumber: 313),
    .init(
      "pantothenic_acid", unit: .milligram, displayName: "Pantothenic acid", aliases: ["vitamin_b5"],
      usdaNumber: 410),
    .init(
      "vitamin_b6", unit: .milligram, displayName: "Vitamin B-6", aliases: ["pyridoxine"], usdaNumber: 415),
    .init("folate_total", unit: .microgram, displayName: "Folate, total", usdaNumber: 417),
    .init("folic_acid", unit: .microgram, displayName: "Folic acid", usdaNumber: 431),
    .init("folate_food", unit: .microgram, displayName: "Folate, food", usdaNumber: 432),
    .init("choline", unit: .milligram, displayName: "Choline", usdaNumber: 421),
    .init("betaine", unit: .milligram, displayName: "Betaine", usdaNumber: 454),
    .init("vitamin_b12_added", unit: .microgram, displayName: "Vitamin B-12, added", usdaNumber: 578),
    .init("retinol", unit: .microgram, displayName: "Retinol", usdaNumber: 319),
    .init("beta_carotene", unit: .microgram, displayName: "Carotene, beta", usdaNumber: 321),
    .init("alpha_carotene", unit: .microgram, displayName: "Carotene, alpha", usdaNumber: 322),
    .init("beta_cryptoxanthin", unit: .microgram, displayName: "Cryptoxanthin, beta", usdaNumber: 334),
    .init("lycopene", unit: .microgram, displayName: "Lycopene", usdaNumber: 337),
    .init("lutein_zeaxanthin", unit: .microgram, displayName: "Lutein + zeaxanthin", usdaNumber: 338),
    .init(
      "vitamin_e", unit: .milligram, displayName: "Vitamin E (alpha-tocopherol)",
      aliases: ["alpha_tocopherol"], usdaNumber: 323),
    .init("vitamin_e_added", unit: .milligram, displayName: "Vitamin E, added", usdaNumber: 573),
    .init("beta_tocopherol", unit: .milligram, displayName: "Tocopherol, beta", usdaNumber: 341),
    .init("gamma_tocopherol", unit: .milligram, displayName: "Tocopherol, gamma", usdaNumber: 342),
    .init("delta_tocopherol", unit: .milligram, displayName: "Tocopherol, delta", usdaNumber: 343),
    .init("alpha_tocotrienol", unit: .milligram, displayName: "Tocotrienol, alpha", usdaNumber: 344),
    .init("beta_tocotrienol", unit: .milligram, displayName: "Tocotrienol, beta", usdaNumber: 345),
    .init("gamma_tocotrienol", unit: .milligram, displayName: "Tocotrienol, gamma", usdaNumber: 346),
    .init("delta_tocotrienol", unit: .milligram, displayName: "Tocotrienol, delta", usdaNumber: 347),
    .init("vitamin_d2", unit: .microgram, displayName: "Vitamin D2 (ergocalciferol)", usdaNumber: 325),
    .init("vitamin_d3", unit: .microgram, displayName: "Vitamin D3 (cholecalciferol)", usdaNumber: 326),
    .init("dihydrophylloquinone", unit: .microgram, displayName: "Dihydrophylloquinone", usdaNumber: 429),
    .init(
      "menaquinone_4", unit: .microgram, displayName: "Menaquinone-4", aliases: ["vitamin_k2"],
      usdaNumber: 428),
    .init("fatty_acids_4_0", unit: .gram, displayName: "Fatty acid 4:0", usdaNumber: 607),
    .init("fatty_acids_6_0", unit: .gram, displayName: "Fatty acid 6:0", usdaNumber: 608),
    .init("fatty_acids_8_0", unit: .gram, displayName: "Fatty acid 8:0", usdaNumber: 609),
    .init("fatty_acids_10_0", unit: .gram, displayName: "Fatty acid 10:0", usdaNumber: 610),
    .init("fatty_acids_12_0", unit: .gram, displayName: "Fatty acid 12:0", usdaNumber: 611),
    .init("fatty_acids_13_0", unit: .gram, displayName: "Fatty acid 13:0", usdaNumber: 696),
    .init("fatty_acids_14_0", unit: .gram, displayName: "Fatty acid 14:0", usdaNumber: 612),
    .init("fatty_acids_15_0", unit: .gram, displayName: "Fatty acid 15:0", usdaNumber: 652),
    .init("fatty_acids_16_0", unit: .gram, displayName: "Fatty acid 16:0", usdaNumber: 613),
    .init("fatty_acids_17_0", unit: .gram, displayName: "Fatty acid 17:0", usdaNumber: 653),
    .init("fatty_acids_18_0", unit: .gram, displayName: "Fatty acid 18:0", usdaNumber: 614),
    .init("fatty_acids_20_0", unit: .gram, displayName: "Fatty acid 20:0", usdaNumber: 615),
    .init("fatty_acids_22_0", unit: .gram, displayName: "Fatty acid 22:0", usdaNumber: 624),
    .init("fatty_acids_24_0", unit: .gram, displayName: "Fatty acid 24:0", usdaNumber: 654),
    .init(
      "monounsaturated_fat", unit: .gram, displayName: "Fatty acids, total monounsaturated",
      aliases: ["mufa"], usdaNumber: 645),
    .init("fatty_acids_14_1", unit: .gram, displayName: "Fatty acid 14:1", usdaNumber: 625),
    .init("fatty_acids_15_1", unit: .gram, displayName: "Fatty acid 15:1", usdaNumber: 697),
    .init("fatty_acids_16_1", unit: .gram, displayName: "Fatty acid 16:1 undifferentiated", usdaNumber: 626),
    .init("fatty_acids_16_1_c", unit: .gram, displayName: "Fatty acid 16:1 c", usdaNumber: 673),
    .init("fatty_acids_16_1_t", unit: .gram, displayName: "Fatty acid 16:1 t", usdaNumber: 662),
    .init("fatty_acids_17_1", unit: .gram, displayName: "Fatty acid 17:1", usdaNumber: 687),
    .init("fatty_acids_18_1", unit: .gram, displayName: "Fatty acid 18:1 undifferentiated", usdaNumber: 617),
    .init("fatty_acids_18_1_c", unit: .gram, displayName: "Fatty acid 18:1 c", usdaNumber: 674),
    .init("fatty_acids_18_1_t", unit: .gram, displayName: "Fatty acid 18:1 t", usdaNumber: 663),
    .init(
      "fatty_acids_18_1_t_n7", unit: .gram, displayName: "Fatty acid 18:1-11 t (18:1t n-7)", usdaNumber: 859),
    .init("fatty_acids_20_1", unit: .gram, displayName: "Fatty acid 20:1", usdaNumber: 628),
    .init("fatty_acids_22_1", unit: .gram, displayName: "Fatty acid 22:1 undifferentiated", usdaNumber: 630),
    .init("fatty_acids_22_1_c", unit: .gram, displayName: "Fatty acid 22:1 c", usdaNumber: 676),
    .init("fatty_acids_22_1_t", unit: .gram, displayName: "Fatty acid 22:1 t", usdaNumber: 664),
    .init("fatty_acids_24_1_c", unit: .gram, displayName: "Fatty acid 24:1 c", usdaNumber: 671),
    .init(
      "polyunsaturated_fat", unit: .gram, displayName: "Fatty acids, total polyunsaturated",
      aliases: ["pufa"], usdaNumber: 646),
    .init("fatty_acids_18_2", unit: .gram, displayName: "Fatty acid 18:2 undifferentiated", usdaNumber: 618),
    .init("fatty_acids_18_2_n6_cc", unit: .gram, displayName: "Fatty acid 18:2 n-6 c,c", usdaNumber: 675),
    .init("fatty_acids_18_2_cla", unit: .gram, displayName: "Fatty acid 18:2 CLAs", usdaNumber: 670),
    .init("fatty_acids_18_2_tt", unit: .gram, displayName: "Fatty acid 18:2 t,t", usdaNumber: 669),
    .init("fatty_acids_18_2_i", unit: .gram, displayName: "Fatty acid 18:2 i", usdaNumber: 666),
    .init(
      "fatty_acids_18_2_t", unit: .gram, displayName: "Fatty acid 18:2 t not further defined", usdaNumber: 665
    ),
    .init("fatty_acids_18_3", unit: .gram, displayName: "Fatty acid 18:3 undifferentiated", usdaNumber: 619),
    .init(
      "fatty_acids_18_3_n3_ccc", unit: .gram, displayName: "Fatty acid 18:3 n-3 c,c,c (ALA)",
      aliases: ["ala"], usdaNumber: 851),
    .init("fatty_acids_18_3_n6_ccc", unit: .gram, displayName: "Fatty acid 18:3 n-6 c,c,c", usdaNumber: 685),
    .init("fatty_acids_18_3_i", unit: .gram, displayName: "Fatty acid 18:3i", usdaNumber: 856),
    .init("fatty_acids_18_4", unit: .gram, displayName: "Fatty acid 18:4", usdaNumber: 627),
    .init("fatty_acids_20_2_n6_cc", unit: .gram, displayName: "Fatty acid 20:2 n-6 c,c", usdaNumber: 672),
    .init("fatty_acids_20_3", unit: .gram, displayName: "Fatty acid 20:3 undifferentiated", usdaNumber: 689),
    .init("fatty_acids_20_3_n3", unit: .gram, displayName: "Fatty acid 20:3 n-3", usdaNumber: 852),
    .init("fatty_acids_20_3_n6", unit: .gram, displayName: "Fatty acid 20:3 n-6", usdaNumber: 853),
    .init("fatty_acids_20_4", unit: .gram, displayName: "Fatty acid 20:4 undifferentiated", usdaNumber: 620),
    .init("fatty_acids_20_4_n6", unit: .gram, displayName: "Fatty acid 20:4 n-6", usdaNumber: 855),
    .init(
      "fatty_acids_20_5_n3", unit: .gram, displayName: "Fatty acid 20:5 n-3 (EPA)", aliases: ["epa"],
      usdaNumber: 629),
    .init("fatty_acids_21_5", unit: .gram, displayName: "Fatty acid 21:5", usdaNumber: 857),
    .init("fatty_acids_22_4", unit: .gram, displayName: "Fatty acid 22:4", usdaNumber: 858),
    .init(
      "fatty_acids_22_5_n3", unit: .gram, displayName: "Fatty acid 22:5 n-3 (DPA)", aliases: ["dpa"],
      usdaNumber: 631),
    .init(
      "fatty_acids_22_6_n3", unit: .gram, displayName: "Fatty acid 22:6 n-3 (DHA)", aliases: ["dha"],
      usdaNumber: 621),
    .init(
      "trans_monoenoic_fat", unit: .gram, displayName: "Fatty acids, total trans-monoenoic", usdaNumber: 693),
    .init(
      "trans_polyenoic_fat", unit: .gram, displayName: "Fatty acids, total trans-polyenoic", usdaNumber: 695),
    .init("phytosterols", unit: .milligram, displayName: "Phytosterols", usdaNumber: 636),
    .init("stigmasterol", unit: .milligram, displayName: "Stigmasterol", usdaNumber: 638),
    .init("campesterol", unit: .milligram, displayName: "Campesterol", usdaNumber: 639),
    .init("beta_sitosterol", unit: .milligram, displayName: "Beta-sitosterol", usdaNumber: 641),
    .init("tryptophan", unit: .gram, displayName: "Tryptophan", usdaNumber: 501),
    .init("threonine", unit: .gram, displayName: "Threonine", usdaNumber: 502),
    .init("isoleucine", unit: .gram, displayName: "Isoleucine", usdaNumber: 503),
    .init("leucine", unit: .gram, displayName: "Leucine", usdaNumber: 504),
    .init("lysine", unit: .gram, displayName: "Lysine", usdaNumber: 505),
    .init("methionine", unit: .gram, displayName: "Methionine", usdaNumber: 506),
    .init("cystine", unit: .gram, displayName: "Cystine", usdaNumber: 507),
    .init("phenylalanine", unit: .gram, displayName: "Phenylalanine", usdaNumber: 508),
    .init("tyrosine", unit: .gram, displayName: "Tyrosine", usdaNumber: 509),
    .init("valine", unit: .gram, displayName: "Valine", usdaNumber: 510),
    .init("arginine", unit: .gram, displayName: "Arginine", usdaNumber: 511),
    .init("histidine", unit: .gram, displayName: "Histidine", usdaNumber: 512),
    .init("alanine", unit: .gram, displayName: "Alanine", usdaNumber: 513),
    .init("aspartic_acid", unit: .gram, displayName: "Aspartic acid", usdaNumber: 514),
    .init("glutamic_acid", unit: .gram, displayName: "Glutamic acid", usdaNumber: 515),
    .init("glycine", unit: .gram, displayName: "Glycine", usdaNumber: 516),
    .init("proline", unit: .gram, displayName: "Proline", usdaNumber: 517),
    .init("serine", unit: .gram, displayName: "Serine", usdaNumber: 518),
    .init("hydroxyproline", unit: .gram, displayName: "Hydroxyproline", usdaNumber: 521),
    .init("alcohol", unit: .gram, displayName: "Alcohol, ethyl", aliases: ["ethanol"], usdaNumber: 221),
    .init("caffeine", unit: .milligram, displayName: "Caffeine", usdaNumber: 262),
    .init("theobromine", unit: .milligram, displayName: "Theobromine", usdaNumber: 263),
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

  private static let byUSDANumber: [Int: NutrientDefinition] = {
    var table: [Int: NutrientDefinition] = [:]
    for definition in definitions {
      if let number = definition.usdaNumber { table[number] = definition }
    }
    return table
  }()

  /// The definition of the nutrient with a USDA SR28 nutrient number (`208` for energy).
  ///
  /// - Parameter usdaNumber: The SR28 `Nutr_No`.
  /// - Returns: The definition, or `nil` when no known nutrient has the number.
  /// - Complexity: O(1).
  package static func definition(usdaNumber: Int) -> NutrientDefinition? { byUSDANumber[usdaNumber] }

  /// The definition of a nutrient by canonical name.
  package static func definition(for nutrient: Nutrient) -> NutrientDefinition? {
    byName[nutrient.name].flatMap { $0.nutrient == nutrient ? $0 : nil }
  }

  /// Looks a name up among canonical names and aliases (`carbohydrate` finds `carbs`).
  package static func lookup(_ name: String) -> NutrientDefinition? { byName[name] }

  /// Every name a plan file may use: canonical names and aliases.
  package static var allNames: [String] { Array(byName.keys).sorted() }
}
