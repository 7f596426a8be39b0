// A package of one's own that depends on planner: solves a food plan, a
// meal plan and a household's week through the public API (one Planner for
// every kind of PlanProblem), runs an async meal plan while reading
// its progress sequence and stops it for the best plan found, cancels a long
// food MIP, prints an error's description, prices food with Money from a
// string, evaluates readings given as Foundation Measurements, and finds a
// rule set by name. Built and run by
// Scripts/check-consumer.sh.
import Foundation
import GLPKBackend
import HealthRules
import MealOptimizer
import PlanDSL

/// Stops the check with a message on standard error.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("check-consumer: \(message)\n".utf8))
  exit(1)
}

let oats = Food(
  id: "oats", name: "Oats", nutrientsPer100g: [.energy: 380, .protein: 13, .fiber: 10],
  measures: [Measure(name: "serving", grams: 40)], offers: [Offer(price: 2, packageGrams: 1000)])
let lentils = Food(
  id: "lentils", name: "Lentils", nutrientsPer100g: [.energy: 350, .protein: 25, .fiber: 11],
  measures: [Measure(name: "serving", grams: 50)], offers: [Offer(price: 3, packageGrams: 1000)])

// A food-level plan, solved on this thread by the one planner.
let foodPlan = try Planner().solve(
  .foods(
    DietProblem(
      foods: [oats, lentils],
      goals: [NutrientGoal(.energy, minimum: 2000), NutrientGoal(.protein, minimum: 90)])))
guard foodPlan.status == .optimal, let foodCost = foodPlan.cost, let groceries = foodPlan.groceries else {
  fail("the food plan is \(foodPlan.status)")
}
print("food plan: \(foodPlan.status.rawValue), \(foodCost) USD, groceries \(groceries.total) USD")

let clock = ContinuousClock()

// A week of meals.
let porridge = Recipe(
  id: "porridge", name: "Porridge", servings: 1, meals: [.breakfast, .dinner],
  ingredients: [RecipeIngredient(food: "oats", grams: 150)])
let dal = Recipe(
  id: "dal", name: "Dal", servings: 1, meals: [.breakfast, .dinner],
  ingredients: [RecipeIngredient(food: "lentils", grams: 150)])
let week = MealPlanProblem(
  foods: [oats, lentils], recipes: [porridge, dal], days: 3, slots: [.breakfast, .dinner],
  goals: [NutrientGoal(.protein, minimum: 50)], tieBreak: .none)
guard case .meals(let mealPlan) = try Planner().solve(.meals(week)), mealPlan.hasPlan,
  let mealCost = mealPlan.cost
else { fail("the meal plan is not one person's week with a plan") }
print("meal plan: \(mealPlan.status.rawValue), \(mealCost) USD, \(mealPlan.days.count) days")

// A household's week: the same problem type with a household, through the
// same pipeline. Two people share each dish, each with a portion and goals of
// their own; Ana skips breakfast on day 1.
let household = MealPlanProblem(
  foods: [oats, lentils], recipes: [porridge, dal], days: 3, slots: [.breakfast, .dinner], tieBreak: .none,
  household: Household(
    id: "home",
    members: [
      HouseholdMember(
        id: "ana", goals: [NutrientGoal(.protein, minimum: 30)],
        skips: [SkippedMeal(meal: .breakfast, days: 1...1)]),
      HouseholdMember(id: "ben", goals: [NutrientGoal(.protein, minimum: 40)]),
    ]))
let shared = try await Planner().plan(.meals(household))
guard case .meals(let homePlan) = shared, shared.kind == .household, shared.status == .optimal,
  let homeCost = shared.cost, let members = homePlan.members, members.map(\.id) == ["ana", "ben"],
  homePlan.meal(day: 1, .breakfast)?.portions?.map(\.member) == ["ben"]
else {
  fail("the household plan is a \(shared.kind) plan, \(shared.status)")
}
print(
  "household plan: \(shared.kind.rawValue), \(shared.status.rawValue), \(homeCost) USD, "
    + members.map { "\($0.id) \($0.cost) USD" }.joined(separator: ", "))

// An async solve on a thread of its own: two weeks bought in whole packages,
// at gap 0, which the search takes long to prove. The progress
// sequence is read until the first plan; then the solve is stopped, and it
// returns that plan or a cheaper one, with its proven gap.

/// Staple food `index` of ten: nutrients and a package of its own.
func staple(_ index: Int) -> Food {
  let energy = Double(150 + (37 * index) % 250)
  let protein = Double(3 + (7 * index) % 19)
  let fiber = Double(1 + (5 * index) % 11)
  let price = Money(minorUnits: 150 + (61 * index) % 400)
  let grams = Double(250 + 125 * (index % 5))
  return Food(
    id: "s\(index)", name: "Staple \(index)",
    nutrientsPer100g: [.energy: energy, .protein: protein, .fiber: fiber],
    offers: [Offer(price: price, packageGrams: grams)])
}

/// Dish `index` of nine: three staples.
func dish(_ index: Int) -> Recipe {
  let first = RecipeIngredient(food: "s\(index)", grams: Double(90 + 20 * (index % 4)))
  let second = RecipeIngredient(food: "s\(index % 10 + 1)", grams: Double(60 + 15 * (index % 3)))
  let third = RecipeIngredient(food: "s\((index + 4) % 10 + 1)", grams: 40)
  return Recipe(
    id: "d\(index)", name: "Dish \(index)", servings: 1, meals: [.breakfast, .lunch, .dinner],
    ingredients: [first, second, third])
}

let staples: [Food] = (1...10).map(staple)
let dishes: [Recipe] = (1...9).map(dish)
let fortnight = MealPlanProblem(
  foods: staples, recipes: dishes, days: 14, slots: [.breakfast, .lunch, .dinner], portions: .halfToDouble,
  goals: [
    NutrientGoal(.energy, minimum: 1900, maximum: 2600), NutrientGoal(.protein, minimum: 60),
    NutrientGoal(.fiber, minimum: 25),
  ],
  purchasing: Purchasing())
let running = Planner(options: MealPlannerOptions(timeLimit: 60, relativeGap: 0)).start(.meals(fortnight))
var events = 0
var firstCost: Double?
for await event in running.progress {
  events += 1
  if let cost = event.bestCost {
    firstCost = cost
    running.stop()
    break
  }
}
let stoppedAt = clock.now
let stopped = try await running.plan
let answered = clock.now - stoppedAt
guard let firstCost else { fail("the progress sequence ended without a plan") }
guard stopped.report.termination == .cancelled, stopped.hasPlan, let stoppedCost = stopped.cost,
  let gap = stopped.report.relativeGap, gap.isFinite
else {
  fail("the stopped solve returned \(stopped.status), \(stopped.report.termination)")
}
guard NSDecimalNumber(decimal: stoppedCost).doubleValue <= firstCost + 0.005 else {
  fail("the stopped plan costs \(stoppedCost), more than the first plan's \(firstCost)")
}
guard answered < .seconds(5) else { fail("the stopped solve took \(answered) to answer") }
print(
  "stopped an async meal plan after \(events) progress events: \(stopped.status.rawValue),"
    + " \(stoppedCost) USD, within \(String(format: "%.2f%%", gap * 100)) of its bound, in \(answered)")

// A search that only cancellation ends: 41 foods of 2 g protein, at most one
// serving each, and exactly 41 g protein (an odd number).
let parity = (1...41).map { index in
  Food(
    id: "f\(index)", name: "Food \(index)", nutrientsPer100g: [.protein: 2],
    measures: [Measure(name: "serving", grams: 100)],
    offers: [Offer(price: Money(minorUnits: 100 + index), packageGrams: 100)])
}
let long = DietProblem(
  foods: parity, goals: [NutrientGoal(.protein, minimum: 41, maximum: 41)],
  foodLimits: parity.map { FoodLimit(food: $0.id, maximumGrams: 100) }, wholeServings: Set(parity.map(\.id)))
let start = clock.now
let task = Task { try await Planner().plan(.foods(long)) }
try await Task.sleep(for: .milliseconds(300))
task.cancel()
switch await task.result {
case .success(let plan): fail("the long solve was not cancelled: \(plan.status)")
case .failure(let error):
  guard error as? PlanningError == .cancelled else { fail("the long solve threw \(error)") }
}
let elapsed = clock.now - start
guard elapsed < .seconds(10) else { fail("the cancelled solve took \(elapsed)") }
print("cancelled a long solve after \(elapsed)")

// An error describes itself.
do {
  _ = try Planner().solve(.foods(DietProblem(foods: [oats], goals: [NutrientGoal("protien", minimum: 10)])))
  fail("a misspelt nutrient was accepted")
} catch {
  let text = error.localizedDescription
  guard text == "unknown nutrient 'protien'; did you mean 'protein'?" else {
    fail("the description is '\(text)'")
  }
  print("error: \(text)")
}

// The language: a plan file's text, checked and lowered, then solved.
let program: Program
do {
  program = try PlanLoader().load(
    text: """
      food oats { per 100 g { energy 379 kcal; protein 13 g; fiber 10 g }; price 3.49 USD per 42 oz }
      food lentils { per 100 g { energy 352 kcal; protein 25 g; fiber 11 g }; price 1.79 USD per 1 lb }
      goal g { energy 1800...2200 kcal per day; protein >= 70 g per day }
      plan day { goal g; limit lentils <= 200 g; minimize cost }
      """, path: "day.plan")
} catch {
  fail("day.plan does not load:\n\(error)")
}
guard let day = program.plans.first else { fail("day.plan has no plan") }
let dayPlan = try Planner().solve(program.problem(for: day))
guard dayPlan.status == .optimal else { fail("day.plan is \(dayPlan.status)") }
print("day.plan: \(dayPlan.status.rawValue), \(dayPlan.cost ?? 0) USD")

// Rules only: HealthRules needs no solver.
print("baseline rules: \(RuleSet.baseline.alerts.map(\.id).joined(separator: ", "))")

// Money from a string is exact: four packages at 3.49 are 13.96 at the till.
let rice = Food(
  id: "rice", name: "Rice", nutrientsPer100g: [.energy: 100],
  offers: [Offer(store: "shop", price: try Money("3.49"), packageGrams: 100)])
let till = try Planner().solve(
  .foods(
    DietProblem(
      foods: [rice], stores: [Store(id: "shop", name: "Shop")], goals: [NutrientGoal(.energy, minimum: 350)],
      purchasing: Purchasing())))
guard till.groceries?.total == Money(minorUnits: 1396).amount else {
  fail("four packages at 3.49 came to \(till.groceries?.total ?? 0)")
}
print("four packages at Money(\"3.49\"): \(till.groceries?.total ?? 0) USD")

// Readings from Foundation Measurements: a week in kg, mmHg and mmol/L; sugar rises 17% on the last day.
let readingsWeek = try (0..<7).map { offset in
  Reading(
    date: Day(iso: "2026-11-23")!.advanced(by: offset),
    measurements: try Measurements(
      weight: Measurement(value: 81.6, unit: UnitMass.kilograms),
      systolic: Measurement(value: 120, unit: UnitPressure.millimetersOfMercury),
      diastolic: Measurement(value: 80, unit: UnitPressure.millimetersOfMercury),
      sugar: Measurement(
        value: offset == 6 ? 6.2 : 5.3,
        unit: UnitConcentrationMass.millimolesPerLiter(withGramsPerMole: 180.16))))
}
guard readingsWeek[0].measurements.sugar == Rational(954_848, 10_000) else {
  fail("5.3 mmol/L is \(readingsWeek[0].measurements.sugar?.description ?? "nil") mg/dL, not 95.4848")
}

// A rule set found by name, evaluated on those readings.
let rules = try PlanLoader().load(
  text: """
    rules home "Home" extends baseline {
      alert sugar_very_high "Very high sugar" urgent when sugar.today >= 180 mg/dL
    }
    """, path: "home.plan")
guard let home = rules.ruleSet(named: "home") else { fail("no rule set named 'home'") }
let verdict = try home.compiled().evaluate(readingsWeek, asOf: nil)
guard verdict.alerts == ["sugar_high"] else { fail("the week's alerts are \(verdict.alerts)") }
print("readings from Measurement, rule set 'home': alerts \(verdict.alerts.joined(separator: ", "))")

// A plan's error: one line for an app, with its place as properties.
do {
  _ = try PlanLoader().load(text: "goal g { protien >= 90 g per day }", path: "bad.plan")
  fail("a misspelt nutrient loaded")
} catch {
  let line = error.localizedDescription
  guard line == "bad.plan:1:10: error: unknown nutrient 'protien' (hint: did you mean 'protein'?)",
    error.diagnostics.first?.line == 1, error.diagnostics.first?.column == 10
  else { fail("the plan's error is '\(line)'") }
  print("plan error: \(line)")
}
