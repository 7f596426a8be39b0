/// The word lists behind ``FoodTagger``'s rules (folded, as ``SearchText`` tokens).
enum FoodWords {
  static let milk: Set<String> = [
    "milk", "milks", "milkfat", "cheese", "cheeses", "butter", "buttermilk", "cream", "creams", "creamer",
    "yogurt", "yoghurt", "whey", "casein", "caseinate", "ghee", "kefir", "custard", "custards", "pudding",
    "puddings", "cheesecake", "alfredo", "mozzarella", "parmesan", "cheddar", "ricotta", "brie", "feta",
    "gouda", "provolone", "romano", "queso", "paneer", "mascarpone", "gruyere", "colby", "muenster",
    "neufchatel", "camembert", "limburger", "eggnog", "milkshake", "shakes", "butterscotch", "lactose",
    "cheeseburger", "cheeseburgers", "nougat", "fudge", "caramel", "caramels", "latte", "cappuccino",
  ]
  /// Words before `milk`, `butter` or `cream` that make it a plant product.
  static let plantMilkMakers: Set<String> = [
    "peanut", "almond", "cashew", "sesame", "apple", "cocoa", "nut", "seed", "soy", "coconut", "rice", "oat",
    "shea", "hazelnut", "pistachio", "sunflower",
  ]
  static let plantMilkNouns: Set<String> = ["milk", "butter", "cream", "yogurt", "cheese"]
  static let egg: Set<String> = [
    "egg", "eggs", "mayonnaise", "mayo", "meringue", "meringues", "eggnog", "omelet", "omelets",
    "omelette", "custard", "custards", "quiche", "souffle", "eclair", "eclairs", "popovers",
  ]
  static let fish: Set<String> = [
    "fish", "salmon", "tuna", "cod", "anchovy", "anchovies", "sardine", "sardines", "herring", "mackerel",
    "trout", "halibut", "tilapia", "pollock", "haddock", "catfish", "flounder", "caviar", "roe", "surimi",
    "pike", "perch", "carp", "whitefish", "swordfish", "snapper", "grouper", "eel", "shark", "smelt",
    "sturgeon", "whiting", "lox", "caesar", "worcestershire", "bluefish", "mullet", "pompano", "rockfish",
    "sablefish", "tilefish", "turbot", "yellowtail", "lingcod", "milkfish", "monkfish", "roughy",
  ]
  static let shellfish: Set<String> = [
    "shrimp", "shrimps", "prawn", "prawns", "crab", "crabs", "lobster", "lobsters", "crayfish", "crawfish",
    "clam", "clams", "mussel", "mussels", "oyster", "oysters", "scallop", "scallops", "squid", "octopus",
    "abalone", "conch", "whelk", "whelks", "snail", "snails", "escargot", "cuttlefish", "calamari",
    "langostino", "krill", "shellfish",
  ]
  static let treeNut: Set<String> = [
    "almond", "almonds", "cashew", "cashews", "walnut", "walnuts", "pecan", "pecans", "pistachio",
    "pistachios", "hazelnut", "hazelnuts", "filbert", "filberts", "macadamia", "macadamias", "brazilnuts",
    "pinenuts", "pinyon", "chestnut", "chestnuts", "beechnuts", "butternut", "butternuts", "hickorynuts",
    "coconut", "coconuts", "praline", "pralines", "marzipan", "nutella", "nuts", "nut", "ginkgo",
  ]
  static let peanut: Set<String> = ["peanut", "peanuts", "groundnut", "groundnuts"]
  static let wheat: Set<String> = [
    "wheat", "wheats", "semolina", "durum", "farina", "bulgur", "couscous", "spelt", "kamut", "seitan",
    "triticale", "graham", "bread", "breads", "breadcrumbs", "breadsticks", "breaded", "bagel", "bagels",
    "croissant", "croissants", "muffin", "muffins", "pancake", "pancakes", "waffle", "waffles", "biscuit",
    "biscuits", "cracker", "crackers", "pretzel", "pretzels", "pasta", "macaroni", "spaghetti", "lasagna",
    "ravioli", "tortellini", "gnocchi", "pizza", "dumpling", "dumplings", "pie", "pies", "pastry",
    "pastries", "cake", "cakes", "cookie", "cookies", "brownie", "brownies", "doughnut", "doughnuts",
    "croutons", "stuffing", "batter", "battered", "sandwich", "sandwiches", "burrito", "burritos",
    "wonton", "matzo", "pita", "focaccia", "strudel", "danish", "eclair", "eclairs", "hamburger",
    "cheeseburger", "cheeseburgers", "crust", "wafers", "wafer", "tortellini", "manicotti", "gluten",
  ]
  /// Words before `flour` that name a flour other than wheat's.
  static let nonWheatFlour: Set<String> = [
    "rice", "corn", "soy", "potato", "almond", "carob", "chickpea", "peanut", "buckwheat", "rye", "sesame",
    "cottonseed", "sunflower", "acorn", "arrowroot", "cassava", "tapioca", "coconut", "masa", "mesquite",
    "oat", "soybean", "lupin", "pea", "bean", "chestnut", "millet", "sorghum", "amaranth", "quinoa",
  ]
  static let soy: Set<String> = [
    "soy", "soya", "soybean", "soybeans", "soymilk", "tofu", "tempeh", "miso", "edamame", "natto", "okara",
    "yuba", "lecithin",
  ]
  static let sesame: Set<String> = ["sesame", "tahini", "halvah", "halva", "hummus", "benne"]

  static let meat: Set<String> = [
    "beef", "pork", "chicken", "turkey", "lamb", "veal", "mutton", "goat", "ham", "bacon", "sausage",
    "sausages", "salami", "pepperoni", "bologna", "frankfurter", "frankfurters", "meat", "meats", "meatballs",
    "meatball", "lard", "tallow", "suet", "duck", "goose", "venison", "bison", "buffalo", "rabbit", "elk",
    "deer", "liver", "chorizo", "prosciutto", "pastrami", "jerky", "giblets", "poultry", "quail", "pheasant",
    "squab", "emu", "ostrich", "caribou", "moose", "whale", "seal", "walrus", "beaver", "frog", "turtle",
    "broth", "bouillon", "stock", "gravy", "gelatin", "gelatins", "gelatine", "marshmallow", "marshmallows",
    "pemmican",
    "collagen", "schmaltz", "franks", "frank", "wieners", "weiners", "hamburger", "cheeseburger",
    "cheeseburgers", "bratwurst", "kielbasa",
  ]
  /// Words that rule out a vegetarian claim even for a "vegetarian" or "meatless" product.
  static let nonVegetarianExtras: Set<String> = [
    "gelatin", "gelatins", "gelatine", "marshmallow", "marshmallows", "lard", "tallow", "suet", "anchovy",
    "anchovies",
  ]
  static let nonVegan: Set<String> = [
    "honey", "gelatin", "gelatins", "gelatine", "lard", "tallow", "suet", "beeswax", "carmine", "wine",
    "beer", "ale",
    "lanolin", "margarine", "shortening", "chocolate", "cocoa", "candies", "candy",
  ]
  /// Products whose recipe may add animal ingredients (meat analogues, refried beans).
  static let preparedProducts: Set<String> = [
    "meatless", "vegetarian", "veggie", "burger", "burgers", "soyburgers", "franks", "links", "sausage",
    "bacon",
    "refried", "chili", "recipe", "patties", "nuggets", "loaf", "fillets", "stuffed", "casserole",
  ]
  /// Fats and oils whose makeup is unknown (spreads, dressings, sauces).
  static let uncertainFats: Set<String> = [
    "margarine", "spread", "spreads", "dressing", "dressings", "sauce", "dip", "shortening", "imitation",
    "substitute", "blend", "creamer", "topping", "mayonnaise",
  ]
  static let uncertainBeverages: Set<String> = [
    "chocolate", "cocoa", "shake", "shakes", "smoothie", "smoothies", "mix", "latte", "mocha", "cappuccino",
    "breakfast",
    "nutritional", "protein", "wine", "beer", "ale", "liqueur", "eggnog", "creamer", "dairy", "whitener",
  ]
  static let glutenRisk: Set<String> = [
    "barley", "rye", "malt", "malted", "oat", "oats", "oatmeal", "oatbran", "beer", "ale", "lager", "bran",
    "flour", "crumbs", "stuffing", "gravy", "sauce", "seasoning", "seasoned", "mix", "soup", "imitation",
    "nuggets", "patties", "patty", "sausage", "frankfurter", "bologna", "luncheon", "loaf", "meatballs",
    "teriyaki", "cereal", "cereals", "granola", "noodles", "noodle", "pasta", "bread", "breaded", "miso",
    "tempeh", "textured", "vegetarian", "meatless", "veggie", "burger", "licorice", "shakes", "coated",
    "dumpling", "filling", "croutons", "breakfast", "pilaf", "stuffed", "kasha", "gluten", "batter",
    "recipe", "gratin", "scalloped", "casserole", "dinner", "entree",
  ]
  /// First words of "Cereal Grains and Pasta" foods that are naturally gluten-free grains.
  static let glutenFreeGrains: Set<String> = [
    "rice", "corn", "cornmeal", "cornstarch", "hominy", "quinoa", "buckwheat", "millet", "amaranth",
    "sorghum", "teff", "wild", "arrowroot", "tapioca", "masa",
  ]
  static let plainSweeteners: Set<String> = ["sugar", "sugars", "honey", "syrup", "syrups", "molasses"]
  /// Words that leave dairy content unknown.
  static let dairyRisk: Set<String> = [
    "breaded", "batter", "battered", "sauce", "creamed", "creamy", "margarine", "gratin", "scalloped",
    "mashed", "pudding", "dressing", "dip", "spread", "chocolate", "shake", "creamer", "latte", "smoothie",
    "mix", "breakfast", "nutritional", "protein", "flour", "coated", "stuffed", "filling", "imitation",
    "substitute", "topping", "whitener",
  ]
}
