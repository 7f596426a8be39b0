import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

/// Every claim of an infeasible week's explanation, checked from outside:
/// the conflict is irreducible, each change printed gives a plan, and the
/// cheapest figure is the cheapest a brute force finds.
@Suite("An infeasible week's explanation says only what holds")
struct VerifiedExplanationTests {
  /// The problem with a line of the explanation left out, by its kind and
  /// index as ``PlanLine`` documents them, written here apart from the
  /// planner's own code.
  static func dropping(_ line: PlanLine, from problem: MealPlanProblem) -> MealPlanProblem {
    var copy = problem
    switch line.kind {
    case .budget: copy.budgets.remove(at: line.index)
    case .goal: copy.goals.remove(at: line.index)
    case .diet: copy.diet.remove(problem.diet.sorted { $0.rawValue < $1.rawValue }[line.index])
    case .avoid: copy.avoid.remove(at: line.index)
    case .lock: copy.locks.remove(at: line.index)
    case .leftovers: copy.leftovers.remove(at: line.index)
    case .repetition:
      switch line.index {
      case 0: copy.repetition.maximumPerWeek = nil
      case 1: copy.repetition.oncePerDay = false
      default: copy.repetition.notOnConsecutiveDays = false
      }
    case .foodLimit, .groupLimit: Issue.record("a meal plan has no \(line.kind) lines")
    }
    return copy
  }

  /// The problem with a change applied: each move's bound set to its `reachable`, each drop left out.
  static func applying(_ change: PlanChange, to problem: MealPlanProblem) throws -> MealPlanProblem {
    var copy = problem
    for move in change.moves {
      let value = try #require(move.reachable)
      switch (move.line.kind, move.side) {
      case (.budget, _):
        copy.budgets[move.line.index].amount = Decimal(string: String(format: "%.2f", value))!
      case (.goal, .minimum): copy.goals[move.line.index].minimum = value
      case (.goal, .maximum): copy.goals[move.line.index].maximum = value
      case (.repetition, _): copy.repetition.maximumPerWeek = Int(value)
      default: Issue.record("unexpected move \(move.line.kind)")
      }
    }
    for drop in change.drops.sorted(by: { $0.index > $1.index }) { copy = dropping(drop, from: copy) }
    return copy
  }

  /// Only the lines of the conflict kept, with everything that is not a line.
  static func keepingOnly(_ conflict: [PlanLine], of problem: MealPlanProblem) -> MealPlanProblem {
    var copy = problem
    let all = MealPlanLines(problem).lines.map(\.line)
    // Drop from the back of each list so that the indices of the rest stay put.
    for line in all.reversed() where !conflict.contains(line) { copy = dropping(line, from: copy) }
    return copy
  }

  @Test("protein against the budget: the pair is irreducible, and each change printed solves")
  func proteinAgainstBudget() throws {
    let problem = ConflictKitchen.proteinOnABudget()
    let planner = ConflictKitchen.planner()
    let plan = try planner.solve(problem)
    #expect(plan.status == .infeasible)
    let explanation = try #require(plan.explanation)
    #expect(explanation.conflictsProven)
    let conflict = explanation.conflicts.map(\.line)
    #expect(conflict.map(\.kind) == [.budget, .goal])
    // Irreducible: the pair alone has no plan; without either one it has.
    #expect(try planner.solve(Self.keepingOnly(conflict, of: problem)).status == .infeasible)
    for line in conflict {
      let rest = Self.keepingOnly(conflict.filter { $0 != line }, of: problem)
      #expect(try planner.solve(rest).status.hasPlan, "without \(line.statement)")
    }
    #expect(explanation.background == ["the recipes and their portions", "the 7 days of 2 meals"])
    // Each change printed, applied by hand, gives a plan that the planner's verifier accepts.
    #expect(!explanation.changes.isEmpty)
    for change in explanation.changes {
      #expect(change.claim == .verified)
      #expect(try planner.solve(Self.applying(change, to: problem)).status.hasPlan, "\(change.message)")
    }
    #expect(
      explanation.changes.map(\.message) == [
        "raise the budget to 70.00 USD a week (week.plan:14:3)",
        "lower the protein goal to at least 20 g a day (week.plan:10:3)",
        "raise the budget to 38.50 USD a week (week.plan:14:3); lower the protein goal to at least 45 g a day"
          + " (week.plan:10:3)",
      ])
    #expect(explanation.changes.map(\.smallest) == [nil, nil, .proven])
    #expect(
      plan.report.explanation.contains(
        "each of these changes alone gives a plan (each verified: planner solved the changed plan): raise the"
          + " budget to 70.00 USD a week (week.plan:14:3); or lower the protein goal to at least 20 g a day"
          + " (week.plan:10:3)"))
  }

  @Test("the cheapest week without the budget is the brute force's, and called found, with its bound")
  func cheapestWithoutBudget() throws {
    let problem = ConflictKitchen.proteinOnABudget()
    let plan = try ConflictKitchen.planner().solve(problem)
    let figures = try #require(plan.explanation?.withoutBudgets)
    // Brute force: each day on its own (no weekly line but the budget), every
    // choice of one recipe for each of the two slots.
    var cheapestDay = Double.infinity
    for lunch in problem.foods {
      for dinner in problem.foods {
        let chosen = [lunch, dinner]
        let total = { (n: Nutrient) in chosen.reduce(0) { $0 + ($1.nutrientsPer100g[n] ?? 0) } }
        guard total(.protein) >= 60, total(.energy) <= 5000, total(.sodium) <= 2300 else { continue }
        let cost = chosen.reduce(0.0) { $0 + NSDecimalNumber(decimal: $1.offers[0].price).doubleValue }
        cheapestDay = min(cheapestDay, cost)
      }
    }
    #expect(cheapestDay == 10)
    #expect(figures.found == cheapestDay * 7)
    #expect(figures.provenBound.map { $0 <= figures.found + 1e-9 } == true)
    #expect(
      plan.report.explanation.first
        == "the cheapest plan found in 10 s that meets every other line costs 70.00 USD for 7 days (10.00 per"
        + " day, 70.00 per week), above the budget of 30.00 USD per week (at week.plan:14:3); it is proven"
        + " the cheapest such plan")
  }

  @Test("three goals among ten lines: irreducible, and every change printed solves")
  func threeOfTen() throws {
    let problem = ConflictKitchen.threeOfTen()
    let planner = ConflictKitchen.planner()
    let plan = try planner.solve(problem)
    let explanation = try #require(plan.explanation)
    #expect(explanation.conflictsProven)
    let conflict = explanation.conflicts.map(\.line)
    #expect(try planner.solve(Self.keepingOnly(conflict, of: problem)).status == .infeasible)
    for line in conflict {
      #expect(
        try planner.solve(Self.keepingOnly(conflict.filter { $0 != line }, of: problem)).status.hasPlan,
        "without \(line.statement)")
    }
    #expect(explanation.changes.count >= 3)
    for change in explanation.changes {
      #expect(try planner.solve(Self.applying(change, to: problem)).status.hasPlan, "\(change.message)")
    }
  }
}
