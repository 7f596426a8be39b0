import Diagnostics
import Dispatch
import MealOptimizer

/// A `limit` statement checked (``Checker/checkLimit(_:_:_:at:foods:)``).
struct CheckedLimit {
  /// The limit, with its source.
  var limit: LimitSpec
  /// Its foods' positions in the checked foods.
  var foods: LimitFoods
  /// Where its bound is written (conflicts between limits point there).
  var boundRange: SourceRange
}

extension Checker {
  /// The `limit` statements of `statements` checked in parts, one thread a
  /// part, when a plan holds many of them (the diet family's plans hold one or
  /// two a food: 16,000 for 8,000 foods); `nil` when there are too few to be
  /// worth the threads, and the plan checks them in order.
  ///
  /// A limit depends on nothing but the foods, its own words and the units,
  /// so each part starts from this checker; their messages are added to this
  /// checker's in order. Conflicts between limits are found afterwards, in
  /// order, by ``checkPlan(_:foods:recipes:)``.
  ///
  /// - Returns: For each statement, its checked limit (`nil` for other statements
  ///   and for limits with a mistake, reported).
  mutating func checkLimitsInParts(_ statements: [PlanStatement], foods: [Food]) -> [CheckedLimit?]? {
    let count = statements.reduce(0) { count, statement in
      if case .limit = statement { count + 1 } else { count }
    }
    let parts = min(processors, 8, count / max(1, smallestPart))
    guard parts > 1 else { return nil }
    let bounds = (0...parts).map { statements.count * $0 / parts }
    var start = self
    start.diagnostics = []
    let work = PartedWork<Checker, LimitPartSlot>(start: start, parts: parts)
    defer { work.release() }
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      var checker = work.start
      var checked: [CheckedLimit?] = []
      checked.reserveCapacity(bounds[part + 1] - bounds[part])
      for index in bounds[part]..<bounds[part + 1] {
        if case .limit(let names, let bound, let period, let range) = statements[index] {
          checked.append(checker.checkLimit(names, bound, period, at: range, foods: foods))
        } else {
          checked.append(nil)
        }
      }
      work.slots[part] = LimitPartSlot(checked: checked, diagnostics: checker.diagnostics)
    }
    var result: [CheckedLimit?] = []
    result.reserveCapacity(statements.count)
    for slot in work.slots {
      guard let slot else { return nil }
      result += slot.checked
      diagnostics += slot.diagnostics
    }
    return result
  }
}

/// What one part of ``Checker/checkLimitsInParts(_:foods:)`` found.
private struct LimitPartSlot {
  var checked: [CheckedLimit?]
  var diagnostics: [Diagnostic]
}
