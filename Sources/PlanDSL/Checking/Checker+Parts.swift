import Diagnostics
import Dispatch
import MealOptimizer

/// The stores, foods and goals of a program, each in declaration order.
struct CheckedDeclarations: Equatable {
  var stores: [Store] = []
  var foods: [Food] = []
  var goals: [GoalSpec] = []
}

extension Checker {
  /// The fewest declarations each part must have for the stores, foods and
  /// goals to be checked in parts, one thread a part: a food takes a few
  /// microseconds, a thread tens of them.
  static let smallestCheckedPart = 2048

  /// Checks every store, food and goal, in parts on up to ``processors``
  /// threads when there are many, and on this thread otherwise; the result
  /// and every message are the same either way.
  ///
  /// These declarations depend on nothing checked before them but the
  /// currency of the first money amount (a later one in another currency is
  /// a mistake, reported against the first): each part starts from the
  /// currency known before it, and when the parts disagree, or any part
  /// reports mixed currencies, its work is dropped and the declarations are
  /// checked again in one go, so that every message is the one a single pass
  /// gives. Otherwise the parts' results, their messages and the first
  /// currency they met are put together in order.
  mutating func checkStoresFoodsAndGoals() -> CheckedDeclarations {
    let parts = min(processors, 8, declarations.count / max(1, smallestPart))
    if parts > 1, let checked = checkInParts(parts) { return checked }
    return checkStoresFoodsAndGoals(in: 0..<declarations.count)
  }

  /// Checks the stores, foods and goals among `declarations[range]`.
  mutating func checkStoresFoodsAndGoals(in range: Range<Int>) -> CheckedDeclarations {
    var checked = CheckedDeclarations()
    for index in range where !repeatsName[index] {
      switch declarations[index] {
      case .store(let d): if let store = checkStore(d) { checked.stores.append(store) }
      case .food(let d): if let food = checkFood(d) { checked.foods.append(food) }
      case .goal(let d): checked.goals.append(checkGoal(d))
      case .plan, .use, .include, .rules, .test, .recipe, .pantry, .household, .adapt: break
      }
    }
    return checked
  }

  /// The stores, foods and goals checked in `parts` parts at once, or `nil`
  /// when the parts' currencies do not agree (see ``checkStoresFoodsAndGoals()``).
  mutating func checkInParts(_ parts: Int) -> CheckedDeclarations? {
    let count = declarations.count
    let bounds = (0...parts).map { count * $0 / parts }
    var start = self
    start.diagnostics = []
    let work = PartedWork<Checker, PartedCheckSlot>(start: start, parts: parts)
    defer { work.release() }
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      var checker = work.start
      let checked = checker.checkStoresFoodsAndGoals(in: bounds[part]..<bounds[part + 1])
      work.slots[part] = PartedCheckSlot(
        checked: checked, diagnostics: checker.diagnostics, currency: checker.currency)
    }
    // Put together in order; nothing of this checker changes until every part agrees.
    let mixed = DiagnosticID.mixedCurrencies.rawValue
    var currency = self.currency
    var found: [Diagnostic] = []
    for slot in work.slots {
      guard let slot, !slot.diagnostics.contains(where: { $0.id == mixed }) else { return nil }
      if let met = slot.currency {
        if let first = currency, first.code != met.code { return nil }
        if currency == nil { currency = met }
      }
      found += slot.diagnostics
    }
    // The first part's lists taken out of its slot (then held once: growing
    // them moves their foods rather than copying them), the others appended.
    guard var result = work.slots[0]?.checked else { return nil }
    work.slots[0] = nil
    for slot in work.slots.dropFirst() {
      guard let slot else { return nil }
      result.stores += slot.checked.stores
      result.foods += slot.checked.foods
      result.goals += slot.checked.goals
    }
    diagnostics += found
    self.currency = currency
    return result
  }
}

/// What one part of ``Checker/checkInParts(_:)`` found.
private struct PartedCheckSlot {
  var checked: CheckedDeclarations
  var diagnostics: [Diagnostic]
  var currency: (code: String, range: SourceRange)?
}
