import Foundation
import GLPKBackend
import MealOptimizer
import Testing

/// Households on real GLPK: shared dishes, a portion per member, each member's
/// own goals, skipped slots; checked with the tests' own arithmetic.
@Suite("Household planner on GLPK", .serialized)
struct HouseholdPlannerTests {
  typealias Kitchen = MealTestKitchen

  static let adultGoals = [
    NutrientGoal(.energy, minimum: 1800, maximum: 2800), NutrientGoal(.protein, minimum: 70),
  ]
  static let childGoals = [
    NutrientGoal(.energy, minimum: 1200, maximum: 1700), NutrientGoal(.protein, minimum: 30),
    NutrientGoal(.sodium, maximum: 1500),
  ]

  static func family(childSkips: [SkippedMeal] = []) -> Household {
    Household(
      id: "family",
      members: [
        HouseholdMember(id: "ana", goals: adultGoals),
        HouseholdMember(
          id: "ben", goals: [NutrientGoal(.energy, minimum: 2200, maximum: 3000)] + [adultGoals[1]]),
        HouseholdMember(id: "cleo", goals: childGoals, skips: childSkips),
      ])
  }

  static func week(days: Int = 3, slots: [Meal] = [.breakfast, .lunch, .dinner]) -> MealPlanProblem {
    MealPlanProblem(
      foods: Kitchen.foods, stores: [Store(id: "market", name: "Market")], recipes: Kitchen.recipes,
      days: days,
      slots: slots, portions: .halfToDouble, tieBreak: .none)
  }

  static func solve(_ problem: HouseholdProblem, gap: Double = 0.01) throws -> MealPlan {
    try MealPlanner(
      solver: GLPKSolver(), options: MealPlannerOptions(timeLimit: 60, relativeGap: gap, tieBreakTimeLimit: 2)
    ).solve(problem)
  }

  /// A nutrient in some servings of a recipe, from the kitchen's foods.
  static func amount(_ nutrient: Nutrient, recipe id: String, servings: Double) -> Double {
    guard let recipe = Kitchen.recipes.first(where: { $0.id == id }) else { return .nan }
    return recipe.ingredients.reduce(0) { sum, ingredient in
      sum
        + Kitchen.foodsByID[ingredient.food]!.amount(
          of: nutrient, inGrams: ingredient.grams / recipe.servings * servings)
    }
  }

  static func cost(recipe id: String, servings: Double) -> Double {
    guard let recipe = Kitchen.recipes.first(where: { $0.id == id }) else { return .nan }
    return recipe.ingredients.reduce(0) { sum, ingredient in
      let offer = Kitchen.foodsByID[ingredient.food]!.offers[0]
      let perGram = NSDecimalNumber(decimal: offer.price).doubleValue / offer.packageGrams
      return sum + perGram * ingredient.grams / recipe.servings * servings
    }
  }

  @Test("each member meets their own goals, and the shared slots serve one dish to everyone who eats them")
  func membersMeetTheirGoals() throws {
    let problem = HouseholdProblem(meals: Self.week(), household: Self.family())
    let plan = try Self.solve(problem)
    #expect(plan.status.hasPlan && plan.report.metGapTarget)
    #expect((plan.members ?? []).map(\.id) == ["ana", "ben", "cleo"])
    for (index, member) in problem.household.members.enumerated() {
      for day in (plan.members ?? [])[index].days {
        #expect(day.meals.map(\.meal) == [.breakfast, .lunch, .dinner])
        for goal in member.goals {
          let total = day.meals.reduce(0) {
            $0 + Self.amount(goal.nutrient, recipe: $1.id, servings: $1.servings)
          }
          #expect(total >= (goal.minimum ?? 0) - 1e-6, "\(member.id) day \(day.day) \(goal.nutrient)")
          #expect(total <= (goal.maximum ?? .infinity) + 1e-6, "\(member.id) day \(day.day) \(goal.nutrient)")
        }
        for meal in day.meals {
          let table = try #require(plan.meal(day: day.day, meal.meal))
          #expect(meal.id == table.id)
          #expect((table.portions ?? []).first { $0.member == member.id }?.servings == meal.servings)
        }
      }
    }
    for day in plan.days {
      for dish in day.meals {
        #expect((dish.portions ?? []).map(\.member) == ["ana", "ben", "cleo"])
        #expect(abs(dish.servings - (dish.portions ?? []).reduce(0) { $0 + $1.servings }) < 1e-9)
        #expect((dish.portions ?? []).allSatisfy { [0.5, 1, 1.5, 2].contains($0.servings) })
      }
    }
    #expect(MealPlanVerifier(problem: problem).verify(plan).isEmpty)
  }

  @Test("a skipped slot costs nothing for the member who skips it")
  func skippedSlotCostsNothing() throws {
    let skip = SkippedMeal(meal: .lunch, days: 1...2)
    let problem = HouseholdProblem(meals: Self.week(), household: Self.family(childSkips: [skip]))
    let plan = try Self.solve(problem)
    #expect(plan.status.hasPlan && plan.report.metGapTarget)
    let cleo = try #require(plan.member("cleo"))
    for day in cleo.days {
      #expect(
        day.meals.map(\.meal) == (day.day <= 2 ? [.breakfast, .dinner] : [.breakfast, .lunch, .dinner]))
      let own = day.meals.reduce(0) { $0 + Self.cost(recipe: $1.id, servings: $1.servings) }
      #expect(abs(NSDecimalNumber(decimal: day.cost).doubleValue - own) < 0.006)
    }
    for day in 1...2 {
      let lunch = try #require(plan.meal(day: day, .lunch))
      #expect((lunch.portions ?? []).map(\.member) == ["ana", "ben"])
      let eaten = Self.cost(recipe: lunch.id, servings: lunch.servings)
      #expect(abs(NSDecimalNumber(decimal: lunch.cost).doubleValue - eaten) < 0.006)
    }
    // Her week costs exactly her portions; the household pays every member's portions and no more.
    let members = (plan.members ?? []).reduce(Decimal(0)) { $0 + $1.cost }
    #expect(abs(NSDecimalNumber(decimal: members - (plan.cost ?? 0)).doubleValue) <= 0.02)
  }

  @Test("sharing every slot never costs less than the members planned apart (their proven bounds)")
  func neverCheaperThanApart() throws {
    let problem = HouseholdProblem(meals: Self.week(days: 2), household: Self.family())
    let together = try Self.solve(problem)
    #expect(together.status.hasPlan && together.report.metGapTarget)
    var apartBound = 0.0
    for member in problem.household.members {
      var alone = Self.week(days: 2)
      alone.goals = member.goals
      let plan = try MealPlanner(solver: GLPKSolver(), options: MealPlannerOptions(timeLimit: 30)).solve(
        alone)
      #expect(plan.status == .optimal)
      apartBound += try #require(plan.report.bound)
    }
    let cost = NSDecimalNumber(decimal: try #require(together.cost)).doubleValue
    #expect(cost >= apartBound - 0.005)
  }

  @Test("a tiny household's plan equals the brute-force optimum over every dish and portion")
  func tinyCaseMatchesBruteForce() throws {
    var week = Self.week(days: 1, slots: [.breakfast, .dinner])
    let choices: [Meal: [String]] = [
      .breakfast: ["overnight_oats", "egg_toast"], .dinner: ["lentil_bolognese", "tofu_stir_fry"],
    ]
    week.slotChoices = choices.mapValues { SlotChoice(recipes: .only($0)) }
    week.portions = PortionOptions(minimum: 0.5, maximum: 1.5, step: 0.5)
    let household = Household(
      id: "pair",
      members: [
        HouseholdMember(
          id: "adult", goals: [NutrientGoal(.energy, minimum: 900), NutrientGoal(.protein, minimum: 45)]),
        HouseholdMember(id: "child", goals: [NutrientGoal(.energy, minimum: 500, maximum: 800)]),
      ])
    let problem = HouseholdProblem(meals: week, household: household)
    let plan = try Self.solve(problem, gap: 1e-9)
    #expect(plan.status == .optimal)
    let portions = [0.5, 1, 1.5]
    var best = Double.infinity
    for breakfast in choices[.breakfast]! {
      for dinner in choices[.dinner]! {
        for a in portions {
          for b in portions {
            for c in portions {
              for d in portions {
                // Adult eats a of breakfast and b of dinner; child c and d.
                let adultEnergy =
                  Self.amount(.energy, recipe: breakfast, servings: a)
                  + Self.amount(.energy, recipe: dinner, servings: b)
                let adultProtein =
                  Self.amount(.protein, recipe: breakfast, servings: a)
                  + Self.amount(.protein, recipe: dinner, servings: b)
                let childEnergy =
                  Self.amount(.energy, recipe: breakfast, servings: c)
                  + Self.amount(.energy, recipe: dinner, servings: d)
                guard adultEnergy >= 900, adultProtein >= 45, childEnergy >= 500, childEnergy <= 800 else {
                  continue
                }
                let cost =
                  Self.cost(recipe: breakfast, servings: a + c) + Self.cost(recipe: dinner, servings: b + d)
                best = min(best, cost)
              }
            }
          }
        }
      }
    }
    #expect(best.isFinite)
    let cost = NSDecimalNumber(decimal: try #require(plan.cost)).doubleValue
    #expect(abs(cost - best) < 0.005, "plan \(cost), brute force \(best)")
  }

  @Test("leftovers serve the dish the day before cooked, with a portion for each member who eats them")
  func leftovers() throws {
    var week = Self.week(days: 3, slots: [.lunch, .dinner])
    week.leftovers = [LeftoverRule(from: .dinner, to: .lunch)]
    week.repetition = RepetitionLimits(maximumPerWeek: 2)
    let skip = SkippedMeal(meal: .dinner, days: 1...1)
    var household = Self.family()
    household.members = household.members.map { member in
      var member = member
      member.goals = [
        NutrientGoal(.energy, minimum: 600, maximum: 2000), NutrientGoal(.protein, minimum: 20),
      ]
      return member
    }
    household.members[2].skips = [skip]
    let problem = HouseholdProblem(meals: week, household: household)
    let plan = try Self.solve(problem)
    #expect(plan.status.hasPlan && plan.report.metGapTarget)
    for day in 2...3 {
      let lunch = try #require(plan.meal(day: day, .lunch))
      #expect(lunch.leftoverFromDay == day - 1)
      #expect(lunch.id == plan.meal(day: day - 1, .dinner)?.id)
      #expect((lunch.portions ?? []).map(\.member) == ["ana", "ben", "cleo"])
    }
    #expect(plan.meal(day: 1, .dinner)?.portions?.map(\.member) == ["ana", "ben"])
    // Leftovers count toward 'repeat': no dish is on the table more than twice.
    var served: [String: Int] = [:]
    for dish in plan.days.flatMap(\.meals) { served[dish.id, default: 0] += 1 }
    #expect(served.values.allSatisfy { $0 <= 2 })
    #expect(MealPlanVerifier(problem: problem).verify(plan).isEmpty)
  }

  @Test("a goal no dish can reach for one member makes the household infeasible, and says whose")
  func infeasibleSaysWhose() throws {
    var household = Self.family()
    household.members[2].goals = [NutrientGoal(.protein, minimum: 400)]
    let plan = try Self.solve(HouseholdProblem(meals: Self.week(days: 1), household: household))
    #expect(plan.status == .infeasible)
    #expect(
      plan.report.explanation.first?.hasPrefix("cleo, day 1: even the richest allowed choices give at most")
        == true)
  }

  @Test("a member naming a meal the plan does not have is an invalid problem")
  func unknownMemberMeal() throws {
    var household = Self.family()
    household.members[0].meals = [.snack]
    #expect(throws: PlanningError.self) {
      try Self.solve(HouseholdProblem(meals: Self.week(days: 1), household: household))
    }
  }
}
