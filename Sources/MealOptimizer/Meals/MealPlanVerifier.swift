import Foundation

/// Re-checks a ``MealPlan``, one person's or a household's, against its
/// problem by recomputing everything from the recipes and foods, without the
/// model builder's coefficients.
///
/// A person's plan is checked as a household of one member, who eats every
/// slot and has the plan's goals. It checks that every slot a diner eats
/// holds one allowed dish, the same for everyone at the table, with a portion
/// for each diner who eats it and none for a member who skips it; each
/// portion is allowed; each diner's daily and weekly totals are within their
/// own goals and match what the plan reports; every portion keeps the plan's
/// diet and avoid rules and the diner's own; the cost keeps the budgets;
/// locks, leftovers and repetition hold for the table; and the grocery list
/// buys what is eaten (``PurchaseCheck``) and costs what the plan says.
package struct MealPlanVerifier: Sendable {
  /// The problem the plans are checked against: a household's, or one
  /// person's as a household of one.
  package let problem: HouseholdProblem
  /// Whether the diners are a household's members, named in messages; a
  /// person's plan names nobody.
  let namesMembers: Bool
  let foods: [String: Food]
  let recipes: [String: Recipe]
  /// The shared week.
  var week: MealPlanProblem { problem.meals }

  /// Creates a verifier for one person's plans: a household of one member
  /// with the problem's goals, who eats every slot.
  package init(problem: MealPlanProblem) {
    let person = HouseholdMember(id: "", goals: problem.goals)
    self.init(
      problem: HouseholdProblem(meals: problem, household: Household(id: "", members: [person])),
      namesMembers: false)
  }

  /// Creates a verifier for a household's plans.
  package init(problem: HouseholdProblem) {
    self.init(problem: problem, namesMembers: true)
  }

  init(problem: HouseholdProblem, namesMembers: Bool) {
    self.problem = problem
    self.namesMembers = namesMembers
    self.foods = Dictionary(problem.meals.foods.map { ($0.id, $0) }) { a, _ in a }
    self.recipes = Dictionary(problem.meals.recipes.map { ($0.id, $0) }) { a, _ in a }
  }

  /// A plan as the verifier reads it, whoever eats it: the table and what
  /// the plan reports of each diner.
  struct Reading {
    /// Each day's dishes with each diner's portion (``PlannedMeal/portions``).
    var days: [MealPlanDay]
    /// Each diner's days as the plan reports them: a member's own week, or
    /// a person's plan's days (the table's).
    var dinerDays: [[MealPlanDay]]
    /// What each diner's portions cost as the plan reports it; `nil` for a
    /// person, whose cost is the plan's.
    var dinerCosts: [Decimal]?
    var cost: Decimal?
    var groceries: GroceryList?
    var leftoverCredit: Decimal?
  }

  /// Checks a plan: one person's, when the verifier is for one person's
  /// week; a household's, with every member's week, when it is for a
  /// household's.
  ///
  /// - Parameter plan: a plan with status optimal or feasible (others have nothing to check).
  /// - Returns: every violation found; empty when the plan keeps every rule.
  /// - Complexity: O(days × slots × diners × ingredients × nutrients).
  package func verify(_ plan: MealPlan) -> [PlanViolation] {
    guard plan.hasPlan else { return [] }
    guard namesMembers else {
      guard plan.members == nil else {
        return [PlanViolation(rule: "member", message: "a household's plan for one person's week")]
      }
      // One person: the table is their plate, every dish their portion.
      let diner = problem.household.members.first?.id ?? ""
      let days = plan.days.map { day in
        var table = day
        for index in table.meals.indices {
          table.meals[index].portions = [MemberPortion(member: diner, servings: table.meals[index].servings)]
        }
        return table
      }
      return verify(
        Reading(
          days: days, dinerDays: [plan.days], dinerCosts: nil, cost: plan.cost, groceries: plan.groceries,
          leftoverCredit: plan.leftoverCredit))
    }
    let members = problem.household.members
    guard let planned = plan.members, planned.map(\.id) == members.map(\.id) else {
      return [
        PlanViolation(
          rule: "member",
          message:
            "the plan's members \(plan.members?.map(\.id) ?? []) are not the household's \(members.map(\.id))"
        )
      ]
    }
    return verify(
      Reading(
        days: plan.days, dinerDays: planned.map(\.days), dinerCosts: planned.map(\.cost),
        cost: plan.cost, groceries: plan.groceries, leftoverCredit: plan.leftoverCredit))
  }

  /// Grams of each food in a slot's servings, from the recipe or food serving itself.
  func grams(of meal: PlannedMeal) -> [String: Double]? {
    switch meal.kind {
    case .recipe:
      guard let recipe = recipes[meal.id], recipe.servings > 0 else { return nil }
      var grams: [String: Double] = [:]
      for ingredient in recipe.ingredients {
        grams[ingredient.food, default: 0] += ingredient.grams * meal.servings / recipe.servings
      }
      return grams
    case .food:
      let serving = week.slotChoices[meal.meal]?.foods.first { $0.food == meal.id }
      return serving.map { [meal.id: $0.grams * meal.servings] }
    }
  }

  func nutrients(of grams: [String: Double]) -> [Nutrient: Double] {
    var totals: [Nutrient: Double] = [:]
    for (id, amount) in grams {
      for (nutrient, per100) in foods[id]?.nutrientsPer100g ?? [:] {
        totals[nutrient, default: 0] += per100 / 100 * amount
      }
    }
    return totals
  }

  func cost(of grams: [String: Double]) -> Double {
    grams.reduce(0) { sum, entry in
      let perGram = foods[entry.key]?.offers.filter { $0.packageGrams > 0 }.map(\.pricePerGram).min() ?? 0
      return sum + perGram * entry.value
    }
  }

  /// A diner's portion of a dish, as a meal of its own.
  func portion(_ dish: PlannedMeal, servings: Double) -> PlannedMeal {
    PlannedMeal(
      meal: dish.meal, kind: dish.kind, id: dish.id, name: dish.name, servings: servings,
      leftoverFromDay: dish.leftoverFromDay, leftoverFromMeal: dish.leftoverFromMeal, cost: dish.cost)
  }

  /// What a diner's message starts with: their name, or nothing for one person.
  func whose(_ member: HouseholdMember) -> String { namesMembers ? "\(member.name): " : "" }

  func verify(_ plan: Reading) -> [PlanViolation] {
    var violations: [PlanViolation] = []
    func fail(_ rule: String, _ message: String) {
      violations.append(PlanViolation(rule: rule, message: message))
    }
    let days = week.days
    let members = problem.household.members
    guard days >= 1, plan.days.map(\.day) == Array(1...days) else {
      fail("slot", "the plan has days \(plan.days.map(\.day)), not 1...\(days)")
      return violations
    }
    var dinerTotals: [[Int: [Nutrient: Double]]] = Array(repeating: [:], count: members.count)
    var dinerCosts: [[Int: Double]] = Array(repeating: [:], count: members.count)
    var dinerMeals: [[Int: [String]]] = Array(repeating: [:], count: members.count)
    var tableCosts: [Int: Double] = [:]
    var eaten: [String: [Double]] = [:]
    for day in plan.days {
      for meal in week.slots {
        let who = problem.eaters(meal, day: day.day).map { members[$0].id }
        let dishes = day.meals.filter { $0.meal == meal }
        let place = "day \(day.day) \(meal)"
        if who.isEmpty {
          if dishes.contains(where: { !($0.portions ?? []).isEmpty }) {
            fail("skip", "\(place) serves portions although nobody eats it")
          }
          if dishes.count > 1 { fail("slot", "\(place) holds \(dishes.count) dishes") }
          continue
        }
        guard dishes.count == 1, let dish = dishes.first else {
          let table = namesMembers ? " for the table" : ""
          fail("slot", "\(place) holds \(dishes.count) dishes instead of one\(table)")
          continue
        }
        let portions = dish.portions ?? []
        if portions.map(\.member) != who {
          fail(
            "skip",
            "\(place) serves \(portions.map(\.member)), but \(who) eat it (a member who skips it gets nothing)"
          )
        }
        var total = 0.0
        for portion in portions {
          guard let index = members.firstIndex(where: { $0.id == portion.member }) else { continue }
          let member = members[index]
          let item = self.portion(dish, servings: portion.servings)
          violations += check(item, day: day.day).map {
            PlanViolation(rule: $0.rule, message: whose(member) + $0.message)
          }
          if portion.servings > 0, !member.diet.isEmpty || !member.avoid.isEmpty {
            violations += checkDietAndAvoid(
              item, foods: ingredientFoods(of: item), place: place, diet: member.diet, avoid: member.avoid,
              whose: member.name
            ).map { PlanViolation(rule: $0.rule, message: whose(member) + $0.message) }
          }
          guard let grams = grams(of: item) else {
            fail("slot", "\(place) serves unknown '\(dish.id)'")
            continue
          }
          total += portion.servings
          for (nutrient, amount) in nutrients(of: grams) {
            dinerTotals[index][day.day, default: [:]][nutrient, default: 0] += amount
          }
          let cost = cost(of: grams)
          dinerCosts[index][day.day, default: 0] += cost
          tableCosts[day.day, default: 0] += cost
          dinerMeals[index][day.day, default: []].append("\(meal)=\(dish.id)")
          for (food, amount) in grams {
            eaten[food, default: Array(repeating: 0, count: days)][day.day - 1] += amount
          }
        }
        if abs(total - dish.servings) > 1e-9 {
          fail("total", "\(place) serves \(dish.servings) servings but its portions add up to \(total)")
        }
      }
    }
    violations += checkLeftoverDishes(plan.days)
    for (index, member) in members.enumerated() {
      violations += checkGoals(member.goals, dayTotals: dinerTotals[index]).map {
        PlanViolation(rule: $0.rule, message: whose(member) + $0.message)
      }
      for day in plan.dinerDays[index] {
        let energy = dinerTotals[index][day.day]?[.energy] ?? 0
        let reported = day.nutrients[Nutrient.energy.name] ?? 0
        if abs(reported - energy) > 1e-6 * max(1, energy) {
          fail(
            "total",
            namesMembers
              ? "\(member.name)'s day \(day.day) reports a wrong energy total (\(energy) kcal recomputed)"
              : "day \(day.day) reports \(reported) kcal but its meals hold \(energy) kcal")
        }
        // A person's days are the table's; a member's are their own list.
        guard namesMembers else { continue }
        let listed = day.meals.map { "\($0.meal)=\($0.id)" }
        if listed != (dinerMeals[index][day.day] ?? []) {
          fail("member", "\(member.name)'s day \(day.day) lists \(listed), not what the table serves them")
        }
      }
      if let reported = plan.dinerCosts?[index] {
        let cost = dinerCosts[index].values.reduce(0, +)
        if abs(NSDecimalNumber(decimal: reported).doubleValue - cost) > 0.005 + 1e-9 * cost {
          fail("cost", "\(member.name)'s portions cost \(cost), not \(reported)")
        }
      }
    }
    violations += checkBudgets(dayCosts: tableCosts)
    violations += checkRepetition(plan.days)
    if week.purchasing != nil {
      violations += checkPurchases(plan, eaten: eaten)
    } else if let cost = plan.cost {
      let recomputed = tableCosts.values.reduce(0, +)
      if abs(NSDecimalNumber(decimal: cost).doubleValue - recomputed) > 0.01 {
        fail("cost", "the plan costs \(cost) but its portions cost \(recomputed)")
      }
    }
    return violations
  }
}
