import GLPKBackend
import MealOptimizer
import PlanDSL
import Testing

/// Plans written with catalog foods, solved on real GLPK.
@Suite("Catalog plans solved")
struct CatalogPlanSolvingTests {
  @Test("a plan written only with catalog foods solves")
  func catalogPlanSolves() throws {
    let program = try PlanLoader().load(
      text: """
        use catalog "usda-sr28"
        food oats = usda 08120 { price 3.49 USD per 42 oz }
        food lentils = usda 16069 { price 1.79 USD per 1 lb }
        food milk = usda 01079 { price 3.29 USD per 1 gal }
        food banana = usda 09040 { price 0.59 USD per 1 lb }
        food broccoli = usda 11090 { price 1.99 USD per 1 lb }
        goal g { energy 1800...2200 kcal; protein >= 70 g; vitamin_c >= 75 mg; fiber >= 25 g }
        plan day { goal g; limit oats <= 150 g; limit lentils <= 150 g }
        """, path: "t.plan")
    let plan = try DietPlanner().solve(program.dietProblem(for: program.plans[0]))
    #expect(plan.status == .optimal)
    #expect(plan.days[0].goals.allSatisfy { $0.status != .violated })
  }
}
