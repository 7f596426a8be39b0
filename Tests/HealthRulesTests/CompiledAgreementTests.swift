import Testing

@testable import HealthRules

@Suite("Compiled rules agree with the explaining evaluator and a plain reference")
struct CompiledAgreementTests {
  /// A small deterministic generator so failures reproduce.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  /// The baseline rules written out directly over optional exact values.
  static func reference(_ window: Window) -> (fired: Set<String>, unknown: Set<String>) {
    var fired = Set<String>()
    var unknown = Set<String>()
    func mean(_ days: ClosedRange<Int>) -> Rational? {
      let values = days.compactMap { window.value(.weight, day: $0) }
      guard !values.isEmpty else { return nil }
      var sum = Rational.zero
      for value in values { sum = sum.adding(value) ?? sum }
      return sum.divided(by: Rational(Int64(values.count)))
    }
    func rises(_ metric: Metric) -> Truth {
      guard let today = window.value(metric, day: 7), let yesterday = window.value(metric, day: 6),
        let limit = yesterday.multiplied(by: Rational(11, 10))
      else { return .unknown }
      return today >= limit ? .yes : .no
    }
    if let late = mean(4...7), let early = mean(1...3) {
      if late > early { fired.insert("weight_gain") }
    } else {
      unknown.insert("weight_gain")
    }
    switch rises(.sugar) {
    case .yes: fired.insert("sugar_high")
    case .unknown: unknown.insert("sugar_high")
    case .no: break
    }
    switch rises(.systolic) || rises(.diastolic) {
    case .yes: fired.insert("bp_high")
    case .unknown: unknown.insert("bp_high")
    case .no: break
    }
    return (fired, unknown)
  }

  @Test("on 1,000 random weeks with blanks, all three evaluators give the same outcome")
  func randomWeeks() throws {
    let rules = try RuleSet.baseline.compiled()
    var generator = Generator(state: 42)
    var windows: [Window] = []
    for _ in 0..<1000 {
      var window = Window(today: Day(year: 2026, month: 3, day: 7)!)
      for (row, metric) in Metric.builtins.enumerated() {
        let base = [180_000, 120_000, 80_000, 100_000][row]
        for day in 1...7 where generator.next(10) > 0 {
          window.set(metric, day: day, thousandths: Int64(base + generator.next(30_000) - 10_000))
        }
      }
      windows.append(window)
    }
    let batch = rules.outcomes(for: windows)
    for (index, window) in windows.enumerated() {
      let verdict = rules.evaluate(window)
      let expected = Self.reference(window)
      #expect(Set(verdict.alerts) == expected.fired)
      #expect(Set(verdict.unknown) == expected.unknown)
      #expect(batch[index] == rules.outcomes(for: window))
      for (alert, result) in zip(rules.ruleSet.alerts, verdict.results) {
        let explained = try window.evaluate(alert.condition).truth
        let outcome: AlertResult.Outcome =
          explained == .yes ? .fired : explained == .no ? .notFired : .unknown
        #expect(result.outcome == outcome)
      }
    }
  }
}
