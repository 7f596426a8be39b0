import Foundation

/// Re-checks a ``HouseholdPlan`` against its ``HouseholdProblem`` by
/// recomputing everything from the recipes and foods, without the model.
///
/// It checks that every slot a member eats holds one dish, the same for
/// everyone at the table, with a portion for each member who eats it and none
/// for a member who skips it; each portion is allowed; each member's daily and
/// weekly totals are within their own goals and match what the plan reports;
/// every portion a member eats keeps that member's own diet and avoid rules;
/// the household's cost keeps the budgets; diet, avoid, locks, leftovers and
/// repetition hold for the table; and the grocery list buys what is eaten.
package struct HouseholdPlanVerifier: Sendable {
  /// The problem the plans are checked against.
  package let problem: HouseholdProblem
  let week: MealPlanVerifier

  /// Creates a verifier for plans of a problem.
  package init(problem: HouseholdProblem) {
    self.problem = problem
    var shared = problem.meals
    shared.goals = []
    self.week = MealPlanVerifier(problem: shared)
  }

  /// Checks a plan.
  ///
  /// - Parameter plan: a plan with status optimal or feasible (others have nothing to check).
  /// - Returns: every violation found; empty when the plan keeps every rule.
  package func verify(_ plan: HouseholdPlan) -> [PlanViolation] {
    guard plan.hasPlan else { return [] }
    var violations: [PlanViolation] = []
    func fail(_ rule: String, _ message: String) {
      violations.append(PlanViolation(rule: rule, message: message))
    }
    let days = problem.meals.days
    let members = problem.household.members
    guard days >= 1, plan.days.map(\.day) == Array(1...days) else {
      fail("slot", "the plan has days \(plan.days.map(\.day)), not 1...\(days)")
      return violations
    }
    guard plan.members.map(\.id) == members.map(\.id) else {
      fail(
        "member", "the plan's members \(plan.members.map(\.id)) are not the household's \(members.map(\.id))")
      return violations
    }
    var memberTotals: [[Int: [Nutrient: Double]]] = Array(repeating: [:], count: members.count)
    var memberCosts: [[Int: Double]] = Array(repeating: [:], count: members.count)
    var memberMeals: [[Int: [String]]] = Array(repeating: [:], count: members.count)
    var tableCosts: [Int: Double] = [:]
    var eaten: [String: [Double]] = [:]
    var tableDays: [MealPlanDay] = []
    for day in plan.days {
      var tableMeals: [PlannedMeal] = []
      for meal in problem.meals.slots {
        let who = problem.eaters(meal, day: day.day).map { members[$0].id }
        let dishes = day.meals.filter { $0.meal == meal }
        let place = "day \(day.day) \(meal)"
        if who.isEmpty {
          if dishes.contains(where: { !$0.portions.isEmpty }) {
            fail("skip", "\(place) serves portions although nobody eats it")
          }
          if dishes.count > 1 { fail("slot", "\(place) holds \(dishes.count) dishes") }
          if let dish = dishes.first { tableMeals.append(tableMeal(dish, servings: 0)) }
          continue
        }
        guard dishes.count == 1, let dish = dishes.first else {
          fail("slot", "\(place) holds \(dishes.count) dishes instead of one for the table")
          continue
        }
        if dish.portions.map(\.member) != who {
          fail(
            "skip",
            "\(place) serves \(dish.portions.map(\.member)), but \(who) eat it (a member who skips it gets nothing)"
          )
        }
        var total = 0.0
        for portion in dish.portions {
          guard let index = members.firstIndex(where: { $0.id == portion.member }) else { continue }
          let item = tableMeal(dish, servings: portion.servings)
          violations += week.check(item, day: day.day).map {
            PlanViolation(rule: $0.rule, message: "\(members[index].name): \($0.message)")
          }
          let member = members[index]
          if portion.servings > 0, !member.diet.isEmpty || !member.avoid.isEmpty {
            violations += week.checkDietAndAvoid(
              item, foods: week.ingredientFoods(of: item), place: place, diet: member.diet,
              avoid: member.avoid, whose: member.name
            ).map { PlanViolation(rule: $0.rule, message: "\(member.name): \($0.message)") }
          }
          guard let grams = week.grams(of: item) else {
            fail("slot", "\(place) serves unknown '\(dish.id)'")
            continue
          }
          total += portion.servings
          for (nutrient, amount) in week.nutrients(of: grams) {
            memberTotals[index][day.day, default: [:]][nutrient, default: 0] += amount
          }
          let cost = week.cost(of: grams)
          memberCosts[index][day.day, default: 0] += cost
          tableCosts[day.day, default: 0] += cost
          memberMeals[index][day.day, default: []].append("\(meal)=\(dish.id)")
          for (food, amount) in grams {
            eaten[food, default: Array(repeating: 0, count: days)][day.day - 1] += amount
          }
        }
        if abs(total - dish.servings) > 1e-9 {
          fail("total", "\(place) serves \(dish.servings) servings but its portions add up to \(total)")
        }
        tableMeals.append(tableMeal(dish, servings: dish.servings))
      }
      tableDays.append(
        MealPlanDay(day: day.day, meals: tableMeals, cost: day.cost, goals: [], nutrients: [:]))
    }
    violations += checkLeftoverDishes(plan)
    for (index, member) in members.enumerated() {
      var own = problem.meals
      own.goals = member.goals
      own.budgets = []
      let goals = MealPlanVerifier(problem: own).checkGoalsAndBudgets(
        dayTotals: memberTotals[index], dayCosts: [:])
      violations += goals.map { PlanViolation(rule: $0.rule, message: "\(member.name): \($0.message)") }
      let reported = plan.members[index]
      for day in reported.days {
        let listed = day.meals.map { "\($0.meal)=\($0.id)" }
        if listed != (memberMeals[index][day.day] ?? []) {
          fail("member", "\(member.name)'s day \(day.day) lists \(listed), not what the table serves them")
        }
        let energy = memberTotals[index][day.day]?[.energy] ?? 0
        if abs((day.nutrients[Nutrient.energy.name] ?? 0) - energy) > 1e-6 * max(1, energy) {
          fail(
            "total",
            "\(member.name)'s day \(day.day) reports a wrong energy total (\(energy) kcal recomputed)")
        }
      }
      let cost = memberCosts[index].values.reduce(0, +)
      if abs(NSDecimalNumber(decimal: reported.cost).doubleValue - cost) > 0.005 + 1e-9 * cost {
        fail("cost", "\(member.name)'s portions cost \(cost), not \(reported.cost)")
      }
    }
    violations += week.checkGoalsAndBudgets(dayTotals: [:], dayCosts: tableCosts)
    var table = MealPlan(
      status: plan.status, report: plan.report, currency: plan.currency, slots: plan.slots, days: tableDays,
      cost: plan.cost, groceries: plan.groceries)
    table.tieBreak = plan.tieBreak
    table.leftoverCredit = plan.leftoverCredit
    violations += week.checkRepetition(table)
    if problem.meals.purchasing != nil {
      violations += week.checkPurchases(table, eaten: eaten)
    } else if let cost = plan.cost {
      let recomputed = tableCosts.values.reduce(0, +)
      if abs(NSDecimalNumber(decimal: cost).doubleValue - recomputed) > 0.01 {
        fail("cost", "the plan costs \(cost) but its portions cost \(recomputed)")
      }
    }
    return violations
  }

  func tableMeal(_ dish: HouseholdMeal, servings: Double) -> PlannedMeal {
    PlannedMeal(
      meal: dish.meal, kind: dish.kind, id: dish.id, name: dish.name, servings: servings,
      leftoverFromDay: dish.leftoverFromDay, leftoverFromMeal: dish.leftoverFromMeal, cost: dish.cost)
  }

  /// A leftover slot serves the dish its source cooked.
  func checkLeftoverDishes(_ plan: HouseholdPlan) -> [PlanViolation] {
    var violations: [PlanViolation] = []
    for day in plan.days {
      for dish in day.meals {
        guard let sourceDay = dish.leftoverFromDay, let sourceMeal = dish.leftoverFromMeal else { continue }
        if plan.meal(day: sourceDay, sourceMeal)?.id != dish.id {
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
