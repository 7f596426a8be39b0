import Foundation
import GLPKBackend
import MealOptimizer
import Testing

/// `repeat at most N per week` counts meals on the table, leftovers included,
/// unless it is told to count cookings.
@Suite("Repetition counts meals", .serialized)
struct RepetitionCountingTests {
  typealias Kitchen = MealTestKitchen

  static func problem(_ counting: RepetitionLimits.Counting) -> MealPlanProblem {
    var problem = Kitchen.problem(
      repetition: RepetitionLimits(maximumPerWeek: 3, counting: counting),
      leftovers: [LeftoverRule(from: .dinner, to: .lunch)], tieBreak: .none)
    problem.slots = [.lunch, .dinner]
    problem.goals = []
    let dishes = [
      "lentil_soup", "beef_chili", "pasta_pomodoro", "lentil_bolognese", "tofu_stir_fry", "chicken_rice_bowl",
    ]
    problem.slotChoices = [
      .lunch: SlotChoice(recipes: .only(dishes)), .dinner: SlotChoice(recipes: .only(dishes)),
    ]
    problem.portions = .wholeServing
    return problem
  }

  /// How many times each recipe is on the table, and how many times it is cooked.
  static func counts(_ plan: MealPlan) -> (served: [String: Int], cooked: [String: Int]) {
    var served: [String: Int] = [:]
    var cooked: [String: Int] = [:]
    for meal in plan.days.flatMap(\.meals) {
      served[meal.id, default: 0] += 1
      if meal.leftoverFromDay == nil { cooked[meal.id, default: 0] += 1 }
    }
    return (served, cooked)
  }

  @Test("leftovers count toward 'repeat': no dish is on the table more than 3 times a week")
  func leftoversCount() throws {
    let plan = try Kitchen.solve(Self.problem(.meals))
    #expect(plan.status.hasPlan && plan.report.metGapTarget)
    let (served, _) = Self.counts(plan)
    #expect(served.values.reduce(0, +) == 14)
    #expect(served.values.allSatisfy { $0 <= 3 })
  }

  @Test("counting cookings lets the cheapest dish back through its leftovers")
  func cookingsCount() throws {
    let plan = try Kitchen.solve(Self.problem(.cookings))
    #expect(plan.status == .optimal)
    let (served, cooked) = Self.counts(plan)
    #expect(cooked.values.allSatisfy { $0 <= 3 })
    #expect(served.values.contains { $0 > 3 })
    let meals = try Kitchen.solve(Self.problem(.meals))
    #expect(try #require(plan.cost) < (try #require(meals.cost)))
  }

  @Test("a problem without 'counting' in its JSON counts meals")
  func decodingDefaults() throws {
    let json = #"{"maximumPerWeek": 2, "oncePerDay": false, "notOnConsecutiveDays": true}"#
    let limits = try JSONDecoder().decode(RepetitionLimits.self, from: Data(json.utf8))
    #expect(limits == RepetitionLimits(maximumPerWeek: 2, notOnConsecutiveDays: true, counting: .meals))
  }
}
