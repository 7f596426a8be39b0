import Diagnostics
import Foundation
import HealthRules
import MealOptimizer

/// A checked program: every name resolved, every quantity in canonical units.
///
/// Produced by ``PlanLoader``; lowered into engine inputs by `Program/dietProblem(named:)`.
public struct Program: Sendable {
  /// The files the program was read from.
  package var sources: SourceManager
  /// Stores, in declaration order.
  package var stores: [Store]
  /// Foods, in declaration order.
  public var foods: [Food]
  /// Goals by name, in declaration order.
  package var goals: [GoalSpec]
  /// Recipes, in declaration order.
  public var recipes: [Recipe]
  /// Plans, in declaration order.
  public var plans: [PlanSpec]
  /// Health rule sets declared with `rules`, in declaration order.
  public var ruleSets: [RuleSet] = []
  /// Rule tests declared with `test`, in declaration order.
  public var ruleTests: [RuleTest] = []
  /// Where each expectation of each rule test was written: one list per test of
  /// ``ruleTests``, in the order of its expectations.
  var ruleTestExpectationRanges: [[SourceRange]] = []
  /// Warnings found while checking (errors are thrown instead).
  public var warnings: [Diagnostic]
  /// The currency every price uses, when there are prices.
  package var currency: String?
  /// Pantries declared with `pantry`, in declaration order.
  package var pantries: [PantrySpec] = []
  /// Households declared with `household`, in declaration order.
  package var households: [HouseholdSpec] = []
  /// Adaptations declared with `adapt`, in declaration order.
  package var adaptations: [AdaptationSpec] = []

  /// The pantry with this name.
  package func pantry(named name: String) -> PantrySpec? { pantries.first { $0.name == name } }

  /// The food with this identifier.
  package func food(_ id: String) -> Food? { foods.first { $0.id == id } }

  /// Every bound of the goal blocks a plan names, in order.
  package func goals(of plan: PlanSpec) -> [NutrientGoal] {
    plan.goalNames.flatMap { name in goals.first { $0.name == name }?.goals ?? [] }
  }

  /// The rule set with this name (`rules home { … }` is `home`), or the bundled one of that
  /// name (`baseline`); `nil` when there is neither.
  ///
  /// ```swift
  /// let program = try PlanLoader().load(path: "Examples/home.plan")
  /// let verdict = try program.ruleSet(named: "home")?.compiled().evaluate(readings, asOf: nil)
  /// ```
  public func ruleSet(named name: String) -> RuleSet? {
    ruleSets.first { $0.id == name } ?? Checker.bundledRuleSets[name]
  }

  /// The plan with this name, or the only plan when `name` is `nil`.
  public func plan(named name: String?) -> PlanSpec? {
    guard let name else { return plans.count == 1 ? plans[0] : nil }
    return plans.first { $0.name == name }
  }
}

/// A checked `goal` block.
package struct GoalSpec: Sendable, Hashable {
  /// The goal's name in the file.
  package var name: String
  /// The quoted display name, when one is written.
  package var displayName: String?
  /// The nutrient goals, in canonical units.
  package var goals: [NutrientGoal]
  /// Where the goal is declared.
  /// Where the plan is declared.
  package var range: SourceRange
}

/// A checked `plan` block.
public struct PlanSpec: Sendable, Hashable {
  /// The plan's name in the file.
  public var name: String
  /// The quoted display name, when one is written.
  public var displayName: String?
  /// How many days the plan covers.
  public var days: Int
  /// The names of the goal blocks that apply.
  package var goalNames: [String]
  /// The budget, when one is set.
  package var budget: Budget?
  /// The foods the plan may use; `nil` means every declared food.
  package var foodNames: [String]?
  /// Limits on foods (`limit oats <= 2 cup per day`).
  package var limits: [LimitSpec]
  /// What the solver minimises or maximises.
  package var objective: DietObjective
  /// Whether foods are bought and eaten in whole servings (a food's `serving`
  /// measure, or 100 g when it has none).
  package var wholeServings: Bool
  /// The foods eaten in whole servings when the plan names them
  /// (`whole servings eggs, bread`); `nil` means every food of the plan.
  package var wholeServingFoods: [String]? = nil
  /// Set for weekly plans of meals built from recipes (a plan with `meals`).
  package var mealPlan: MealPlanSpec?
  package var range: SourceRange
  /// The pantry the plan draws on (`pantry home`).
  package var pantry: String?
  /// The stores the plan may buy at (`stores aldi, market`); `nil` for all.
  package var stores: [String]?
  /// The most stores the plan may visit (`stores at most 2`).
  package var maximumStores: Int?
  /// The date of day 1 (`start 2026-12-01`); `nil` for today.
  package var start: Day?
  /// Whether `minimize cost eaten` asks for the food eaten rather than what is paid.
  package var minimizesCostEaten = false
  /// `leftovers worth 50%`: the share (0...1) of its price per gram at which
  /// what is bought and not eaten is credited; `nil` without the statement.
  package var leftoverCredit: Double?
}

/// A checked `pantry` block: stock at home, in grams.
package struct PantrySpec: Sendable, Hashable {
  /// The pantry's name in the file.
  package var name: String
  /// The quoted display name, when one is written.
  package var displayName: String?
  /// The stock, each line's ``PantryStock/useBy`` as written and ``PantryStock/lastDay`` unset.
  package var stock: [PantryStock]
  package var range: SourceRange

  /// The stock for a plan starting on `start`: each use-by date becomes the
  /// last plan day the stock may be eaten (day 1 is `start`).
  package func stock(startingOn start: Day) -> [PantryStock] {
    stock.map { item in
      var item = item
      if let text = item.useBy, let date = Day(iso: text) { item.lastDay = start.distance(to: date) + 1 }
      return item
    }
  }
}

/// The meal-plan part of a checked plan: slots, diet, repetition and the rest.
package struct MealPlanSpec: Sendable, Hashable {
  /// The meal slots of each day, in order.
  package var slots: [Meal] = []
  /// Labels every chosen recipe must carry.
  package var diet: Set<DietLabel> = []
  /// What no chosen recipe may contain (see ``AvoidMatcher``).
  package var avoid: [AvoidRule] = []
  /// The servings allowed per slot.
  package var portions: PortionOptions = .wholeServing
  /// How often a recipe may come back.
  package var repetition = RepetitionLimits()
  /// Slots fixed to a recipe.
  package var locks: [SlotLock] = []
  /// Slots filled by an earlier slot's leftovers.
  package var leftovers: [LeftoverRule] = []
  /// Per slot, the recipes and single foods allowed there.
  package var choices: [Meal: SlotChoice] = [:]
  /// How equally cheap plans are told apart.
  package var tieBreak: MealTieBreak = .variety
  /// Where the diet, avoid, repeat, lock and leftovers statements were written.
  package var sources = MealRuleSources()
  /// The household the week is planned for (`household family`); `nil` for one person.
  package var household: String?
  /// Where the household is named.
  var householdName: Identifier?
  /// Meals named by locks and choices, checked against the slots.
  var lockMeals: [Identifier] = []
  var leftoverMeals: [Identifier] = []
}

/// A checked `limit` statement: bounds on one food or the sum of several.
package struct LimitSpec: Sendable, Hashable {
  /// The foods whose amounts are added up.
  package var foods: [String]
  /// Lower bound in grams, or in servings when ``inServings``.
  package var minimum: Double?
  /// Upper bound in grams, or in servings when ``inServings``.
  package var maximum: Double?
  /// Whether the bounds hold per day or per week.
  package var period: Period
  /// Whether the bounds count servings (each food's `serving` measure) instead of grams.
  package var inServings: Bool
  /// Where the `limit` statement was written.
  package var source: SourceReference?

  package init(
    foods: [String], minimum: Double?, maximum: Double?, period: Period, inServings: Bool,
    source: SourceReference? = nil
  ) {
    self.source = source
    self.foods = foods
    self.minimum = minimum
    self.maximum = maximum
    self.period = period
    self.inServings = inServings
  }
}

extension Program {
  /// The failed expectations of a test's result as located diagnostics, each pointing
  /// at its `expect` statement, for the one renderer.
  ///
  /// - Parameters:
  ///   - result: The result of running `ruleTests[index]`.
  ///   - index: The test's position in ``ruleTests``.
  /// - Returns: One error per failed expectation whose place is known.
  package func failedExpectations(_ result: RuleTestResult, ofTest index: Int) -> [Diagnostic] {
    guard ruleTestExpectationRanges.indices.contains(index) else { return [] }
    let ranges = ruleTestExpectationRanges[index]
    return result.expectations.enumerated().compactMap { position, expectation in
      guard !expectation.passed, ranges.indices.contains(position) else { return nil }
      return DiagnosticMessage.failedExpectation(
        test: result.name, expected: expectation.expected, actual: expectation.actual, at: ranges[position])
    }
  }
}
