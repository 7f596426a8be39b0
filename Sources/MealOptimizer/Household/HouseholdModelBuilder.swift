import Foundation

/// Builds the mixed-integer model of a ``HouseholdProblem`` on ``LinearModel``.
///
/// Variables, for each slot of each day that some member eats (`day3,dinner`)
/// and each recipe or food `r` it may hold:
/// - `pick[r,day3,dinner]`, binary: the table serves `r` (one dish for everyone);
/// - `serve[r,day3,dinner,sam]`, integer: Sam's portion in steps of the
///   portion step, for each member who eats the slot that day.
///
/// A leftover slot reuses its source's picks (the same dish) with portions of
/// its own for the members who eat it. A slot nobody eats has no variables
/// and costs nothing, unless its cooking feeds a leftover slot someone eats.
///
/// Rows, as in ``MealPlanModelBuilder``: `fill`, `portion_min`/`portion_max`
/// per member, `goal[sam,protein,day3]` per member and goal, budgets on the
/// whole household's cost, repetition on the table's dishes, locks, and the
/// purchase part. The objective is the cost of every member's servings.
///
/// A member's own `diet` and `avoid` (``HouseholdMember/diet``,
/// ``HouseholdMember/avoid``) keep a dish they exclude off every fresh slot
/// they eat, so the others share it only where that member is not at the
/// table; at a leftover slot they eat, their portion of such a dish is fixed
/// at zero, so the source slot cannot cook it when a portion is required.
package struct HouseholdModelBuilder: Sendable {
  /// The problem being modelled.
  package let problem: HouseholdProblem
  /// The builder of the shared week, for its recipes, exclusions and rows.
  let base: MealPlanModelBuilder
  /// For each member, why their own `diet` or `avoid` excludes each of the
  /// base's candidates, or `nil` when they may eat it.
  let memberExclusions: [[String?]]

  /// Checks the problem and computes every recipe's profile.
  ///
  /// - Parameter problem: the problem.
  /// - Throws: ``PlanningError`` for a malformed shared week (see
  ///   ``MealPlanModelBuilder/init(problem:)``), a household without members,
  ///   a member listed twice, a member's slot or skipped day the plan does
  ///   not have, or a lock that fixes servings (each member has their own).
  package init(problem: HouseholdProblem) throws(PlanningError) {
    self.problem = problem
    let base = try MealPlanModelBuilder(problem: problem.meals)
    self.base = base
    let members = problem.household.members
    self.memberExclusions = members.map { member in
      guard !member.diet.isEmpty || !member.avoid.isEmpty else {
        return Array(repeating: nil, count: base.candidates.count)
      }
      return base.candidates.map {
        MealPlanModelBuilder.exclusion(
          of: $0.profile, diet: member.diet, avoid: member.avoid, whose: member.name)
      }
    }
    guard !members.isEmpty else { throw .invalidProblem("a household needs at least one member") }
    var seen: Set<String> = []
    for member in members {
      guard seen.insert(member.id).inserted else { throw .duplicateIdentifier(member.id) }
      for meal in (member.meals ?? []) + member.skips.map(\.meal) where !problem.meals.slots.contains(meal) {
        throw .invalidProblem("member '\(member.id)' names meal '\(meal)', which the plan does not have")
      }
      for skip in member.skips where skip.days.lowerBound < 1 || skip.days.upperBound > problem.meals.days {
        throw .invalidProblem("member '\(member.id)' skips days outside 1...\(problem.meals.days)")
      }
      for goal in member.goals where goal.basis == .percentOfEnergy {
        guard goal.nutrient.definition?.kilocaloriesPerUnit != nil else {
          throw .invalidProblem("'\(goal.nutrient)' supplies no energy, so it has no percent-of-energy goal")
        }
      }
    }
    if problem.meals.locks.contains(where: { $0.servings != nil }) {
      throw .invalidProblem(
        "a household plan's lock fixes the dish, not the servings: each member has a portion")
    }
  }

  /// The household model: the shared model and who eats each of its slots.
  package struct Built: Sendable {
    /// The model and its slots; each option's ``ModelOption/memberSteps``
    /// follow ``eaters`` of its slot.
    package var model: MealPlanModel
    /// For each slot of ``model``, the indices of the members who eat it.
    package var eaters: [[Int]]
    /// For each member, the rows of each of their goals, in the order of their goals (for explanations).
    var memberGoalRows: [[Range<Int>]] = []
  }

  /// Builds the model.
  ///
  /// - Returns: the model, its slots and who eats each, and any conflicts
  ///   found before solving (a slot with no allowed recipe).
  /// - Complexity: O(days × slots × options × members × goals).
  package func build() -> Built {
    let week = problem.meals
    var model = LinearModel(name: "household_plan")
    let leftoverSource = base.leftoverSources()
    var conflicts: [String] = []
    var slots: [ModelSlot] = []
    var eaters: [[Int]] = []
    var slotIndex: [MealPlanModelBuilder.LockKey: Int] = [:]
    // A slot is cooked when someone eats it or eats its leftovers.
    var cooked: Set<MealPlanModelBuilder.LockKey> = []
    for day in 1...week.days {
      for meal in week.slots where !problem.eaters(meal, day: day).isEmpty {
        cooked.insert(.init(day: day, meal: meal))
        if let rule = leftoverSource[meal], day - rule.daysLater >= 1 {
          cooked.insert(.init(day: day - rule.daysLater, meal: rule.from))
        }
      }
    }
    for day in 1...week.days {
      for meal in week.slots {
        let key = MealPlanModelBuilder.LockKey(day: day, meal: meal)
        let who = problem.eaters(meal, day: day)
        if let rule = leftoverSource[meal], day - rule.daysLater >= 1 {
          guard !who.isEmpty,
            let source = slotIndex[.init(day: day - rule.daysLater, meal: rule.from)]
          else { continue }
          let options = slots[source].options.map { option in
            var leftover = option
            leftover.memberSteps = addPortions(
              option, name: "\(option.id),\(key)", meal: rule.from, who: who, to: &model)
            return leftover
          }
          addPortionSums(options, key: key, meal: rule.from, who: who, to: &model)
          slotIndex[key] = slots.count
          slots.append(ModelSlot(day: day, meal: meal, leftoverOf: source, options: options))
          eaters.append(who)
          continue
        }
        guard cooked.contains(key) else { continue }
        var options: [ModelOption] = []
        let step = base.portions(for: meal).step
        let allowed = base.allowedCandidates(in: meal)
        let forAll = allowed.filter { index in who.allSatisfy { memberExclusions[$0][index] == nil } }
        if !allowed.isEmpty && forAll.isEmpty {
          let reasons = allowed.prefix(3).map { index in
            "'\(base.candidates[index].id)': "
              + (who.lazy.compactMap { memberExclusions[$0][index] }.first ?? "allowed")
          }
          conflicts.append(
            "day \(day): every recipe for \(meal) is excluded by a member's diet or avoid rules ("
              + reasons.joined(separator: "; ") + (allowed.count > 3 ? "; ..." : "") + ")")
        }
        for index in forAll {
          let candidate = base.candidates[index]
          let name = "\(candidate.id),\(key)"
          let pick = model.addVariable("pick[\(name)]", kind: .binary)
          var option = ModelOption(
            kind: candidate.kind, id: candidate.id, pick: pick, steps: nil, stepSize: step, fixedSteps: 0,
            candidate: index)
          option.memberSteps = addPortions(option, name: name, meal: meal, who: who, to: &model)
          options.append(option)
        }
        if allowed.isEmpty { conflicts.append(base.emptySlotReason(day: day, meal: meal)) }
        addPortionSums(options, key: key, meal: meal, who: who, to: &model)
        model.addConstraint(
          "fill[\(key)]", LinearExpression(options.map { ($0.pick, 1) }), .equalTo(1), group: .fill)
        slotIndex[key] = slots.count
        slots.append(ModelSlot(day: day, meal: meal, leftoverOf: nil, options: options))
        eaters.append(who)
      }
    }
    for lock in week.locks {
      guard let index = slotIndex[.init(day: lock.day, meal: lock.meal)] else { continue }
      let slot = slots[index].leftoverOf.map { slots[$0] } ?? slots[index]
      if let conflict = base.addLock(lock, slot: slot, to: &model) { conflicts.append(conflict) }
    }
    var cost = LinearExpression()
    for (slot, _) in zip(slots, eaters) {
      for option in slot.options {
        for variable in option.memberSteps {
          cost.add(variable, base.costPerServing(option) * option.stepSize)
        }
      }
    }
    let memberGoalRows = problem.household.members.indices.map { member in
      addGoalRows(member: member, slots: slots, eaters: eaters, to: &model)
    }
    var purchaseRows: PurchaseRows?
    if let purchasing = week.purchasing {
      let rows = addPurchaseRows(purchasing, slots: slots, eaters: eaters, to: &model)
      if purchasing.costBasis == .paid { cost = rows.objective }
      purchaseRows = rows
    } else {
      addBudgetRows(slots: slots, to: &model)
    }
    base.addRepetitionRows(slots: slots, to: &model)
    let tieBreak = addTieBreak(slots: slots, eaters: eaters, to: &model)
    model.setObjective(.minimize, cost)
    var built = MealPlanModel(
      model: model, cost: cost, tieBreak: tieBreak, slots: slots, conflicts: conflicts)
    built.purchaseRows = purchaseRows
    return Built(model: built, eaters: eaters, memberGoalRows: memberGoalRows)
  }

  /// Adds each eating member's portion variable and its rows for one option.
  func addPortions(
    _ option: ModelOption, name: String, meal: Meal, who: [Int], to model: inout LinearModel
  ) -> [VariableRef] {
    let range = base.portions(for: meal).stepRange ?? 1...1
    return who.map { member in
      let id = problem.household.members[member].id
      // A dish the member's own diet or avoid excludes: no portion for them.
      let excluded = memberExclusions[member][option.candidate] != nil
      let serve = model.addVariable(
        "serve[\(name),\(id)]", lower: 0, upper: excluded ? 0 : Double(range.upperBound), kind: .integer)
      model.addConstraint(
        "portion_max[\(name),\(id)]",
        LinearExpression([(serve, 1), (option.pick, -Double(range.upperBound))]), .lessThan(0),
        group: .portions)
      model.addConstraint(
        "portion_min[\(name),\(id)]",
        LinearExpression([(serve, 1), (option.pick, -Double(range.lowerBound))]), .greaterThan(0),
        group: .portions)
      return serve
    }
  }

  /// `portions[day3,dinner,sam]`: a member's portion over every option of a
  /// slot is one allowed portion. Implied by `fill` and the per-option rows,
  /// it tightens the LP relaxation the search's bounds come from.
  func addPortionSums(
    _ options: [ModelOption], key: MealPlanModelBuilder.LockKey, meal: Meal, who: [Int],
    to model: inout LinearModel
  ) {
    guard !options.isEmpty, let range = base.portions(for: meal).stepRange else { return }
    for (position, member) in who.enumerated() {
      model.addConstraint(
        "portions[\(key),\(problem.household.members[member].id)]",
        LinearExpression(options.map { ($0.memberSteps[position], 1) }),
        .interval(Double(range.lowerBound), Double(range.upperBound)), group: .portions)
    }
  }

  /// The sum of `perServing(option)` times one member's servings over the slots of some days.
  func total(
    member: Int, slots: [ModelSlot], eaters: [[Int]], days: ClosedRange<Int>,
    _ perServing: (ModelOption) -> Double
  ) -> LinearExpression {
    var expression = LinearExpression()
    for (slot, who) in zip(slots, eaters) where days.contains(slot.day) {
      guard let position = who.firstIndex(of: member) else { continue }
      for option in slot.options {
        let amount = perServing(option)
        if amount != 0 { expression.add(option.memberSteps[position], amount * option.stepSize) }
      }
    }
    return expression
  }

  /// The sum of `perServing(option)` times everyone's servings over the slots of some days.
  func householdTotal(slots: [ModelSlot], days: ClosedRange<Int>, _ perServing: (ModelOption) -> Double)
    -> LinearExpression
  {
    var expression = LinearExpression()
    for slot in slots where days.contains(slot.day) {
      for option in slot.options {
        let amount = perServing(option)
        guard amount != 0 else { continue }
        for variable in option.memberSteps { expression.add(variable, amount * option.stepSize) }
      }
    }
    return expression
  }

  /// Adds one member's goal rows and returns each goal's rows, in the order of their goals.
  @discardableResult
  func addGoalRows(member: Int, slots: [ModelSlot], eaters: [[Int]], to model: inout LinearModel)
    -> [Range<Int>]
  {
    let person = problem.household.members[member]
    var rows: [Range<Int>] = []
    var periods: [(label: String, days: ClosedRange<Int>, scale: Double, period: Period)] = []
    periods += (1...problem.meals.days).map { ("day\($0)", $0...$0, 1, Period.day) }
    periods += base.weekBlocks().map { ("week\($0.number)", $0.days, $0.share, Period.week) }
    for goal in person.goals {
      let first = model.constraints.count
      defer { rows.append(first..<model.constraints.count) }
      for period in periods where period.period == goal.period {
        let name = "goal[\(person.id),\(goal.nutrient),\(period.label)"
        let group: ConstraintGroup = period.period == .day ? .dailyGoals : .weeklyGoals
        switch goal.basis {
        case .absolute:
          let expression = total(member: member, slots: slots, eaters: eaters, days: period.days) {
            base.amount(goal.nutrient, $0)
          }
          guard
            let set = MealPlanModelBuilder.constraintSet(
              goal.minimum.map { $0 * period.scale }, goal.maximum.map { $0 * period.scale })
          else { continue }
          model.addConstraint(name + "]", expression, set, group: group)
        case .percentOfEnergy:
          let factor = goal.nutrient.definition?.kilocaloriesPerUnit ?? 0
          let sides = [(goal.minimum, "min"), (goal.maximum, "max")].compactMap { bound, side in
            bound.map { ($0, side) }
          }
          for (share, side) in sides {
            let expression = total(member: member, slots: slots, eaters: eaters, days: period.days) {
              factor * base.amount(goal.nutrient, $0) - share * base.amount(.energy, $0)
            }
            model.addConstraint(
              name + (sides.count > 1 ? ",\(side)]" : "]"), expression,
              side == "min" ? .greaterThan(0) : .lessThan(0), group: group)
          }
        }
      }
    }
    return rows
  }

  func addBudgetRows(slots: [ModelSlot], to model: inout LinearModel) {
    for budget in problem.meals.budgets {
      let limit = NSDecimalNumber(decimal: budget.amount).doubleValue
      switch budget.period {
      case .day:
        for day in 1...problem.meals.days {
          let expression = householdTotal(slots: slots, days: day...day) { base.costPerServing($0) }
          model.addConstraint("budget[day\(day)]", expression, .lessThan(limit), group: .budget)
        }
      case .week:
        for block in base.weekBlocks() {
          let expression = householdTotal(slots: slots, days: block.days) { base.costPerServing($0) }
          model.addConstraint(
            "budget[week\(block.number)]", expression, .lessThan(limit * block.share), group: .budget)
        }
      }
    }
  }

  /// The purchase part (``PurchaseRows``) over what every member eats.
  func addPurchaseRows(
    _ purchasing: Purchasing, slots: [ModelSlot], eaters: [[Int]], to model: inout LinearModel
  ) -> PurchaseRows {
    let week = problem.meals
    var eaten: [String: [Int: LinearExpression]] = [:]
    var most: [String: Double] = [:]
    var slotPicks: [String: [[VariableRef]]] = [:]
    for (slot, who) in zip(slots, eaters) {
      var slotMost: [String: Double] = [:]
      var uses: [String: [VariableRef]] = [:]
      let meal = slot.leftoverOf.map { slots[$0].meal } ?? slot.meal
      for option in slot.options {
        let recipe = base.candidates[option.candidate].profile.recipe
        guard recipe.servings > 0 else { continue }
        for food in Set(recipe.ingredients.filter { $0.grams > 0 }.map(\.food)).sorted() {
          uses[food, default: []].append(option.pick)
        }
        let largest = option.stepSize * Double(base.maximumSteps(meal)) * Double(who.count)
        for ingredient in recipe.ingredients {
          let perServing = ingredient.grams / recipe.servings
          for variable in option.memberSteps {
            eaten[ingredient.food, default: [:]][slot.day, default: LinearExpression()].add(
              variable, perServing * option.stepSize)
          }
          slotMost[ingredient.food] = max(slotMost[ingredient.food] ?? 0, perServing * largest)
        }
      }
      if slot.leftoverOf == nil {
        for (food, picks) in uses { slotPicks[food, default: []].append(picks) }
      }
      for (food, grams) in slotMost { most[food, default: 0] += grams }
    }
    let rows = PurchaseRows(
      adding: &model, foods: week.foods, stores: week.stores, purchasing: purchasing, days: week.days,
      eaten: eaten, maximumGrams: most)
    let bought = rows.addFirstPackageRows(to: &model, slotPicks: slotPicks, pantry: purchasing.pantry)
    // The table's dishes are the meal plan's: the same cooked and cover rows hold.
    let dishes = base.cookedDishes(slots)
    let cooked = rows.addCookedRows(to: &model, dishes: dishes, bought: bought)
    base.addCoverRows(
      slots: slots, most: Dictionary(dishes.map { ($0.id, $0.most) }) { a, _ in a }, cooked: cooked,
      to: &model)
    rows.addBudgetRows(week.budgets, days: week.days, to: &model)
    return rows
  }

  /// The tie-break: variety counts the table's cookings; goal-center each
  /// member's distance from the middle of their daily goal ranges.
  func addTieBreak(slots: [ModelSlot], eaters: [[Int]], to model: inout LinearModel) -> LinearExpression? {
    guard problem.meals.tieBreak == .goalCenter else {
      return base.addTieBreak(slots: slots, to: &model)
    }
    var objective = LinearExpression()
    for (member, person) in problem.household.members.enumerated() {
      for goal in person.goals where goal.period == .day && goal.basis == .absolute {
        guard let low = goal.minimum, let high = goal.maximum, high > low else { continue }
        for day in 1...problem.meals.days {
          let name = "\(person.id),\(goal.nutrient),day\(day)"
          var expression = total(member: member, slots: slots, eaters: eaters, days: day...day) {
            base.amount(goal.nutrient, $0)
          }
          guard !expression.terms.isEmpty else { continue }
          let over = model.addVariable("over[\(name)]", lower: 0)
          let under = model.addVariable("under[\(name)]", lower: 0)
          expression.add(over, -1)
          expression.add(under, 1)
          model.addConstraint("center[\(name)]", expression, .equalTo((low + high) / 2), group: .tieBreak)
          objective.add(over, 2 / (high - low))
          objective.add(under, 2 / (high - low))
        }
      }
    }
    return objective.terms.isEmpty ? nil : objective
  }
}
