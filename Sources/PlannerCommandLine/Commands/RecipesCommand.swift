import Foundation
import MealOptimizer
import PlanDSL

/// `planner recipes FILE [QUERY]`: list and search the recipes of a plan file.
enum RecipesCommand: TypedCommand {
  static let name = "recipes"
  static let abstract = "List and search the recipes of a plan file."
  static let discussion = """
    The query may be a phrase a person would type: "vegan dinner under 30 minutes with at least 25 g protein".
    It is read into the same filters as the options; words it does not understand are reported, not ignored.
    Nutrient conditions are per serving.
    """

  /// A `--max-time` value: `30min`, `1h`, `45`.
  struct Minutes: ArgumentValue {
    var value: Double

    static func read(_ text: String, for name: String) throws(CLIError) -> Minutes {
      guard let minutes = RecipesCommand.minutes(text) else {
        throw .usage(
          "'\(name)' takes a time such as 30min, 1h or 45, not '\(text.escapedForTerminal)'", hint: nil)
      }
      return Minutes(value: minutes)
    }
  }

  struct Options: CommandOptions {
    var file: String?
    var query: [String] = []
    var meals: [String] = []
    var diets: [DietLabel] = []
    var maximumTime: Minutes?
    var conditions: [String] = []
    var format = OutputFormat.text

    static var declarations: [OptionDeclaration<Options>] {
      [
        .argument("file", \.file, missing: "a .plan file", "The .plan file."),
        .arguments("query", \.query, required: false, "Words or a phrase that filter the recipes."),
        .option(
          "meal", \.meals, value: "MEAL", "Only recipes for this meal (breakfast, lunch, dinner, snack, …)."),
        .option(
          "diet", \.diets, value: "LABEL",
          "Only recipes with this derived label: vegan, vegetarian, gluten-free, …"),
        .option(
          "max-time", \.maximumTime, value: "TIME", "Only recipes ready within this time (30min, 1h, 45)."),
        .option(
          "where", \.conditions, value: "CONDITION",
          "Only recipes meeting a condition per serving: \"protein >= 25 g\"."),
        .format(\.format, [.text, .json]),
      ]
    }
  }

  static func run(_ options: Options, console: Console) throws(CLIError) {
    guard let path = options.file else { throw .internalError("recipes ran without its file") }
    let format = options.format
    let program = try ProgramLoading.load(path, console: console)
    var query = RecipeQuery()
    let phrase = options.query.joined(separator: " ")
    if !phrase.isEmpty {
      let meals = Set(program.recipes.flatMap(\.meals))
      let parsed = RecipeQuery.parse(phrase, meals: meals)
      if !parsed.unrecognized.isEmpty {
        let words = parsed.unrecognized.map { "'\($0.word)'" + ($0.reason.map { " (\($0))" } ?? "") }
        // Reported, not fatal: the words it understood still filter the recipes.
        console.err(
          "planner: warning: unrecognized: " + words.joined(separator: ", ")
            + "\n  hint: try a meal, a diet, 'under 30 minutes', 'at least 25 g protein', 'without peanuts'\n"
        )
      }
      query = parsed.query
      warnAboutUnmatchedTerms(query.excluding, foods: program.foods, console: console)
    }
    for meal in options.meals { query.meals.insert(Meal(meal)) }
    query.labels.formUnion(options.diets)
    if let time = options.maximumTime { query.maximumMinutes = time.value }
    for text in options.conditions {
      do throws(NutrientConditionSyntax.Failure) {
        query.conditions.append(try NutrientConditionSyntax.parse(text))
      } catch {
        throw CLIError(error)
      }
    }
    let profiles: [RecipeProfile]
    do throws(PlanningError) {
      profiles = try query.filter(program.recipes, foods: program.foods)
    } catch {
      throw CLIError(error, about: "\(path)")
    }
    if format == .json {
      let foods = Dictionary(program.foods.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
      console.out(
        try JSONText.encode(
          profiles.map { RecipeSummary($0, currency: program.currency ?? "USD", foods: foods) }))
      return
    }
    guard !profiles.isEmpty else {
      console.out("no recipes match\n")
      return
    }
    var table = TextTable([.left, .left, .left, .right, .right, .right, .left])
    table.add(["Recipe", "Name", "Meals", "Time", "kcal", "Protein", "Labels"])
    for profile in profiles {
      let recipe = profile.recipe
      table.add([
        recipe.id, MealPlanText.shorten(recipe.name, 32),
        recipe.meals.sorted().map(\.name).joined(separator: ", "),
        recipe.minutes.map { Quantities.number($0, digits: 0) + " min" } ?? "",
        Quantities.number(profile.perServing(.energy), digits: 0),
        Quantities.number(profile.perServing(.protein), digits: 0) + " g",
        profile.labels.sorted().map(\.rawValue).joined(separator: ", "),
      ])
    }
    console.out(table.render())
    console.out("\(profiles.count) of \(program.recipes.count) recipes; figures per serving\n")
  }

  /// Warns about each "without X" that names no allergen and matches no food, so excludes nothing.
  static func warnAboutUnmatchedTerms(_ terms: [String], foods: [Food], console: Console) {
    for term in terms where AvoidMatcher.allergens(named: term) == nil {
      guard !foods.contains(where: { AvoidMatcher.food($0, matches: .term(term)) }) else { continue }
      let candidates = AvoidMatcher.allergenTerms.keys.filter { !$0.contains(" ") } + foods.map(\.id)
      let hint = closestMatch(to: term, in: candidates).map { "did you mean '\($0)'?" }
      console.err(
        "planner: warning: 'without \(term.escapedForTerminal)' matches no food, so it excludes nothing\n"
          + (hint.map { "  hint: \($0)\n" } ?? ""))
    }
  }

  /// `30min`, `30 min`, `1h`, `1.5h`, `45`.
  static func minutes(_ text: String) -> Double? {
    let trimmed = text.replacingOccurrences(of: " ", with: "").lowercased()
    for (suffix, factor) in [
      ("minutes", 1.0), ("mins", 1), ("min", 1), ("m", 1), ("hours", 60), ("h", 60), ("", 1),
    ] where trimmed.hasSuffix(suffix) {
      if let value = Double(trimmed.dropLast(suffix.count)), value >= 0, value.isFinite {
        return value * factor
      }
    }
    return nil
  }
}

/// What `recipes --format json` prints for each recipe.
struct RecipeSummary: Encodable {
  var id: String
  var name: String
  var meals: [String]
  var minutes: Double?
  var servings: Double
  var labels: [String]
  var perServing: [String: Double]
  var costPerServing: Double?
  var currency: String
  /// Each diet label the recipe lacks, with the ingredients that block it.
  var missingLabels: [MissingLabel]

  init(_ profile: RecipeProfile, currency: String, foods: [String: Food]) {
    missingLabels = profile.missingLabels(foods: foods)
    id = profile.recipe.id
    name = profile.recipe.name
    meals = profile.recipe.meals.sorted().map(\.name)
    minutes = profile.recipe.minutes
    servings = profile.recipe.servings
    labels = profile.labels.sorted().map(\.rawValue)
    perServing = Dictionary(
      profile.nutrientsPerServing.map { ($0.key.name, $0.value) }, uniquingKeysWith: { a, _ in a })
    costPerServing = profile.costPerServing
    self.currency = currency
  }
}

extension DietLabel: ArgumentValue {
  static func read(_ text: String, for name: String) throws(CLIError) -> DietLabel {
    guard let label = DietLabel(rawValue: text) else {
      throw .usage(
        "unknown diet '\(text.escapedForTerminal)'",
        hint: closestMatch(to: text, in: allCases.map(\.rawValue)).map { "did you mean '\($0)'?" })
    }
    return label
  }
}
