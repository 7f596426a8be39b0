import Foundation

/// Turns a solution of a household model into a ``HouseholdPlan``: the
/// table, each member's week, the cost and the grocery list.
struct HouseholdAssembler {
  let builder: HouseholdModelBuilder
  let built: HouseholdModelBuilder.Built
  var problem: HouseholdProblem { builder.problem }
  var base: MealPlanModelBuilder { builder.base }

  func plan(from values: [Double]) -> HouseholdPlan {
    let week = problem.meals
    let members = problem.household.members
    var table: [Int: [HouseholdMeal]] = [:]
    var tableCost: [Int: Double] = [:]
    var memberMeals: [[Int: [PlannedMeal]]] = Array(repeating: [:], count: members.count)
    var memberNutrients: [[Int: [Nutrient: Double]]] = Array(repeating: [:], count: members.count)
    var memberCost: [[Int: Double]] = Array(repeating: [:], count: members.count)
    var grams: [String: Double] = [:]
    var eaten: [String: [Double]] = [:]
    let slots = built.model.slots
    for (slot, who) in zip(slots, built.eaters) {
      guard let option = slot.options.first(where: { values[$0.pick.index] > 0.5 }) else { continue }
      let profile = base.candidates[option.candidate].profile
      let source = slot.leftoverOf.map { slots[$0] }
      var portions: [MemberPortion] = []
      var total = 0.0
      for (position, member) in who.enumerated() {
        let servings = option.stepSize * values[option.memberSteps[position].index].rounded()
        let cost = (profile.costPerServing ?? 0) * servings
        portions.append(MemberPortion(member: members[member].id, servings: servings))
        total += servings
        memberCost[member][slot.day, default: 0] += cost
        for (nutrient, amount) in profile.nutrientsPerServing {
          memberNutrients[member][slot.day, default: [:]][nutrient, default: 0] += amount * servings
        }
        memberMeals[member][slot.day, default: []].append(
          PlannedMeal(
            meal: slot.meal, kind: option.kind, id: option.id, name: profile.recipe.name, servings: servings,
            leftoverFromDay: source?.day, leftoverFromMeal: source?.meal, cost: MealPlanAssembler.money(cost))
        )
      }
      let cost = (profile.costPerServing ?? 0) * total
      tableCost[slot.day, default: 0] += cost
      for ingredient in profile.recipe.ingredients {
        let amount = ingredient.grams / profile.recipe.servings * total
        grams[ingredient.food, default: 0] += amount
        eaten[ingredient.food, default: Array(repeating: 0, count: week.days)][slot.day - 1] += amount
      }
      table[slot.day, default: []].append(
        HouseholdMeal(
          meal: slot.meal, kind: option.kind, id: option.id, name: profile.recipe.name, servings: total,
          portions: portions, leftoverFromDay: source?.day, leftoverFromMeal: source?.meal,
          cost: MealPlanAssembler.money(cost)))
    }
    let days = (1...week.days).map { day in
      HouseholdDay(day: day, meals: table[day] ?? [], cost: MealPlanAssembler.money(tableCost[day] ?? 0))
    }
    let memberPlans = members.enumerated().map { index, person in
      let checks = MealPlanAssembler.Checks(goals: person.goals)
      let days = (1...week.days).map { day in
        let totals = memberNutrients[index][day] ?? [:]
        return MealPlanDay(
          day: day, meals: memberMeals[index][day] ?? [],
          cost: MealPlanAssembler.money(memberCost[index][day] ?? 0),
          goals: checks.checks(totals, period: .day, scale: 1), nutrients: MealPlanAssembler.named(totals))
      }
      let weeks = base.weekBlocks().map { block in
        var totals: [Nutrient: Double] = [:]
        for day in block.days { totals.merge(memberNutrients[index][day] ?? [:], uniquingKeysWith: +) }
        let cost = block.days.reduce(0) { $0 + (memberCost[index][$1] ?? 0) }
        return MealPlanWeek(
          week: block.number, firstDay: block.days.lowerBound, lastDay: block.days.upperBound,
          cost: MealPlanAssembler.money(cost),
          goals: checks.checks(totals, period: .week, scale: block.share),
          nutrients: MealPlanAssembler.named(totals))
      }
      return MemberPlan(
        id: person.id, name: person.name, goals: person.goals, profile: person.profile, days: days,
        weeks: weeks,
        cost: MealPlanAssembler.money(memberCost[index].values.reduce(0, +)))
    }
    let foods = Dictionary(week.foods.map { ($0.id, $0) }) { a, _ in a }
    var groceries = GroceryList(grams: grams, foods: foods, stores: week.stores)
    var cost = MealPlanAssembler.money(tableCost.values.reduce(0, +))
    if let purchasing = week.purchasing, let purchases = built.model.purchases(from: values) {
      groceries = GroceryList(
        eaten: eaten, purchases: purchases, purchasing: purchasing, foods: foods, stores: week.stores)
      if purchasing.costBasis == .paid { cost = groceries.total.rounded(places: 2) }
    }
    var plan = HouseholdPlan(
      status: .optimal, report: SolveReport(termination: .completed), currency: week.currency,
      household: problem.household.id, slots: week.slots, days: days, members: memberPlans, cost: cost,
      groceries: groceries, tieBreak: week.tieBreak)
    if let purchasing = week.purchasing {
      plan.cooking = CookingPlan(household: plan, recipes: week.recipes, foods: week.foods)
      if purchasing.creditsLeftovers {
        plan.leftoverCredit = groceries.leftoverCredit(purchasing, foods: foods)
      }
    }
    return plan
  }
}
