import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

@Suite("Golden diet problems solved with GLPK")
struct DietGoldenTests {
  @Test(
    "GLPK's diet.mod costs 0.1381709355 as glpsol reports", arguments: GLPKOptions.Method.allCases,
    [false, true])
  func stigler(method: GLPKOptions.Method, presolve: Bool) throws {
    var glpk = GLPKOptions()
    glpk.method = method
    glpk.presolve = presolve
    let plan = try DietPlanner(solver: GLPKSolver(options: glpk)).solve(DietFixtures.stigler())
    #expect(plan.status == .optimal)
    #expect(abs((plan.exactCost ?? 0) - 0.1381709355) < 1e-6)
    #expect(abs((plan.objectiveValue ?? 0) - 0.1381709355) < 1e-6)
    let day = try #require(plan.days.first)
    #expect(day.goals.count == 9)
    #expect(day.goals.allSatisfy { $0.status == .atMinimum })
  }

  @Test("JuMP's diet tutorial has an LP optimum of 11.8289")
  func jumpLP() throws {
    let plan = try DietPlanner().solve(DietFixtures.jump())
    #expect(plan.status == .optimal)
    #expect(abs((plan.exactCost ?? 0) - 11.8288611) < 1e-4)
    #expect(plan.cost == Decimal(string: "11.83"))
    let grams = Dictionary(uniqueKeysWithValues: plan.foodTotals.map { ($0.food, $0.grams) })
    // JuMP's answer: 0.6045 servings of hamburger, 6.9702 of milk, 2.5914 of ice cream.
    #expect(abs((grams["hamburger"] ?? 0) / 100 - 0.6045) < 1e-3)
    #expect(abs((grams["milk"] ?? 0) / 100 - 6.9702) < 1e-3)
    #expect(abs((grams["ice_cream"] ?? 0) / 100 - 2.5914) < 1e-3)
    #expect(plan.foodTotals.count == 3)
  }

  @Test("JuMP's diet tutorial in whole servings costs 12.78")
  func jumpInteger() throws {
    let plan = try DietPlanner().solve(DietFixtures.jump(wholeServings: true))
    #expect(plan.status == .optimal)
    #expect(abs((plan.exactCost ?? 0) - 12.78) < 1e-6)
    #expect(plan.report.relativeGap == 0)
    #expect(plan.report.bound.map { abs($0 - 12.78) < 1e-6 } == true)
    for food in plan.foodTotals {
      let servings = try #require(food.servings)
      #expect(servings == servings.rounded())
    }
  }

  @Test("JuMP's diet tutorial is infeasible with at most 6 servings of milk and ice cream")
  func jumpDairyLimit() throws {
    let plan = try DietPlanner().solve(DietFixtures.jump(dairyLimit: 6))
    #expect(plan.status == .infeasible)
    #expect(plan.cost == nil && plan.groceries == nil)
    #expect(plan.days.isEmpty)
  }
}
