import Foundation

/// A unit test for a rule set: a week of readings and what the rules should conclude.
///
/// ```swift
/// let test = RuleTest(
///   name: "a sugar rise of exactly 10% fires",
///   ruleSet: "baseline",
///   readings: .days([nil, nil, nil, nil, nil, Measurements(sugar: 100), Measurements(sugar: 110)]),
///   expectations: [.alert("sugar_high"), .noAlert("bp_high")])
/// ```
public struct RuleTest: Sendable, Hashable {
  /// The readings a test feeds the rules.
  package enum Readings: Sendable, Hashable {
    /// One entry per day of the window, day 1 first; `nil` is a blank day.
    case days([Measurements?])
    /// Dated readings, as from a readings file; the window ends on the test's `today`
    /// or on the latest date.
    case dated([Reading])
  }

  /// What a test expects.
  package enum Expectation: Sendable, Hashable {
    /// Every alert was decided and none fired.
    case healthy
    /// No alert fired and some could not be decided.
    case notEnoughData
    /// The alert fired.
    case alert(String)
    /// The alert was decided and did not fire.
    case noAlert(String)
    /// Exactly these alerts fired, in any order.
    case exactAlerts([String])
    /// The alert could not be decided.
    case unknown(String)
    /// A comparison of two expressions holds: `mean(weight, days 4...7) == 181.5 lb`.
    case value(HealthExpression, ComparisonOperator, HealthExpression)
  }

  /// The test's name, a sentence.
  public var name: String
  /// The id of the rule set it tests.
  package var ruleSet: String
  /// The readings.
  package var readings: Readings
  /// A readings file the test names (`readings "readings.csv"`), read when the test runs,
  /// not when its plan is loaded; its readings come before the dated ones of ``readings``.
  /// `relativePath` is the path as the test wrote it.
  package var readingsFile: URL?
  /// The day to treat as today; see ``Readings``.
  package var today: Day?
  /// What the rules should conclude.
  package var expectations: [Expectation]
  /// Where the test was written (`rules.plan:42`), for reports.
  package var source: String?
  /// Where each expectation was written (`rules.plan:48:3`), in the order of
  /// ``expectations``; empty when not known.
  package var expectationSources: [String] = []
  /// Per-patient parameters (`given dry_weight 70 kg`), in storage steps of their canonical
  /// unit, as ``Window/setParameter(_:steps:)`` takes them.
  package var parameters: [String: Int64] = [:]

  /// Creates a test.
  ///
  /// - Parameters:
  ///   - name: The test's name.
  ///   - ruleSet: The id of the rule set under test.
  ///   - readings: The readings.
  ///   - today: The pinned "today"; for `.days` without it, day 1 is dated 2000-01-01.
  ///   - expectations: What the rules should conclude.
  ///   - source: Where the test was written.
  package init(
    name: String, ruleSet: String, readings: Readings, today: Day? = nil, expectations: [Expectation],
    source: String? = nil
  ) {
    self.name = name
    self.ruleSet = ruleSet
    self.readings = readings
    self.today = today
    self.expectations = expectations
    self.source = source
  }
}

extension RuleTest {
  /// The readings the test runs on: ``readings``, with ``readingsFile``'s readings read now
  /// and put first.
  ///
  /// - Throws: ``ReadingsError`` when the file cannot be read or has problems.
  package func allReadings() throws(ReadingsError) -> Readings {
    guard let readingsFile else { return readings }
    let fromFile = try ReadingsFile.load(from: readingsFile)
    switch readings {
    case .days: return readings
    case .dated(let own): return .dated(fromFile + own)
    }
  }
}

extension RuleTest: CustomStringConvertible {
  /// The test's name, as test reports (Swift Testing's arguments among them) show it.
  public var description: String { name }
}

extension RuleTest.Expectation: CustomStringConvertible {
  /// The rule-language spelling: `expect alert sugar_high`.
  package var description: String {
    switch self {
    case .healthy: return "expect healthy"
    case .notEnoughData: return "expect not enough data"
    case .alert(let id): return "expect alert \(id)"
    case .noAlert(let id): return "expect no alert \(id)"
    case .exactAlerts(let ids): return "expect alerts \(ids.joined(separator: ", "))"
    case .unknown(let id): return "expect unknown \(id)"
    case .value(let lhs, let op, let rhs): return "expect \(lhs) \(op.rawValue) \(rhs)"
    }
  }
}
