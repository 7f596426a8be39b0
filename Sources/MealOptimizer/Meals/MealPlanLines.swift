import Foundation

/// The lines of a ``MealPlanProblem`` an explanation can drop one at a time:
/// each budget, each goal, each diet label, each avoid rule, each repetition
/// limit, each lock and each leftover rule, with where it was written; for
/// a household, each member's goals (named `Ana's protein …`) after the
/// week's lines, in place of the week's own goals, which it does not use.
/// A member's own diet labels and avoid rules are not lines: they are taken
/// as given (``MealPlanner/background(_:)``).
///
/// Dropping a line changes the problem, not just the model: a diet label or
/// an avoid rule decides which recipes a slot may hold at all, so each set
/// of lines is built into its own model (``problem(keeping:)``).
struct MealPlanLines {
  /// One line and how to leave it out.
  struct Line {
    enum Part: Hashable {
      case budget(Int)
      case goal(Int)
      /// A household member's goal: the member's and the goal's positions.
      case memberGoal(Int, Int)
      case diet(DietLabel)
      case avoid(Int)
      case maximumPerWeek, oncePerDay
      case notOnConsecutiveDays
      case lock(Int)
      case leftovers(Int)
    }

    var part: Part
    var line: PlanLine
    /// The bound as written, 0 for a rule without a number.
    var minimum: Double?
    var maximum: Double?
    var unit: String
    var period: Period

    var sides: [PlanLine.Side] { (minimum != nil ? [.minimum] : []) + (maximum != nil ? [.maximum] : []) }
    /// Whether the line is a goal: the week's, or a household member's.
    var isGoal: Bool {
      switch part {
      case .goal, .memberGoal: true
      default: false
      }
    }
    func bound(_ side: PlanLine.Side) -> Double? { side == .minimum ? minimum : maximum }
  }

  let problem: MealPlanProblem
  var lines: [Line] = []

  init(_ problem: MealPlanProblem) {
    self.problem = problem
    let sources = problem.ruleSources ?? MealRuleSources()
    let currency = problem.currency
    for (b, budget) in problem.budgets.enumerated() {
      let amount = NSDecimalNumber(decimal: budget.amount).doubleValue
      lines.append(
        Line(
          part: .budget(b),
          line: PlanLine(
            kind: .budget, index: b,
            statement: "budget \(DietLineModel.money(amount, currency)) per \(budget.period.rawValue)",
            subject: "cost", source: budget.source),
          maximum: amount, unit: currency, period: budget.period))
    }
    for (g, goal) in problem.goals.enumerated()
    where problem.household == nil && (goal.minimum != nil || goal.maximum != nil) {
      lines.append(Self.goalLine(goal, part: .goal(g), index: g, whose: ""))
    }
    for (d, label) in problem.diet.sorted(by: { $0.rawValue < $1.rawValue }).enumerated() {
      lines.append(
        rule(
          .diet(label), .diet, d, "diet \(label.rawValue)", label.rawValue, sources.diet[label.rawValue]))
    }
    for (a, avoid) in problem.avoid.enumerated() {
      let name: String
      switch avoid {
      case .food(let id), .tag(let id), .term(let id): name = id
      }
      lines.append(
        rule(
          .avoid(a), .avoid, a, "avoid \(name)", name,
          sources.avoid.indices.contains(a) ? sources.avoid[a] : nil))
    }
    let repetition = problem.repetition
    if let most = repetition.maximumPerWeek {
      var line = rule(
        .maximumPerWeek, .repetition, 0, "repeat at most \(most) \(repetition.counting.rawValue) a week",
        "repeat",
        sources.maximumPerWeek)
      line.maximum = Double(most)
      line.unit = "times a week"
      line.period = .week
      lines.append(line)
    }
    if repetition.oncePerDay {
      lines.append(rule(.oncePerDay, .repetition, 1, "repeat once a day", "repeat", sources.oncePerDay))
    }
    if repetition.notOnConsecutiveDays {
      lines.append(
        rule(
          .notOnConsecutiveDays, .repetition, 2, "repeat not on consecutive days", "repeat",
          sources.notOnConsecutiveDays))
    }
    for (l, lock) in problem.locks.enumerated() {
      let servings = lock.servings.map { " (\(DietLineModel.number($0)) servings)" } ?? ""
      lines.append(
        rule(
          .lock(l), .lock, l, "lock day \(lock.day) \(lock.meal) \(lock.recipe)\(servings)", lock.recipe,
          sources.locks.indices.contains(l) ? sources.locks[l] : nil))
    }
    for (l, leftover) in problem.leftovers.enumerated() {
      lines.append(
        rule(
          .leftovers(l), .leftovers, l, "leftovers \(leftover.from) to \(leftover.to)", "\(leftover.to)",
          sources.leftovers.indices.contains(l) ? sources.leftovers[l] : nil))
    }
    var index = 0
    for (m, member) in (problem.household?.members ?? []).enumerated() {
      for (g, goal) in member.goals.enumerated() where goal.minimum != nil || goal.maximum != nil {
        lines.append(Self.goalLine(goal, part: .memberGoal(m, g), index: index, whose: "\(member.name)'s "))
        index += 1
      }
    }
  }

  /// A goal's line: `protein at least 80 g a day`, or a member's, `Ana's protein …`.
  private static func goalLine(_ goal: NutrientGoal, part: Line.Part, index: Int, whose: String) -> Line {
    let percent = goal.basis == .percentOfEnergy
    let unit = percent ? "%" : goal.nutrient.definition?.unit.rawValue ?? ""
    let minimum = goal.minimum.map { percent ? $0 * 100 : $0 }
    let maximum = goal.maximum.map { percent ? $0 * 100 : $0 }
    let subject = whose + String(describing: goal.nutrient)
    return Line(
      part: part,
      line: PlanLine(
        kind: .goal, index: index, statement: statement(subject, minimum, maximum, unit, goal.period),
        subject: subject, source: goal.source),
      minimum: minimum, maximum: maximum, unit: unit, period: goal.period)
  }

  /// The goal a goal line stands for, as written.
  func goal(_ part: Line.Part) -> NutrientGoal? {
    switch part {
    case .goal(let g): problem.goals[g]
    case .memberGoal(let m, let g): problem.household?.members[m].goals[g]
    default: nil
    }
  }

  /// A goal line's rows in a model of the week (one person's, or a household's, member by member).
  func goalRows(_ part: Line.Part, in built: MealPlanModel) -> Range<Int>? {
    let (diner, g): (Int, Int)
    switch part {
    case .goal(let goal): (diner, g) = (0, goal)
    case .memberGoal(let member, let goal): (diner, g) = (member, goal)
    default: return nil
    }
    guard built.dinerGoalRows.indices.contains(diner), built.dinerGoalRows[diner].indices.contains(g) else {
      return nil
    }
    return built.dinerGoalRows[diner][g]
  }

  /// Changes the goal a goal line stands for in `problem`.
  static func change(
    _ part: Line.Part, in problem: inout MealPlanProblem, _ body: (inout NutrientGoal) -> Void
  ) {
    switch part {
    case .goal(let g): body(&problem.goals[g])
    case .memberGoal(let m, let g):
      guard var household = problem.household else { return }
      body(&household.members[m].goals[g])
      problem.household = household
    default: break
    }
  }

  private func rule(
    _ part: Line.Part, _ kind: PlanLine.Kind, _ index: Int, _ statement: String, _ subject: String,
    _ source: SourceReference?
  ) -> Line {
    Line(
      part: part,
      line: PlanLine(kind: kind, index: index, statement: statement, subject: subject, source: source),
      unit: "", period: .week)
  }

  /// `protein at least 150 g a day`, `fiber at least 200 g a week`.
  static func statement(
    _ subject: String, _ minimum: Double?, _ maximum: Double?, _ unit: String, _ period: Period
  ) -> String {
    let text = DietLineModel.statement(subject, minimum, maximum, unit, .day)
    return period == .day ? text : String(text.dropLast(" a day".count)) + " a week"
  }

  /// The problem with only the lines in `kept` (and everything that is not a
  /// line), each line in `moves` with its side's bound set to the value given
  /// (in the line's own units: a share of energy in percent, `repeat at most`
  /// in times a week).
  func problem(keeping kept: Set<Int>, moving moves: [Int: (side: PlanLine.Side, value: Double)] = [:])
    -> MealPlanProblem
  {
    let parts = Set(kept.map { lines[$0].part })
    var problem = self.problem
    for (l, move) in moves {
      switch lines[l].part {
      case .budget(let b):
        problem.budgets[b].amount =
          Decimal(string: String(format: "%.2f", move.value)) ?? problem.budgets[b].amount
      case .goal, .memberGoal:
        Self.change(lines[l].part, in: &problem) { goal in
          let value = goal.basis == .percentOfEnergy ? move.value / 100 : move.value
          if move.side == .minimum {
            goal.minimum = value
          } else {
            goal.maximum = value
          }
        }
      case .maximumPerWeek:
        problem.repetition.maximumPerWeek = Int(move.value.rounded(.up))
      default: break
      }
    }
    var copy = problem
    let all = Set(lines.map(\.part))
    func keeps(_ part: Line.Part) -> Bool { !all.contains(part) || parts.contains(part) }
    copy.budgets = problem.budgets.indices.filter { keeps(.budget($0)) }.map { problem.budgets[$0] }
    copy.goals = problem.goals.indices.filter { keeps(.goal($0)) }.map { problem.goals[$0] }
    copy.diet = problem.diet.filter { keeps(.diet($0)) }
    copy.avoid = problem.avoid.indices.filter { keeps(.avoid($0)) }.map { problem.avoid[$0] }
    if !keeps(.maximumPerWeek) { copy.repetition.maximumPerWeek = nil }
    if !keeps(.oncePerDay) { copy.repetition.oncePerDay = false }
    if !keeps(.notOnConsecutiveDays) { copy.repetition.notOnConsecutiveDays = false }
    copy.locks = problem.locks.indices.filter { keeps(.lock($0)) }.map { problem.locks[$0] }
    copy.leftovers = problem.leftovers.indices.filter { keeps(.leftovers($0)) }.map { problem.leftovers[$0] }
    if let household = problem.household {
      for (m, member) in household.members.enumerated() {
        copy.household?.members[m].goals = member.goals.indices.filter { keeps(.memberGoal(m, $0)) }.map {
          member.goals[$0]
        }
      }
    }
    copy.tieBreak = .none
    return copy
  }

  /// `protein at least 150 g a day (week.plan:10:3)`.
  func named(_ l: Int) -> String {
    lines[l].line.statement + (lines[l].line.source.map { " (\($0))" } ?? "")
  }
}
