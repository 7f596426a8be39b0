import Foundation

/// A plan of any kind, as ``Planner`` returns it for a ``PlanProblem`` of
/// the same kind: what every kind shares (status, report, cost, groceries,
/// explanation, adaptations) without a `switch`, and the kind's own plan in its case.
///
/// Encoded as JSON exactly as the plan it holds (docs/json.md), whose
/// `kind` key tells the cases apart when it is decoded.
///
/// ```swift
/// let plan = try await Planner().plan(problem)
/// print(plan.status, plan.cost ?? 0, plan.report.relativeGap ?? 0)
/// if case .meals(let week) = plan, let members = week.members {   // a household's week
///   for member in members { print(member.name, member.cost) }
/// }
/// ```
public enum SolvedPlan: Sendable, Hashable, Codable {
  /// Grams of foods each day.
  case foods(DietPlan)
  /// A week of meals, for one person or a household (``MealPlan/members``).
  case meals(MealPlan)

  /// Which kind of plan it is.
  public var kind: PlanKind {
    switch self {
    case .foods: .foods
    case .meals(let plan): plan.kind
    }
  }

  /// What the plan's values are.
  public var status: PlanStatus {
    switch self {
    case .foods(let plan): plan.status
    case .meals(let plan): plan.status
    }
  }

  /// Whether the plan has foods or meals to show (optimal or feasible).
  public var hasPlan: Bool { status.hasPlan }

  /// Why the solve stopped, the proven gap and bound, the seconds, and sentences for people.
  public var report: SolveReport {
    switch self {
    case .foods(let plan): plan.report
    case .meals(let plan): plan.report
    }
  }

  /// The cost of the whole plan, when there is one.
  public var cost: Decimal? {
    switch self {
    case .foods(let plan): plan.cost
    case .meals(let plan): plan.cost
    }
  }

  /// What to buy for the whole plan, when there is one.
  public var groceries: GroceryList? {
    switch self {
    case .foods(let plan): plan.groceries
    case .meals(let plan): plan.groceries
    }
  }

  /// Why no plan exists, or (after ``Planner/explainCosts(_:solveSeconds:)``) what each line costs.
  public var explanation: PlanExplanation? {
    get {
      switch self {
      case .foods(let plan): plan.explanation
      case .meals(let plan): plan.explanation
      }
    }
    set {
      switch self {
      case .foods(var plan):
        plan.explanation = newValue
        self = .foods(plan)
      case .meals(var plan):
        plan.explanation = newValue
        self = .meals(plan)
      }
    }
  }

  /// Goals changed by health alerts before planning, with why (see ``PlanAdaptation``).
  package var adaptations: [PlanAdaptation]? {
    get {
      switch self {
      case .foods(let plan): plan.adaptations
      case .meals(let plan): plan.adaptations
      }
    }
    set {
      switch self {
      case .foods(var plan):
        plan.adaptations = newValue
        self = .foods(plan)
      case .meals(var plan):
        plan.adaptations = newValue
        self = .meals(plan)
      }
    }
  }

  private enum KindKey: String, CodingKey { case kind }

  /// Decodes the plan its `kind` key names.
  public init(from decoder: any Decoder) throws {
    let kind = try decoder.container(keyedBy: KindKey.self).decode(PlanKind.self, forKey: .kind)
    switch kind {
    case .foods: self = .foods(try DietPlan(from: decoder))
    case .meals, .household: self = .meals(try MealPlan(from: decoder))
    }
  }

  /// Encodes the plan it holds, as that plan encodes itself.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .foods(let plan): try plan.encode(to: encoder)
    case .meals(let plan): try plan.encode(to: encoder)
    }
  }
}
