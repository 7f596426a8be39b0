import Foundation

extension MealPlanVerifier {
  /// Checks one slot: allowed there, diet, avoid, portion, lock, leftover.
  func check(_ item: PlannedMeal, day: Int) -> [PlanViolation] {
    var violations: [PlanViolation] = []
    let place = "day \(day) \(item.meal)"
    let leftover = week.leftovers.first { $0.to == item.meal && day - $0.daysLater >= 1 }
    let cookedIn = leftover?.from ?? item.meal
    let choice = week.slotChoices[cookedIn] ?? SlotChoice()
    var ingredientFoods: [Food] = []
    switch item.kind {
    case .recipe:
      guard let recipe = recipes[item.id] else { return [] }
      let allowed: Bool =
        switch choice.recipes {
        case .suitingMeal: recipe.meals.contains(cookedIn)
        case .only(let ids): ids.contains(recipe.id)
        case .none: false
        }
      if !allowed {
        violations.append(
          .init(rule: "slot", message: "\(place) serves '\(item.id)', which it does not offer"))
      }
      ingredientFoods = recipe.ingredients.compactMap { foods[$0.food] }
    case .food:
      if !choice.foods.contains(where: { $0.food == item.id }) {
        violations.append(
          .init(rule: "slot", message: "\(place) serves food '\(item.id)', which it does not offer"))
      }
      ingredientFoods = foods[item.id].map { [$0] } ?? []
    }
    violations += checkDietAndAvoid(item, foods: ingredientFoods, place: place)
    let portion = choice.portions ?? week.portions
    let steps = item.servings / portion.step
    if abs(steps - steps.rounded()) > 1e-9 || item.servings < portion.minimum - 1e-9
      || item.servings > portion.maximum + 1e-9
    {
      violations.append(
        .init(rule: "portion", message: "\(place) serves \(item.servings) servings, not an allowed portion"))
    }
    if let lock = week.locks.first(where: { $0.day == day && $0.meal == item.meal }) {
      if lock.recipe != item.id || (lock.servings.map { abs($0 - item.servings) > 1e-9 } ?? false) {
        violations.append(
          .init(rule: "lock", message: "\(place) is locked to '\(lock.recipe)' but serves '\(item.id)'"))
      }
    }
    if let leftover,
      item.leftoverFromDay != day - leftover.daysLater || item.leftoverFromMeal != leftover.from
    {
      violations.append(
        .init(
          rule: "leftover",
          message: "\(place) should be the leftovers of day \(day - leftover.daysLater) \(leftover.from)"))
    }
    return violations
  }

  /// The foods a dish is made of: a recipe's ingredients, or the one food served.
  func ingredientFoods(of item: PlannedMeal) -> [Food] {
    switch item.kind {
    case .recipe: recipes[item.id].map { $0.ingredients.compactMap { foods[$0.food] } } ?? []
    case .food: foods[item.id].map { [$0] } ?? []
    }
  }

  /// Checks a dish against a diet and avoid rules: the plan's, or one household member's.
  func checkDietAndAvoid(
    _ item: PlannedMeal, foods ingredientFoods: [Food], place: String, diet: Set<DietLabel>? = nil,
    avoid: [AvoidRule]? = nil, whose: String = "the plan"
  ) -> [PlanViolation] {
    var violations: [PlanViolation] = []
    for label in (diet ?? week.diet).sorted() {
      let holds: Bool
      if label.isSatisfied(byTags: []) != nil {
        holds =
          !ingredientFoods.isEmpty
          && ingredientFoods.allSatisfy { label.isSatisfied(byTags: $0.tags) == true }
      } else {
        let perServing =
          item.servings > 0 ? nutrients(of: grams(of: item) ?? [:]).mapValues { $0 / item.servings } : [:]
        holds = DietLabel.derive(ingredientTags: ingredientFoods.map(\.tags), perServing: perServing)
          .contains(label)
      }
      if !holds {
        violations.append(
          .init(
            rule: "diet", message: "\(place) serves '\(item.id)', which is not \(label) (\(whose)'s diet)"))
      }
    }
    for rule in avoid ?? week.avoid {
      let hit = ingredientFoods.first { AvoidMatcher.food($0, matches: rule) }
      if let hit {
        violations.append(
          .init(
            rule: "avoid",
            message: "\(place) serves '\(item.id)', which contains '\(hit.id)', which \(whose) avoids"))
      }
    }
    return violations
  }

  /// The days and the seven-day blocks of the plan, with each block's
  /// share of a week.
  var periods: [(label: String, days: ClosedRange<Int>, scale: Double, period: Period)] {
    var periods: [(label: String, days: ClosedRange<Int>, scale: Double, period: Period)] =
      (1...week.days).map { ("day \($0)", $0...$0, 1, .day) }
    for (offset, first) in stride(from: 1, through: week.days, by: 7).enumerated() {
      let last = min(first + 6, week.days)
      periods.append(("week \(offset + 1)", first...last, Double(last - first + 1) / 7, .week))
    }
    return periods
  }

  /// Checks one diner's daily and weekly totals against their goals.
  func checkGoals(_ goals: [NutrientGoal], dayTotals: [Int: [Nutrient: Double]]) -> [PlanViolation] {
    var violations: [PlanViolation] = []
    for period in periods {
      var totals: [Nutrient: Double] = [:]
      for day in period.days { totals.merge(dayTotals[day] ?? [:], uniquingKeysWith: +) }
      for goal in goals where goal.period == period.period {
        let amount: Double
        switch goal.basis {
        case .absolute: amount = totals[goal.nutrient] ?? 0
        case .percentOfEnergy:
          let energy = totals[.energy] ?? 0
          let kcal = (goal.nutrient.definition?.kilocaloriesPerUnit ?? 0) * (totals[goal.nutrient] ?? 0)
          amount = energy > 0 ? kcal / energy : 0
        }
        let scale = goal.basis == .absolute ? period.scale : 1
        if GoalCheck.status(amount, goal.minimum.map { $0 * scale }, goal.maximum.map { $0 * scale })
          == .violated
        {
          violations.append(
            .init(rule: "goal", message: "\(period.label): \(goal.nutrient) is \(amount), outside its goal"))
        }
      }
    }
    return violations
  }

  /// Checks the cost of the table's meals, day by day and week by week,
  /// against the budgets; with purchasing, budgets bound what is paid
  /// (``checkPurchases(_:eaten:)``).
  func checkBudgets(dayCosts: [Int: Double]) -> [PlanViolation] {
    guard week.purchasing == nil else { return [] }
    var violations: [PlanViolation] = []
    for period in periods {
      let spent = period.days.reduce(0) { $0 + (dayCosts[$1] ?? 0) }
      for budget in week.budgets where budget.period == period.period {
        let limit = NSDecimalNumber(decimal: budget.amount).doubleValue * period.scale
        if spent > limit + 1e-6 * max(1, limit) {
          violations.append(
            .init(rule: "budget", message: "\(period.label) costs \(spent), above the budget of \(limit)"))
        }
      }
    }
    return violations
  }

  /// Checks what the plan's grocery list buys against what its meals eat
  /// (``PurchaseCheck``), the budgets against what is paid, and the plan's
  /// cost and the list's total against the recomputed till total.
  func checkPurchases(_ plan: Reading, eaten: [String: [Double]]) -> [PlanViolation] {
    guard let purchasing = week.purchasing else { return [] }
    var violations: [PlanViolation] = []
    var purchases: [Purchase] = []
    for item in plan.groceries?.items ?? [] {
      let offer = foods[item.food]?.offers.first { offer in
        offer.store == item.store && offer.packageGrams == item.packageGrams
          && offer.price == item.packagePrice
          && offer.soldLoose == (item.loose ?? false)
      }
      guard let offer else {
        violations.append(
          .init(rule: "purchase", message: "\(item.food) is bought at an offer the food does not have"))
        continue
      }
      let grams = offer.soldLoose ? item.gramsBought ?? 0 : Double(item.packages) * offer.packageGrams
      purchases.append(Purchase(food: item.food, offer: offer, packages: item.packages, grams: grams))
    }
    let checker = PurchaseCheck(
      purchasing: purchasing, foods: foods, stores: week.stores, days: week.days,
      tolerance: { 1e-6 * max(1, abs($0)) })
    let checked = checker.check(purchases, eaten: eaten)
    violations += checked.violations
    let paid = NSDecimalNumber(decimal: checked.paid).doubleValue
    // Budgets bound what the model counts: loose food unrounded.
    let exact = NSDecimalNumber(decimal: checked.exact).doubleValue
    for budget in week.budgets {
      let amount = NSDecimalNumber(decimal: budget.amount).doubleValue
      let limit = amount * Double(week.days) / (budget.period == .week ? 7 : 1)
      if exact > limit + 1e-6 * max(1, limit) {
        violations.append(
          .init(rule: "budget", message: "the plan pays \(paid) at the till, above its budget of \(limit)"))
      }
    }
    let total = plan.groceries.map { NSDecimalNumber(decimal: $0.total).doubleValue } ?? 0
    if abs(total - paid) > 0.005 {
      violations.append(
        .init(rule: "cost", message: "the shopping list totals \(total) but its purchases cost \(paid)"))
    }
    if purchasing.creditsLeftovers {
      let credit = checker.leftoverCredit(purchases, eaten: eaten)
      let reported = plan.leftoverCredit.map { NSDecimalNumber(decimal: $0).doubleValue }
      if reported == nil || abs((reported ?? 0) - credit) > 0.01 {
        violations.append(
          .init(
            rule: "cost",
            message:
              "the plan credits \(reported.map { "\($0)" } ?? "nothing") for leftovers but they are worth \(credit)"
          ))
      }
    }
    if purchasing.costBasis == .paid, let cost = plan.cost,
      abs(NSDecimalNumber(decimal: cost).doubleValue - paid) > 0.005
    {
      violations.append(.init(rule: "cost", message: "the plan costs \(cost) but pays \(paid) at the till"))
    }
    return violations
  }

  /// Checks the table's dishes against the repetition rules.
  func checkRepetition(_ days: [MealPlanDay]) -> [PlanViolation] {
    var violations: [PlanViolation] = []
    let rules = week.repetition
    var cookedDays: [String: [Int]] = [:]
    var servedDays: [String: [Int]] = [:]
    for day in days {
      let recipesEaten = day.meals.filter { $0.kind == .recipe }
      for meal in recipesEaten where meal.leftoverFromDay == nil {
        cookedDays[meal.id, default: []].append(day.day)
      }
      for meal in recipesEaten { servedDays[meal.id, default: []].append(day.day) }
      if rules.oncePerDay {
        let dishes = recipesEaten.map { meal in
          "\(meal.id)@\(meal.leftoverFromDay ?? day.day),\(meal.leftoverFromMeal ?? meal.meal)"
        }
        for id in Set(recipesEaten.map(\.id)) where Set(dishes.filter { $0.hasPrefix(id + "@") }).count > 1 {
          violations.append(.init(rule: "repeat", message: "'\(id)' is eaten twice on day \(day.day)"))
        }
      }
    }
    for (id, days) in cookedDays.sorted(by: { $0.key < $1.key }) {
      if let limit = rules.maximumPerWeek {
        let counted = rules.counting == .meals ? servedDays[id] ?? days : days
        let verb = rules.counting == .meals ? "served" : "cooked"
        for first in stride(from: 1, through: week.days, by: 7) {
          let count = counted.filter { (first...(first + 6)).contains($0) }.count
          if count > limit {
            violations.append(
              .init(
                rule: "repeat", message: "'\(id)' is \(verb) \(count) times in the week from day \(first)")
            )
          }
        }
      }
      if rules.notOnConsecutiveDays, let day = days.first(where: { days.contains($0 + 1) }) {
        violations.append(.init(rule: "repeat", message: "'\(id)' is cooked on days \(day) and \(day + 1)"))
      }
    }
    return violations
  }

  /// A leftover slot serves the dish its source cooked.
  func checkLeftoverDishes(_ days: [MealPlanDay]) -> [PlanViolation] {
    var violations: [PlanViolation] = []
    for day in days {
      for dish in day.meals {
        guard let sourceDay = dish.leftoverFromDay, let sourceMeal = dish.leftoverFromMeal else { continue }
        let source = days.first { $0.day == sourceDay }?.meals.first { $0.meal == sourceMeal }
        if source?.id != dish.id {
          violations.append(
            PlanViolation(
              rule: "leftover",
              message:
                "day \(day.day) \(dish.meal) serves '\(dish.id)' as leftovers of day \(sourceDay) \(sourceMeal), which cooked something else"
            ))
        }
      }
    }
    return violations
  }
}
