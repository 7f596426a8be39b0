import Foundation
import GLPKBackend
import MealOptimizer
import PlanDSL
import Testing

/// An infeasible household plan explained by the same deletion filter as a
/// meal plan: the member's goal and the budget that cannot hold together,
/// each with its line and column.
@Suite("Households: the lines that conflict")
struct HouseholdExplanationTests {
  /// A two-day household whose budget and Ana's protein goal cannot hold
  /// together; shared with the command-line tests (ExplainRelaxationTests).
  static let text = try! String(
    contentsOf: Bundle.module.resourceURL!.appendingPathComponent("Fixtures/household-two-days.plan"),
    encoding: .utf8)

  static func problem(_ text: String = text) throws -> HouseholdProblem {
    let program = try PlanLoader().load(text: text, path: "home.plan")
    let spec = try #require(program.plan(named: "two_days"))
    return try #require(program.householdProblem(for: spec))
  }

  static func solve(_ problem: HouseholdProblem) throws -> MealPlan {
    try MealPlanner(solver: GLPKSolver(), options: MealPlannerOptions(timeLimit: 30)).solve(problem)
  }

  @Test("Ana's protein goal and the budget are the conflict, with line and column, and nothing else")
  func proteinAgainstBudget() throws {
    // Independently: one serving per slot (portions 1...1), shared by both.
    // Protein a day with at most one bean bowl is 31.5 + 18 + 18 = 67.5 g < 80,
    // so each day has at least two bean bowls, eaten by both: 2 days × 2
    // members × 2 bowls × 150 g = 1200 g of beans, two 1 kg packages at 3 USD,
    // 6 USD above the budget of 2 days × 2 USD. Without the goal, twelve
    // toasts take 2.4 kg of bread: 3 USD. Without the budget, three bean
    // bowls a day give 94.5 g.
    let protein = (bean: 150 * 0.21, toast: 200 * 0.09)
    #expect(protein.bean + 2 * protein.toast < 80)
    #expect(3 * protein.bean >= 80)
    let beansPaid = (2.0 * 2 * 2 * 150 / 1000).rounded(.up) * 3
    let breadPaid = (2.0 * 2 * 3 * 200 / 1000).rounded(.up) * 1
    let budget = 2.0 * 2
    #expect(beansPaid > budget)
    #expect(breadPaid <= budget)

    let plan = try Self.solve(try Self.problem())
    #expect(plan.status == .infeasible)
    let explanation = try #require(plan.explanation)
    #expect(explanation.conflictsProven)
    #expect(explanation.conflicts.map(\.line.kind) == [.budget, .goal])
    #expect(explanation.conflicts.map { $0.line.source?.description } == ["home.plan:20:3", "home.plan:9:3"])
    #expect(
      explanation.conflicts.map(\.line.statement) == [
        "budget 2.00 USD per day", "Ana's protein at least 80 g a day",
      ])
    #expect(
      plan.report.explanation.dropLast(2).last
        == "these lines cannot all hold together, even with every other goal and rule left out (proven minimal:"
        + " without any one of them the rest can hold; the plan may have other conflicts too): budget 2.00 USD"
        + " per day (home.plan:20:3), Ana's protein at least 80 g a day (home.plan:9:3)")
  }

  @Test("the smallest change lowers Ana's goal to what 2 USD a day of whole packages can give")
  func smallestChange() throws {
    // Independently: both eat the same dish in each slot (one serving each);
    // food is bought in 1 kg packages (bread 1 USD, beans 3 USD, oats 2 USD)
    // over the two days. The elastic model's shared slacks make the change
    // for a pair of days: protein moves to the lesser day's, the budget to
    // half the till total. Weights: a goal minimum 1 and the budget 1, each
    // over its bound.
    struct Dish {
      var protein: Double
      var grams: [String: Double]
    }
    let toast = Dish(protein: 18, grams: ["bread": 200])
    let bean = Dish(protein: 31.5, grams: ["beans": 150])
    let porridge = Dish(protein: 13, grams: ["oats": 100])
    let price = ["bread": 1.0, "beans": 3, "oats": 2]
    var days: [[Dish]] = []
    for breakfast in [toast, bean, porridge] {
      for lunch in [toast, bean] {
        for dinner in [toast, bean] { days.append([breakfast, lunch, dinner]) }
      }
    }
    var best = (objective: Double.infinity, protein: 0.0, perDay: 0.0)
    for first in days {
      for second in days {
        var grams: [String: Double] = [:]
        for dish in first + second { grams.merge(dish.grams.mapValues { $0 * 2 }, uniquingKeysWith: +) }
        let paid = grams.reduce(0) { $0 + ($1.value / 1000).rounded(.up) * price[$1.key]! }
        let protein = min(first.reduce(0) { $0 + $1.protein }, second.reduce(0) { $0 + $1.protein })
        let objective = max(0, 80 - protein) / 80 + max(0, paid / 2 - 2) / 2
        if objective < best.objective - 1e-9 { best = (objective, protein, paid / 2) }
      }
    }
    #expect(best.protein == 54)
    #expect(best.perDay <= 2)

    let plan = try Self.solve(try Self.problem())
    let explanation = try #require(plan.explanation)
    #expect(explanation.relaxationProven)
    #expect(explanation.relaxation.map(\.line.statement) == ["Ana's protein at least 80 g a day"])
    #expect(explanation.relaxation.map(\.reachable) == [best.protein])
    let background: String =
      "taken as written, never left out: the recipes and their portions, the 2 days of 3 meals, the"
      + " household's members and their portions, the stores with their packages and trips"
    let changes: String =
      "each of these changes alone gives a plan (each verified: planner solved the changed plan): raise the"
      + " budget to 3.00 USD a day (home.plan:20:3); or lower Ana's protein goal to at least 54 g a day"
      + " (home.plan:9:3) (proven the smallest weighted change)"
    #expect(Array(plan.report.explanation.suffix(2)) == [background, changes])
    #expect(explanation.changes.map(\.claim) == [.verified, .verified])
    #expect(explanation.changes.map(\.smallest) == [nil, .proven])
  }

  @Test("Ana's goal in the conflict says how far it reaches with the budget holding, as one person's would")
  func proteinReach() throws {
    // Independently: the most protein Ana's lesser day can have while both
    // days together cost at most 2 × 2 USD at the till (1 kg packages: bread
    // 1 USD, beans 3 USD, oats 2 USD), both eating one serving of each dish.
    let dishes: [(protein: Double, food: String, grams: Double)] = [
      (18, "bread", 200), (31.5, "beans", 150), (13, "oats", 100),
    ]
    let price = ["bread": 1.0, "beans": 3, "oats": 2]
    var days: [[Int]] = []
    for breakfast in [0, 1, 2] {
      for lunch in [0, 1] {
        for dinner in [0, 1] { days.append([breakfast, lunch, dinner]) }
      }
    }
    // And the least the two days cost with Ana's 80 g of protein each day.
    var most = 0.0
    var cheapest = Double.infinity
    for first in days {
      for second in days {
        var grams: [String: Double] = [:]
        for dish in first + second { grams[dishes[dish].food, default: 0] += 2 * dishes[dish].grams }
        let paid = grams.reduce(0) { $0 + ($1.value / 1000).rounded(.up) * price[$1.key]! }
        let protein = { (day: [Int]) in day.reduce(0) { $0 + dishes[$1].protein } }
        if min(protein(first), protein(second)) >= 80 { cheapest = min(cheapest, paid) }
        guard paid <= 4 else { continue }
        most = max(most, min(protein(first), protein(second)))
      }
    }
    #expect(most == 54)
    #expect(cheapest / 2 == 3)

    let plan = try Self.solve(try Self.problem())
    let explanation = try #require(plan.explanation)
    #expect(explanation.conflicts.map(\.reachable) == [cheapest / 2, most])
    #expect(
      explanation.conflicts.map(\.message) == [
        "the cheapest plan found that meets every other line costs 3.00 USD per day (budget 2.00 USD per day at"
          + " home.plan:20:3)",
        "Ana's protein reaches at most 54 g a day with every other line holding (proven; goal at least 80 g a day"
          + " at home.plan:9:3)",
      ])
    // Each line's reach is a change; the goal's is also the smallest weighted change, proven.
    #expect(
      explanation.changes.map(\.message) == [
        "raise the budget to 3.00 USD a day (home.plan:20:3)",
        "lower Ana's protein goal to at least 54 g a day (home.plan:9:3)",
      ])
    #expect(explanation.changes.map(\.smallest) == [nil, .proven])
  }

  @Test("without the budget, or without Ana's goal, the household has a plan")
  func eachLineAloneHolds() throws {
    let withoutBudget = try Self.solve(
      try Self.problem(Self.text.replacingOccurrences(of: "budget 2 USD per day", with: "")))
    #expect(withoutBudget.hasPlan)
    let withoutGoal = try Self.solve(
      try Self.problem(Self.text.replacingOccurrences(of: "protein >= 80 g per day", with: "")))
    #expect(withoutGoal.hasPlan)
  }

  @Test("the household plan's explanation survives JSON")
  func codable() throws {
    let plan = try Self.solve(try Self.problem())
    let data = try JSONEncoder().encode(plan)
    let decoded = try JSONDecoder().decode(MealPlan.self, from: data)
    #expect(decoded.explanation == plan.explanation)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let explanation = try #require(object["explanation"] as? [String: Any])
    let conflicts = try #require(explanation["conflicts"] as? [[String: Any]])
    #expect(conflicts.map { $0["line"] as? Int } == [20, 9])
    #expect(conflicts.map { $0["column"] as? Int } == [3, 3])
  }
}

@Suite("Households: what the goals cost")
struct HouseholdCostTests {
  @Test("a member's goal's marginal cost equals the difference of two solves")
  func proteinStep() throws {
    let text = HouseholdExplanationTests.text.replacingOccurrences(
      of: "budget 2 USD per day", with: "budget 20 USD per day"
    ).replacingOccurrences(of: "protein >= 80 g per day", with: "protein >= 65 g per day")
    let problem = try HouseholdExplanationTests.problem(text)
    let planner = MealPlanner(solver: GLPKSolver(), options: MealPlannerOptions(timeLimit: 30))
    let explanation = try planner.explainCosts(problem.problem)
    let protein = try #require(explanation.marginalCosts.first { $0.line.subject == "Ana's protein" })
    #expect(protein.step == 5)
    var moved = problem
    moved.household.members[0].goals[1].minimum = 70
    let base = try #require(try planner.solve(problem).cost)
    let again = try #require(try planner.solve(moved).cost)
    let difference = NSDecimalNumber(decimal: again - base).doubleValue
    // 67.5 g a day (one bean bowl) meets 65 g but not 70 g, so the goal binds;
    // the two solves of the whole household differ by 1.00 USD at the till.
    #expect(difference == 1)
    #expect(protein.change == difference)
    #expect(protein.binding)
    #expect(protein.line.source?.description == "home.plan:9:3")
    #expect(
      explanation.marginalCosts.map(\.line.subject) == [
        "cost", "Ana's energy", "Ana's protein", "Kim's energy",
      ])
  }
}
