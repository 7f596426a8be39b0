import Foundation
import MealOptimizer
import PlanDSL

/// `planner foods search QUERY` and `planner foods show FOOD`: the bundled USDA catalog.
enum FoodsCommand: Command {
  static let info = CommandInfo(
    name: "foods",
    abstract: "Search the bundled USDA SR28 catalog and show a food's nutrition.",
    usage: """
      planner foods search <words…> [--group GROUP] [--tag TAG] [--where CONDITION] [--limit N] [--format text|json]
             planner foods show <ndb-number | description> [--format text|json]
      """,
    discussion: """
      search ranks foods by relevance: every word must match a word of the description (or its start),
      whole words before prefixes, in order, shorter descriptions first.
      --where takes a condition per 100 g or per household measure: "protein >= 20 g",
      "sodium < 140 mg per cup". Use a food in a plan with 'food oats = usda 08120'.
      """,
    arguments: [
      ("search <words…>", "Words to look for."),
      ("show <food>", "An NDB number (08120) or an exact description."),
    ],
    options: [
      .option(
        "group", value: "GROUP", "Only foods of this food group (see the Group column).", repeatable: true),
      .option(
        "tag", value: "TAG", "Only foods with this tag: vegan, vegetarian, gluten-free, dairy-free, …",
        repeatable: true),
      .option("where", value: "CONDITION", "Only foods meeting a nutrient condition.", repeatable: true),
      .option("limit", short: "n", value: "N", "How many results to show (default 10)."),
      OutputFormat.option([.text, .json]),
    ]
  )

  static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
    let format = try arguments.format([.text, .json])
    guard let action = arguments.positionals.first else {
      throw .usage("missing 'search' or 'show' for 'planner foods'", hint: "see 'planner foods --help'")
    }
    let rest = Array(arguments.positionals.dropFirst())
    switch action {
    case "search":
      guard !rest.isEmpty else {
        throw .usage("missing words to search for", hint: "planner foods search rolled oats")
      }
      try search(rest.joined(separator: " "), arguments: arguments, format: format, console: console)
    case "show":
      guard !rest.isEmpty else { throw .usage("missing the food to show", hint: "planner foods show 08120") }
      try show(rest.joined(separator: " "), format: format, console: console)
    default:
      throw .usage(
        "unknown action '\(action)' for 'planner foods'",
        hint: closestMatch(to: action, in: ["search", "show"]).map { "did you mean '\($0)'?" }
          ?? "use 'search' or 'show'")
    }
  }

  static func loadCatalog() throws(CLIError) -> FoodCatalog {
    do throws(FoodCatalogError) {
      return try FoodCatalog.bundled()
    } catch {
      throw .internalError("cannot load the bundled catalog: \(error)")
    }
  }

  static func search(_ query: String, arguments: ParsedArguments, format: OutputFormat, console: Console)
    throws(CLIError)
  {
    var limit = 10
    if let text = arguments.value("limit") {
      guard let n = Int(text), n > 0 else {
        throw .usage("'--limit' takes a positive whole number, not '\(text)'", hint: nil)
      }
      limit = n
    }
    var filter = CatalogSearchFilter(groups: Set(arguments.all("group")), tags: Set(arguments.all("tag")))
    for text in arguments.all("where") {
      do throws(NutrientConditionSyntax.Failure) {
        filter.conditions.append(try NutrientConditionSyntax.parse(text))
      } catch {
        throw .usage("in '--where \(text)': \(error.message)", hint: error.hint)
      }
    }
    let catalog = try loadCatalog()
    let known = Set(catalog.groups)
    for group in filter.groups where !known.contains(group) {
      throw .usage(
        "unknown food group '\(group)'",
        hint: closestMatch(to: group, in: Array(known)).map { "did you mean '\($0)'?" })
    }
    let matches = catalog.search(query, filters: filter, limit: limit)
    if format == .json {
      console.out(try JSONText.encode(matches))
      return
    }
    guard !matches.isEmpty else {
      console.out("no foods match '\(query)'\n")
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
  var name: String
  var group: String?
  var tags: [String]
  var measures: [Measure]
  /// Nutrient amounts per 100 g, by canonical name.
  var nutrientsPer100g: [String: Double]

  init(_ food: Food) {
    id = food.id
    ndbNumber = food.ndbNumber
    name = food.name
    group = food.group
    tags = food.tags.sorted()
    measures = food.measures
    nutrientsPer100g = Dictionary(
      food.nutrientsPer100g.map { ($0.key.name, $0.value) }, uniquingKeysWith: { a, _ in a })
  }
}
