import Diagnostics
import Foundation

extension Parser {
  static let recipeKeywords = ["serves", "meal", "meals", "time", "step", "tags", "tag"]

  mutating func parseRecipe() -> Declaration? {
    let start = current.range
    guard let (name, display) = parseHeader("recipe") else { return nil }
    var recipe = RecipeDeclaration(
      name: name, displayName: display, serves: nil, meals: [], time: nil, ingredients: [], steps: [],
      tags: [], range: start)
    _ = parseBlock(of: "recipe") { parser in
      if parser.current.kind == .number {
        if let line = parser.parseIngredient() { recipe.ingredients.append(line) }
        parser.finishStatement("the ingredient")
        return
      }
      parser.parseStatement(in: "recipe", keywords: Self.recipeKeywords) { parser, keyword in
        switch keyword.value {
        case "serves": recipe.serves = parser.parseQuantity("a number of servings")
        case "meal", "meals": recipe.meals += parser.parseIdentifierList("a meal such as 'breakfast'")
        case "time": recipe.time = parser.parseQuantity("a time such as '25 min'")
        case "step":
          guard let text = parser.parseOptionalString() else {
            parser.expected("the step's text in quotes")
            return
          }
          recipe.steps.append(text)
        default: recipe.tags += parser.parseIdentifierList("a tag")
        }
      }
    }
    recipe.range = start.union(previous.range)
    return .recipe(recipe)
  }

  /// `AMOUNT [UNIT] FOOD`, where AMOUNT may be a fraction (`1/2`).
  mutating func parseIngredient() -> IngredientLine? {
    parseIngredientUntil([])
  }

  /// `AMOUNT [UNIT] FOOD`, where the line may go on with one of `followers`
  /// (the pantry's `category` and `use by`): `6 eggs category "…"` reads
  /// `eggs` as the food.
  mutating func parseIngredientUntil(_ followers: Set<String>) -> IngredientLine? {
    let start = current.range
    guard var amount = parseQuantity("an amount", startsStatement: true) else { return nil }
    if amount.unit == nil, current.isSymbol("/"), peek().kind == .number {
      advance()
      let denominator = advance()
      guard let value = Decimal(string: denominator.value), value != 0 else {
        report(DiagnosticMessage.badNumber(denominator.value, at: denominator.range))
        return nil
      }
      amount.value /= value
      amount.numberRange = amount.numberRange.union(denominator.range)
      amount.range = amount.numberRange
      amount.unit = parseUnit()
      if let unit = amount.unit { amount.range = amount.range.union(unit.range) }
    }
    // `2 eggs`: the one word read as a unit is the food.
    let endsHere = atStatementEnd || (current.kind == .identifier && followers.contains(current.value))
    if endsHere, let unit = amount.unit, !unit.text.contains(" "), !unit.text.contains("/") {
      amount.unit = nil
      amount.range = amount.numberRange
      return IngredientLine(
        amount: amount, food: Identifier(name: unit.text, range: unit.range), range: start.union(unit.range))
    }
    guard let food = parseIdentifier("a food after the amount, as in '80 g oats'") else { return nil }
    return IngredientLine(amount: amount, food: food, range: start.union(food.range))
  }

  static let mealPlanKeywords = [
    "meals", "diet", "avoid", "portions", "repeat", "lock", "leftovers", "allow", "tie-break", "household",
  ]

  mutating func parseMealPlanStatement(_ keyword: Token) -> PlanStatement? {
    func range() -> SourceRange { keyword.range.union(previous.range) }
    let statement: MealPlanStatement?
    switch keyword.value {
    case "meals":
      let names = parseIdentifierList("a meal such as 'breakfast'")
      statement = names.isEmpty ? nil : .meals(names, range())
    case "diet":
      let names = parseIdentifierList("a diet such as 'vegetarian'")
      statement = names.isEmpty ? nil : .diet(names, range())
    case "avoid":
      let names = parseIdentifierList("a food, tag or allergen")
      statement = names.isEmpty ? nil : .avoid(names, range())
    case "portions":
      if consumeWord("whole") {
        statement = .portions(nil, nil, nil, range())
      } else {
        guard let low = parseQuantity("a number of servings such as '0.5...2'") else { return nil }
        var high = low
        if consumeSymbol("...") {
          guard let h = parseQuantity("the largest portion") else { return nil }
          high = h
        }
        var step: QuantityLiteral?
        if consumeWord("step") {
          step = parseQuantity("a step such as '0.5'")
          if step == nil { return nil }
        }
        statement = .portions(low, high, step, range())
      }
    case "repeat":
      _ = consumeWord("recipe") || consumeWord("recipes")
      if current.isWord("at"), peek().isWord("most") {
        advance()
        advance()
        guard var count = parseQuantity("a count") else { return nil }
        // `3 cookings`: the word after the count says what is counted.
        var counting: Identifier?
        if let unit = count.unit, !unit.text.contains(" "), !unit.text.contains("/") {
          counting = Identifier(name: unit.text, range: unit.range)
          count.unit = nil
          count.range = count.numberRange
        }
        if consumeWord("per") {
          guard consumeWord("week") else {
            expected("'week' after 'per'", hint: Suggestions.hint(for: current.value, in: ["week"]))
            return nil
          }
        }
        statement = .repeatAtMost(count, counting, range())
      } else if consumeWord("once") {
        guard consumeWord("per"), consumeWord("day") else {
          expected("'per day' after 'once'")
          return nil
        }
        statement = .repeatOncePerDay(range())
      } else if consumeWord("not") {
        _ = consumeWord("on")
        guard consumeWord("consecutive"), consumeWord("days") else {
          expected("'on consecutive days' after 'not'")
          return nil
        }
        statement = .repeatNotConsecutive(range())
      } else {
        expected("'at most N per week', 'once per day' or 'not on consecutive days'")
        return nil
      }
    case "lock":
      guard consumeWord("day") else {
        expected("'day N MEAL RECIPE', as in 'lock day 3 dinner lasagna'")
        return nil
      }
      guard let day = parsePlainNumber("a day number"), let meal = parseIdentifier("a meal"),
        let recipe = parseIdentifier("a recipe")
      else { return nil }
      statement = .lock(day, meal, recipe, range())
    case "leftovers":
      guard let from = parseIdentifier("a meal, as in 'leftovers dinner to lunch'") else { return nil }
      guard consumeWord("to") else {
        expected("'to' and a meal, as in 'leftovers dinner to lunch'")
        return nil
      }
      guard let to = parseIdentifier("a meal") else { return nil }
      statement = .leftovers(from, to, range())
    case "allow":
      guard let meal = parseIdentifier("a meal"), let kind = parseIdentifier("'foods' or 'recipes'") else {
        return nil
      }
      let names = parseIdentifierList("a name")
      statement = names.isEmpty ? nil : .allow(meal, kind, names, range())
    case "tie-break":
      statement = parseIdentifier("'variety', 'goal_center' or 'none'").map { .tieBreak($0, range()) }
    case "household":
      statement = parseIdentifier("a household name").map { .household($0, range()) }
    default:
      statement = nil
    }
    return statement.map { .meal($0) }
  }
}
