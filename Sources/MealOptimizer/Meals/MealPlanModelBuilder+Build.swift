import Foundation

extension MealPlanModelBuilder {
  /// Builds the model.
  ///
  /// - Returns: the model with its slot map, cost and tie-break expressions,
  ///   and any conflicts that make the plan impossible before solving.
  /// - Complexity: O(days × slots × options × goals).
  package func build() -> MealPlanModel {
    var model = LinearModel(name: "meal_plan")
    let leftoverSource = leftoverSources()
    let lockedSlots = Dictionary(problem.locks.map { (LockKey(day: $0.day, meal: $0.meal), $0) }) { a, _ in a
    }
    var conflicts: [String] = []
    var slots: [ModelSlot] = []
    var slotIndex: [LockKey: Int] = [:]
    for day in 1...problem.days {
      for meal in problem.slots {
        let key = LockKey(day: day, meal: meal)
        if let rule = leftoverSource[meal], day - rule.daysLater >= 1,
          let source = slotIndex[LockKey(day: day - rule.daysLater, meal: rule.from)]
        {
          slotIndex[key] = slots.count
          slots.append(ModelSlot(day: day, meal: meal, leftoverOf: source, options: slots[source].options))
          continue
        }
        let options = addOptions(day: day, meal: meal, to: &model)
        if options.isEmpty { conflicts.append(emptySlotReason(day: day, meal: meal)) }
        model.addConstraint(
          "fill[\(key)]", LinearExpression(options.map { ($0.pick, 1) }), .equalTo(1), group: .fill)
        slotIndex[key] = slots.count
        slots.append(ModelSlot(day: day, meal: meal, leftoverOf: nil, options: options))
      }
    }
    for (key, lock) in lockedSlots.sorted(by: { $0.key < $1.key }) {
      guard let index = slotIndex[key] else { continue }
      let slot = slots[index].leftoverOf.map { slots[$0] } ?? slots[index]
      if let conflict = addLock(lock, slot: slot, to: &model) { conflicts.append(conflict) }
    }
    return addEatingRows(slots: slots, diners: person, conflicts: conflicts, to: &model)
  }

  /// Adds the rows that count what the diners eat, the same for one person
  /// and a household (goals, the purchase part or the budgets, repetition,
  /// the tie-break), sets the objective, and returns the model with them.
  ///
  /// - Returns: the model, with each diner's goal rows in the order of their goals.
  func addEatingRows(
    slots: [ModelSlot], diners: Diners, conflicts: [String], to model: inout LinearModel
  ) -> MealPlanModel {
    var cost = costExpression(slots, diners: diners)
    let goalRows = addGoalRows(slots: slots, diners: diners, to: &model)
    var purchaseRows: PurchaseRows?
    if let purchasing = problem.purchasing {
      let rows = addPurchaseRows(purchasing, slots: slots, diners: diners, to: &model)
      if purchasing.costBasis == .paid { cost = rows.objective }
      purchaseRows = rows
    } else {
      addBudgetRows(slots: slots, diners: diners, to: &model)
    }
    addRepetitionRows(slots: slots, to: &model)
    let tieBreak = addTieBreak(slots: slots, diners: diners, to: &model)
    model.setObjective(.minimize, cost)
    var built = MealPlanModel(
      model: model, cost: cost, tieBreak: tieBreak, slots: slots, conflicts: conflicts)
    built.purchaseRows = purchaseRows
    built.dinerGoalRows = goalRows
    return built
  }

  /// Adds the purchase part (``PurchaseRows``): each food's grams per day
  /// from every diner's servings (a leftover slot counts again, as its food is
  /// bought), and a `budget[paid]` row bounding the till total by every
  /// budget over the whole plan (a weekly budget × days / 7, a daily one × days).
  func addPurchaseRows(
    _ purchasing: Purchasing, slots: [ModelSlot], diners: Diners, to model: inout LinearModel
  ) -> PurchaseRows {
    var eaten: [String: [Int: LinearExpression]] = [:]
    var most: [String: Double] = [:]
    var slotPicks: [String: [[VariableRef]]] = [:]
    for (index, slot) in slots.enumerated() {
      var slotMost: [String: Double] = [:]
      var uses: [String: [VariableRef]] = [:]
      defer {
        // A leftover slot repeats its source's picks: only fresh slots count.
        if slot.leftoverOf == nil {
          for (food, picks) in uses { slotPicks[food, default: []].append(picks) }
        }
      }
      for option in slot.options {
        let recipe = candidates[option.candidate].profile.recipe
        guard recipe.servings > 0 else { continue }
        for food in Set(recipe.ingredients.filter { $0.grams > 0 }.map(\.food)).sorted() {
          uses[food, default: []].append(option.pick)
        }
        // The most servings of the option: one person's steps, or the most
        // portion steps of the cooked slot for each member who eats it.
        let steps: Int
        let eaters: Int
        if let who = diners.eaters?[index] {
          steps = maximumSteps(slot.leftoverOf.map { slots[$0].meal } ?? slot.meal)
          eaters = who.count
        } else {
          steps = option.steps == nil ? option.fixedSteps : maximumSteps(slot.meal)
          eaters = 1
        }
        let largest = option.stepSize * Double(steps) * Double(eaters)
        for ingredient in recipe.ingredients {
          let perServing = ingredient.grams / recipe.servings
          for (variable, coefficient) in servingTerms(option, slot: index, amount: perServing, diners: diners)
          {
            eaten[ingredient.food, default: [:]][slot.day, default: LinearExpression()].add(
              variable, coefficient)
          }
          slotMost[ingredient.food] = max(slotMost[ingredient.food] ?? 0, perServing * largest)
        }
      }
      for (food, grams) in slotMost { most[food, default: 0] += grams }
    }
    let rows = PurchaseRows(
      adding: &model, foods: problem.foods, stores: problem.stores, purchasing: purchasing,
      days: problem.days,
      eaten: eaten, maximumGrams: most)
    let bought = rows.addFirstPackageRows(to: &model, slotPicks: slotPicks, pantry: purchasing.pantry)
    let dishes = cookedDishes(slots)
    let cooked = rows.addCookedRows(to: &model, dishes: dishes, bought: bought)
    addCoverRows(
      slots: slots, most: Dictionary(dishes.map { ($0.id, $0.most) }) { a, _ in a }, cooked: cooked,
      to: &model)
    rows.addBudgetRows(problem.budgets, days: problem.days, to: &model)
    return rows
  }

  /// Adds `cooked_cover[meal]` (``ConstraintGroup/cooked``): the fewest
  /// dishes that must be cooked to fill a meal's fresh slots.
  ///
  /// A dish fills at most as many of the meal's slots as offer it, and at most
  /// the times the repetition rules let it be cooked (`most`); a dish or food
  /// without a `cooked` flag fills its share without one. When the flagged
  /// dishes must fill the rest, at least k of them are cooked, k the fewest
  /// whose largest shares add up to it: with `repeat at most 2 per week`, a
  /// week's seven breakfasts need four. Every plan keeps the row (it cooks
  /// at least that many), but the LP's fractional `cooked` flags, each at
  /// least the dish's picks over its `most`, add up to less: on issue 9's
  /// benchmark week the rows halve the time GLPK takes to prove the summed
  /// week's optimum (docs/performance.md).
  ///
  /// - Parameters:
  ///   - slots: the plan's slots.
  ///   - most: the most times each dish can be cooked over the plan.
  ///   - cooked: each dish's `cooked` flag, for the dishes that have one.
  ///   - model: the model.
  func addCoverRows(
    slots: [ModelSlot], most: [String: Int], cooked: [String: VariableRef], to model: inout LinearModel
  ) {
    var slotCount: [Meal: Int] = [:]
    var offering: [Meal: [ModelOption.Kind: [String: Int]]] = [:]
    for slot in slots where slot.leftoverOf == nil {
      slotCount[slot.meal, default: 0] += 1
      for option in Set(slot.options.map { OptionKey(kind: $0.kind, id: $0.id) }) {
        offering[slot.meal, default: [:]][option.kind, default: [:]][option.id, default: 0] += 1
      }
    }
    for (meal, count) in slotCount.sorted(by: { $0.key < $1.key }) {
      var rest = count
      var shares: [(flag: VariableRef, share: Int)] = []
      for (kind, byID) in offering[meal] ?? [:] {
        for (id, slotsOffering) in byID {
          let share = kind == .recipe ? min(slotsOffering, most[id] ?? slotsOffering) : slotsOffering
          if kind == .recipe, let flag = cooked[id] {
            shares.append((flag, share))
          } else {
            rest -= share
          }
        }
      }
      guard rest > 0 else { continue }
      var fewest = 0
      var filled = 0
      for share in shares.map(\.share).sorted(by: >) where filled < rest {
        filled += share
        fewest += 1
      }
      guard filled >= rest, fewest >= 2 else { continue }
      shares.sort { $0.flag.index < $1.flag.index }
      model.addConstraint(
        "cooked_cover[\(meal)]", LinearExpression(shares.map { ($0.flag, 1) }), .greaterThan(Double(fewest)),
        group: .cooked)
    }
  }

  /// An option as a kind and an identifier.
  private struct OptionKey: Hashable {
    var kind: ModelOption.Kind
    var id: String
  }

  /// Each recipe's picks in its fresh slots, the most times the repetition
  /// rules let it be cooked over the plan, and the foods it eats.
  func cookedDishes(_ slots: [ModelSlot]) -> [(id: String, picks: [VariableRef], most: Int, foods: [String])]
  {
    var foodsOf: [String: [String]] = [:]
    for slot in slots where slot.leftoverOf == nil {
      for option in slot.options where option.kind == .recipe && foodsOf[option.id] == nil {
        let recipe = candidates[option.candidate].profile.recipe
        foodsOf[option.id] =
          recipe.servings > 0 ? Set(recipe.ingredients.filter { $0.grams > 0 }.map(\.food)).sorted() : []
      }
    }
    let rules = problem.repetition
    return cookings(slots).sorted(by: { $0.key < $1.key }).map { recipe, byDay in
      let picks = byDay.keys.sorted().flatMap { byDay[$0] ?? [] }
      var most = 0
      for block in weekBlocks() {
        // Cookings are at most the meals served, so a limit on either bounds them.
        var inBlock = block.days.reduce(0) { $0 + (byDay[$1]?.count ?? 0) }
        if rules.oncePerDay { inBlock = min(inBlock, block.days.filter { byDay[$0] != nil }.count) }
        if let limit = rules.maximumPerWeek { inBlock = min(inBlock, limit) }
        most += inBlock
      }
      return (recipe, picks, most, foodsOf[recipe] ?? [])
    }
  }

  /// The most portion steps a slot allows.
  func maximumSteps(_ meal: Meal) -> Int {
    portions(for: meal).stepRange?.upperBound ?? 1
  }

  /// A slot of a day, as a name part (`day3,dinner`) and a sort key.
  struct LockKey: Hashable, Comparable, CustomStringConvertible {
    var day: Int
    var meal: Meal
    var description: String { "day\(day),\(meal)" }
    static func < (a: LockKey, b: LockKey) -> Bool { (a.day, a.meal.name) < (b.day, b.meal.name) }
  }

  /// The leftover rule that fills each target meal.
  func leftoverSources() -> [Meal: LeftoverRule] {
    Dictionary(problem.leftovers.map { ($0.to, $0) }) { a, _ in a }
  }

  /// The candidates a fresh slot may serve: offered there, and allowed by diet and avoid.
  func allowedCandidates(in meal: Meal) -> [Int] {
    candidates.indices.filter { exclusions[$0] == nil && offers(candidates[$0], in: meal) }
  }

  func addOptions(day: Int, meal: Meal, to model: inout LinearModel) -> [ModelOption] {
    let portion = portions(for: meal)
    guard let range = portion.stepRange else { return [] }
    return allowedCandidates(in: meal).map { index in
      let candidate = candidates[index]
      let name = "\(candidate.id),day\(day),\(meal)"
      let pick = model.addVariable("pick[\(name)]", kind: .binary)
      var steps: VariableRef?
      if range.count > 1 {
        let serve = model.addVariable(
          "serve[\(name)]", lower: 0, upper: Double(range.upperBound), kind: .integer)
        model.addConstraint(
          "portion_max[\(name)]", LinearExpression([(serve, 1), (pick, -Double(range.upperBound))]),
          .lessThan(0), group: .portions)
        model.addConstraint(
          "portion_min[\(name)]", LinearExpression([(serve, 1), (pick, -Double(range.lowerBound))]),
          .greaterThan(0), group: .portions)
        steps = serve
      }
      return ModelOption(
        kind: candidate.kind, id: candidate.id, pick: pick, steps: steps, stepSize: portion.step,
        fixedSteps: range.lowerBound, candidate: index)
    }
  }

  func emptySlotReason(day: Int, meal: Meal) -> String {
    let offered = candidates.indices.filter { offers(candidates[$0], in: meal) }
    if offered.isEmpty { return "day \(day): no recipe or food is offered for \(meal)" }
    let reasons = offered.prefix(3).map { "'\(candidates[$0].id)': \(exclusions[$0] ?? "allowed")" }
    return "day \(day): every recipe for \(meal) is excluded by the diet or avoid rules ("
      + reasons.joined(separator: "; ") + (offered.count > 3 ? "; ..." : "") + ")"
  }

  func addLock(_ lock: SlotLock, slot: ModelSlot, to model: inout LinearModel) -> String? {
    let place = "day \(lock.day) \(lock.meal)"
    guard let option = slot.options.first(where: { $0.id == lock.recipe }) else {
      if let index = candidates.firstIndex(where: { $0.id == lock.recipe }), let why = exclusions[index] {
        return "\(place) is locked to '\(lock.recipe)', but \(why)"
      }
      return "\(place) is locked to '\(lock.recipe)', which that slot does not offer"
    }
    let key = "day\(slot.day),\(slot.meal)"
    model.addConstraint("lock[\(key)]", LinearExpression([(option.pick, 1)]), .equalTo(1), group: .locks)
    guard let servings = lock.servings else { return nil }
    let steps = servings / option.stepSize
    let portion = portions(for: slot.meal)
    guard let range = portion.stepRange, abs(steps - steps.rounded()) < 1e-9,
      range.contains(Int(steps.rounded()))
    else {
      return "\(place) is locked to \(servings) servings, which is not a portion the slot allows"
    }
    if let variable = option.steps {
      model.addConstraint(
        "lock_portion[\(key)]", LinearExpression([(variable, 1)]), .equalTo(steps.rounded()),
        group: .locks)
    }
    return nil
  }

  /// The cost of one serving of an option's recipe or food.
  func costPerServing(_ option: ModelOption) -> Double {
    candidates[option.candidate].profile.costPerServing ?? 0
  }
}
