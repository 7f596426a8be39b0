import Diagnostics
import HealthRules

/// The checker's entries of the catalog: catalogs, foods, plans, recipes, rules and tests.
extension DiagnosticMessage {
  // MARK: Catalogs

  static func unknownCatalog(_ name: StringLiteral, candidates: [String]) -> Diagnostic {
    make(
      .unknownCatalog, "unknown catalog '\(name.value)'", at: name.range,
      hint: Suggestions.hint(for: name.value, in: candidates) ?? "the bundled catalog is \"usda-sr28\"")
  }

  static func catalogUnavailable(_ why: String, at range: SourceRange) -> Diagnostic {
    make(.catalogUnavailable, "cannot load the catalog: \(why)", at: range)
  }

  static func missingUseCatalog(at range: SourceRange) -> Diagnostic {
    make(
      .missingUseCatalog, "a catalog food needs the catalog", at: range,
      hint: "add 'use catalog \"usda-sr28\"' at the top of the file")
  }

  static func unknownCatalogNumber(_ number: String, at range: SourceRange) -> Diagnostic {
    make(
      .unknownCatalogFood, "no food numbered '\(number)' in the catalog", at: range,
      hint: "find numbers with 'planner foods search WORDS'")
  }

  static func unknownCatalogDescription(_ literal: StringLiteral, hint: String?) -> Diagnostic {
    make(
      .unknownCatalogFood, "no food described \"\(literal.value)\" in the catalog", at: literal.range,
      hint: hint)
  }

  // MARK: Foods

  static func missingNutrition(_ food: Identifier) -> Diagnostic {
    make(
      .missingNutrition, "food '\(food.name)' has no nutrition", at: food.range,
      hint: "add 'per 100 g { energy … kcal; protein … g }'")
  }

  static func volumeWithoutDensity(_ unit: UnitName, food: String) -> Diagnostic {
    make(
      .volumeWithoutDensity,
      "'\(unit.text)' is a volume, but food '\(food)' has no density or '\(unit.text)' measure",
      at: unit.range,
      hint: "add 'measure \(unit.text) = … g' or 'density … g/ml' to the food")
  }

  static func missingMeasure(_ food: Identifier, count: QuantityLiteral) -> Diagnostic {
    make(
      .missingMeasure, "'\(food.name)' has no measure, so a count of it has no weight", at: count.range,
      hint: "write a unit, as in '\(count.value) g \(food.name)', or add 'measure piece = … g' to the food")
  }

  // MARK: Goals and plans

  static func noEnergyFactor(_ nutrient: Identifier) -> Diagnostic {
    make(
      .noEnergyFactor, "'\(nutrient.name)' supplies no energy, so it cannot be a percent of energy",
      at: nutrient.range)
  }

  static func emptyBoundRange(at range: SourceRange) -> Diagnostic {
    make(.emptyRange, "the range is empty: its lower end is above its upper end", at: range)
  }

  static func duplicateStatement(_ key: String, at range: SourceRange, first: SourceRange) -> Diagnostic {
    make(
      .duplicateStatement, "'\(key)' is already set in this plan", at: range,
      notes: [.init("first set here", at: first)])
  }

  static func maximizeCost(at range: SourceRange) -> Diagnostic {
    make(.maximizeCost, "a plan cannot maximize cost", at: range, hint: "write 'minimize cost'")
  }

  static func leftoverCreditRange(_ quantity: QuantityLiteral) -> Diagnostic {
    make(
      .leftoverCreditRange, "'leftovers worth' must be a share from 0% to 100%", at: quantity.range,
      hint: "leftovers are worth at most what they cost: write e.g. 'leftovers worth 50%'")
  }

  static func leftoverCreditNeedsCost(at range: SourceRange, costEaten: Bool) -> Diagnostic {
    make(
      .leftoverCreditNeedsCost,
      "'leftovers worth' credits leftovers against what is paid at the till,"
        + " but this plan does not minimize it", at: range,
      hint: costEaten
        ? "'minimize cost eaten' prices only the food eaten, so nothing is left over to credit; write 'minimize cost'"
        : "write 'minimize cost', or remove 'leftovers worth'")
  }

  static func missingMeals(plan: Identifier) -> Diagnostic {
    make(
      .missingMeals, "plan '\(plan.name)' uses meal-plan statements but names no meals", at: plan.range,
      hint: "add 'meals breakfast, lunch, dinner'")
  }

  static func missingPrice(food: String, plan: String, at range: SourceRange?) -> Diagnostic {
    make(
      .missingPrice, "food '\(food)' has no price, but plan '\(plan)' counts cost", at: range,
      hint: "add 'price … per …' to the food, or list the plan's foods with 'foods …'")
  }

  static func missingServingForLimit(food: String, at range: SourceRange) -> Diagnostic {
    make(
      .missingServing, "a limit in servings needs a serving size, but food '\(food)' has none", at: range,
      hint: "add 'measure serving = … g' to the food")
  }

  static func noFoods(plan: Identifier) -> Diagnostic {
    make(.noFoods, "plan '\(plan.name)' has no foods to choose from", at: plan.range)
  }

  static func mixedCurrencies(_ code: String, at range: SourceRange, first: String, firstRange: SourceRange)
    -> Diagnostic
  {
    make(
      .mixedCurrencies, "'\(code)' differs from the currency '\(first)' used before", at: range,
      notes: [.init("'\(first)' was first used here", at: firstRange)],
      hint: "a plan uses one currency; convert the prices to '\(first)'")
  }

  static func unexpectedUnit(_ unit: UnitName, what: String) -> Diagnostic {
    make(.unexpectedUnit, "\(what) takes a plain number, not '\(unit.text)'", at: unit.range)
  }

  static func badCount(what: String, from low: Int, to high: Int, at range: SourceRange) -> Diagnostic {
    make(.badCount, "\(what) must be a whole number from \(low) to \(high)", at: range)
  }

  // MARK: Recipes and meal plans

  static func missingIngredients(_ recipe: Identifier) -> Diagnostic {
    make(
      .missingIngredients, "recipe '\(recipe.name)' has no ingredients", at: recipe.range,
      hint: "add lines such as '80 g oats'")
  }

  static func badPortions(at range: SourceRange) -> Diagnostic {
    make(.badPortions, "portions must be positive, smallest first, with a step that reaches them", at: range)
  }

  static func lockAfterLastDay(day: Int, days: Int, at range: SourceRange) -> Diagnostic {
    make(
      .badLock, "day \(day) is after the plan's last day, \(days)", at: range,
      hint: days == 1 ? "the plan has one day: write 'lock day 1 …'" : "lock a day from 1 to \(days)")
  }

  static func noRecipes(plan: String, at range: SourceRange) -> Diagnostic {
    make(.noRecipes, "plan '\(plan)' has meals but there are no recipes", at: range)
  }

  // MARK: Rules

  static func invalidRule(_ message: String, at range: SourceRange) -> Diagnostic {
    make(.invalidRule, message, at: range)
  }

  static func emptyWord(at range: SourceRange) -> Diagnostic {
    make(.emptyWord, "the word to look for is empty", at: range)
  }

  static func expectedCondition(at range: SourceRange) -> Diagnostic {
    make(
      .expectedCondition, "expected a condition, such as 'sugar.today > 120 mg/dL'", at: range,
      hint: "compare a value with '>', '>=', '<', '<=', '==' or '!='")
  }

  static func expectedMetricBeforeDot(at range: SourceRange) -> Diagnostic {
    make(.expectedMetric, "expected a reading such as 'sugar' before '.'", at: range)
  }

  static func expectedMetricArgument(at range: SourceRange) -> Diagnostic {
    make(.expectedMetric, "expected a reading such as 'weight'", at: range)
  }

  static func expectedDay(at range: SourceRange) -> Diagnostic {
    make(.expectedDay, "expected a day number", at: range)
  }

  static func badArguments(function: String, at range: SourceRange) -> Diagnostic {
    make(
      .badArguments, "'\(function)' takes a reading and days, as in '\(function)(weight, days 4...7)'",
      at: range)
  }

  static func expectedDays(at range: SourceRange) -> Diagnostic {
    make(.expectedDays, "expected days such as 'days 4...7', 'last 3 days' or 'window'", at: range)
  }

  static func expectedCount(at range: SourceRange) -> Diagnostic {
    make(.expectedCount, "expected the fewest readings needed, a number", at: range)
  }

  static func conditionAsValue(at range: SourceRange) -> Diagnostic {
    make(
      .expectedValue, "expected a value, found a condition", at: range,
      hint: "a comparison or 'and'/'or' gives true or false, not a number")
  }

  static func expectedValue(at range: SourceRange) -> Diagnostic {
    make(.expectedValue, "expected a value such as 'sugar.today' or '120 mg/dL'", at: range)
  }

  static func missingDay(_ metric: Identifier) -> Diagnostic {
    make(
      .missingDay, "'\(metric.name)' needs a day, as in '\(metric.name).today'", at: metric.range,
      hint: "or an aggregate such as 'mean(\(metric.name), last 3 days)'")
  }

  static func valueOutOfRange(_ text: String, unit: String, at range: SourceRange) -> Diagnostic {
    make(.badNumber, "'\(text) \(unit)' is out of range", at: range)
  }

  static func daysRunBackwards(first: Int, last: Int, at range: SourceRange) -> Diagnostic {
    make(.emptyRange, "the days run backwards: \(first) is after \(last)", at: range)
  }

  // MARK: Rule tests

  static func ambiguousTest(_ name: StringLiteral, firstRuleSet: String) -> Diagnostic {
    make(
      .ambiguousTest, "test \"\(name.value)\" does not say which rule set it tests", at: name.range,
      hint: "write 'test \"\(name.value)\" of \(firstRuleSet) { … }'")
  }

  static func mixedTestDays(at range: SourceRange) -> Diagnostic {
    make(.mixedTestDays, "a test gives its readings by day number or by date, not both", at: range)
  }

  static func duplicateDay(_ day: Int, at range: SourceRange, first: SourceRange) -> Diagnostic {
    make(
      .duplicateDay, "day \(day) is given more than once", at: range,
      notes: [.init("first given here", at: first)],
      hint:
        "give two readings of one day their times or contexts: day \(day) at 07:10: …, day \(day) at 19:00: …"
    )
  }

  static func duplicateDay(_ day: String, at range: SourceRange, first: SourceRange) -> Diagnostic {
    make(
      .duplicateDay, "\(day) is given more than once", at: range,
      notes: [.init("first given here", at: first)])
  }

  static func badTime(_ text: String, at range: SourceRange) -> Diagnostic {
    make(
      .badDate, "'\(text)' is not a time of day", at: range,
      hint: "write times as hh:mm on a 24-hour clock, such as 07:10 or 19:00")
  }

  static func badDate(_ text: String, at range: SourceRange) -> Diagnostic {
    make(.badDate, "'\(text)' is not a calendar date", at: range)
  }

  static func expectedComparison(at range: SourceRange) -> Diagnostic {
    make(
      .expectedComparison, "expected a comparison such as 'mean(weight, days 4...7) == 181.5 lb'", at: range)
  }

  static func missingExpectation(_ name: StringLiteral) -> Diagnostic {
    make(
      .missingExpectation, "test \"\(name.value)\" expects nothing", at: name.range,
      hint: "add 'expect healthy', 'expect alert ID' or another expectation")
  }

  static func failedExpectation(test: String, expected: String, actual: String, at range: SourceRange)
    -> Diagnostic
  {
    make(.failedExpectation, "test \"\(test)\" failed: expected \(expected), actual \(actual)", at: range)
  }

  static func expectedText(at range: SourceRange) -> Diagnostic {
    make(.expectedText, "symptoms are words in quotes, as in symptoms \"headache\"", at: range)
  }

  static func expectedPressure(at range: SourceRange) -> Diagnostic {
    make(.expectedPressure, "'bp' takes systolic/diastolic, as in 'bp 120/80'", at: range)
  }

  static func expectedOneValue(metric: String, at range: SourceRange) -> Diagnostic {
    make(.expectedValue, "'\(metric)' takes one value with a unit", at: range)
  }

  // MARK: Nutrient conditions (`--where`)

  static func expectedNutrientCondition(at range: SourceRange) -> Diagnostic {
    make(.expected, "expected a condition such as 'protein >= 20 g'", at: range)
  }

  static func expectedConditionOperator(after nutrient: String, at range: SourceRange) -> Diagnostic {
    make(.expected, "expected '>=', '<=', '>', '<' or '==' after '\(nutrient)'", at: range)
  }

  static func expectedConditionAmount(after comparison: String, at range: SourceRange) -> Diagnostic {
    make(.expected, "expected an amount after '\(comparison)'", at: range, hint: "as in 'protein >= 20 g'")
  }

  static func unsupportedConditionBasis(at range: SourceRange) -> Diagnostic {
    make(.unknownBasis, "only 'per 100 g' or 'per MEASURE' (such as 'per cup') is supported", at: range)
  }

  static func unexpectedInCondition(_ token: Token) -> Diagnostic {
    make(.extraTokens, "unexpected \(token.quoted) in the condition", at: token.range)
  }

  // MARK: Expressions

  static func chainedComparison(at range: SourceRange) -> Diagnostic {
    make(
      .chainedComparison, "comparisons cannot be chained", at: range, hint: "join two comparisons with 'and'")
  }

  static func expectedCloseArguments(at range: SourceRange, open: SourceRange) -> Diagnostic {
    make(
      .expected, "expected ')' to close the arguments", at: range,
      notes: [.init("to match this '('", at: open)])
  }

  static func expectedCloseParenthesis(at range: SourceRange, open: SourceRange) -> Diagnostic {
    make(.expected, "expected ')'", at: range, notes: [.init("to match this '('", at: open)])
  }
}
