import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

/// The smallest weighted relaxation of a meal plan, checked against an
/// enumeration written here: with every portion one serving and every day
/// alike, each day serves one pair of dishes, and a slack on a daily goal
/// moves every day's bound by the same amount, so the best change is the
/// best pair for every day.
@Suite("Meal plans: the smallest weighted relaxation")
struct MealPlanRelaxationTests {
  /// A dish's protein, fat, energy and cost per serving.
  struct Dish {
    var protein: Double
    var fat: Double
    var energy: Double
    var cost: Double
  }

  /// Every unordered pair of dishes for lunch and dinner.
  static func pairs(_ dishes: [Dish]) -> [(Dish, Dish)] {
    dishes.indices.flatMap { a in dishes.indices.filter { $0 >= a }.map { (dishes[a], dishes[$0]) } }
  }

  @Test("protein on a budget: the relaxation is the pair of dishes with the least weighted change")
  func proteinOnABudget() throws {
    // Rice, beans and steak: protein g and USD per serving (ConflictKitchen).
    let dishes = [
      Dish(protein: 5, fat: 0, energy: 200, cost: 0.5), Dish(protein: 10, fat: 0, energy: 150, cost: 1),
      Dish(protein: 40, fat: 0, energy: 300, cost: 5),
    ]
    // Weights (docs/solver.md): a goal minimum 1 and the budget 1, each over its bound.
    let (goal, budget) = (60.0, 30.0)
    let best = Self.pairs(dishes).map { a, b -> (objective: Double, protein: Double, week: Double) in
      let protein = a.protein + b.protein
      let week = (a.cost + b.cost) * 7
      let objective = max(0, goal - protein) / goal + max(0, week - budget) / budget
      return (objective, protein, week)
    }.min { $0.objective < $1.objective }!
    #expect(best.protein == 45)
    #expect(best.week == 38.5)

    let plan = try ConflictKitchen.planner().solve(ConflictKitchen.proteinOnABudget())
    let explanation = try #require(plan.explanation)
    #expect(explanation.relaxationProven)
    #expect(explanation.relaxation.map(\.line.kind) == [.budget, .goal])
    #expect(
      explanation.relaxation.map { $0.line.source?.description } == ["week.plan:14:3", "week.plan:10:3"])
    #expect(
      explanation.relaxation.map { ($0.reachable! * 100).rounded() / 100 } == [best.week, best.protein])
    #expect(
      explanation.relaxation.map { ($0.relaxation! * 100).rounded() / 100 } == [
        best.week - budget, goal - best.protein,
      ])
    #expect(
      plan.report.explanation.last
        == "all of these together give a plan (verified: planner solved the changed plan; proven the smallest"
        + " weighted change, docs/solver.md): raise the budget to 38.50 USD a week (week.plan:14:3); lower the"
        + " protein goal to at least 45 g a day (week.plan:10:3)")
  }

  @Test("a budget that holds: the goal alone moves, said against the budget")
  func goalAgainstHeldBudget() throws {
    // Protein at least 25 g on 30.00 USD a week: beans twice (20 g, 14.00 USD)
    // is 5 g short within the budget; steak and rice (45 g) is 8.50 USD over.
    let dishes = [
      Dish(protein: 5, fat: 0, energy: 200, cost: 0.5), Dish(protein: 10, fat: 0, energy: 150, cost: 1),
      Dish(protein: 40, fat: 0, energy: 300, cost: 5),
    ]
    let (goal, budget) = (25.0, 30.0)
    let best = Self.pairs(dishes).map { a, b -> (objective: Double, protein: Double, week: Double) in
      let protein = a.protein + b.protein
      let week = (a.cost + b.cost) * 7
      return (max(0, goal - protein) / goal + max(0, week - budget) / budget, protein, week)
    }.min { $0.objective < $1.objective }!
    #expect(best.protein == 20)
    #expect(best.week <= budget)

    let plan = try ConflictKitchen.planner().solve(ConflictKitchen.proteinOnABudget(protein: goal))
    let explanation = try #require(plan.explanation)
    #expect(explanation.relaxation.map(\.line.kind) == [.goal])
    #expect(explanation.relaxation.first?.reachable == best.protein)
    #expect(explanation.relaxation.first?.relaxation == goal - best.protein)
    // The goal alone is the smallest change, and is also what the goal reaches
    // with every other line holding: one change, said to be the smallest.
    #expect(
      plan.report.explanation.last
        == "each of these changes alone gives a plan (each verified: planner solved the changed plan): raise the"
        + " budget to 38.50 USD a week (week.plan:14:3); or lower the protein goal to at least 20 g a day"
        + " (week.plan:10:3) (proven the smallest weighted change)")
  }

  @Test("three goals among ten lines: energy moves, as the weights of a cap and two minimums say")
  func threeOfTen() throws {
    // Chicken, toast and salad (ConflictKitchen.threeOfTen); the snack is an apple.
    let dishes = [
      Dish(protein: 40, fat: 2, energy: 200, cost: 2), Dish(protein: 4, fat: 30, energy: 400, cost: 1),
      Dish(protein: 2, fat: 0, energy: 50, cost: 1),
    ]
    // A maximum weighs 2, a minimum 1, each over its bound.
    let best = Self.pairs(dishes).map { a, b -> (objective: Double, energy: Double) in
      let energy = a.energy + b.energy
      let objective =
        2 * max(0, energy - 500) / 500 + max(0, 40 - a.protein - b.protein) / 40
        + max(0, 30 - a.fat - b.fat) / 30
      return (objective, energy)
    }.min { $0.objective < $1.objective }!
    #expect(best.energy == 600)

    let plan = try ConflictKitchen.planner().solve(ConflictKitchen.threeOfTen())
    let explanation = try #require(plan.explanation)
    #expect(explanation.relaxationProven)
    #expect(explanation.relaxation.map(\.line.statement) == ["energy at most 500 kcal a day"])
    #expect(explanation.relaxation.map(\.reachable) == [best.energy])
    #expect(explanation.relaxation.map(\.side) == [.maximum])
    #expect(
      explanation.relaxation.first?.message
        == "raise the energy goal to at most 600 kcal a day (week.plan:21:3)")
  }

  @Test("the relaxation's flag and lines survive JSON")
  func codable() throws {
    let plan = try ConflictKitchen.planner().solve(ConflictKitchen.proteinOnABudget())
    let explanation = try #require(plan.explanation)
    let data = try JSONEncoder().encode(explanation)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["relaxation_proven"] as? Bool == true)
    #expect(try JSONDecoder().decode(PlanExplanation.self, from: data) == explanation)
  }
}
