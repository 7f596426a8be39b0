// A package of a user's own that depends on planner like any other package
// (`.package(url:from:)` on a tagged version), built by Scripts/check-consumer.sh.
// It solves a food plan and a meal plan through the public API, cancels a long
// solve, and prints an error's LocalizedError description. Any failure exits 1.
import Foundation
import GLPKBackend
import HealthRules
import MealOptimizer
import PlanDSL

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("consumer: \(message)\n".utf8))
  exit(1)
}

let foodPlan = """
  food oats { per 100 g { energy 379 kcal; protein 13 g; fiber 10 g }; price 3.49 USD per 42 oz }
  food lentils { per 100 g { energy 352 kcal; protein 25 g; fiber 11 g }; price 1.79 USD per 1 lb }
  food milk { per 100 g { energy 50 kcal; protein 3.3 g }; price 3.29 USD per 1 gal }
  goal g { energy 1800...2200 kcal per day; protein >= 70 g per day; fiber >= 25 g per day }
  plan day { goal g; limit lentils <= 200 g; minimize cost }
  """

let mealPlan = """
  food oats { per 100 g { energy 379 kcal; protein 13 g }; measure cup = 81 g; price 3.49 USD per 42 oz }
  food milk { per 100 g { energy 50 kcal; protein 3.3 g }; measure cup = 244 g; price 3.29 USD per 1 gal }
  food lentils { per 100 g { energy 352 kcal; protein 25 g }; measure cup = 192 g; price 1.79 USD per 1 lb }
  food rice { per 100 g { energy 370 kcal; protein 7.9 g }; measure cup = 185 g; price 2.49 USD per 2 lb }
  recipe porridge "Porridge" { serves 1; meal breakfast; 1 cup oats; 1 cup milk }
  recipe dal "Lentils and rice" { serves 2; meal lunch, dinner; 1 cup lentils; 1 cup rice }
  recipe rice_bowl "Rice and milk" { serves 1; meal lunch, dinner; 1 cup rice; 1/2 cup milk }
  goal g { energy 1500...2600 kcal per day; protein >= 50 g per day }
  plan week { days 3; meals breakfast, lunch, dinner; goal g; portions 1...2 step 1 }
  """

func loaded(_ text: String, _ path: String) -> Program {
  do {
    return try PlanLoader().load(text: text, path: path)
  } catch {
    fail("\(path) does not load:\n\(error)")
  }
}

/// 200 foods with made-up but varied nutrition, eaten in whole 100 g servings
/// over 7 days: a branch-and-cut search that runs for minutes.
func hardProblem() -> DietProblem {
  var state: UInt64 = 20_240_917
  func next() -> Double {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Double(state >> 11) / Double(1 << 53)
  }
  let foods = (0..<200).map { index in
    Food(
      id: "food\(index)", name: "Food \(index)",
      nutrientsPer100g: [
        .energy: 50 + 400 * next(), .protein: 30 * next(), .fiber: 12 * next(), .sodium: 600 * next(),
        "calcium": 300 * next(), "iron": 5 * next(), "vitamin_c": 60 * next(),
      ],
      measures: [Measure(name: DietProblem.servingMeasure, grams: 100)],
      offers: [Offer(price: Decimal((10 + Int(290 * next()))) / 100, packageGrams: 100)])
  }
  return DietProblem(
    foods: foods, days: 7,
    goals: [
      NutrientGoal(.energy, minimum: 1800, maximum: 2400), NutrientGoal(.protein, minimum: 60),
      NutrientGoal(.fiber, minimum: 25), NutrientGoal(.sodium, maximum: 2300),
      NutrientGoal("calcium", minimum: 1000), NutrientGoal("iron", minimum: 8),
      NutrientGoal("vitamin_c", minimum: 90),
    ],
    foodLimits: foods.map { FoodLimit(food: $0.id, maximumGrams: 300) },
    wholeServings: Set(foods.map(\.id)))
}

// 1. A food-level plan, written in the language and solved on GLPK.
let foods = loaded(foodPlan, "food.plan")
guard let dayPlan = foods.plans.first else { fail("food.plan has no plan") }
do {
  let plan = try await DietPlanner().solve(try foods.dietProblem(for: dayPlan))
  guard plan.status == .optimal else { fail("the food plan is \(plan.status), not optimal") }
  print("food plan: \(plan.status), \(plan.cost.map { "\($0)" } ?? "-") \(plan.currency)")
} catch {
  fail("the food plan failed: \(error.localizedDescription)")
}

// 2. A week of meals.
let meals = loaded(mealPlan, "meals.plan")
guard let weekPlan = meals.plans.first, let weekProblem = meals.mealPlanProblem(for: weekPlan) else {
  fail("meals.plan has no meal plan")
}
do {
  let plan = try await MealPlanner().solve(weekProblem)
  guard plan.hasPlan else { fail("the meal plan is \(plan.status)") }
  print("meal plan: \(plan.status), \(plan.days.count) days, \(plan.cost.map { "\($0)" } ?? "-") \(plan.currency)")
} catch {
  fail("the meal plan failed: \(error.localizedDescription)")
}

// 3. Cancelling a long solve: it must return promptly with `cancelled`.
let clock = ContinuousClock()
let problem = hardProblem()
let task = Task { try await DietPlanner().solve(problem) }
try await Task.sleep(for: .milliseconds(500))
let cancelledAt = clock.now
task.cancel()
switch await task.result {
case .success(let plan):
  fail("the long solve was not cancelled; it finished with status \(plan.status)")
case .failure(let error):
  let waited = clock.now - cancelledAt
  guard case .cancelled = error as? PlanningError else { fail("the long solve failed: \(error)") }
  guard waited < .seconds(3) else { fail("the cancelled solve took \(waited) to return") }
  print("cancelled solve returned after \(waited)")
}

// 4. Errors describe themselves.
let misspelt = DietProblem(
  foods: problem.foods, goals: [NutrientGoal("protien", minimum: 10)], foodLimits: [])
do {
  _ = try DietPlanner().solve(misspelt)
  fail("a goal on 'protien' was accepted")
} catch {
  let text = error.localizedDescription
  guard text.contains("protien"), text.contains("protein"), !text.contains("could not be completed") else {
    fail("unhelpful error description: \(text)")
  }
  print("error: \(text)")
}

// 5. Rules only: HealthRules needs no solver.
print("baseline rules: \(RuleSet.baseline.alerts.map(\.id).joined(separator: ", "))")
print("consumer: ok")
