/// Why a plan came out as it did: which lines cannot hold together when no
/// plan exists, what each binding goal, limit and budget costs, and what an
/// unused food would have to cost to enter the plan.
///
/// Built by ``Planner`` for food-level plans and for infeasible weeks of
/// meals; encoded under the plan's `explanation` key with
/// snake_case keys (docs/json.md).
///
/// ```swift
/// let plan = try DietPlanner().solve(problem)   // import GLPKBackend
/// for sentence in plan.explanation?.sentences ?? [] { print(sentence) }
/// ```
public struct PlanExplanation: Sendable, Hashable, Codable {
  /// The explanation in sentences for people, in order.
  public var sentences: [String]
  /// A minimal set of lines that cannot hold together (an irreducible
  /// infeasible subset) with everything in ``background`` as written: without
  /// any one of them the rest of the set can hold. The plan may have other
  /// conflicts besides, so dropping one of these lines alone need not give a
  /// plan (``changes`` lists what does). Empty when a plan exists.
  package var conflicts: [LineRelaxation]
  /// Whether ``conflicts`` is proven irreducible (``Claim/proven``): every
  /// deletion of the filter was solved to a proof. `false` when a solve
  /// stopped at its time limit, so a line may be in the set without being needed.
  package var conflictsProven: Bool
  /// What a meal plan's conflict takes as given, never dropped: `the recipes
  /// and their portions`, `the 7 days of 4 meals`, `the pantry`, `the stores
  /// and their packages`.
  package var background: [String]
  /// Changes under which a plan exists, each verified by solving the changed
  /// plan (``PlanChange``): changes of one line first, then the smallest
  /// weighted change when it needs several lines together. Meal and household plans.
  package var changes: [PlanChange]
  /// For a meal plan whose budget cannot be met: the cheapest plan found
  /// without its budgets, and the bound proven for it.
  package var withoutBudgets: CostWithoutBudgets?
  /// The smallest weighted change that makes a plan exist (the elastic model,
  /// see ``DietExplainer/weight(of:side:)``): only the lines that move.
  package var relaxation: [LineRelaxation]
  /// Whether ``relaxation`` is proven the smallest; `false` when the elastic
  /// model's solve stopped at its time limit with a change found but not
  /// proven least (a meal plan's elastic model is an integer program).
  package var relaxationProven: Bool
  /// What each goal, limit and budget costs, for `planner solve --explain`.
  package var marginalCosts: [MarginalCost]
  /// What each unused food would have to cost to enter the plan.
  package var reducedCosts: [ReducedCost]

  /// Creates an explanation from its parts.
  package init(
    sentences: [String] = [], conflicts: [LineRelaxation] = [], conflictsProven: Bool = true,
    relaxation: [LineRelaxation] = [], relaxationProven: Bool = true, marginalCosts: [MarginalCost] = [],
    reducedCosts: [ReducedCost] = [], background: [String] = [], changes: [PlanChange] = [],
    withoutBudgets: CostWithoutBudgets? = nil
  ) {
    self.sentences = sentences
    self.conflicts = conflicts
    self.conflictsProven = conflictsProven
    self.background = background
    self.changes = changes
    self.withoutBudgets = withoutBudgets
    self.relaxation = relaxation
    self.relaxationProven = relaxationProven
    self.marginalCosts = marginalCosts
    self.reducedCosts = reducedCosts
  }

  enum CodingKeys: String, CodingKey {
    case sentences, conflicts, relaxation, background, changes
    case conflictsProven = "conflicts_proven"
    case withoutBudgets = "without_budgets"
    case relaxationProven = "relaxation_proven"
    case marginalCosts = "marginal_costs"
    case reducedCosts = "reduced_costs"
  }
}

/// One goal, limit or budget of a plan, as an explanation names it.
package struct PlanLine: Sendable, Hashable, Codable {
  /// What kind of line.
  package enum Kind: String, Sendable, Hashable, Codable {
    /// A nutrient goal (``DietProblem/goals``).
    case goal
    /// The budget (``DietProblem/budget``).
    case budget
    /// A limit on one food (``DietProblem/foodLimits``).
    case foodLimit = "food_limit"
    /// A limit on a group of foods (``DietProblem/groupLimits``).
    case groupLimit = "group_limit"
    /// A diet label of a meal plan (``MealPlanProblem/diet``).
    case diet
    /// An avoid rule of a meal plan (``MealPlanProblem/avoid``).
    case avoid
    /// A repetition limit of a meal plan (``MealPlanProblem/repetition``).
    case repetition
    /// A lock of a meal plan (``MealPlanProblem/locks``).
    case lock
    /// A leftover rule of a meal plan (``MealPlanProblem/leftovers``).
    case leftovers
  }

  /// Which side of a line's bounds.
  package enum Side: String, Sendable, Hashable, Codable {
    /// The lower bound (`at least`).
    case minimum
    /// The upper bound (`at most`, a budget).
    case maximum
  }

  /// What kind of line.
  package var kind: Kind
  /// Its position in the problem's list of that kind (0 for the budget of a
  /// food-level plan; for a meal plan's repetition limits 0 is `repeat at
  /// most`, 1 `once a day`, 2 `not on consecutive days`; for a diet label its
  /// place among the plan's labels in alphabetical order).
  package var index: Int
  /// The line in words: `protein at least 250 g a day`.
  package var statement: String
  /// What the line bounds: a nutrient (`protein`), a food (`oats`), a group
  /// (`milk+cheese`) or `cost`; for a meal plan's rules, the label, the
  /// avoided name, the recipe locked or the slot filled with leftovers.
  package var subject: String
  /// Where the line was written, when the problem came from a plan file.
  package var source: SourceReference?

  /// Creates a line from its parts.
  package init(kind: Kind, index: Int, statement: String, subject: String, source: SourceReference? = nil) {
    self.kind = kind
    self.index = index
    self.statement = statement
    self.subject = subject
    self.source = source
  }
}

/// How far one side of a line must move for a plan to exist.
///
/// In JSON the line's place is flattened: `file`, `line`, `column`.
package struct LineRelaxation: Sendable, Hashable, Codable {
  /// The line.
  package var line: PlanLine
  /// The side that must move.
  package var side: PlanLine.Side
  /// The bound as written, in ``unit``; for a rule without a number, 0
  /// (`repeat at most N` has N, in `times a week`).
  package var bound: Double
  /// The most (for a minimum) or least (for a maximum) that can be reached
  /// when this line alone is relaxed and every other line holds; `nil` when
  /// relaxing this line alone is not enough, for a rule without a number
  /// (a diet label, an avoid rule, a lock, a leftover rule, a repetition
  /// limit), and for a meal plan's line whose reach was not proven within
  /// the explanation's time (``message`` says which).
  package var reachable: Double?
  /// How far the bound must move: `|bound - reachable|`; `nil` with ``reachable``.
  package var relaxation: Double?
  /// The unit of the bound: `g`, `mg`, `kcal`, `%` (of energy), `servings` or the currency.
  package var unit: String
  /// Whether the bound holds each day or over the whole plan.
  package var period: Period
  /// The sentence for people.
  package var message: String

  /// Creates a relaxation from its parts.
  package init(
    line: PlanLine, side: PlanLine.Side, bound: Double, reachable: Double?, relaxation: Double?, unit: String,
    period: Period, message: String
  ) {
    self.line = line
    self.side = side
    self.bound = bound
    self.reachable = reachable
    self.relaxation = relaxation
    self.unit = unit
    self.period = period
    self.message = message
  }

  enum CodingKeys: String, CodingKey {
    case kind, index, statement, subject, file, line, column, side, bound, reachable, relaxation, unit, period
    case message
  }

  package init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    var source: SourceReference?
    if let file = try c.decodeIfPresent(String.self, forKey: .file) {
      source = SourceReference(
        file: file, line: try c.decode(Int.self, forKey: .line),
        column: try c.decode(Int.self, forKey: .column))
    }
    line = PlanLine(
      kind: try c.decode(PlanLine.Kind.self, forKey: .kind), index: try c.decode(Int.self, forKey: .index),
      statement: try c.decode(String.self, forKey: .statement),
      subject: try c.decode(String.self, forKey: .subject), source: source)
    side = try c.decode(PlanLine.Side.self, forKey: .side)
    bound = try c.decode(Double.self, forKey: .bound)
    reachable = try c.decodeIfPresent(Double.self, forKey: .reachable)
    relaxation = try c.decodeIfPresent(Double.self, forKey: .relaxation)
    unit = try c.decode(String.self, forKey: .unit)
    period = try c.decode(Period.self, forKey: .period)
    message = try c.decode(String.self, forKey: .message)
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(line.kind, forKey: .kind)
    try c.encode(line.index, forKey: .index)
    try c.encode(line.statement, forKey: .statement)
    try c.encode(line.subject, forKey: .subject)
    try c.encodeIfPresent(line.source?.file, forKey: .file)
    try c.encodeIfPresent(line.source?.line, forKey: .line)
    try c.encodeIfPresent(line.source?.column, forKey: .column)
    try c.encode(side, forKey: .side)
    try c.encode(bound, forKey: .bound)
    try c.encodeIfPresent(reachable, forKey: .reachable)
    try c.encodeIfPresent(relaxation, forKey: .relaxation)
    try c.encode(unit, forKey: .unit)
    try c.encode(period, forKey: .period)
    try c.encode(message, forKey: .message)
  }
}

/// What one side of a goal, limit or budget costs: how the objective changes
/// when its bound moves up.
package struct MarginalCost: Sendable, Hashable, Codable {
  /// How the figure was found.
  package enum Method: String, Sendable, Hashable, Codable {
    /// From the LP duals: exact for a small step, for plans in grams.
    case dual
    /// By solving again with the bound moved ``MarginalCost/step``, for plans in whole servings.
    case resolve
  }

  /// The line.
  package var line: PlanLine
  /// The side whose bound moves.
  package var side: PlanLine.Side
  /// The bound as written, in ``unit``.
  package var bound: Double
  /// The unit of the bound.
  package var unit: String
  /// Whether the bound holds each day or over the whole plan.
  package var period: Period
  /// Whether the bound limits the plan (a nonzero change).
  package var binding: Bool
  /// How the figure was found.
  package var method: Method
  /// How far the bound moved up for ``change``: 1 for duals, a step for a re-solve.
  package var step: Double
  /// How much the objective changes when the bound moves up by ``step``
  /// (positive: the plan costs more); `nil` when the re-solved plan has none.
  package var change: Double?
  /// ``change`` per unit of the bound.
  package var perUnit: Double?
  /// The least the change can truly be, when the two costs behind a re-solved
  /// figure are each proven only within a gap (a meal plan's
  /// ``MealPlanner/explainCosts(_:solveSeconds:totalSeconds:)``); `nil` when
  /// ``change`` is exact.
  package var changeAtLeast: Double?
  /// The most the change can truly be; `nil` when ``change`` is exact.
  package var changeAtMost: Double?
  /// The unit of the objective: the currency, or a nutrient's unit.
  package var objectiveUnit: String
  /// The sentence for people.
  package var message: String

  /// Creates a marginal cost from its parts.
  package init(
    line: PlanLine, side: PlanLine.Side, bound: Double, unit: String, period: Period, binding: Bool,
    method: Method, step: Double, change: Double?, objectiveUnit: String, message: String
  ) {
    self.line = line
    self.side = side
    self.bound = bound
    self.unit = unit
    self.period = period
    self.binding = binding
    self.method = method
    self.step = step
    self.change = change
    self.perUnit = change.map { $0 / step }
    self.objectiveUnit = objectiveUnit
    self.message = message
  }

  enum CodingKeys: String, CodingKey {
    case line, side, bound, unit, period, binding, method, step, change, message
    case perUnit = "per_unit"
    case changeAtLeast = "change_at_least"
    case changeAtMost = "change_at_most"
    case objectiveUnit = "objective_unit"
  }
}

/// What an unused food would have to cost for the plan to use it, from the
/// LP's reduced costs.
package struct ReducedCost: Sendable, Hashable, Codable {
  /// The food's identifier.
  package var food: String
  /// The food's name for people.
  package var name: String
  /// Its price now, per ``per``.
  package var price: Double
  /// The price at or below which the plan would use it, per ``per``; `nil`
  /// when it would not be used even at no cost (another goal or limit keeps it out).
  package var enteringPrice: Double?
  /// The amount the prices are for: `454 g`, `kg`, `100 g`.
  package var per: String
  /// The currency.
  package var currency: String
  /// The sentence for people.
  package var message: String

  /// Creates a reduced cost from its parts.
  package init(
    food: String, name: String, price: Double, enteringPrice: Double?, per: String, currency: String,
    message: String
  ) {
    self.food = food
    self.name = name
    self.price = price
    self.enteringPrice = enteringPrice
    self.per = per
    self.currency = currency
    self.message = message
  }

  enum CodingKeys: String, CodingKey {
    case food, name, price, per, currency, message
    case enteringPrice = "entering_price"
  }
}
