import Foundation
import GLPKBackend
import MealOptimizer
import PlanDSL
import Testing

/// Issue 41's "Must show": the invariant bound <= optimum <= plan on the
/// family of weeks (Benchmarks/weeks/family), after every cost step of the
/// search. The optimum of a week is not known, but the stored references
/// (Benchmarks/weeks/references.json, from long runs of HiGHS, CBC and
/// planner) enclose it: it is at most the best reference plan and at least
/// the best reference bound. So after each step the search's bound must be
/// at most the reference plan, and its plan at least the reference bound,
/// a point of the model, with the objective the search says.
///
/// Each week is loaded from its file as `planner solve` loads it, and the
/// search's cost steps run one by one, in its order, each with a deadline
/// of ``seconds`` from its start (a debug build's short search, not the
/// planner's), stopping only at a failure. Every seventh week (w00, w07, ...,
/// w42: four solo weeks and three households of 3 to 5, two weeks held
/// out, one with a budget, one with a leftover credit) keeps the suite
/// under a minute.
@Suite("The search's bound and plans against the family's references", .serialized)
struct FamilyWeekInvariantTests {
  static let family = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Benchmarks/weeks").standardizedFileURL

  static let weeks = stride(from: 0, to: 44, by: 7).map { String(format: "w%02d", $0) }

  /// Seconds each step has: a short deadline of its own, so that every
  /// step runs, on what the steps before it left.
  static let seconds = 1.5

  /// A week's stored references: the best plan's objective and the best bound.
  static func reference(_ week: String) throws -> (plan: Double?, bound: Double?, feasible: Bool?) {
    let data = try Data(contentsOf: family.appendingPathComponent("references.json"))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let weeks = try #require(root["weeks"] as? [String: Any])
    let entry = try #require(weeks[week] as? [String: Any], "no reference for \(week)")
    let plan = (entry["best_plan"] as? [String: Any])?["objective"] as? Double
    let bound = (entry["best_bound"] as? [String: Any])?["bound"] as? Double
    return (plan, bound, entry["feasible"] as? Bool)
  }

  /// The week's model, built as the planner builds it for `planner solve FILE --plan WEEK`.
  static func model(_ week: String) throws -> MealPlanModel {
    let path = family.appendingPathComponent("family/\(week).plan").path
    let program = try PlanLoader().load(path: path)
    let spec = try #require(program.plan(named: week))
    if let household = program.householdProblem(for: spec) {
      return try HouseholdModelBuilder(problem: household).build().model
    }
    let meals = try #require(program.mealPlanProblem(for: spec))
    return try MealPlanModelBuilder(problem: meals).build()
  }

  @Test(
    "after every cost step: the bound at most the reference plan, the plan at least the reference bound",
    arguments: weeks)
  func invariantAfterEveryStep(week: String) throws {
    let reference = try Self.reference(week)
    let built = try Self.model(week)
    let model = built.model
    var search = MealPlanSearch(
      solver: GLPKSolver(), slots: built.slots, relativeGap: 0.01, deadline: ContinuousClock.now)
    var progress = MealPlanSearch.Progress()
    for step in search.steps {
      guard progress.failure == nil else { break }
      search.deadline = ContinuousClock.now + .seconds(Self.seconds)
      try search.perform(step, on: model, &progress)
      let record = try #require(progress.records.last)
      #expect(record.step == step)
      if let bound = record.bound, let plan = reference.plan {
        #expect(bound <= plan + 1e-6, "\(week), \(step): bound \(bound) > reference plan \(plan)")
      }
      guard let values = progress.values else { continue }
      #expect(
        reference.feasible != false, "\(week), \(step): a plan of a week the references find infeasible")
      if let bound = reference.bound {
        #expect(
          record.objective >= bound - 1e-6,
          "\(week), \(step): plan \(record.objective) < reference bound \(bound)")
      }
      #expect(
        model.isFeasible(values, tolerance: 1e-5),
        "\(week), \(step): \(model.violations(at: values).prefix(3))")
      #expect(
        abs(model.objective.value(values) - record.objective) <= 1e-9 * max(1, abs(record.objective)),
        "\(week), \(step): the plan's objective is \(model.objective.value(values)), not \(record.objective)")
    }
    if progress.failure == .infeasible { #expect(reference.feasible == false, "\(week): infeasible") }
    #expect(!progress.records.isEmpty)
  }
}
