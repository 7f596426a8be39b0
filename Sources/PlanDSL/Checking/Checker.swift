import Diagnostics
import Foundation
import HealthRules
import MealOptimizer

#if canImport(FoundationEssentials)
  @_spi(SwiftCorelibsFoundation) import FoundationEssentials
#endif

/// Resolves names, checks units and values, and builds a ``Program``.
///
/// Each kind of declaration has its own namespace. Every problem becomes a
/// diagnostic; checking goes on so that all problems are reported together.
struct Checker {
  let declarations: [Declaration]
  let sources: SourceManager
  var diagnostics: [Diagnostic] = []
  /// The names each rule set declares (`define`, `parameter`, `symptom`), by rule set id.
  var ruleScopes: [String: RuleScope] = [:]
  /// The names in scope while checking a rule set or a test.
  var scope = RuleScope()
  /// Definitions being expanded, innermost last, to report a cycle.
  var expandingDefinitions: [String] = []
  /// The conditions of the alerts checked so far in the current rule set, for `alert.ID`.
  var activeAlerts: [String: Condition] = [:]
  /// The window length the conditions of `activeAlerts` are written for.
  var activeAlertsWindow = 7
  /// The catalog named by `use catalog`, once loaded.
  var catalog: FoodCatalog?
  /// Where the parser found errors; declarations covering one are not told they miss something.
  var syntaxErrors: [SourceRange] = []
  /// The directory relative paths resolve against when the files are stored (``PlanLoader/load(path:files:directory:)``).
  var workingDirectory: String?
  /// Nutrient names looked up so far, with their definitions (see ``nutrient(_:)``).
  var nutrientsMet: [NutrientMet] = []
  /// Tables of figures of the last foods checked, to copy for the next (see
  /// ``nutrientTable(_:)``), and which of them a new one replaces.
  var nutrientTemplates: [NutrientTemplate] = []
  var nextNutrientTemplate = 0
  /// Each checked food's position in the checked foods, by id (see
  /// ``checkedFood(_:in:)``), so that limits, pantry lines and ingredients
  /// find their food in constant time instead of a search over every food (a
  /// plan with a limit per food would otherwise be checked in time quadratic in its size).
  var checkedFoodPositions = IdentifierTable([])
  /// A food's nutrients and figures as ``checkFood(_:)`` reads them, kept
  /// empty between foods so that their storage is reused.
  var scratchNutrients: [NutrientListed] = []
  var scratchFigures: [NutrientFigure] = []
  /// The file and 0-based line of the last statement located in order (see ``sourceReferenceInOrder(_:)``).
  var referenceHint = (file: -1, line: 0)
  /// The path of each file of ``sources`` as ``SourceReference``s show it: relative to the
  /// root plan's folder (``PlanLoader`` sets them); empty to show each file's own path.
  var referencePaths: [String] = []
  /// Unit symbols looked up so far, with their definitions (see ``unit(_:)``).
  var unitsMet: [UnitMet] = []
  /// Whether each of ``declarations`` repeats a name declared before it (set by ``declareNames()``).
  var repeatsName: [Bool] = []
  /// How many threads the stores, foods and goals may be checked on (``checkStoresFoodsAndGoals()``).
  var processors = 1
  /// The fewest declarations each part is checked with (``smallestCheckedPart``).
  var smallestPart = Checker.smallestCheckedPart

  /// Whether the parser reported an error inside `range`.
  func hadSyntaxError(in range: SourceRange) -> Bool {
    syntaxErrors.contains { $0.file == range.file && $0.start >= range.start && $0.start <= range.end }
  }

  /// Where each name was first declared, by declaration keyword (each kind is its own namespace).
  var declared: [String: [String: SourceRange]] = [:]
  var storeNames: [String: SourceRange] { declared["store", default: [:]] }
  var foodNames: [String: SourceRange] { declared["food", default: [:]] }
  /// The food names prepared for "did you mean" hints (``foodHints()``).
  var foodNameHints: NameHints?
  var goalNames: [String: SourceRange] { declared["goal", default: [:]] }
  /// The currency of the first money amount, and where it was written.
  var currency: (code: String, range: SourceRange)?

  init(declarations: [Declaration], sources: SourceManager) {
    self.declarations = declarations
    self.sources = sources
  }

  /// Where each expectation of each lowered rule test was written, in the order of the tests.
  var ruleTestExpectationRanges: [[SourceRange]] = []

  /// Whether some declarations could not be read (an `include` of a missing file): names
  /// that may be declared there are not reported as unknown.
  var incomplete = false

  /// The diagnostics that say a name or a kind of declaration is missing; with an
  /// ``incomplete`` program they may be wrong, so they are not reported.
  static let dependOnEveryDeclaration: Set<String> = [
    DiagnosticID.unknownFood, .unknownGoal, .unknownStore, .unknownRecipe, .unknownRuleSet, .noRecipes,
    .noFoods, .ambiguousTest,
  ].reduce(into: []) { $0.insert($1.rawValue) }

  mutating func error(_ diagnostic: Diagnostic) {
    if incomplete, Self.dependOnEveryDeclaration.contains(diagnostic.id) { return }
    diagnostics.append(diagnostic)
  }

  /// Reports an unknown name, unless a declaration of that name exists but had a
  /// mistake of its own (reported there): one mistake, one error.
  mutating func reportUnknown(
    _ kind: DiagnosticMessage.NameKind, _ name: Identifier, candidates: some Sequence<String>,
    declaredAs keyword: String? = nil
  ) {
    if declared[keyword ?? kind.rawValue]?[name.name] != nil { return }
    error(DiagnosticMessage.unknownName(kind, name, candidates: candidates))
  }

  mutating func check() -> Program {
    declareNames()
    checkUses()
    let checked = checkStoresFoodsAndGoals()
    let (stores, foods, goals) = (checked.stores, checked.foods, checked.goals)
    var plans: [PlanSpec] = []
    var recipes: [Recipe] = []
    checkedFoodPositions = IdentifierTable(foods: foods)
    // The loops below look for other kinds of declaration: not through thousands of foods each.
    let others = declarations.filter { declaration in
      if case .food = declaration { false } else { true }
    }
    for case .recipe(let d) in others where !isDuplicate(.recipe(d)) {
      if let recipe = checkRecipe(d, foods: foods) { recipes.append(recipe) }
    }
    var pantries: [PantrySpec] = []
    for case .pantry(let d) in others where !isDuplicate(.pantry(d)) {
      if let pantry = checkPantry(d, foods: foods) { pantries.append(pantry) }
    }
    var ruleSets: [RuleSet] = []
    for case .rules(let d) in others where !isDuplicate(.rules(d)) {
      let declared = Dictionary(ruleSets.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
      if let ruleSet = checkRules(d, declared: declared) { ruleSets.append(ruleSet) }
    }
    var ruleTests: [RuleTest] = []
    for case .test(let d) in others {
      if let test = checkTest(d, ruleSets: ruleSets) { ruleTests.append(test) }
    }
    var households: [HouseholdSpec] = []
    for case .household(let d) in others where !isDuplicate(.household(d)) {
      households.append(checkHousehold(d, goals: goals, foods: foods))
    }
    for case .plan(let d) in others where !isDuplicate(.plan(d)) {
      if let plan = checkPlan(d, foods: foods, recipes: recipes) { plans.append(plan) }
    }
    checkHouseholdPlans(plans, households: households, foods: foods, recipes: recipes)
    var adaptations: [AdaptationSpec] = []
    for case .adapt(let d) in others {
      if let adaptation = checkAdapt(d, plans: plans, households: households, ruleSets: ruleSets) {
        adaptations.append(adaptation)
      }
    }
    var program = Program(
      sources: sources, stores: stores, foods: foods, goals: goals, recipes: recipes, plans: plans,
      warnings: [],
      currency: currency?.code)
    program.ruleSets = ruleSets
    program.pantries = pantries
    program.households = households
    program.adaptations = adaptations
    program.ruleTests = ruleTests
    program.ruleTestExpectationRanges = ruleTestExpectationRanges
    return program
  }

  /// Whether this declaration repeats a name declared before it (already reported).
  func isDuplicate(_ declaration: Declaration) -> Bool {
    guard let name = declaration.name, let first = declared[declaration.keyword]?[name.name] else {
      return false
    }
    return first != name.range
  }

  /// Records every declared name, reporting duplicates with a note at the first.
  mutating func declareNames() {
    repeatsName = Array(repeating: false, count: declarations.count)
    // By position: each declaration is read where it is, not copied out (a food's holds dozens of references).
    // Each kind's names in a table of its own, filled here and then stored:
    // a name is hashed once (a plan may declare thousands of foods).
    var tables: [(keyword: String, names: [String: SourceRange])] = declared.map { ($0.key, $0.value) }
    var current = -1
    for index in declarations.indices {
      guard let name = declarations[index].name else { continue }
      let keyword = declarations[index].keyword
      if current < 0 || tables[current].keyword != keyword {
        if let known = tables.firstIndex(where: { $0.keyword == keyword }) {
          current = known
        } else {
          tables.append((keyword, [:]))
          current = tables.count - 1
          // Declarations of a kind come in runs: the rest of this run is a good guess at its size.
          var run = index + 1
          while run < declarations.count && declarations[run].keyword == keyword { run += 1 }
          tables[current].names.reserveCapacity(run - index)
        }
      }
      var fresh = false
      let first = tables[current].names.first(name.name, else: name.range, inserted: &fresh)
      if !fresh {
        error(DiagnosticMessage.duplicate(keyword, name, first: first))
        // As ``isDuplicate(_:)`` says: a repeat unless it is the first declaration itself.
        repeatsName[index] = first != name.range
      }
    }
    declared = Dictionary(tables, uniquingKeysWith: { first, _ in first })
  }

  // MARK: Quantities

  /// The unit of a quantity, reporting an unknown one. `nil` unit means none was written.
  mutating func unitDefinition(_ quantity: QuantityLiteral) -> UnitDefinition?? {
    guard let unit = quantity.unit else { return .some(nil) }
    guard let definition = self.unit(unit.text) else {
      error(DiagnosticMessage.unknownUnit(unit, candidates: Units.allSymbols))
      return nil
    }
    return .some(definition)
  }

  /// The definition of a unit symbol, as ``Units/definition(_:)`` gives it: plans
  /// write the same few units again and again, so the symbols met so far are
  /// compared first (quicker than hashing the symbol for the table).
  mutating func unit(_ symbol: String) -> UnitDefinition? {
    for index in unitsMet.indices where unitsMet[index].symbol.isSame(as: symbol) {
      return unitsMet[index].definition
    }
    let definition = Units.definition(symbol)
    if unitsMet.count < 16 { unitsMet.append(UnitMet(symbol: symbol, definition: definition)) }
    return definition
  }

  /// Converts a quantity to the canonical unit of `dimension`, reporting a missing
  /// or wrong unit. Returns `nil` after reporting.
  mutating func value(
    _ quantity: QuantityLiteral, as dimension: UnitDimension, for what: String, allowUnitless: Bool = false
  ) -> Decimal? {
    guard let lookedUp = unitDefinition(quantity) else { return nil }
    guard let unit = lookedUp else {
      if allowUnitless { return quantity.value }
      error(DiagnosticMessage.missingUnit(quantity, expected: dimension.rawValue, for: what))
      return nil
    }
    guard unit.dimension == dimension else {
      error(
        DiagnosticMessage.wrongDimension(
          quantity.unit!, is: unit.dimension.rawValue, expected: dimension.rawValue, for: what))
      return nil
    }
    if dimension == .money { noteCurrency(unit.symbol, quantity.unit!.range) }
    return Units.canonical(quantity.value, unit)
  }

  /// A non-negative amount (reports negative ones).
  mutating func nonNegative(_ quantity: QuantityLiteral, as dimension: UnitDimension, for what: String)
    -> Decimal?
  {
    guard let amount = value(quantity, as: dimension, for: what) else { return nil }
    if amount < 0 {
      error(DiagnosticMessage.negativeAmount(quantity, what: what))
      return nil
    }
    return amount
  }

  /// A strictly positive amount.
  mutating func positive(_ quantity: QuantityLiteral, as dimension: UnitDimension, for what: String)
    -> Decimal?
  {
    guard let amount = nonNegative(quantity, as: dimension, for: what) else { return nil }
    if amount == 0 {
      error(DiagnosticMessage.zeroAmount(quantity, what: what))
      return nil
    }
    return amount
  }

  mutating func noteCurrency(_ code: String, _ range: SourceRange) {
    guard let first = currency else {
      currency = (code, range)
      return
    }
    if first.code != code {
      error(
        DiagnosticMessage.mixedCurrencies(code, at: range, first: first.code, firstRange: first.range))
    }
  }

  /// A whole number such as a count of days.
  mutating func wholeNumber(_ quantity: QuantityLiteral, for what: String, range: ClosedRange<Int>) -> Int? {
    if let unit = quantity.unit {
      error(
        DiagnosticMessage.unexpectedUnit(unit, what: what))
      return nil
    }
    let number = NSDecimalNumber(decimal: quantity.value)
    let int = number.intValue
    guard Decimal(int) == quantity.value, range.contains(int) else {
      error(
        DiagnosticMessage.badCount(
          what: what, from: range.lowerBound, to: range.upperBound, at: quantity.range))
      return nil
    }
    return int
  }

  mutating func period(_ literal: PeriodLiteral?) -> Period? {
    guard let literal else { return .day }
    switch literal.period.name {
    case "day": return .day
    case "week": return .week
    default:
      error(DiagnosticMessage.unknownName(.period, literal.period, candidates: ["day", "week"]))
      return nil
    }
  }
}

extension Decimal {
  /// The nearest `Double`, exactly as `NSDecimalNumber(decimal:).doubleValue`
  /// computes it (the mantissa, then one division or multiplication by 10 per
  /// unit of exponent): where Foundation is swift-foundation (Linux), through
  /// the same computation without allocating an `NSDecimalNumber` per value,
  /// which cost a tenth of checking a food (a test compares the two).
  var double: Double {
    #if canImport(FoundationEssentials)
      _doubleValue
    #else
      NSDecimalNumber(decimal: self).doubleValue
    #endif
  }
}

/// A nutrient name met while checking, with its definition (a struct, not a
/// tuple: a list of tuples is copied element by element through generic code).
struct NutrientMet {
  var name: String
  var definition: NutrientDefinition
}

/// A unit symbol met while checking, with its definition (`nil` for an unknown unit).
struct UnitMet {
  var symbol: String
  var definition: UnitDefinition?
}

/// A figure of a food being checked, per 100 g in the nutrient's canonical unit.
struct NutrientFigure {
  var nutrient: Nutrient
  var per100g: Double
}

/// A table of a food's figures, its nutrients in the order written, and each
/// one's position in the table.
struct NutrientTemplate {
  var nutrients: [Nutrient]
  var table: [Nutrient: Double]
  var positions: [Dictionary<Nutrient, Double>.Index]
}

/// A nutrient a food has listed, and where.
struct NutrientListed {
  var name: String
  var range: SourceRange
}
