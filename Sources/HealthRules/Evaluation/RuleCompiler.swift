/// Code for a numeric expression: its exact value in a window, or `nil` when unknown.
typealias NumberCode = @Sendable (Window) -> Rational?
/// Code for a condition: its three-valued outcome in a window.
typealias TruthCode = @Sendable (Window) -> Truth

/// Turns checked expressions into trees of closures over a window's dense rows.
///
/// Day ranges become slot indices and metrics become row offsets once, here,
/// so evaluation does no lookups for built-in metrics. Common shapes (a mean
/// over days, a reading times a constant percent) get their own closures.
struct RuleCompiler {
  let length: Int

  func truth(_ condition: Condition) -> TruthCode {
    switch condition {
    case .comparison(let lhs, let op, let rhs):
      let left = number(lhs)
      let right = number(rhs)
      return { window in
        guard let a = left(window), let b = right(window) else { return .unknown }
        return op.holds(forOrder: Rational.compare(a, b)) ? .yes : .no
      }
    case .and(let a, let b):
      let first = truth(a)
      let second = truth(b)
      return { window in
        let x = first(window)
        return x == .no ? .no : x && second(window)
      }
    case .or(let a, let b):
      let first = truth(a)
      let second = truth(b)
      return { window in
        let x = first(window)
        return x == .yes ? .yes : x || second(window)
      }
    case .not(let a):
      let inner = truth(a)
      return { window in !inner(window) }
    case .symptomsMention(let word, let range):
      let matcher = SymptomMatcher(word)
      let slots = slotRange(range)
      return { window in
        var anyMissing = false
        for slot in slots {
          guard let text = window.symptomTexts[slot] else {
            anyMissing = true
            continue
          }
          if matcher.matches(text) { return .yes }
        }
        return anyMissing ? .unknown : .no
      }
    }
  }

  func number(_ expression: Expression) -> NumberCode {
    switch expression {
    case .constant(let value, _):
      return { _ in value }
    case .reading(let metric, let range):
      let slot = slotRange(range).lowerBound
      if let row = metric.builtinIndex {
        let index = row * length + slot
        return { window in
          let raw = window.numbers[index]
          return raw == Window.missing ? nil : Rational(unreduced: raw, 1000)
        }
      }
      return { window in
        guard let row = window.row(of: metric) else { return nil }
        let raw = window.numbers[row * window.length + slot]
        return raw == Window.missing ? nil : Rational(unreduced: raw, 1000)
      }
    case .aggregate(let aggregate, let metric, let range, let requested):
      let slots = slotRange(range)
      let minimum = AggregateKernel.effectiveMinimum(aggregate, requested: requested)
      if let row = metric.builtinIndex {
        let start = row * length + slots.lowerBound
        let end = row * length + slots.upperBound
        if aggregate == .mean {
          return { window in
            AggregateKernel.mean(window.numbers, from: start, through: end, minimum: minimum)
          }
        }
        return { window in
          AggregateKernel.evaluate(aggregate, window.numbers, from: start, through: end, minimum: minimum)
        }
      }
      return { window in
        guard let row = window.row(of: metric) else {
          return minimum == 0 && aggregate == .count ? .zero : nil
        }
        let base = row * window.length
        return AggregateKernel.evaluate(
          aggregate, window.numbers, from: base + slots.lowerBound, through: base + slots.upperBound,
          minimum: minimum)
      }
    case .negate(let operand):
      let inner = number(operand)
      return { window in inner(window)?.negated() }
    case .arithmetic(let op, let lhs, .constant(let constant, _)) where op == .multiply:
      let left = number(lhs)
      return { window in left(window)?.multiplied(by: constant) }
    case .arithmetic(let op, let lhs, let rhs):
      let left = number(lhs)
      let right = number(rhs)
      switch op {
      case .add:
        return { window in
          guard let a = left(window), let b = right(window) else { return nil }
          return a.adding(b)
        }
      case .subtract:
        return { window in
          guard let a = left(window), let b = right(window) else { return nil }
          return a.subtracting(b)
        }
      case .multiply:
        return { window in
          guard let a = left(window), let b = right(window) else { return nil }
          return a.multiplied(by: b)
        }
      case .divide:
        return { window in
          guard let a = left(window), let b = right(window) else { return nil }
          return a.divided(by: b)
        }
      }
    }
  }

  /// Zero-based slots of a checked range; an unchecked out-of-window range yields today's slot.
  func slotRange(_ range: DayRange) -> ClosedRange<Int> {
    guard let days = range.dayNumbers(inWindowOf: length) else { return (length - 1)...(length - 1) }
    return (days.lowerBound - 1)...(days.upperBound - 1)
  }
}
