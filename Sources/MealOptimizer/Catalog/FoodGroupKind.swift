/// The kinds of SR28 food group that the tag rules tell apart.
enum FoodGroupKind: Equatable {
  /// Fruits, vegetables, legumes, spices and herbs: plain plant foods.
  case produce
  case nutsAndSeeds
  /// "Cereal Grains and Pasta".
  case grains
  case dairyAndEgg
  case fatsAndOils
  case beverages
  case breakfastCereals
  case baked
  case sweets
  case snacks
  /// Poultry, pork, beef, lamb, veal and game.
  case flesh
  /// "Sausages and Luncheon Meats": meat with unknown fillers and binders.
  case processedMeat
  /// "Finfish and Shellfish Products".
  case fish
  /// Soups and sauces, fast foods, restaurant foods, meals, baby foods,
  /// American Indian/Alaska Native foods, and any group not known here.
  case mixed

  init(_ name: String) {
    switch name {
    case "Fruits and Fruit Juices", "Vegetables and Vegetable Products", "Legumes and Legume Products",
      "Spices and Herbs":
      self = .produce
    case "Nut and Seed Products": self = .nutsAndSeeds
    case "Cereal Grains and Pasta": self = .grains
    case "Dairy and Egg Products": self = .dairyAndEgg
    case "Fats and Oils": self = .fatsAndOils
    case "Beverages": self = .beverages
    case "Breakfast Cereals": self = .breakfastCereals
    case "Baked Products": self = .baked
    case "Sweets": self = .sweets
    case "Snacks": self = .snacks
    case "Poultry Products", "Pork Products", "Beef Products", "Lamb, Veal, and Game Products":
      self = .flesh
    case "Sausages and Luncheon Meats": self = .processedMeat
    case "Finfish and Shellfish Products": self = .fish
    default: self = .mixed
    }
  }

  /// Whether every food of the group is meat, poultry or fish.
  var isFlesh: Bool { self == .flesh || self == .fish || self == .processedMeat }
}
