import Foundation

/// Turns a solution of a ``MealPlanModel`` into a ``MealPlan``: the week grid,
/// costs, totals against goals, and the grocery list.
struct MealPlanAssembler {
  let builder: MealPlanModelBuilder
  let built: MealPlanModel
  var problem: MealPlanProblem { builder.problem }

  /// Money rounded to cents.
  static func money(_ value: Double) -> Decimal {
    var exact = Decimal(value)
    var rounded = Decimal()
    NSDecimalRound(&rounded, &exact, 2, .plain)
    return rounded
  }

  func plan(from values: [Double]) -> MealPlan {
    var days: [MealPlanDay] = []
    var dayNutrients: [Int: [Nutrient: Double]] = [:]
    var dayCost: [Int: Double] = [:]
    var grams: [String: Double] = [:]
    var eaten: [String: [Double]] = [:]
    var servedMeals: [Int: [PlannedMeal]] = [:]
    for slot in built.slots {
      guard let option = slot.options.first(where: { values[$0.pick.index] > 0.5 }) else { continue }
      let profile = builder.candidates[option.candidate].profile
      let servings = option.servings(in: values)
      let cost = (profile.costPerServing ?? 0) * servings
      for (nutrient, amount) in profile.nutrientsPerServing {
        dayNutrients[slot.day, default: [:]][nutrient, default: 0] += amount * servings
      }
      dayCost[slot.day, default: 0] += cost
      for ingredient in profile.recipe.ingredients {
        let amount = ingredient.grams / profile.recipe.servings * servings
        grams[ingredient.food, default: 0] += amount
        eaten[ingredient.food, default: Array(repeating: 0, count: problem.days)][slot.day - 1] += amount
      }
      let source = slot.leftoverOf.map { built.slots[$0] }
      servedMeals[slot.day, default: []].append(
        PlannedMeal(
          meal: slot.meal, kind: option.kind, id: option.id, name: profile.recipe.name, servings: servings,
          leftoverFromDay: source?.day, leftoverFromMeal: source?.meal, cost: Self.money(cost)))
    }
    for day in 1...problem.days {
      let totals = dayNutrients[day] ?? [:]
      days.append(
        MealPlanDay(
          day: day, meals: servedMeals[day] ?? [], cost: Self.money(dayCost[day] ?? 0),
          goals: checks(totals, period: .day, scale: 1), nutrients: Self.named(totals)))
    }
    let weeks = builder.weekBlocks().map { block in
      var totals: [Nutrient: Double] = [:]
      for day in block.days { totals.merge(dayNutrients[day] ?? [:], uniquingKeysWith: +) }
      let cost = block.days.reduce(0) { $0 + (dayCost[$1] ?? 0) }
      return MealPlanWeek(
        week: block.number, firstDay: block.days.lowerBound, lastDay: block.days.upperBound,
        cost: Self.money(cost), goals: checks(totals, period: .week, scale: block.share),
        nutrients: Self.named(totals))
    }
    let foods = Dictionary(problem.foods.map { ($0.id, $0) }) { a, _ in a }
    var groceries = GroceryList(grams: grams, foods: foods, stores: problem.stores)
    var cost = Self.money(dayCost.values.reduce(0, +))
    if let purchasing = problem.purchasing, let purchases = built.purchases(from: values) {
      groceries = GroceryList(
        eaten: eaten, purchases: purchases, purchasing: purchasing, foods: foods, stores: problem.stores)
      if purchasing.costBasis == .paid { cost = groceries.total.rounded(places: 2) }
    }
    var plan = MealPlan(
      status: .optimal, report: SolveReport(termination: .completed), currency: problem.currency,
      slots: problem.slots, days: days,
      weeks: weeks, cost: cost,
      groceries: groceries, tieBreak: problem.tieBreak)
    if problem.purchasing != nil {
      plan.cooking = CookingPlan(plan: plan, recipes: problem.recipes, foods: problem.foods)
    }
    if let purchasing = problem.purchasing, purchasing.creditsLeftovers {
      plan.leftoverCredit = groceries.leftoverCredit(purchasing, foods: foods)
    }
    return plan
  }

  static func named(_ totals: [Nutrient: Double]) -> [String: Double] {
    Dictionary(totals.map { ($0.key.name, $0.value) }) { a, _ in a }
  }

  func checks(_ totals: [Nutrient: Double], period: Period, scale: Double) -> [GoalCheck] {
    Checks(goals: problem.goals).checks(totals, period: period, scale: scale)
  }

  /// Totals against a list of goals (a plan's, or a household member's).
  struct Checks {
    let goals: [NutrientGoal]

    func checks(_ totals: [Nutrient: Double], period: Period, scale: Double) -> [GoalCheck] {
      goals.filter { $0.period == period }.map { goal in
        switch goal.basis {
        case .absolute:
          return GoalCheck(
            nutrient: goal.nutrient, basis: .absolute, period: period, total: totals[goal.nutrient] ?? 0,
            minimum: goal.minimum.map { $0 * scale }, maximum: goal.maximum.map { $0 * scale })
        case .percentOfEnergy:
          let energy = totals[.energy] ?? 0
          let factor = goal.nutrient.definition?.kilocaloriesPerUnit ?? 0
          let share = energy > 0 ? factor * (totals[goal.nutrient] ?? 0) / energy : 0
          return GoalCheck(
            nutrient: goal.nutrient, basis: .percentOfEnergy, period: period, total: share,
            minimum: goal.minimum, maximum: goal.maximum)
        }
      }
    }
  }
}
