/// A checked rule set turned into code, ready to evaluate many windows quickly.
///
/// ```swift
/// let rules = try RuleSet.baseline.compiled()
/// let window = try Window(readings: readings)
/// let verdict = rules.evaluate(window)
/// ```
public struct CompiledRuleSet: Sendable {
  /// The rule set this was compiled from.
  package let ruleSet: RuleSet
  private let program: RuleProgram
  /// Each alert's condition as rules spell it, rendered once.
  let conditionTexts: [String]
  /// Bit `i` set when alert `i` is an `info` note.
  let infoMask: UInt64

  /// Checks and compiles a rule set.
  ///
  /// - Throws: ``RuleError`` when the rule set does not check.
  /// - Complexity: O(n) in the size of the rules.
  package init(_ ruleSet: RuleSet) throws(RuleError) {
    try ruleSet.check()
    self.ruleSet = ruleSet
    program = RuleProgram(conditions: ruleSet.alerts.map(\.condition), length: ruleSet.windowLength)
    conditionTexts = ruleSet.alerts.map(\.condition.description)
    var mask: UInt64 = 0
    for (index, alert) in ruleSet.alerts.enumerated() where alert.severity == .info {
      mask |= UInt64(1) << UInt64(index)
    }
    infoMask = mask
  }

  /// The outcome of every alert for one window: the fast path, with no evidence.
  ///
  /// - Parameter window: A window of ``RuleSet/windowLength`` days.
  /// - Returns: Which alerts fired and which were unknown.
  /// - Precondition: `window.length == ruleSet.windowLength`.
  /// - Complexity: O(size of the rules); no allocation for built-in metrics.
  package func outcomes(for window: borrowing Window) -> RuleOutcomes {
    precondition(window.length == ruleSet.windowLength, "the window length differs from the rule set's")
    let selected = program.customMetrics.filter { $0.selection != nil }
    if !selected.isEmpty, selected.contains(where: { window.row(of: $0) == nil }) {
      var copy = copy window
      copy.materialize(selected)
      return outcomes(for: copy)
    }
    let length = window.length
    if program.readsOnlyBuiltinMetrics {
      let (fired, unknown) = window.numbers.withUnsafeBufferPointer { values in
        guard let base = values.baseAddress else { return (UInt64(0), UInt64(0)) }
        return program.run(Frame(values: base, length: length))
      }
      return RuleOutcomes(fired: fired, unknown: unknown, count: ruleSet.alerts.count, info: infoMask)
    }
    let parameterValues = program.parameters.map { window.parameterSteps[$0.name] ?? Window.missing }
    let (fired, unknown) = window.numbers.withUnsafeBufferPointer { values in
      window.symptomTexts.withUnsafeBufferPointer { symptoms in
        window.customMetrics.withUnsafeBufferPointer { customMetrics in
          parameterValues.withUnsafeBufferPointer { parameters in
            guard let base = values.baseAddress else { return (UInt64(0), UInt64(0)) }
            return program.run(
              Frame(
                values: base, symptoms: symptoms, customMetrics: customMetrics, length: window.length,
                parameters: parameters))
          }
        }
      }
    }
    return RuleOutcomes(fired: fired, unknown: unknown, count: ruleSet.alerts.count, info: infoMask)
  }

  /// The outcomes for many windows, in order: the fast path for screening a population.
  ///
  /// - Parameter windows: Windows of ``RuleSet/windowLength`` days.
  /// - Returns: One ``RuleOutcomes`` per window.
  /// - Complexity: O(n) in the number of windows; one allocation for the result.
  package func outcomes(for windows: [Window]) -> [RuleOutcomes] {
    var results: [RuleOutcomes] = []
    results.reserveCapacity(windows.count)
    let program = program
    let length = ruleSet.windowLength
    let count = ruleSet.alerts.count
    program.withRunner { runner in
      windows.withUnsafeBufferPointer { buffer in
        guard let first = buffer.baseAddress else { return }
        for index in buffer.indices {
          let window = first + index
          guard program.readsOnlyBuiltinMetrics, window.pointee.length == length else {
            results.append(outcomes(for: window.pointee))
            continue
          }
          // Reading through the pointer borrows the window's storage instead of copying it.
          let (fired, unknown) = window.pointee.numbers.withUnsafeBufferPointer { values in
            guard let base = values.baseAddress else { return (UInt64(0), UInt64(0)) }
            return runner.run(Frame(values: base, length: length))
          }
          results.append(RuleOutcomes(fired: fired, unknown: unknown, count: count, info: infoMask))
        }
      }
    }
    return results
  }

  /// The window this rule set looks at for some readings.
  ///
  /// - Parameters:
  ///   - readings: Readings in any order.
  ///   - asOf: The day to treat as today; the latest reading's day by default.
  /// - Throws: ``WindowError``.
  package func window(for readings: [Reading], asOf: Day? = nil) throws(WindowError) -> Window {
    try Window(readings: readings, asOf: asOf, length: ruleSet.windowLength)
  }
}

extension RuleSet {
  /// Checks and compiles this rule set; see ``CompiledRuleSet``.
  ///
  /// - Throws: ``RuleError``.
  public func compiled() throws(RuleError) -> CompiledRuleSet {
    try CompiledRuleSet(self)
  }
}
