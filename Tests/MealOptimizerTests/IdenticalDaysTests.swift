import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

/// Interchangeable days solved as one day (``DietProblem/identicalDay``),
/// checked against the whole model on problems worked out by hand.
@Suite("Identical days solved as one day")
struct IdenticalDaysTests {
  /// Two foods over 7 days: `a` (1.00 per 100 g, 10 g protein) and `b`
  /// (3.00 per 100 g, 5 g protein and 10 g fiber); protein at least 20 g a
  /// day, fiber at least 210 g over the week, `b` at most 2,800 g over the
  /// week and 450 g a day.
  ///
  /// By hand: fiber needs 2,100 g of `b` (300 g a day on average), which
  /// leaves 5 g of protein a day to `a` (50 g); a costs 0.10 per gram of
  /// protein and b 0.60, so no more b than fiber needs. The week costs 7 ×
  /// (0.50 + 9.00) = 66.50. Protein's marginal cost is a's 0.10 per gram;
  /// fiber's is b's price less its protein's worth: (0.03 − 0.05 × 0.10) /
  /// 0.1 = 0.25 per gram.
  static func weekWithWeeklyMinimum() -> DietProblem {
    let a = Food(
      id: "a", name: "A", nutrientsPer100g: [.energy: 100, .protein: 10],
      offers: [Offer(price: 1, packageGrams: 100)])
    let b = Food(
      id: "b", name: "B", nutrientsPer100g: [.energy: 100, .protein: 5, .fiber: 10],
      offers: [Offer(price: 3, packageGrams: 100)])
    return DietProblem(
      foods: [a, b], days: 7,
      goals: [NutrientGoal(.protein, minimum: 20), NutrientGoal(.fiber, minimum: 210, period: .week)],
      foodLimits: [FoodLimit(food: "b", maximumGrams: 450)],
      groupLimits: [FoodGroupLimit("b_week", foods: ["b"], maximum: 2800, period: .week)])
  }

  static func solve(_ problem: DietProblem, aggregating: Bool) throws -> DietPlan {
    var planner = DietPlanner()
    planner.aggregatesIdenticalDays = aggregating
    return try planner.solve(problem)
  }

  @Test("a weekly minimum: both paths find 66.50, the one-day path eats 50 g of a and 300 g of b each day")
  func weeklyMinimum() throws {
    let problem = Self.weekWithWeeklyMinimum()
    let day = try #require(problem.identicalDay)
    #expect(day.days == 1)
    #expect(day.goals[1].minimum == 30)
    #expect(day.groupLimits.isEmpty)
    #expect(day.foodLimits.contains(FoodLimit(food: "b", maximumGrams: 400)))
    let aggregated = try Self.solve(problem, aggregating: true)
    let whole = try Self.solve(problem, aggregating: false)
    for plan in [aggregated, whole] {
      #expect(plan.status == .optimal)
      let cost = try #require(plan.exactCost)
      #expect(abs(cost - 66.5) <= 1e-9, "cost \(cost)")
      #expect(abs((plan.objectiveValue ?? 0) - 66.5) <= 1e-9)
      // Protein binds every day at 0.10 per gram; the weekly fiber goal at 0.25.
      for day in plan.days {
        let protein = try #require(day.goals.first { $0.nutrient == .protein }?.marginalCost)
        #expect(abs(protein - 0.1) <= 1e-9, "day \(day.day): \(protein)")
      }
      let fiber = try #require(plan.weeklyGoals.first?.marginalCost)
      #expect(abs(fiber - 0.25) <= 1e-9, "fiber \(fiber)")
    }
    #expect(aggregated.days.count == 7)
    for day in aggregated.days {
      let grams = Dictionary(uniqueKeysWithValues: day.foods.map { ($0.food, $0.grams) })
      #expect(abs((grams["a"] ?? 0) - 50) <= 1e-9 && abs((grams["b"] ?? 0) - 300) <= 1e-9, "\(grams)")
    }
  }

  @Test("a weekly maximum that binds: the day's bound is the week's over 7, and both paths agree")
  func weeklyMaximum() throws {
    var problem = Self.weekWithWeeklyMinimum()
    // At most 1,400 g of b in the week: fiber needs 2,100 g, so no plan.
    problem.groupLimits[0].maximum = 1400
    #expect(try Self.solve(problem, aggregating: true).status == .infeasible)
    #expect(try Self.solve(problem, aggregating: false).status == .infeasible)
    // At least 560 g of a in the week (80 g a day on average) raises the
    // optimum by 7 × 30 g × 0.01 = 2.10 to 68.60: b's 300 g a day are
    // fiber's, and protein is then above its minimum. At most 2,800 g of a
    // and b together (400 g a day) leaves room for their 380 g.
    problem.groupLimits = [
      FoodGroupLimit("a_week", foods: ["a"], minimum: 560, period: .week),
      FoodGroupLimit("a_b", foods: ["a", "b"], maximum: 2800, period: .week),
    ]
    for aggregating in [true, false] {
      let plan = try Self.solve(problem, aggregating: aggregating)
      #expect(plan.status == .optimal)
      #expect(abs((plan.exactCost ?? 0) - 68.6) <= 1e-9, "aggregating \(aggregating): \(plan.exactCost ?? 0)")
    }
  }

  @Test("days that may differ are not aggregated: whole servings, purchases, one day, contradicting limits")
  func notAggregated() throws {
    let problem = Self.weekWithWeeklyMinimum()
    var whole = problem
    whole.wholeServings = ["a"]
    #expect(whole.identicalDay == nil)
    var buying = problem
    buying.purchasing = Purchasing(pantry: [PantryStock(food: "b", grams: 500, lastDay: 2)])
    #expect(buying.identicalDay == nil)
    var oneDay = problem
    oneDay.days = 1
    #expect(oneDay.identicalDay == nil)
    // At most 100 g of b a day but at least 1,400 g in the week: as a
    // bound on the day these contradict (200 g > 100 g), so the whole model
    // says why there is no plan.
    var contradicting = problem
    contradicting.foodLimits = [FoodLimit(food: "b", maximumGrams: 100)]
    contradicting.groupLimits = [FoodGroupLimit("b_week", foods: ["b"], minimum: 1400, period: .week)]
    #expect(contradicting.identicalDay == nil)
    let plan = try Self.solve(contradicting, aggregating: true)
    #expect(plan.status == .infeasible)
  }

  @Test("a plan with a pantry is solved on the whole model, and its days can differ")
  func pantryDaysDiffer() throws {
    var problem = Self.weekWithWeeklyMinimum()
    // 1,000 g of b in the pantry, to be eaten by day 2: free, so days 1 and 2
    // eat their most (450 g) and the other days share what fiber still needs.
    problem.purchasing = Purchasing(pantry: [PantryStock(food: "b", grams: 1000, lastDay: 2)])
    #expect(problem.identicalDay == nil)
    let plan = try Self.solve(problem, aggregating: true)
    #expect(plan.status == .optimal)
    let b = plan.days.map { day in day.foods.first { $0.food == "b" }?.grams ?? 0 }
    // Days 1 and 2 eat their most of the free b; the other days less than 300 g.
    #expect(b.count == 7 && abs(b[0] - 450) <= 1e-6 && abs(b[1] - 450) <= 1e-6, "b by day: \(b)")
    #expect(b.dropFirst(2).reduce(0, +) <= 1200 + 1e-6, "b by day: \(b)")
  }
}
