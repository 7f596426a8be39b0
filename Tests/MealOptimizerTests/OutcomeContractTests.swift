import Foundation
import GLPKBackend
import Testing

@testable import MealOptimizer

/// A diet problem that plain branch-and-bound cannot finish: `count` foods of
/// 2 g protein per 100 g serving, at most one serving each, and exactly an
/// odd number of grams of protein a day (Jeroslow's problem). The LP
/// relaxation is feasible at every node until half the foods are fixed, so the
/// search visits about 2^(count/2) nodes before it proves there is no plan.
func parityProblem(foods count: Int = 41) -> DietProblem {
  let foods = (1...count).map { index in
    Food(
      id: "f\(index)", name: "Food \(index)", nutrientsPer100g: [.protein: 2],
      measures: [Measure(name: "serving", grams: 100)],
      offers: [Offer(price: Money(minorUnits: 100 + index), packageGrams: 100)])
  }
  return DietProblem(
    foods: foods, goals: [NutrientGoal(.protein, minimum: Double(count), maximum: Double(count))],
    foodLimits: foods.map { FoodLimit(food: $0.id, maximumGrams: 100) }, wholeServings: Set(foods.map(\.id)))
}

/// minimise 2x + 3y + 5z subject to c1: x + y + z >= 4 and c2: x + 3y + z >= 6.
///
/// By hand: the optimum is x = 3, y = 1, z = 0 with cost 9; both rows bind,
/// and the duals solve y1 + y2 = 2 (column x) and y1 + 3 y2 = 3 (column y):
/// y1 = 1.5, y2 = 0.5. Reduced costs: 0 for x and y, 5 - (1.5 + 0.5) = 3 for z.
func dualsModel(integer: Bool = false) -> (
  model: LinearModel, rows: [ConstraintRef], columns: [VariableRef]
) {
  var model = LinearModel(name: "duals")
  let kind: LinearModel.VariableKind = integer ? .integer : .continuous
  let x = model.addVariable("x", lower: 0, kind: kind)
  let y = model.addVariable("y", lower: 0, kind: kind)
  let z = model.addVariable("z", lower: 0, kind: kind)
  let c1 = model.addConstraint("c1", LinearExpression([(x, 1), (y, 1), (z, 1)]), .greaterThan(4))
  let c2 = model.addConstraint("c2", LinearExpression([(x, 1), (y, 3), (z, 1)]), .greaterThan(6))
  model.setObjective(.minimize, LinearExpression([(x, 2), (y, 3), (z, 5)]))
  return (model, [c1, c2], [x, y, z])
}

/// Expects `body` to throw exactly `expected`.
func expectPlanningError(
  _ expected: PlanningError, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws(PlanningError) -> Void
) {
  do {
    try body()
    Issue.record("expected \(expected), got no error", sourceLocation: sourceLocation)
  } catch {
    #expect(error == expected, sourceLocation: sourceLocation)
  }
}

@Suite("One outcome contract for both planners")
struct OutcomeContractTests {
  @Test(
    "every public error describes itself in words",
    arguments: [
      (
        PlanningError.invalidProblem([.unknownNutrient("protien", suggestion: "protein")]) as any Error,
        "unknown nutrient 'protien'; did you mean 'protein'?"
      ),
      (
        PlanningError.invalidProblem([.noDays(0), .missingPrice(food: "oats")]),
        "a plan needs at least one day, not 0; food 'oats' has no price, but the plan counts cost"
      ),
      (PlanningError.cancelled, "the solve was cancelled"),
      (
        PlanningError.verificationFailed([PlanViolation(rule: "goal", message: "day 1: protein is 3 g")]),
        "the solver's plan failed its independent check: day 1: protein is 3 g"
      ),
      (
        PlanningError.solver(.solverFailure("GLPK: numerical instability")),
        "solver failure: GLPK: numerical instability"
      ),
      (SolverError.invalidModel("variable #0 'x' has no name"), "invalid model: variable #0 'x' has no name"),
      (SolverError.cancelled, "the solve was cancelled"),
      (
        FoodCatalogError.corrupt(offset: 12, reason: "a count past the end"),
        "the food catalog is damaged at byte 12: a count past the end"
      ),
      (CatalogLookupError(reference: "zzz", suggestions: []), "no catalog food 'zzz'"),
      (
        SR28ImportError.malformedRecord(file: "FOOD_DES.txt", line: 3, column: 7, message: "a bad field"),
        "FOOD_DES.txt:3:7: error: a bad field"
      ),
    ])
  func errorDescriptions(error: any Error, text: String) {
    #expect(error.localizedDescription == text)
    #expect(String(describing: error) == text)
  }

  @Test("a misspelt nutrient in a Swift-built food plan is an issue with a hint, not an infeasible plan")
  func nutrientTypoInFoodPlan() {
    var problem = smallProblem()
    problem.goals = [NutrientGoal("protien", minimum: 10), NutrientGoal("carbohydrate", minimum: 10)]
    expectPlanningError(
      .invalidProblem([
        .unknownNutrient("protien", suggestion: "protein"),
        .unknownNutrient("carbohydrate", suggestion: "carbs"),
      ])
    ) { () throws(PlanningError) in _ = try DietPlanner().solve(problem) }
  }

  @Test("a misspelt nutrient in a meal plan is an issue with a hint")
  func nutrientTypoInMealPlan() {
    var problem = MealTestKitchen.problem(days: 1)
    problem.goals = [NutrientGoal("fibre", minimum: 10), NutrientGoal("zinc_dust", maximum: 3)]
    expectPlanningError(
      .invalidProblem([
        .unknownNutrient("fibre", suggestion: "fiber"), .unknownNutrient("zinc_dust", suggestion: nil),
      ])
    ) { () throws(PlanningError) in _ = try MealPlanner().solve(problem) }
  }

  @Test("a nutrient the problem's own foods state is not an unknown nutrient")
  func ownNutrients() throws {
    let plan = try DietPlanner().solve(DietFixtures.stigler())
    #expect(plan.status == .optimal)
  }

  @Test("duals and reduced costs by reference on a small LP match the hand computation")
  func dualsByReference() throws {
    let (model, rows, columns) = dualsModel()
    let solution = try GLPKSolver().solve(model, options: SolverOptions())
    #expect(solution.status == .optimal)
    #expect(abs((solution.objectiveValue ?? 0) - 9) < 1e-9)
    let duals = try rows.map { try #require(solution.dual($0)) }
    #expect(abs(duals[0] - 1.5) < 1e-9 && abs(duals[1] - 0.5) < 1e-9)
    let reduced = try columns.map { try #require(solution.reducedCost($0)) }
    #expect(abs(reduced[0]) < 1e-9 && abs(reduced[1]) < 1e-9 && abs(reduced[2] - 3) < 1e-9)
    #expect(solution.dual(ConstraintRef(index: 2)) == nil)
    #expect(solution.reducedCost(VariableRef(index: -1)) == nil)
  }

  @Test("duals of a MIP are nil, never a crash")
  func dualsOfMIP() throws {
    let (model, rows, columns) = dualsModel(integer: true)
    let solution = try GLPKSolver().solve(model, options: SolverOptions())
    #expect(solution.status == .optimal)
    #expect(abs((solution.objectiveValue ?? 0) - 9) < 1e-9)
    #expect(rows.allSatisfy { solution.dual($0) == nil })
    #expect(columns.allSatisfy { solution.reducedCost($0) == nil })
    #expect(solution.relativeGap == 0 && solution.bound == 9)
  }

  @Test("a binding goal's marginal cost on a food plan is its LP dual")
  func marginalCosts() throws {
    // Oats are the cheapest energy: 0.002 USD and 3.8 kcal a gram. 2000 kcal
    // of oats bring 68.4 g protein, above the 60 g minimum, so energy binds at
    // 1/1900 USD per kcal and protein costs nothing at the margin.
    let plan = try DietPlanner().solve(smallProblem())
    let goals = try #require(plan.days.first?.goals)
    let energy = try #require(goals.first { $0.nutrient == .energy })
    let protein = try #require(goals.first { $0.nutrient == .protein })
    #expect(energy.status == .atMinimum)
    #expect(abs((energy.marginalCost ?? 0) - 1.0 / 1900) < 1e-9)
    #expect(protein.status == .met && protein.marginalCost.map { abs($0) < 1e-12 } == true)
    var whole = smallProblem()
    whole.wholeServings = ["oats"]
    whole.foods = whole.foods.filter { $0.id == "oats" }
    let integer = try DietPlanner().solve(whole)
    #expect(integer.days.first?.goals.allSatisfy { $0.marginalCost == nil } == true)
  }

  @Test("a food plan carries its shopping list in whole packages")
  func foodPlanGroceries() throws {
    let plan = try DietPlanner().solve(smallProblem())
    let groceries = try #require(plan.groceries)
    // 2000 kcal of oats is 526.3 g: one 1000 g package at 2 USD.
    #expect(groceries.items.map(\.food) == ["oats"])
    #expect(groceries.items.first?.packages == 1)
    #expect(groceries.total == 2)
  }

  @Test("a food MIP stopped by its time limit before any plan is unknown, not an error")
  func timeLimitWithoutPlan() throws {
    var options = SolverOptions()
    options.timeLimit = 0.5
    let plan = try DietPlanner(options: options).solve(parityProblem())
    #expect(plan.status == .unknown)
    #expect(plan.report.termination == .timeLimit)
    #expect(plan.days.isEmpty && plan.cost == nil && plan.groceries == nil)
    #expect(!plan.report.explanation.isEmpty)
  }

  @Test("both kinds of plan share one JSON shape, and differ only in their own parts")
  func jsonShape() throws {
    func object(_ data: Data) throws -> [String: Any] {
      try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
    let food = try object(JSONEncoder().encode(try DietPlanner().solve(smallProblem())))
    let meals = try object(JSONEncoder().encode(try MealTestKitchen.solve(MealTestKitchen.problem(days: 2))))
    let shared: Set = ["kind", "status", "report", "currency", "cost", "days", "groceries"]
    #expect(shared.isSubset(of: Set(food.keys)) && shared.isSubset(of: Set(meals.keys)))
    #expect(
      Set(food.keys).subtracting(shared) == ["exact_cost", "objective_value", "weekly_goals", "food_totals"])
    #expect(Set(meals.keys).subtracting(shared) == ["slots", "weeks", "tie_break", "tie_break_value"])
    #expect(food["kind"] as? String == "foods" && meals["kind"] as? String == "meals")
    for plan in [food, meals] {
      let report = try #require(plan["report"] as? [String: Any])
      #expect(
        Set(report.keys).isSuperset(of: ["termination", "proven_gap", "bound", "seconds", "explanation"]))
      let day = try #require((plan["days"] as? [[String: Any]])?.first)
      let goal = try #require((day["goals"] as? [[String: Any]])?.first)
      #expect(Set(goal.keys).isSuperset(of: ["nutrient", "basis", "period", "total", "unit", "status"]))
    }
    let status = try #require(food["status"] as? String)
    #expect(status == "optimal")
  }

  @Test("problems are Codable and come back equal")
  func problemRoundTrip() throws {
    var diet = smallProblem(days: 2)
    diet.objective = .maximize(.protein)
    diet.budget = Budget(5, per: .day)
    diet.groupLimits = [FoodGroupLimit("spread", foods: ["butter"], maximum: 1, unit: .servings)]
    let dietData = try JSONEncoder().encode(diet)
    #expect(try JSONDecoder().decode(DietProblem.self, from: dietData) == diet)
    let text = String(decoding: dietData, as: UTF8.self)
    #expect(text.contains(#""maximize":{"nutrient":"protein"}"#))
    #expect(text.contains(#""nutrients_per_100g":{"#))
    var meals = MealTestKitchen.problem(locks: [SlotLock(day: 1, meal: .dinner, recipe: "beef_chili")])
    meals.slotChoices = [.snack: SlotChoice(recipes: .only(["apple_almonds"]))]
    let mealData = try JSONEncoder().encode(PlanProblem.meals(meals))
    #expect(try JSONDecoder().decode(PlanProblem.self, from: mealData) == .meals(meals))
  }
}

/// Each cancellation test runs a search that only cancellation ends; one
/// at a time, so that they do not share the processors.
@Suite("Cancellation of long solves", .serialized)
struct CancellationTests {
  @Test("stopping a long food MIP (one branch-and-cut call, no plan kept) throws a typed error")
  func stopFoodPlan() async throws {
    let running = Planner().start(.foods(parityProblem()))
    // Not an awaited sleep: in CI's full run it resumed past the solve's 60 s limit.
    blockingSleep(seconds: 0.2)
    #expect(!running.isFinished)
    let took = running.stopAndTime()
    do throws(PlanningError) {
      let plan = try await running.plan
      Issue.record("the solve ran to its end: \(plan.status)")
    } catch {
      #expect(error == .cancelled)
    }
    // Unstopped, the search was still running at a 15 s time limit (measured on 2 cores).
    #expect(took < .seconds(2), "\(took)")
  }

  @Test("cancelling the task running a synchronous meal plan stops the search, which returns, stopped")
  func cancelMealPlan() async throws {
    let task = Task { () throws -> MealPlan in
      try MealPlanner().solve(MealTestKitchen.problem(days: 14))
    }
    task.cancel()
    let plan = try await task.value
    #expect(plan.status == .unknown)
    #expect(plan.report.termination == .cancelled)
  }

  @Test("a background solve stopped while it runs ends with SolverError.cancelled")
  func stopBackgroundSolve() throws {
    let model = try DietModelBuilder().build(parityProblem()).model
    let solve = BackgroundSolve(solver: GLPKSolver(), model: model, options: SolverOptions())
    // Uncancelled, the search runs past a 15 s time limit (see stopFoodPlan).
    let early = solve.wait(until: .now + .milliseconds(200))
    #expect(early == nil)
    switch solve.stop() {
    case .success(let solution): Issue.record("the solve ran to its end: \(solution.status)")
    case .failure(let error): #expect(error == .cancelled)
    }
    #expect(solve.result != nil)
  }

  @Test("cancelling a GLPK solve in a task throws SolverError.cancelled")
  func cancelSolver() async throws {
    let model = try DietModelBuilder().build(parityProblem()).model
    let task = Task { () throws -> Solution in
      try GLPKSolver().solve(model, options: SolverOptions())
    }
    blockingSleep(seconds: 0.2)  // as in stopFoodPlan
    task.cancel()
    switch await task.result {
    case .success(let solution): Issue.record("the solve ran to its end: \(solution.status)")
    case .failure(let error): #expect(error as? SolverError == .cancelled)
    }
  }
}
