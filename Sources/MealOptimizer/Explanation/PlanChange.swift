/// How a figure or a statement in an explanation was established.
///
/// Every claim an explanation of a meal plan makes is one of three kinds,
/// and says which in its words and in JSON.
package enum Claim: String, Sendable, Hashable, Codable {
  /// The solver proved it, to its stated tolerance (a conflict that is
  /// irreducible, a bound no plan can beat, a change proven the smallest).
  case proven
  /// planner confirmed it by solving again: the changed plan was built anew
  /// and a plan for it was found and checked against every one of its rows.
  case verified
  /// The best seen within the time, and no more: a cheaper plan or a smaller
  /// change may exist.
  case found
}

/// A change to a plan's lines under which a plan exists.
///
/// An explanation lists only changes it has verified (``Claim/verified``):
/// after the change was chosen, planner built the changed plan anew and found
/// a plan for it. A change of one line comes first; a change of several
/// lines holds only with all of them together.
///
/// ```swift
/// for change in explanation.changes {
///   print(change.moves.count + change.drops.count > 1 ? "all of these together:" : "alone:", change.message)
/// }
/// ```
package struct PlanChange: Sendable, Hashable, Codable {
  /// Lines whose bound moves: ``LineRelaxation/reachable`` is the new bound,
  /// already rounded outward to what ``message`` prints.
  package var moves: [LineRelaxation]
  /// Lines left out entirely (a lock, a diet label, a repetition rule).
  package var drops: [PlanLine]
  /// How the change is known to work: always ``Claim/verified`` for a change an explanation lists.
  package var claim: Claim
  /// For the smallest weighted change (the elastic model of docs/solver.md):
  /// ``Claim/proven`` when it is proven the smallest, ``Claim/found`` when
  /// it is the smallest found in the time; `nil` for the other changes.
  package var smallest: Claim?
  /// The change in words: `raise the budget to 64.08 USD a week (week.plan:667:3)`.
  package var message: String

  /// Creates a change from its parts.
  package init(
    moves: [LineRelaxation], drops: [PlanLine] = [], claim: Claim = .verified, smallest: Claim? = nil,
    message: String
  ) {
    self.moves = moves
    self.drops = drops
    self.claim = claim
    self.smallest = smallest
    self.message = message
  }

  /// How many lines the change touches.
  package var size: Int { moves.count + drops.count }
}

/// The cheapest plan found without a plan's budgets, for an explanation of a
/// week whose budget cannot be met.
package struct CostWithoutBudgets: Sendable, Hashable, Codable {
  /// The cost of the cheapest plan found in the time that keeps every other
  /// line, over the whole plan (``Claim/found``).
  package var found: Double
  /// A cost no plan that keeps every other line can go below, over the whole
  /// plan (``Claim/proven``); `nil` when none was proven.
  package var provenBound: Double?
  /// The currency.
  package var currency: String

  /// Creates the figures.
  package init(found: Double, provenBound: Double?, currency: String) {
    self.found = found
    self.provenBound = provenBound
    self.currency = currency
  }

  enum CodingKeys: String, CodingKey {
    case found, currency
    case provenBound = "proven_bound"
  }
}
