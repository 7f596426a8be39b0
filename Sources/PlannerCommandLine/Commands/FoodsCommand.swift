import Foundation
import MealOptimizer
import PlanDSL

/// `planner foods`: the bundled USDA SR28 catalog, through the `search` and `show` subcommands.
enum FoodsCommand: CommandGroup {
  static let name = "foods"
  static let abstract = "Search the bundled USDA SR28 catalog and show a food's nutrition."
  static var subcommands: [any Command.Type] { [Search.self, Show.self] }

  /// `planner foods search [WORDS…] [--group G] [--tag T] [--where C] [--limit N]`.
  enum Search: TypedCommand {
    static let name = "foods search"
    static let abstract = "Find catalog foods by words of their description, group, tags and nutrients."
    static let discussion = """
      Ranks foods by relevance: every word must match a word of the description (or its start),
      whole words before prefixes, in order, shorter descriptions first. Without words, the filters
      alone choose the foods. --where takes a condition per 100 g or per household measure:
      "protein >= 20 g", "sodium < 140 mg per cup". Group names ignore case.
      Use a food in a plan with 'food oats = usda 08120'.
      """

    struct Options: CommandOptions {
      var words: [String] = []
      var groups: [String] = []
      var tags: [String] = []
      var conditions: [String] = []
      var limit = 10
      var format = OutputFormat.text

      static var declarations: [OptionDeclaration<Options>] {
        [
          .arguments("words", \.words, required: false, "Words to look for."),
          .option("group", \.groups, value: "GROUP", "Only foods of this food group (see the Group column)."),
          .option(
            "tag", \.tags, value: "TAG",
            "Only foods with this tag: vegan, vegetarian, gluten-free, dairy-free, …"),
          .option("where", \.conditions, value: "CONDITION", "Only foods meeting a nutrient condition."),
          .option("limit", short: "n", \.limit, value: "N", "How many results to show (default 10)."),
          .format(\.format, [.text, .json]),
        ]
      }

      mutating func validate() throws(CLIError) {
        guard !words.isEmpty || !groups.isEmpty || !tags.isEmpty || !conditions.isEmpty else {
          throw .usage(
            "missing words to search for, or a filter", hint: "planner foods search rolled oats")
        }
      }
    }

    static func run(_ options: Options, console: Console) throws(CLIError) {
      try FoodsCommand.search(options, console: console)
    }
  }

  /// `planner foods show FOOD`.
  enum Show: TypedCommand {
    static let name = "foods show"
    static let abstract = "Show a catalog food's nutrition per 100 g and its household measures."

    struct Options: CommandOptions {
      var food: [String] = []
      var format = OutputFormat.text

      static var declarations: [OptionDeclaration<Options>] {
        [
          .arguments("food", \.food, "An NDB number (08120) or an exact description."),
          .format(\.format, [.text, .json]),
        ]
      }

    }

    static func run(_ options: Options, console: Console) throws(CLIError) {
      try FoodsCommand.show(options.food.joined(separator: " "), format: options.format, console: console)
    }
  }

  static func loadCatalog() throws(CLIError) -> FoodCatalog {
    do throws(FoodCatalogError) {
      return try FoodCatalog.bundled()
    } catch {
      throw CLIError(error)
    }
  }

  static func search(_ options: Search.Options, console: Console) throws(CLIError) {
    let query = options.words.joined(separator: " ")
    var filter = CatalogSearchFilter(groups: [], tags: Set(options.tags))
    for text in options.conditions {
      do throws(NutrientConditionSyntax.Failure) {
        filter.conditions.append(try NutrientConditionSyntax.parse(text))
      } catch {
        throw CLIError(error)
      }
    }
    let catalog = try loadCatalog()
    // Group names ignore case: "dairy and egg products" is "Dairy and Egg Products".
    let known = Dictionary(
      catalog.groups.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    for group in options.groups {
      guard let name = known[group.lowercased()] else {
        throw .usage(
          "unknown food group '\(group.escapedForTerminal)'",
          hint: closestMatch(to: group, in: catalog.groups).map { "did you mean '\($0)'?" })
      }
      filter.groups.insert(name)
    }
    let matches = catalog.search(query, filters: filter, limit: options.limit)
    if options.format == .json {
      console.out(try JSONText.encode(matches))
      return
    }
    guard !matches.isEmpty else {
      console.out(query.isEmpty ? "no foods match the filters\n" : "no foods match '\(query)'\n")
      return
    }
    var table = TextTable([.left, .left, .left])
    table.add(["NDB", "Description", "Group"])
    for match in matches {
      table.add([match.ndbNumber, MealPlanText.shorten(match.description, 60), match.group])
    }
    console.out(table.render())
  }

  static func show(_ name: String, format: OutputFormat, console: Console) throws(CLIError) {
    let catalog = try loadCatalog()
    let digits = name.allSatisfy(\.isNumber)
    let padded = digits ? String(repeating: "0", count: max(0, 5 - name.count)) + name : name
    guard
      let food = digits
        ? catalog.food(ndbNumber: padded) : (catalog.food(id: name) ?? catalog.food(named: name))
    else {
      let matches = digits ? [] : catalog.closeMatches(for: name, limit: 3)
      throw .invalidInput(
        "no food '\(name)' in the catalog\n"
          + (matches.isEmpty
            ? "  hint: find foods with 'planner foods search WORDS'\n"
            : "  hint: did you mean "
              + matches.map { "\($0.ndbNumber) (\($0.description))" }.joined(separator: " or ") + "?\n"))
    }
    if format == .json {
      console.out(try JSONText.encode(FoodLabel(food)))
      return
    }
    console.out(NutritionLabelText(food).render())
  }
}

/// What `foods show --format json` prints.
struct FoodLabel: Encodable {
  var id: String
  var ndbNumber: String?
  /// The full USDA description ("Cereals, oats, regular and quick, not fortified, dry").
  var name: String
  /// The short name plans print ("Rolled oats").
  var shortName: String
  var group: String?
  var tags: [String]
  var measures: [Measure]
  /// Nutrient amounts per 100 g, by canonical name.
  var nutrientsPer100g: [String: Double]

  init(_ food: Food) {
    id = food.id
    ndbNumber = food.ndbNumber
    name = food.catalogDescription ?? food.name
    shortName = food.name
    group = food.group
    tags = food.tags.sorted()
    measures = food.measures
    nutrientsPer100g = Dictionary(
      food.nutrientsPer100g.map { ($0.key.name, $0.value) }, uniquingKeysWith: { a, _ in a })
  }
}
