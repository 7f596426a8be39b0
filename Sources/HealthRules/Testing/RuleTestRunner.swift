import Diagnostics

/// Runs rule tests against compiled rule sets.
///
/// ```swift
/// let runner = try RuleTestRunner(ruleSets: [.baseline])
/// let report = runner.run(tests)
/// print(report.summary)  // "12 passed, 0 failed"
/// ```
public struct RuleTestRunner: Sendable {
  private let compiled: [String: CompiledRuleSet]

  /// Compiles the rule sets that tests may refer to.
  ///
  /// - Parameter ruleSets: Rule sets, found by id.
  /// - Throws: ``RuleError`` when a rule set does not compile.
  public init(ruleSets: [RuleSet]) throws(RuleError) {
    var compiled: [String: CompiledRuleSet] = [:]
    for ruleSet in ruleSets {
      compiled[ruleSet.id] = try ruleSet.compiled()
    }
    self.compiled = compiled
  }

  /// Runs every test.
  ///
  /// - Returns: The report, with one result per test in order.
  public func run(_ tests: [RuleTest]) -> RuleTestReport {
    RuleTestReport(results: tests.map(run))
  }

  /// Runs one test.
  ///
  /// - Returns: Pass or fail per expectation, with expected and actual values.
  package func run(_ test: RuleTest) -> RuleTestResult {
    let clock = ContinuousClock()
    let start = clock.now
    var result = RuleTestResult(
      name: test.name, ruleSet: test.ruleSet, source: test.source, passed: false, error: nil, verdict: nil,
      expectations: [], duration: 0)
    guard let rules = compiled[test.ruleSet] else {
      let known = compiled.keys.sorted()
      result.error =
        "unknown rule set '\(test.ruleSet)'"
        + (Suggestions.hint(for: test.ruleSet, in: known).map { "; \($0)" } ?? "")
      return finish(result, since: start, clock)
    }
    var window: Window
    switch makeWindow(test, length: rules.ruleSet.windowLength) {
    case .success(let made): window = made
    case .failure(let failure):
      result.error = failure.message
      return finish(result, since: start, clock)
    }
    for (name, steps) in test.parameters { window.setParameter(name, steps: steps) }
    let verdict = rules.evaluate(window)
    result.verdict = verdict
    result.expectations = test.expectations.enumerated().map { index, expectation in
      var checked = check(expectation, verdict: verdict, window: window)
      if test.expectationSources.indices.contains(index) { checked.source = test.expectationSources[index] }
      return checked
    }
    result.passed = result.expectations.allSatisfy(\.passed)
    return finish(result, since: start, clock)
  }

  private func finish(
    _ result: RuleTestResult, since start: ContinuousClock.Instant, _ clock: ContinuousClock
  ) -> RuleTestResult {
    var finished = result
    let elapsed = clock.now - start
    finished.duration = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return finished
  }

  private func makeWindow(_ test: RuleTest, length: Int) -> Result<Window, WindowFailure> {
    let readings: RuleTest.Readings
    do throws(ReadingsError) {
      readings = try test.allReadings()
    } catch {
      let file = test.readingsFile?.relativePath ?? ""
      guard let first = error.issues.first, first.id != .cannotReadFile else {
        return .failure(WindowFailure(error.issues.first?.message ?? "cannot read '\(file)'"))
      }
      let more =
        error.issues.count > 1
        ? " (\(error.issues.count) problems; run 'planner health \(file)' to see them all)" : ""
      return .failure(
        WindowFailure(
          "readings file '\(file)' has problems: line \(first.line), column \(first.column): \(first.message)\(more)"
        ))
    }
    switch readings {
    case .days(let days):
      guard days.count == length else {
        return .failure(WindowFailure("the test gives \(days.count) days but the rules look at \(length)"))
      }
      let today = test.today ?? Day(year: 2000, month: 1, day: 1)!.advanced(by: length - 1)
      return .success(Window(today: today, days: days))
    case .dated(let readings):
      do {
        return .success(try Window(readings: readings, asOf: test.today, length: length))
      } catch {
        return .failure(WindowFailure(error.description))
      }
    }
  }

  private struct WindowFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
  }

  private func check(_ expectation: RuleTest.Expectation, verdict: Verdict, window: Window)
    -> ExpectationResult
  {
    let fired = verdict.alerts
    let actualVerdict =
      verdict.status == .alert
      ? "alert (\(fired.joined(separator: ", ")))"
      : verdict.status == .notEnoughData
        ? "not enough data (\(verdict.missing.map(\.description).joined(separator: "; ")))" : "healthy"
    func result(_ passed: Bool, _ expected: String, _ actual: String, _ values: [Evidence.Term] = [])
      -> ExpectationResult
    {
      ExpectationResult(
        expectation: expectation.description, passed: passed, expected: expected, actual: actual,
        values: values)
    }
    func outcome(_ id: String) -> AlertResult? {
      verdict.results.first { $0.id == id }
    }
    func describe(_ alert: AlertResult?) -> String {
      guard let alert else { return "no such alert in rule set '\(verdict.ruleSet)'" }
      switch alert.outcome {
      case .fired: return "'\(alert.id)' fired"
      case .notFired: return "'\(alert.id)' did not fire"
      case .unknown:
        return "'\(alert.id)' is unknown (\(alert.missing.map(\.description).joined(separator: "; ")))"
      }
    }
    func terms(_ alert: AlertResult?) -> [Evidence.Term] {
      alert?.evidence.flatMap(\.terms) ?? []
    }
    switch expectation {
    case .healthy:
      return result(verdict.status == .healthy, "healthy", actualVerdict)
    case .notEnoughData:
      return result(verdict.status == .notEnoughData, "not enough data", actualVerdict)
    case .alert(let id):
      let alert = outcome(id)
      guard alert != nil else {
        return result(false, "'\(id)' fired", "no alert '\(id)' in '\(verdict.ruleSet)'")
      }
      return result(alert?.outcome == .fired, "'\(id)' fired", describe(alert), terms(alert))
    case .noAlert(let id):
      let alert = outcome(id)
      guard alert != nil else {
        return result(false, "'\(id)' did not fire", "no alert '\(id)' in '\(verdict.ruleSet)'")
      }
      return result(alert?.outcome == .notFired, "'\(id)' did not fire", describe(alert), terms(alert))
    case .unknown(let id):
      let alert = outcome(id)
      return result(alert?.outcome == .unknown, "'\(id)' is unknown", describe(alert))
    case .exactAlerts(let ids):
      let expected = ids.isEmpty ? "no alerts" : "alerts \(ids.sorted().joined(separator: ", "))"
      let actual = fired.isEmpty ? "no alerts" : "alerts \(fired.sorted().joined(separator: ", "))"
      return result(Set(ids) == Set(fired) && ids.count == Set(ids).count, expected, actual)
    case .value(let lhs, let op, let rhs):
      let expected = "\(lhs) \(op.rawValue) \(rhs)"
      let left: ExpressionValue
      let right: ExpressionValue
      do {
        left = try window.evaluate(lhs)
        right = try window.evaluate(rhs)
      } catch {
        return result(false, expected, "the expression does not check: \(error.description)")
      }
      guard left.unit == right.unit else {
        return result(
          false, expected, "cannot compare '\(left.unit.symbol)' with '\(right.unit.symbol)'")
      }
      guard let a = left.value, let b = right.value else {
        let missing = (left.missing + right.missing).map(\.description)
        let problems = left.problems + right.problems
        return result(false, expected, "unknown (" + (missing + problems).joined(separator: "; ") + ")")
      }
      let holds = op.holds(forOrder: Rational.compare(a, b))
      return result(holds, expected, "\(lhs) is \(left.display)", left.terms + right.terms)
    }
  }
}
