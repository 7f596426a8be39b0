/// The outcome of one expectation of a rule test.
public struct ExpectationResult: Sendable, Hashable, Codable {
  /// The expectation as written: `expect alert sugar_high`.
  public var expectation: String
  /// Whether it held.
  package var passed: Bool
  /// What was expected, in words.
  public var expected: String
  /// What happened, in words.
  public var actual: String
  /// The values computed on the way (readings, aggregates), for the report.
  package var values: [Evidence.Term]
  /// Where the expectation was written (`rules.plan:12:3`), when known.
  package var source: String? = nil
}

/// The outcome of one rule test.
public struct RuleTestResult: Sendable, Hashable, Codable {
  /// The test's name.
  public var name: String
  /// The rule set's id.
  package var ruleSet: String
  /// Where the test was written.
  package var source: String?
  /// Whether every expectation held and the test could run.
  public var passed: Bool
  /// Why the test could not run (unknown rule set, bad readings), when it could not.
  package var error: String?
  /// The verdict the rules gave.
  package var verdict: Verdict?
  /// One result per expectation, in order.
  package var expectations: [ExpectationResult]
  /// How long the test took, in seconds.
  package var duration: Double

  enum CodingKeys: String, CodingKey {
    case name
    case ruleSet = "rule_set"
    case source, passed, error, verdict, expectations, duration
  }

  /// The expectations that failed.
  public var failures: [ExpectationResult] {
    expectations.filter { !$0.passed }
  }
}

/// The results of running many rule tests.
public struct RuleTestReport: Sendable, Hashable, Codable {
  /// Every test's result, in order.
  public var results: [RuleTestResult]

  /// A report of these results (for example, runs of several files put together).
  package init(results: [RuleTestResult]) { self.results = results }

  /// The number of tests that passed.
  package var passedCount: Int { results.filter(\.passed).count }
  /// The number of tests that failed or could not run.
  package var failedCount: Int { results.count - passedCount }
  /// Whether every test passed.
  public var allPassed: Bool { failedCount == 0 }

  /// `N passed, N failed`.
  public var summary: String {
    "\(passedCount) passed, \(failedCount) failed"
  }
}
