import Diagnostics

/// The stable identifier of every kind of problem the language front end reports.
///
/// Each case names a kind of problem; its raw value, the id printed by
/// `planner check --format json` and listed in docs/language.md, is the case
/// name in kebab case (`unknownNutrient` is `unknown-nutrient`). Entries of
/// ``DiagnosticMessage`` take their id from here, so no id is built at run time.
package enum DiagnosticID: String, CaseIterable, Sendable {
  // Rules, second edition: counting over days, definitions, test readings
  case missingPolicy = "missing-policy"
  case unknownMissingPolicy = "unknown-missing-policy"
  case badDayCount = "bad-day-count"
  case dayOutsideWindow = "day-outside-window"
  case definitionCycle = "definition-cycle"
  case unknownAlertReference = "unknown-alert-reference"
  case implausibleReading = "implausible-reading"
  case pressureOrder = "pressure-order"
  // Rules, third edition: parameters, symptoms, message templates, extends
  case unknownSymptom = "unknown-symptom"
  case unknownParameter = "unknown-parameter"
  case unknownParameterKind = "unknown-parameter-kind"
  case parameterUnit = "parameter-unit"
  case badTemplate = "bad-template"
  case inheritedDaysOutsideWindow = "inherited-days-outside-window"
  // Files
  case unreadableFile = "unreadable-file"
  case notText = "not-text"
  case emptyFile = "empty-file"
  case includeCycle = "include-cycle"
  // Lexing
  case unexpectedCharacter = "unexpected-character"
  case unterminatedString = "unterminated-string"
  case controlCharacter = "control-character"
  case unterminatedComment = "unterminated-comment"
  case unknownEscape = "unknown-escape"
  case tooManyErrors = "too-many-errors"
  // Parsing
  case expected
  case expectedDeclaration = "expected-declaration"
  case unclosedBlock = "unclosed-block"
  case unknownStatement = "unknown-statement"
  case extraTokens = "extra-tokens"
  case badNumber = "bad-number"
  case decimalComma = "decimal-comma"
  case strictBound = "strict-bound"
  case expressionTooDeep = "expression-too-deep"
  case expressionTooLong = "expression-too-long"
  case chainedComparison = "chained-comparison"
  // Names
  case duplicateName = "duplicate-name"
  case unknownAlert = "unknown-alert"
  case unknownBasis = "unknown-basis"
  case unknownChoice = "unknown-choice"
  case unknownCurrency = "unknown-currency"
  case unknownDay = "unknown-day"
  case unknownDiet = "unknown-diet"
  case unknownFood = "unknown-food"
  case unknownFunction = "unknown-function"
  case unknownGoal = "unknown-goal"
  case unknownMeal = "unknown-meal"
  case unknownNutrient = "unknown-nutrient"
  case unknownPeriod = "unknown-period"
  case unknownReading = "unknown-reading"
  case unknownRecipe = "unknown-recipe"
  case unknownRuleSet = "unknown-rule-set"
  case unknownSeverity = "unknown-severity"
  case unknownStore = "unknown-store"
  case unknownTieBreak = "unknown-tie-break"
  case unknownUnit = "unknown-unit"
  // Units and amounts
  case wrongDimension = "wrong-dimension"
  case missingUnit = "missing-unit"
  case unexpectedUnit = "unexpected-unit"
  case negativeAmount = "negative-amount"
  case zeroAmount = "zero-amount"
  case badCount = "bad-count"
  case impossibleNutrient = "impossible-nutrient"
  case beyondSolverRange = "beyond-solver-range"
  case measureTooSmall = "measure-too-small"
  case amountTooLarge = "amount-too-large"
  case mixedCurrencies = "mixed-currencies"
  // Catalogs and foods
  case unknownCatalog = "unknown-catalog"
  case catalogUnavailable = "catalog-unavailable"
  case missingUseCatalog = "missing-use-catalog"
  case unknownCatalogFood = "unknown-catalog-food"
  case missingNutrition = "missing-nutrition"
  case volumeWithoutDensity = "volume-without-density"
  case missingMeasure = "missing-measure"
  // Goals and plans
  case noEnergyFactor = "no-energy-factor"
  case emptyRange = "empty-range"
  case duplicateStatement = "duplicate-statement"
  case maximizeCost = "maximize-cost"
  case leftoverCreditRange = "leftover-credit-range"
  case leftoverCreditNeedsCost = "leftover-credit-needs-cost"
  case missingMeals = "missing-meals"
  case missingPrice = "missing-price"
  case missingServing = "missing-serving"
  case noFoods = "no-foods"
  case conflictingLimits = "conflicting-limits"
  case avoidMatchesNothing = "avoid-matches-nothing"
  // Recipes and meal plans
  case missingIngredients = "missing-ingredients"
  case badPortions = "bad-portions"
  case badLock = "bad-lock"
  case noRecipes = "no-recipes"
  case lockConflictsWithDiet = "lock-conflicts-with-diet"
  case lockConflictsWithAvoid = "lock-conflicts-with-avoid"
  case allowedRecipeExcluded = "allowed-recipe-excluded"
  case dietExcludesUntagged = "diet-excludes-untagged"
  // Households and adaptations
  case unknownHousehold = "unknown-household"
  case unknownMember = "unknown-member"
  case unknownPlan = "unknown-plan"
  case badProfile = "bad-profile"
  // Rules
  case invalidRule = "invalid-rule"
  case emptyWord = "empty-word"
  case expectedCondition = "expected-condition"
  case expectedMetric = "expected-metric"
  case expectedDay = "expected-day"
  case badArguments = "bad-arguments"
  case expectedDays = "expected-days"
  case expectedCount = "expected-count"
  case expectedValue = "expected-value"
  case missingDay = "missing-day"
  // Rule tests
  case ambiguousTest = "ambiguous-test"
  case mixedTestDays = "mixed-test-days"
  case duplicateDay = "duplicate-day"
  case badDate = "bad-date"
  case unknownPantry = "unknown-pantry"
  case expectedComparison = "expected-comparison"
  case missingExpectation = "missing-expectation"
  case expectedText = "expected-text"
  case expectedPressure = "expected-pressure"
  case failedExpectation = "failed-expectation"
}

extension DiagnosticMessage {
  /// A diagnostic of the catalog entry `id`.
  static func make(
    _ id: DiagnosticID, _ message: String, at range: SourceRange?, severity: Diagnostic.Severity = .error,
    notes: [Diagnostic.Note] = [], hint: String? = nil, fixIts: [Diagnostic.FixIt] = []
  ) -> Diagnostic {
    Diagnostic(
      severity, id: id.rawValue, message: message, at: range, notes: notes, hint: hint, fixIts: fixIts)
  }

  /// The kinds of names an "unknown X" diagnostic is about.
  enum NameKind: String, Sendable {
    case alert, basis, choice, currency, day, diet, food, function, goal, meal, nutrient, pantry, period,
      reading
    case recipe, severity, store, symptom, parameter, household, member, plan
    case ruleSet = "rule set"
    case tieBreak = "tie-break"
    case parameterKind = "parameter kind"

    /// The catalog entry of "unknown" this kind.
    var id: DiagnosticID {
      switch self {
      case .alert: .unknownAlert
      case .basis: .unknownBasis
      case .choice: .unknownChoice
      case .currency: .unknownCurrency
      case .day: .unknownDay
      case .diet: .unknownDiet
      case .food: .unknownFood
      case .function: .unknownFunction
      case .goal: .unknownGoal
      case .meal: .unknownMeal
      case .household: .unknownHousehold
      case .member: .unknownMember
      case .plan: .unknownPlan
      case .nutrient: .unknownNutrient
      case .pantry: .unknownPantry
      case .period: .unknownPeriod
      case .reading: .unknownReading
      case .recipe: .unknownRecipe
      case .ruleSet: .unknownRuleSet
      case .severity: .unknownSeverity
      case .store: .unknownStore
      case .tieBreak: .unknownTieBreak
      case .symptom: .unknownSymptom
      case .parameter: .unknownParameter
      case .parameterKind: .unknownParameterKind
      }
    }
  }
}
