import Diagnostics
import Foundation
import PlanDSL
import Testing

/// One test per diagnostic id: a small source that produces it.
@Suite("Every diagnostic id has a source that produces it")
struct DiagnosticIDTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var id: DiagnosticID
    var source: String
    var testDescription: String { id.rawValue }
    init(_ id: DiagnosticID, _ source: String) {
      self.id = id
      self.source = source
    }
  }

  static let food =
    "food oats {\n  per 100 g { energy 379 kcal; protein 13 g }\n  price 3.49 USD per 1 kg\n}\n"
  static let recipe = food + "recipe porridge {\n  80 g oats\n  meal breakfast\n}\n"
  static let rules = "rules r {\n  window 2 days\n  alert a \"A\" when sugar.today > 120 mg/dL\n}\n"

  /// Ids produced outside a plain text load: files on disk, the bundled catalog, `planner test`.
  static let elsewhere: Set<DiagnosticID> = [
    .notText, .includeCycle, .catalogUnavailable, .failedExpectation,
  ]

  static let week = "rules w {\n  window 7 days\n"

  static let cases: [Case] = [
    Case(
      .missingPolicy, week + "  alert a \"A\" when at least 2 of last 3 days: sugar.today > 120 mg/dL\n}\n"),
    Case(
      .unknownMissingPolicy,
      week
        + "  alert a \"A\" when at least 2 of last 3 days (missing counts as maybe): sugar.today > 120 mg/dL\n}\n"
    ),
    Case(
      .badDayCount,
      week
        + "  alert a \"A\" when at least 5 of last 3 days (missing counts as false): sugar.today > 120 mg/dL\n}\n"
    ),
    Case(
      .dayOutsideWindow,
      week
        + "  alert a \"A\" when at least 2 of last 7 days (missing counts as false): sugar.today > sugar.yesterday\n}\n"
    ),
    Case(.definitionCycle, week + "  define a = b\n  define b = a\n  alert x \"X\" when a > 1\n}\n"),
    Case(.unknownAlertReference, week + "  alert b \"B\" when alert.zzz\n}\n"),
    Case(.unknownSymptom, week + "  alert b \"B\" when symptoms mention dyspnoea\n}\n"),
    Case(.unknownParameterKind, week + "  parameter dry_weight: massy\n}\n"),
    Case(
      .unknownParameter,
      week + "  parameter dry_weight: mass\n  alert a \"A\" when weight.today > dry_weight\n}\n"
        + "test \"t\" of w {\n  given dry_wieght 80 kg\n  expect healthy\n}\n"),
    Case(
      .parameterUnit,
      week + "  parameter dry_weight: mass\n  alert a \"A\" when weight.today > dry_weight\n}\n"
        + "test \"t\" of w {\n  given dry_weight 80 mmHg\n  expect healthy\n}\n"),
    Case(.badTemplate, week + "  alert a \"Up {weight.today\" when weight.today > 1 lb\n}\n"),
    Case(
      .inheritedDaysOutsideWindow,
      week + "  alert a \"A\" when weight.day(1) > 1 lb\n}\nrules s extends w {\n  window 3 days\n}\n"),
    Case(.implausibleReading, rules + "test \"t\" of r {\n  day 2: weight 0 lb\n  expect healthy\n}\n"),
    Case(.pressureOrder, rules + "test \"t\" of r {\n  day 2: bp 80/120\n  expect healthy\n}\n"),
    Case(.unreadableFile, "include \"nope.plan\"\n" + food),
    Case(.emptyFile, "// nothing here\n"),
    Case(.unexpectedCharacter, "food oats @ {}\n"),
    Case(.unterminatedString, "food oats \"Oats {\n"),
    Case(.controlCharacter, "food oats \"a\u{1}b\" {\n  per 100 g { energy 1 kcal }\n}\n"),
    Case(.unterminatedComment, food + "/* never closed\n"),
    Case(.unknownEscape, "food oats \"a\\qb\" {\n  per 100 g { energy 1 kcal }\n}\n"),
    Case(.tooManyErrors, String(repeating: "@\n", count: 1_100)),
    Case(.expected, recipe + "plan p {\n  meals breakfast\n  lock 3\n}\n"),
    Case(.expectedDeclaration, "banana\n"),
    Case(.unclosedBlock, "goal g { protein >= 1 g\n"),
    Case(.unknownStatement, "food oats {\n  per 100 g { energy 1 kcal }\n  prize 3 USD per 1 kg\n}\n"),
    Case(.extraTokens, food + "plan p { days 7 8 }\n"),
    Case(.badNumber, "goal g { protein >= 1234567890123456789012345678901234567890 g }\n"),
    Case(.decimalComma, "goal g { protein >= 3,5 g }\n"),
    Case(.strictBound, food + "goal g { protein > 1 g }\n"),
    Case(
      .expressionTooDeep,
      "rules r {\n  alert a \"A\" when " + String(repeating: "(", count: 100) + "sugar.today > 1 mg/dL"
        + String(repeating: ")", count: 100) + "\n}\n"),
    Case(
      .expressionTooLong,
      "rules r {\n  alert a \"A\" when sugar.today > 1 mg/dL"
        + String(repeating: " + 1 mg/dL", count: 1_001) + "\n}\n"),
    Case(.chainedComparison, "rules r {\n  alert a \"A\" when 100 < sugar.today < 200\n}\n"),
    Case(.duplicateName, "goal g { protein >= 1 g }\ngoal g { protein >= 2 g }\n"),
    Case(.unknownAlert, rules + "test \"t\" of r {\n  day 1: sugar 95 mg/dL\n  expect alert nope\n}\n"),
    Case(.unknownBasis, food + "goal g { fat <= 10% of protein per day }\n"),
    Case(.unknownChoice, recipe + "plan p {\n  meals breakfast\n  allow breakfast things oats\n}\n"),
    Case(.unknownCurrency, food + "goal g { protein >= 1 g }\nplan p { goal g; currency XYZ }\n"),
    Case(.unknownDay, "rules r {\n  alert a \"A\" when sugar.tomorrow > 1 mg/dL\n}\n"),
    Case(.unknownDiet, recipe + "plan p {\n  meals breakfast\n  diet carnivore\n}\n"),
    Case(.unknownFood, food + "recipe r {\n  80 g oatz\n}\n"),
    Case(.unknownFunction, "rules r {\n  alert a \"A\" when avg2(weight, days 1...2) > 1 lb\n}\n"),
    Case(.unknownGoal, food + "plan p { goal gg }\n"),
    Case(.unknownMeal, recipe + "plan p {\n  meals breakfast\n  lock day 1 supper porridge\n}\n"),
    Case(.unknownNutrient, "goal g { protien >= 1 g }\n"),
    Case(.unknownPeriod, "goal g { protein >= 1 g per dya }\n"),
    Case(.unknownReading, "rules r {\n  alert a \"A\" when sugr.today > 1 mg/dL\n}\n"),
    Case(.unknownRecipe, recipe + "plan p {\n  meals breakfast\n  lock day 1 breakfast pizza\n}\n"),
    Case(.unknownRuleSet, rules + "test \"t\" of zz {\n  day 1: sugar 95 mg/dL\n  expect healthy\n}\n"),
    Case(.unknownSeverity, "rules r {\n  alert a \"A\" critical when sugar.today > 1 mg/dL\n}\n"),
    Case(.unknownStore, "food oats {\n  per 100 g { energy 1 kcal }\n  price 3 USD per 1 kg at lidl\n}\n"),
    Case(.unknownTieBreak, recipe + "plan p {\n  meals breakfast\n  tie-break random\n}\n"),
    Case(.unknownUnit, "goal g { protein >= 1 gramz }\n"),
    Case(.wrongDimension, "goal g { sodium <= 2300 kcal per day }\n"),
    Case(.missingUnit, recipe.replacingOccurrences(of: "  meal breakfast\n", with: "  time 10\n")),
    Case(.unexpectedUnit, food + "goal g { protein >= 1 g }\nplan p { goal g; days 7 kg }\n"),
    Case(.negativeAmount, "food oats {\n  per 100 g { energy 1 kcal; protein -1 g }\n}\n"),
    Case(.zeroAmount, "food oats {\n  per 0 g { energy 1 kcal }\n}\n"),
    Case(.badCount, food + "goal g { protein >= 1 g }\nplan p { goal g; days 0 }\n"),
    Case(.impossibleNutrient, "food oats {\n  per 100 g { energy 1 kcal; protein 200 g }\n}\n"),
    Case(.beyondSolverRange, "food oats {\n  per 100 g { energy 1 kcal; sodium 100000000000 mg }\n}\n"),
    Case(.measureTooSmall, "food oats {\n  per 100 g { energy 1 kcal }\n  measure speck = 0.0001 g\n}\n"),
    Case(.amountTooLarge, "food oats {\n  per 100 g { energy 1 kcal }\n  measure ton = 2000 kg\n}\n"),
    Case(
      .mixedCurrencies,
      food + "food rice {\n  per 100 g { energy 1 kcal }\n  price 2 EUR per 1 kg\n}\n"),
    Case(.unknownCatalog, "use catalog \"usda\"\n" + food),
    Case(.missingUseCatalog, "food oats = usda 08120\n"),
    Case(.unknownCatalogFood, "use catalog \"usda-sr28\"\nfood x = usda 99999\n"),
    Case(.missingNutrition, "food oats {\n  price 1 USD per 1 kg\n}\n"),
    Case(.volumeWithoutDensity, "food oats {\n  per 100 g { energy 1 kcal }\n  price 1 USD per 1 cup\n}\n"),
    Case(.missingMeasure, food + "recipe r {\n  2 oats\n}\n"),
    Case(.noEnergyFactor, food + "goal g { sodium <= 10% of energy per day }\n"),
    Case(.emptyRange, food + "goal g { protein 100...50 g per day }\n"),
    Case(.duplicateStatement, food + "goal g { protein >= 1 g }\nplan p { goal g; days 7; days 6 }\n"),
    Case(.maximizeCost, food + "goal g { protein >= 1 g }\nplan p { goal g; maximize cost }\n"),
    Case(.leftoverCreditRange, food + "goal g { protein >= 1 g }\nplan p { goal g; leftovers worth 150% }\n"),
    Case(
      .leftoverCreditNeedsCost,
      food + "goal g { protein >= 1 g }\nplan p { goal g; minimize cost eaten; leftovers worth 50% }\n"),
    Case(.unknownPantry, food + "goal g { protein >= 1 g }\nplan p { goal g; pantry home }\n"),
    Case(.unknownHousehold, recipe + "plan p {\n  meals breakfast\n  household famly\n}\n"),
    Case(
      .unknownMember,
      recipe + rules + "household h { member ana {} }\nplan p {\n  meals breakfast\n  household h\n}\n"
        + "adapt p when r.a for anna { sodium <= 1500 mg per day }\n"),
    Case(.unknownPlan, recipe + rules + "adapt weak when r.a { sodium <= 1500 mg per day }\n"),
    Case(.badProfile, "household h {\n  member ana { profile { age 40; sex female } }\n}\n"),
    Case(.missingMeals, recipe + "goal g { protein >= 1 g }\nplan p { goal g; repeat at most 2 per week }\n"),
    Case(
      .missingPrice,
      "food oats {\n  per 100 g { energy 1 kcal; protein 10 g }\n}\ngoal g { protein >= 1 g }\nplan p { goal g }\n"
    ),
    Case(
      .missingServing,
      food + "goal g { protein >= 1 g }\nplan p { goal g; limit oats <= 2 serving per day }\n"),
    Case(.noFoods, "goal g { protein >= 1 g }\nplan p { goal g }\n"),
    Case(
      .conflictingLimits,
      food
        + "goal g { protein >= 1 g }\nplan p {\n  goal g\n  limit oats >= 2 kg per day\n  limit oats <= 1 kg per day\n}\n"
    ),
    Case(.avoidMatchesNothing, recipe + "plan p {\n  meals breakfast\n  avoid zzzz\n}\n"),
    Case(.missingIngredients, "recipe r {\n  meal breakfast\n}\n"),
    Case(.badPortions, recipe + "plan p {\n  meals breakfast\n  portions 2...1 step 1\n}\n"),
    Case(.badLock, recipe + "plan p {\n  days 2\n  meals breakfast\n  lock day 3 breakfast porridge\n}\n"),
    Case(.noRecipes, food + "plan p {\n  meals breakfast\n}\n"),
    Case(
      .lockConflictsWithDiet,
      recipe + "plan p {\n  meals breakfast\n  diet vegan\n  lock day 1 breakfast porridge\n}\n"),
    Case(
      .lockConflictsWithAvoid,
      recipe + "plan p {\n  meals breakfast\n  avoid oats\n  lock day 1 breakfast porridge\n}\n"),
    Case(
      .allowedRecipeExcluded,
      recipe + "plan p {\n  meals breakfast\n  avoid oats\n  allow breakfast recipes porridge\n}\n"),
    Case(
      .dietExcludesUntagged,
      food
        + "recipe porridge {\n  80 g oats\n  meal breakfast\n}\nplan p {\n  meals breakfast\n  diet vegetarian\n}\n"
    ),
    Case(.invalidRule, "rules r {\n  alert a \"A\" when weight.today > 120 mg/dL\n}\n"),
    Case(.emptyWord, "rules r {\n  alert a \"A\" when symptoms mention \" \"\n}\n"),
    Case(.expectedCondition, "rules r {\n  alert a \"A\" when sugar.today\n}\n"),
    Case(.expectedMetric, "rules r {\n  alert a \"A\" when mean(3, days 1...2) > 1 mg/dL\n}\n"),
    Case(.expectedDay, "rules r {\n  window 7 days\n  alert a \"A\" when sugar.day(x) > 1 mg/dL\n}\n"),
    Case(.badArguments, "rules r {\n  alert a \"A\" when mean(weight) > 1 lb\n}\n"),
    Case(.expectedDays, "rules r {\n  alert a \"A\" when mean(weight, 3) > 1 lb\n}\n"),
    Case(.expectedCount, "rules r {\n  alert a \"A\" when mean(weight, days 1...2, x) > 1 lb\n}\n"),
    Case(.expectedValue, "rules r {\n  alert a \"A\" when (sugar.today > 1 mg/dL) + 1 mg/dL > 2 mg/dL\n}\n"),
    Case(.missingDay, "rules r {\n  alert a \"A\" when sugar > 1 mg/dL\n}\n"),
    Case(
      .ambiguousTest,
      rules + rules.replacingOccurrences(of: "rules r", with: "rules s")
        + "test \"t\" {\n  day 1: sugar 95 mg/dL\n  expect healthy\n}\n"),
    Case(
      .mixedTestDays,
      rules
        + "test \"t\" of r {\n  day 1: sugar 95 mg/dL\n  on 2026-01-02: sugar 95 mg/dL\n  expect healthy\n}\n"
    ),
    Case(
      .duplicateDay,
      rules + "test \"t\" of r {\n  day 1: sugar 95 mg/dL\n  day 1: sugar 96 mg/dL\n  expect healthy\n}\n"),
    Case(.badDate, rules + "test \"t\" of r {\n  on 2026-02-30: sugar 95 mg/dL\n  expect healthy\n}\n"),
    Case(
      .expectedComparison, rules + "test \"t\" of r {\n  day 1: sugar 95 mg/dL\n  expect sugar.today\n}\n"),
    Case(.missingExpectation, rules + "test \"t\" of r {\n  day 1: sugar 95 mg/dL\n}\n"),
    Case(.expectedText, rules + "test \"t\" of r {\n  day 1: symptoms 3\n  expect healthy\n}\n"),
    Case(.expectedPressure, rules + "test \"t\" of r {\n  day 1: bp 120\n  expect healthy\n}\n"),
  ]

  @Test("the source produces its id", arguments: cases)
  func produces(_ testCase: Case) {
    let list: DiagnosticList
    do {
      let program = try PlanLoader().load(
        text: testCase.source, path: "test.plan", directory: "/nonexistent-dir")
      list = DiagnosticList(program.warnings, sources: program.sources)
    } catch {
      list = error
    }
    #expect(
      list.diagnostics.contains { $0.id == testCase.id.rawValue },
      "\(DiagnosticRenderer().render(list))")
  }

  @Test("every id of the catalog has a case here or is produced elsewhere")
  func everyIDHasACase() {
    let covered = Set(Self.cases.map(\.id)).union(Self.elsewhere)
    let missing = DiagnosticID.allCases.filter { !covered.contains($0) }.map(\.rawValue)
    #expect(missing == [])
  }
}
