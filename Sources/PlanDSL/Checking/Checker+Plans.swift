import Diagnostics
import Foundation
import HealthRules
import MealOptimizer

extension Checker {
  mutating func checkGoal(_ d: GoalDeclaration) -> GoalSpec {
    var goals: [NutrientGoal] = []
    for entry in d.entries {
      guard let definition = nutrient(entry.nutrient) else { continue }
      guard let period = period(entry.period) else { continue }
      var basis = NutrientGoal.Basis.absolute
      if let of = entry.ofEnergy {
        guard of.name == "energy" else {
          error(DiagnosticMessage.unknownName(.basis, of, candidates: ["energy"]))
          continue
        }
        guard definition.kilocaloriesPerUnit != nil, definition.nutrient != .energy else {
          error(
            DiagnosticMessage.noEnergyFactor(entry.nutrient))
          continue
        }
        basis = .percentOfEnergy
      }
      var bounds: [Decimal] = []
      for quantity in entry.bound.quantities {
        let amount: Decimal?
        if basis == .percentOfEnergy {
          amount = value(quantity, as: .percent, for: "a share of energy")
        } else {
          amount = nutrientAmount(quantity, in: definition.unit, for: "'\(entry.nutrient.name)'")
        }
        guard let amount else { break }
        if amount < 0 {
          error(DiagnosticMessage.negativeAmount(quantity, what: "a goal"))
          break
        }
        bounds.append(amount)
      }
      guard bounds.count == entry.bound.quantities.count else { continue }
      var goal = NutrientGoal(
        definition.nutrient, basis: basis, period: period, source: sourceReference(entry.range))
      switch entry.bound.kind {
      case .atLeast: goal.minimum = bounds[0].double
      case .atMost: goal.maximum = bounds[0].double
      case .exactly: (goal.minimum, goal.maximum) = (bounds[0].double, bounds[0].double)
      case .between:
        guard bounds[0] <= bounds[1] else {
          error(
            DiagnosticMessage.emptyBoundRange(at: entry.bound.range))
          continue
        }
        (goal.minimum, goal.maximum) = (bounds[0].double, bounds[1].double)
      }
      goals.append(goal)
    }
    return GoalSpec(name: d.name.name, displayName: d.displayName?.value, goals: goals, range: d.range)
  }

  mutating func checkPlan(_ d: PlanDeclaration, foods: [Food], recipes: [Recipe]) -> PlanSpec? {
    var plan = PlanSpec(
      name: d.name.name, displayName: d.displayName?.value, days: 1, goalNames: [], budget: nil,
      foodNames: nil,
      limits: [], objective: .minimizeCost, wholeServings: false, mealPlan: nil, range: d.range)
    var mealStatements: [MealPlanStatement] = []
    var seen: [String: SourceRange] = [:]
    var leftoverCreditRange: SourceRange?
    // The plan's limits by what can conflict: for each key, the tightest bounds written so far
    // (a new limit is compared with those two, not with every earlier limit: thousands of limits
    // on one food stay linear).
    var limitBoundsOfKey: [LimitConflictKey: Int] = [:]
    // The same for limits on one food (most are), by the food's position, period and unit: no hashing.
    var oneFoodLimitBounds: [Int] = []
    var limitBounds: [TightestLimitBounds] = []
    plan.limits.reserveCapacity(d.statements.count)
    let errorsBefore = diagnostics.count
    // Thousands of limits are checked in parts first; their conflicts are found below, in order.
    let limitsChecked = checkLimitsInParts(d.statements, foods: foods)
    for index in d.statements.indices {
      // A plan may hold thousands of limits: they take the short way, before any lookup by keyword
      // (and are not copied out of the list of statements when checked in parts already).
      if case .limit = d.statements[index] {
        let checked: CheckedLimit?
        if let limitsChecked {
          checked = limitsChecked[index]
        } else if case .limit(let names, let bound, let period, let range) = d.statements[index] {
          checked = checkLimit(names, bound, period, at: range, foods: foods)
        } else {
          checked = nil
        }
        guard let checked else { continue }
        plan.limits.append(checked.limit)
        let key = LimitConflictKey(
          foods: checked.foods, period: checked.limit.period, inServings: checked.limit.inServings)
        let summary: Int
        if case .one(let food) = key.foods, foods.indices.contains(food) {
          if oneFoodLimitBounds.isEmpty { oneFoodLimitBounds = Array(repeating: -1, count: 4 * foods.count) }
          let period =
            switch key.period {
            case .day: 0
            case .week: 2
            }
          let slot = 4 * food + period + (key.inServings ? 1 : 0)
          if oneFoodLimitBounds[slot] < 0 {
            oneFoodLimitBounds[slot] = limitBounds.count
            limitBounds.append(TightestLimitBounds())
          }
          summary = oneFoodLimitBounds[slot]
        } else {
          var inserted = false
          summary = limitBoundsOfKey.first(key, else: limitBounds.count, inserted: &inserted)
          if inserted { limitBounds.append(TightestLimitBounds()) }
        }
        checkLimitConflict(checked.limit, at: checked.boundRange, earlier: limitBounds[summary])
        limitBounds[summary].add(checked.limit, at: checked.boundRange)
        continue
      }
      let statement = d.statements[index]
      let (key, range) = Self.key(statement)
      // Statements that may repeat are not recorded (a plan may hold thousands of limits).
      if !Self.repeatableStatements.contains(key) {
        if let first = seen[key] {
          error(
            DiagnosticMessage.duplicateStatement(key, at: range, first: first))
          continue
        }
        seen[key] = range
      }
      switch statement {
      case .days(let quantity, _):
        if let days = wholeNumber(quantity, for: "'days'", range: 1...366) { plan.days = days }
      case .goals(let names, _):
        for name in names {
          if goalNames[name.name] == nil {
            error(DiagnosticMessage.unknownName(.goal, name, candidates: goalNames.keys))
          } else {
            plan.goalNames.append(name.name)
          }
        }
      case .budget(let amount, let period, let range):
        if let money = nonNegative(amount, as: .money, for: "a budget"), let period = self.period(period) {
          plan.budget = Budget(Money(money), per: period, source: sourceReference(range))
        }
      case .foods(let names, _):
        plan.foodNames = names.compactMap { resolveFood($0) }
      case .limit:
        // Checked above, before the lookups by keyword.
        break
      case .pantry(let name, _):
        if declared["pantry", default: [:]][name.name] == nil {
          error(
            DiagnosticMessage.unknownName(.pantry, name, candidates: declared["pantry", default: [:]].keys))
        } else {
          plan.pantry = name.name
        }
      case .stores(let names, _):
        var ids: [String] = []
        for name in names {
          if storeNames[name.name] == nil {
            error(DiagnosticMessage.unknownName(.store, name, candidates: storeNames.keys))
          } else {
            ids.append(name.name)
          }
        }
        plan.stores = ids
      case .storeLimit(let quantity, _):
        if let count = wholeNumber(quantity, for: "'stores at most'", range: 1...1000) {
          plan.maximumStores = count
        }
      case .leftoverCredit(let quantity, let range):
        leftoverCreditRange = range
        if let share = value(quantity, as: .percent, for: "'leftovers worth'") {
          if share < 0 || share > 1 {
            error(DiagnosticMessage.leftoverCreditRange(quantity))
          } else {
            plan.leftoverCredit = NSDecimalNumber(decimal: share).doubleValue
          }
        }
      case .start(let token, _):
        if let day = Day(iso: token.value) {
          plan.start = day
        } else {
          error(DiagnosticMessage.badDate(token))
        }
      case .objective(let sense, let target, _):
        if target.name == "cost eaten" {
          if sense.name == "minimize" {
            plan.objective = .minimizeCost
            plan.minimizesCostEaten = true
          } else {
            error(DiagnosticMessage.maximizeCost(at: target.range))
          }
        } else if target.name == "cost" {
          if sense.name == "minimize" {
            plan.objective = .minimizeCost
          } else {
            error(
              DiagnosticMessage.maximizeCost(at: target.range))
          }
        } else if let definition = nutrient(target) {
          plan.objective =
            sense.name == "minimize" ? .minimize(definition.nutrient) : .maximize(definition.nutrient)
        }
      case .wholeServings(let names, _):
        plan.wholeServings = true
        if !names.isEmpty {
          plan.wholeServingFoods = (plan.wholeServingFoods ?? []) + names.compactMap { resolveFood($0) }
        }
      case .meal(let statement):
        mealStatements.append(statement)
      case .currency(let code, _):
        if Units.currencies.contains(code.name) {
          noteCurrency(code.name, code.range)
        } else {
          error(DiagnosticMessage.unknownName(.currency, code, candidates: Units.currencies))
        }
      }
    }
    if let range = leftoverCreditRange, plan.objective != .minimizeCost || plan.minimizesCostEaten {
      error(DiagnosticMessage.leftoverCreditNeedsCost(at: range, costEaten: plan.minimizesCostEaten))
    }
    if !mealStatements.isEmpty {
      if !mealStatements.contains(where: { if case .meals = $0 { true } else { false } }) {
        error(
          DiagnosticMessage.missingMeals(plan: d.name))
      }
      checkMealPlan(mealStatements, plan: &plan, foods: foods, recipes: recipes)
      return diagnostics[errorsBefore...].contains { $0.severity == .error } ? nil : plan
    }
    let used =
      plan.foodNames.map { names in foods.filter { [names = Set(names)] in names.contains($0.id) } } ?? foods
    if plan.objective == .minimizeCost || plan.budget != nil, used.contains(where: { $0.offers.isEmpty }) {
      // Where each food is declared (the last declaration of a name), looked up only when one has no price.
      var foodRanges: [String: SourceRange] = [:]
      for case .food(let food) in declarations { foodRanges[food.name.name] = food.range }
      for food in used where food.offers.isEmpty && !hadSyntaxError(in: foodRanges[food.id] ?? d.range) {
        error(
          DiagnosticMessage.missingPrice(food: food.id, plan: plan.name, at: foodNames[food.id]))
      }
    }
    if used.isEmpty, foodNames.isEmpty || plan.foodNames?.isEmpty == true {
      error(
        DiagnosticMessage.noFoods(plan: d.name))
    }
    return diagnostics[errorsBefore...].contains { $0.severity == .error } ? nil : plan
  }

  /// Plan statements that may be written more than once.
  static let repeatableStatements: Set<String> = ["goal", "limit", "lock", "allow", "avoid"]

  /// The food names prepared for hints, made when first needed and again when foods were added.
  mutating func foodHints() -> NameHints {
    if let foodNameHints, foodNameHints.count == foodNames.count { return foodNameHints }
    let hints = NameHints(foodNames.keys)
    foodNameHints = hints
    return hints
  }

  mutating func resolveFood(_ name: Identifier) -> String? {
    guard foodNames[name.name] != nil else {
      error(DiagnosticMessage.unknownName(.food, name, hints: foodHints()))
      return nil
    }
    return name.name
  }

  /// Checks one `limit` statement, written at `range`.
  ///
  /// - Returns: The limit, with its source, and the positions in `foods` of
  ///   its foods; `nil` after reporting a mistake.
  mutating func checkLimit(
    _ names: [Identifier], _ bound: BoundLiteral, _ periodLiteral: PeriodLiteral?, at range: SourceRange,
    foods: [Food]
  ) -> CheckedLimit? {
    // Positions in `foods`, not copies of the foods (and no list for a limit on one food).
    let ids: [String]
    let limitFoods: LimitFoods
    let period: Period
    if names.count == 1, let position = checkedFoodPositions[names[0].name], foods.indices.contains(position),
      foods[position].id == names[0].name
    {
      // A checked food was declared: its name needs no other lookup.
      guard let checkedPeriod = self.period(periodLiteral) else { return nil }
      (ids, limitFoods, period) = ([names[0].name], .one(position), checkedPeriod)
    } else {
      let resolved =
        names.count == 1 ? resolveFood(names[0]).map { [$0] } ?? [] : names.compactMap { resolveFood($0) }
      guard resolved.count == names.count, let checkedPeriod = self.period(periodLiteral) else { return nil }
      let positions = resolved.compactMap { id in checkedFoodPosition(id, in: foods) }
      guard positions.count == resolved.count else { return nil }
      (ids, limitFoods, period) =
        (resolved, positions.count == 1 ? .one(positions[0]) : .several(positions), checkedPeriod)
    }
    guard var limit = limitSpec(ids, limitFoods, bound, period, foods: foods) else { return nil }
    limit.source = sourceReferenceInOrder(range)
    return CheckedLimit(limit: limit, foods: limitFoods, boundRange: bound.range)
  }

  /// The limit `bound` on the foods `ids` (at `limitFoods` in `foods`), after
  /// checking its amounts; `nil` after reporting a mistake.
  private mutating func limitSpec(
    _ ids: [String], _ limitFoods: LimitFoods, _ bound: BoundLiteral, _ period: Period, foods: [Food]
  ) -> LimitSpec? {
    // The bound's quantities in order, without building their list.
    let (first, second): (QuantityLiteral, QuantityLiteral?) =
      switch bound.kind {
      case .atLeast(let q), .atMost(let q), .exactly(let q): (q, nil)
      case .between(let a, let b): (a, b)
      }
    let firstInServings = first.unit.map { self.unit($0.text)?.dimension == .count } ?? false
    func amount(_ quantity: QuantityLiteral, inServings: Bool, checker: inout Checker) -> Double? {
      var grams: Decimal?
      if inServings, let unit = quantity.unit {
        grams = quantity.value
        for position in limitFoods.positions where foods[position].measure(named: "serving") == nil {
          checker.error(
            DiagnosticMessage.missingServingForLimit(food: foods[position].id, at: unit.range))
          grams = nil
        }
      } else if case .one(let position) = limitFoods {
        grams = checker.grams(
          of: quantity, measures: foods[position].measures, density: foods[position].density,
          food: foods[position].id, for: "a limit")
      } else {
        grams = checker.nonNegative(quantity, as: .mass, for: "a limit on several foods")
      }
      return grams?.double
    }
    guard let low = amount(first, inServings: firstInServings, checker: &self) else { return nil }
    var high: Double?
    if let second {
      let secondInServings = second.unit.map { self.unit($0.text)?.dimension == .count } ?? false
      guard let value = amount(second, inServings: secondInServings, checker: &self) else { return nil }
      high = value
    }
    var limit = LimitSpec(foods: ids, minimum: nil, maximum: nil, period: period, inServings: firstInServings)
    switch bound.kind {
    case .atLeast: limit.minimum = low
    case .atMost: limit.maximum = low
    case .exactly: (limit.minimum, limit.maximum) = (low, low)
    case .between: (limit.minimum, limit.maximum) = (low, high)
    }
    return limit
  }

  static func key(_ statement: PlanStatement) -> (String, SourceRange) {
    switch statement {
    case .days(_, let r): ("days", r)
    case .goals(_, let r): ("goal", r)
    case .budget(_, _, let r): ("budget", r)
    case .foods(_, let r): ("foods", r)
    case .limit(_, _, _, let r): ("limit", r)
    case .objective(_, _, let r): ("objective", r)
    case .wholeServings(_, let r): ("whole servings", r)
    case .currency(_, let r): ("currency", r)
    case .meal(let m): MealPlanStatement.key(m)
    case .pantry(_, let r): ("pantry", r)
    case .stores(_, let r): ("stores", r)
    case .storeLimit(_, let r): ("stores at most", r)
    case .leftoverCredit(_, let r): ("leftovers worth", r)
    case .start(_, let r): ("start", r)
    }
  }
}
