import Diagnostics
import Foundation
import GLPKBackend
import MealOptimizer
import PlanDSL
import Testing

/// `avoid` and `diet` inside a `member` block: that member's portions never
/// hold what they exclude; the others share a dish only where it is free of it.
@Suite("Per-member diet and avoid in households", .serialized)
struct HouseholdRestrictionTests {
  /// Peanut toast is the cheapest dish by far, so only Kim's `avoid` keeps it off his plate.
  static func kitchen(kim: String, extra: String = "") -> String {
    """
    food bread { per 100 g { energy 250 kcal; protein 9 g; sodium 300 mg }; price 1 USD per 1 kg; tags vegan }
    food peanut_butter { per 100 g { energy 590 kcal; protein 25 g; sodium 400 mg }; price 1 USD per 1 kg; tags vegan, peanuts }
    food beans { per 100 g { energy 340 kcal; protein 21 g; sodium 5 mg }; price 6 USD per 1 kg; tags vegan }
    food cheese { per 100 g { energy 400 kcal; protein 25 g; sodium 600 mg }; price 9 USD per 1 kg; tags vegetarian }
    recipe peanut_toast "Peanut toast" { serves 1; meal breakfast, lunch, dinner; 100 g bread; 40 g peanut_butter }
    recipe bean_bowl "Bean bowl" { serves 1; meal breakfast, lunch, dinner; 150 g beans }
    recipe cheese_toast "Cheese toast" { serves 1; meal breakfast, lunch, dinner; 100 g bread; 50 g cheese }
    goal adult { energy 1400...2600 kcal per day; protein >= 50 g per day }
    household pair "Ana and Kim" {
      member ana "Ana" { goal adult }
      member kim "Kim" {
        goal adult
        skip lunch on days 1...2
        \(kim)
      }
    }
    plan two_days {
      days 2; meals breakfast, lunch, dinner
      household pair
      portions 0.5...3 step 0.5
      tie-break none
      minimize cost eaten
    }
    \(extra)
    """
  }

  static func problem(kim: String) throws -> HouseholdProblem {
    let program = try PlanLoader().load(text: kitchen(kim: kim), path: "t.plan")
    let spec = try #require(program.plan(named: "two_days"))
    return try #require(program.householdProblem(for: spec))
  }

  static func solve(_ problem: HouseholdProblem) throws -> MealPlan {
    try MealPlanner(
      solver: GLPKSolver(), options: MealPlannerOptions(timeLimit: 30, tieBreakTimeLimit: 2)
    )
    .solve(problem)
  }

  @Test("'avoid' and 'diet' in a member block lower to that member only")
  func lowering() throws {
    let problem = try Self.problem(kim: "avoid peanut\n    diet vegetarian")
    #expect(problem.household.members[0].avoid.isEmpty)
    #expect(problem.household.members[0].diet.isEmpty)
    #expect(problem.household.members[1].avoid == [.term("peanut")])
    #expect(problem.household.members[1].diet == [.vegetarian])
    #expect(problem.meals.avoid.isEmpty)
  }

  @Test("Kim avoids peanuts: the verifier proves his portions peanut-free while Ana eats peanut toast alone")
  func memberAvoidsPeanuts() throws {
    let problem = try Self.problem(kim: "avoid peanut")
    let plan = try Self.solve(problem)
    #expect(plan.status.hasPlan && plan.report.metGapTarget)
    #expect(MealPlanVerifier(problem: problem).verify(plan).isEmpty)
    let kim = try #require(plan.member("kim"))
    let kimDishes = kim.days.flatMap(\.meals).filter { $0.servings > 0 }.map(\.id)
    #expect(!kimDishes.isEmpty)
    #expect(!kimDishes.contains("peanut_toast"))
    // Kim skips lunch on days 1 and 2: there the table may serve the cheap peanut toast to Ana.
    #expect(plan.days.allSatisfy { day in day.meals.first { $0.meal == .lunch }?.id == "peanut_toast" })
    #expect(
      plan.days.allSatisfy { day in
        day.meals.filter { $0.meal != .lunch }.allSatisfy { $0.id != "peanut_toast" }
      })
  }

  @Test("a plan that gives Kim peanuts is rejected by the verifier of the problem where he avoids them")
  func verifierRejectsPeanutsForKim() throws {
    let free = try Self.problem(kim: "")
    let careless = try Self.solve(free)
    #expect(careless.status == .optimal)
    #expect(MealPlanVerifier(problem: free).verify(careless).isEmpty)
    // Without the rule, the cheapest week feeds Kim peanut toast.
    let kim = try #require(careless.member("kim"))
    #expect(kim.days.flatMap(\.meals).contains { $0.id == "peanut_toast" && $0.servings > 0 })
    let strict = try Self.problem(kim: "avoid peanut")
    let violations = MealPlanVerifier(problem: strict).verify(careless)
    #expect(!violations.isEmpty)
    #expect(violations.allSatisfy { $0.rule == "avoid" })
    #expect(
      violations.contains {
        $0.message
          == "Kim: day 1 breakfast serves 'peanut_toast', which contains 'peanut_butter', which Kim avoids"
      })
    #expect(!violations.contains { $0.message.hasPrefix("Ana") })
  }

  @Test("a member's diet keeps dishes without the label off their plate, checked by the verifier")
  func memberDiet() throws {
    let problem = try Self.problem(kim: "diet vegan")
    let plan = try Self.solve(problem)
    #expect(plan.status == .optimal)
    #expect(MealPlanVerifier(problem: problem).verify(plan).isEmpty)
    let kim = try #require(plan.member("kim"))
    #expect(!kim.days.flatMap(\.meals).contains { $0.id == "cheese_toast" && $0.servings > 0 })
  }

  @Test("a lock that serves Kim what he avoids is an error at his avoid term")
  func lockConflict() throws {
    let text = Self.kitchen(kim: "avoid peanut").replacingOccurrences(
      of: "tie-break none", with: "tie-break none\n  lock day 1 dinner peanut_toast")
    var rendered = ""
    var ids: [String] = []
    do {
      _ = try PlanLoader().load(text: text, path: "t.plan")
    } catch {
      ids = error.diagnostics.map(\.id)
      rendered = DiagnosticRenderer().render(error)
    }
    #expect(ids.contains("lock-conflicts-with-avoid"))
    #expect(
      rendered.contains(
        "t.plan:14:11: error: Kim avoids 'peanut', but plan 'two_days' locks day 1 dinner, which Kim eats,"
          + " to 'peanut_toast', which contains 'peanut_butter'"))
  }

  @Test("an unknown diet in a member block is an error with the known labels")
  func unknownDiet() throws {
    #expect {
      _ = try PlanLoader().load(text: Self.kitchen(kim: "diet vegitarian"), path: "t.plan")
    } throws: { error in
      guard let list = error as? DiagnosticList else { return false }
      return list.diagnostics.contains {
        $0.message.contains("vegitarian") && $0.hint?.contains("vegetarian") == true
      }
    }
  }

  @Test("a member's avoid term that matches nothing is a warning")
  func avoidMatchesNothing() throws {
    let program = try PlanLoader().load(text: Self.kitchen(kim: "avoid durian"), path: "t.plan")
    #expect(program.warnings.contains { $0.id == "avoid-matches-nothing" && $0.message.contains("durian") })
  }
}
