/// Where the rules of a ``MealPlanProblem`` other than its goals and budgets
/// were written, so that an explanation can point at them.
///
/// Goals and budgets carry their own ``SourceReference``; diet labels, avoid
/// rules, repetition limits, locks and leftover rules are plain values, so
/// their places are kept here. A front end (PlanDSL's lowering) fills it in;
/// a problem built in Swift may leave it out.
///
/// ```swift
/// var sources = MealRuleSources()
/// sources.diet["vegan"] = SourceReference(file: "week.plan", line: 8, column: 8)
/// sources.locks = [SourceReference(file: "week.plan", line: 12, column: 3)]
/// ```
package struct MealRuleSources: Sendable, Hashable, Codable {
  /// Each diet label's place, by its name (`vegan`).
  package var diet: [String: SourceReference]
  /// The place of each avoid rule, in the order of ``MealPlanProblem/avoid``.
  package var avoid: [SourceReference?]
  /// The `repeat at most` statement.
  package var maximumPerWeek: SourceReference?
  /// The `repeat once a day` statement.
  package var oncePerDay: SourceReference?
  /// The `repeat not on consecutive days` statement.
  package var notOnConsecutiveDays: SourceReference?
  /// The place of each lock, in the order of ``MealPlanProblem/locks``.
  package var locks: [SourceReference?]
  /// The place of each leftover rule, in the order of ``MealPlanProblem/leftovers``.
  package var leftovers: [SourceReference?]

  /// Creates places; every part defaults to unknown.
  package init(
    diet: [String: SourceReference] = [:], avoid: [SourceReference?] = [],
    maximumPerWeek: SourceReference? = nil,
    oncePerDay: SourceReference? = nil, notOnConsecutiveDays: SourceReference? = nil,
    locks: [SourceReference?] = [], leftovers: [SourceReference?] = []
  ) {
    self.diet = diet
    self.avoid = avoid
    self.maximumPerWeek = maximumPerWeek
    self.oncePerDay = oncePerDay
    self.notOnConsecutiveDays = notOnConsecutiveDays
    self.locks = locks
    self.leftovers = leftovers
  }

  enum CodingKeys: String, CodingKey {
    case diet, avoid, locks, leftovers
    case maximumPerWeek = "maximum_per_week"
    case oncePerDay = "once_per_day"
    case notOnConsecutiveDays = "not_on_consecutive_days"
  }
}
