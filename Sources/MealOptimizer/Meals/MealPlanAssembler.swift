import Foundation

/// Turns a solution of a week's ``MealPlanModel`` into a ``MealPlan``, one
/// person's or a household's: the table, each
/// diner's week (their portions, cost and totals against their goals), the
/// cost and the grocery list.
///
/// A person is a household of one diner, who eats every slot and whose
/// portion is each option's own servings; a household's members have a
/// portion variable each at the slots they eat (``ModelOption/memberSteps``).
struct MealPlanAssembler {
  let builder: MealPlanModelBuilder
  let model: MealPlanModel
  /// The diners: a household's members, or the one person with the problem's goals.
  let diners: [HouseholdMember]
  /// For each slot of the model, the diners who eat it; `nil` for one
  /// person, who eats every slot.
  let eaters: [[Int]]?
  /// The household's identifier; `nil` for one person.
  let household: String?
  var problem: MealPlanProblem { builder.problem }

  /// An assembler of one person's plans.
  init(builder: MealPlanModelBuilder, built: MealPlanModel) {
    self.builder = builder
    self.model = built
    self.diners = [HouseholdMember(id: "", goals: builder.problem.goals)]
    self.eaters = nil
    self.household = nil
  }

  /// An assembler of a household's plans.
  init(builder: HouseholdModelBuilder, built: HouseholdModelBuilder.Built) {
    self.builder = builder.base
    self.model = built.model
    self.diners = builder.problem.household.members
    self.eaters = built.eaters
    self.household = builder.problem.household.id
  }

  /// Money rounded to cents.
  static func money(_ value: Double) -> Decimal {
    var exact = Decimal(value)
    var rounded = Decimal()
    NSDecimalRound(&rounded, &exact, 2, .plain)
    return rounded
  }

  /// What a solution serves, whoever eats it.
  struct Week {
    /// Each day's dishes with every diner's portion (``PlannedMeal/portions``).
    var table: [MealPlanDay]
    /// Each diner's week.
    var diners: [MemberPlan]
    var cost: Decimal
    var groceries: GroceryList
    var leftoverCredit: Decimal?
  }

  /// The plan a solution gives: one person's (their week), or a
  /// household's (the table and every member's week).
  func plan(from values: [Double]) -> MealPlan {
    let week = week(from: values)
    let report = SolveReport(termination: .completed)
    var plan =
      if let household {
        MealPlan(
          status: .optimal, report: report, currency: problem.currency, household: household,
          slots: problem.slots, table: week.table, members: week.diners, cost: week.cost,
          groceries: week.groceries, tieBreak: problem.tieBreak)
      } else {
        MealPlan(
          status: .optimal, report: report, currency: problem.currency, slots: problem.slots,
          days: week.diners[0].days, weeks: week.diners[0].weeks, cost: week.cost, groceries: week.groceries,
          tieBreak: problem.tieBreak)
      }
    if problem.purchasing != nil {
      plan.cooking = CookingPlan(plan: plan, recipes: problem.recipes, foods: problem.foods)
    }
    plan.leftoverCredit = week.leftoverCredit
    return plan
  }

  func week(from values: [Double]) -> Week {
    var table: [Int: [PlannedMeal]] = [:]
    var tableCost: [Int: Double] = [:]
    var dinerMeals: [[Int: [PlannedMeal]]] = Array(repeating: [:], count: diners.count)
    var dinerNutrients: [[Int: [Nutrient: Double]]] = Array(repeating: [:], count: diners.count)
    var dinerCost: [[Int: Double]] = Array(repeating: [:], count: diners.count)
    var grams: [String: Double] = [:]
    var eaten: [String: [Double]] = [:]
    let slots = model.slots
    for (index, slot) in slots.enumerated() {
      guard let option = slot.options.first(where: { values[$0.pick.index] > 0.5 }) else { continue }
      let profile = builder.candidates[option.candidate].profile
      let source = slot.leftoverOf.map { slots[$0] }
      var portions: [MemberPortion] = []
      var total = 0.0
      for (position, diner) in (eaters?[index] ?? [0]).enumerated() {
        let servings =
          eaters == nil
          ? option.servings(in: values)
          : option.stepSize * values[option.memberSteps[position].index].rounded()
        let cost = (profile.costPerServing ?? 0) * servings
        portions.append(MemberPortion(member: diners[diner].id, servings: servings))
        total += servings
        dinerCost[diner][slot.day, default: 0] += cost
        for (nutrient, amount) in profile.nutrientsPerServing {
          dinerNutrients[diner][slot.day, default: [:]][nutrient, default: 0] += amount * servings
        }
        dinerMeals[diner][slot.day, default: []].append(
          PlannedMeal(
            meal: slot.meal, kind: option.kind, id: option.id, name: profile.recipe.name, servings: servings,
            leftoverFromDay: source?.day, leftoverFromMeal: source?.meal, cost: Self.money(cost)))
      }
      let cost = (profile.costPerServing ?? 0) * total
      tableCost[slot.day, default: 0] += cost
      for ingredient in profile.recipe.ingredients {
        let amount = ingredient.grams / profile.recipe.servings * total
        grams[ingredient.food, default: 0] += amount
        eaten[ingredient.food, default: Array(repeating: 0, count: problem.days)][slot.day - 1] += amount
      }
      table[slot.day, default: []].append(
        PlannedMeal(
          meal: slot.meal, kind: option.kind, id: option.id, name: profile.recipe.name, servings: total,
          portions: portions, leftoverFromDay: source?.day, leftoverFromMeal: source?.meal,
          cost: Self.money(cost)))
    }
    let days = (1...problem.days).map { day in
      MealPlanDay(
        day: day, meals: table[day] ?? [], cost: Self.money(tableCost[day] ?? 0), goals: [], nutrients: [:])
    }
    let weeks = diners.enumerated().map { index, diner in
      let checks = Checks(goals: diner.goals)
      let days = (1...problem.days).map { day in
        let totals = dinerNutrients[index][day] ?? [:]
        return MealPlanDay(
          day: day, meals: dinerMeals[index][day] ?? [], cost: Self.money(dinerCost[index][day] ?? 0),
          goals: checks.checks(totals, period: .day, scale: 1), nutrients: Self.named(totals))
      }
      let weeks = builder.weekBlocks().map { block in
        var totals: [Nutrient: Double] = [:]
        for day in block.days { totals.merge(dinerNutrients[index][day] ?? [:], uniquingKeysWith: +) }
        let cost = block.days.reduce(0) { $0 + (dinerCost[index][$1] ?? 0) }
        return MealPlanWeek(
          week: block.number, firstDay: block.days.lowerBound, lastDay: block.days.upperBound,
          cost: Self.money(cost), goals: checks.checks(totals, period: .week, scale: block.share),
          nutrients: Self.named(totals))
      }
      return MemberPlan(
        id: diner.id, name: diner.name, goals: diner.goals, profile: diner.profile, days: days, weeks: weeks,
        cost: Self.money(dinerCost[index].values.reduce(0, +)))
    }
    let foods = Dictionary(problem.foods.map { ($0.id, $0) }) { a, _ in a }
    var groceries = GroceryList(grams: grams, foods: foods, stores: problem.stores)
    var cost = Self.money(tableCost.values.reduce(0, +))
    var credit: Decimal?
    if let purchasing = problem.purchasing, let purchases = model.purchases(from: values) {
      groceries = GroceryList(
        eaten: eaten, purchases: purchases, purchasing: purchasing, foods: foods, stores: problem.stores)
      if purchasing.costBasis == .paid { cost = groceries.total.rounded(places: 2) }
    }
    if let purchasing = problem.purchasing, purchasing.creditsLeftovers {
      credit = groceries.leftoverCredit(purchasing, foods: foods)
    }
    return Week(table: days, diners: weeks, cost: cost, groceries: groceries, leftoverCredit: credit)
  }

  static func named(_ totals: [Nutrient: Double]) -> [String: Double] {
    Dictionary(totals.map { ($0.key.name, $0.value) }) { a, _ in a }
  }

  /// Totals against a list of goals (a person's, or a household member's).
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
