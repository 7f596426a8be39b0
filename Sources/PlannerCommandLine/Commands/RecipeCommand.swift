import Foundation
import MealOptimizer
import PlanDSL

/// `planner recipe FILE NAME`: a recipe card.
enum RecipeCommand: TypedCommand {
  static let name = "recipe"
  static let abstract =
    "Show a recipe card: time, servings, ingredients, nutrition per serving, labels, steps."

  struct Options: CommandOptions {
    var file: String?
    var recipe: String?
    var format = OutputFormat.text

    static var declarations: [OptionDeclaration<Options>] {
      [
        .argument("file", \.file, missing: "a .plan file", "The .plan file."),
        .argument("recipe", \.recipe, missing: "a recipe name", "The recipe's name in the file."),
        .format(\.format, [.text, .json]),
      ]
    }
  }

  static func run(_ options: Options, console: Console) throws(CLIError) {
    guard let path = options.file, let name = options.recipe else {
      throw .internalError("recipe ran without its arguments")
    }
    let format = options.format
    let program = try ProgramLoading.load(path, console: console)
    guard let recipe = program.recipes.first(where: { $0.id == name }) else {
      throw .usage(
        "no recipe named '\(name.escapedForTerminal)' in \(path.escapedForTerminal)",
        hint: closestMatch(to: name, in: program.recipes.map(\.id)).map { "did you mean '\($0)'?" })
    }
    let foods = Dictionary(program.foods.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let profile: RecipeProfile
    do throws(PlanningError) {
      profile = try RecipeProfile(recipe: recipe, foods: foods)
    } catch {
      throw CLIError(error, about: "recipe '\(name)'")
    }
    if format == .json {
      console.out(try JSONText.encode(RecipeCard(profile, currency: program.currency ?? "USD", foods: foods)))
      return
    }
    console.out(RecipeCardText(profile: profile, foods: foods, currency: program.currency ?? "USD").render())
  }
}

/// A recipe card for a terminal.
struct RecipeCardText {
  var profile: RecipeProfile
  var foods: [String: Food]
  var currency: String

  func render() -> String {
    let recipe = profile.recipe
    var out = recipe.name + "\n"
    var facts = ["serves " + Quantities.number(recipe.servings)]
    if let minutes = recipe.minutes { facts.append(Quantities.number(minutes, digits: 0) + " min") }
    if !recipe.meals.isEmpty { facts.append(recipe.meals.sorted().map(\.name).joined(separator: ", ")) }
    if let cost = profile.costPerServing {
      facts.append(Quantities.money(Decimal(cost), currency) + " a serving")
    }
    out += facts.joined(separator: " · ") + "\n"
    if !profile.labels.isEmpty {
      out += "Labels: " + profile.labels.sorted().map(\.rawValue).joined(separator: ", ") + "\n"
    }
    for missing in profile.missingLabels(foods: foods)
    where missing.blockers.contains(where: { $0.food != nil }) {
      out += "  " + missing.message + "\n"
    }
    out += "\nIngredients\n"
    for ingredient in recipe.ingredients {
      let name = foods[ingredient.food]?.name ?? ingredient.food
      let quantity = ingredient.quantity ?? Quantities.number(ingredient.grams) + " g " + ingredient.food
      out += "  - \(quantity)  (\(name), \(Quantities.number(ingredient.grams)) g)\n"
    }
    out += "\nNutrition per serving\n"
    var table = TextTable([.left, .right])
    table.indent = "  "
    for definition in NutrientTable.definitions {
      guard let amount = profile.nutrientsPerServing[definition.nutrient], amount > 0 else { continue }
      table.add([
        definition.displayName,
        Quantities.number(amount, digits: amount < 10 ? 1 : 0) + " " + definition.unit.rawValue,
      ])
    }
    out += table.render()
    if !recipe.steps.isEmpty {
      out += "\nSteps\n"
      for (number, step) in recipe.steps.enumerated() {
        out += "  \(number + 1). \(step.text)\n"
        let used = recipe.ingredients(usedIn: step, foods: foods)
        if !used.isEmpty {
          out += "     uses: " + used.map { $0.quantity ?? $0.food }.joined(separator: ", ") + "\n"
        }
      }
    }
    return out
  }
}

/// What `planner recipe --format json` prints: the summary that `recipes` lists, with the
/// ingredients and the steps.
struct RecipeCard: Encodable {
  /// One ingredient line.
  struct Ingredient: Encodable {
    var food: String
    var grams: Double
    /// The amount as written (`1.5 cup`), when it was not in grams.
    var quantity: String?
  }

  var summary: RecipeSummary
  var ingredients: [Ingredient]
  var steps: [String]

  init(_ profile: RecipeProfile, currency: String, foods: [String: Food]) {
    summary = RecipeSummary(profile, currency: currency, foods: foods)
    ingredients = profile.recipe.ingredients.map {
      Ingredient(food: $0.food, grams: $0.grams, quantity: $0.quantity)
    }
    steps = profile.recipe.steps.map(\.text)
  }

  enum CodingKeys: String, CodingKey {
    case ingredients, steps
  }

  func encode(to encoder: any Encoder) throws {
    try summary.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(ingredients, forKey: .ingredients)
    try container.encode(steps, forKey: .steps)
  }
}
