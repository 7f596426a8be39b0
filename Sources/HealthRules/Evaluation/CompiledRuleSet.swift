/// A checked rule set turned into code, ready to evaluate many windows quickly.
///
/// ```swift
/// let rules = try RuleSet.baseline.compiled()
/// let window = try Window(readings: readings)
/// let verdict = rules.evaluate(window)
/// ```
public struct CompiledRuleSet: Sendable {
  /// The rule set this was compiled from.
  public let ruleSet: RuleSet
  private let codes: [TruthCode]

  /// Checks and compiles a rule set.
  ///
  /// - Throws: ``RuleError`` when the rule set does not check.
  /// - Complexity: O(n) in the size of the rules.
  public init(_ ruleSet: RuleSet) throws(RuleError) {
    try ruleSet.check()
    self.ruleSet = ruleSet
    let compiler = RuleCompiler(length: ruleSet.windowLength)
    codes = ruleSet.alerts.map { compiler.truth($0.condition) }
  }

  /// The outcome of every alert for one window: the fast path, with no evidence.
  ///
  /// - Parameter window: A window of ``RuleSet/windowLength`` days.
  /// - Returns: Which alerts fired and which were unknown.
  /// - Precondition: `window.length == ruleSet.windowLength`.
  /// - Complexity: O(size of the rules); no allocation for built-in metrics.
  public func outcomes(for window: Window) -> RuleOutcomes {
    precondition(window.length == ruleSet.windowLength, "the window length differs from the rule set's")
    var fired: UInt64 = 0
    var unknown: UInt64 = 0
    for index in codes.indices {
      switch codes[index](window) {
      case .yes: fired |= UInt64(1) << UInt64(index)
      case .unknown: unknown |= UInt64(1) << UInt64(index)
      case .no: break
      }
    }
    return RuleOutcomes(fired: fired, unknown: unknown, count: codes.count)
  }

  /// The window this rule set looks at for some readings.
  ///
  /// - Parameters:
  ///   - readings: Readings in any order.
  ///   - asOf: The day to treat as today; the latest reading's day by default.
  /// - Throws: ``WindowError``.
  public func window(for readings: [Reading], asOf: Day? = nil) throws(WindowError) -> Window {
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
