import HealthRules
import Testing

/// Explanations print exactly the comparisons that decided, each true on the readings: a
/// comparison that failed is printed inside `not (…)`, in every unit.
@Suite("Explanations that are true")
struct TrueExplanationTests {
  typealias Generator = ScalarRoundTripTests.Generator

  static let kilogram = Rational(100_000_000, 45_359_237)
  static let mmolPerL = Rational(18_016, 1000)

  /// `metric.today op constant`, with the constant written in the unit the metric is entered in here.
  static func leaf(_ metric: Metric, _ op: ComparisonOperator, _ shown: Rational, day: DayRange = .today)
    -> Condition
  {
    let factor = metric == .weight ? kilogram : metric == .sugar ? mmolPerL : .one
    return .comparison(.reading(metric, day), op, .constant(shown.multiplied(by: factor)!, metric.unit))
  }

  /// The 2017 ACC/AHA categories as `Examples/guidelines.plan` writes them, lowered as the
  /// checker lowers a `category`: each level holds only when no level above it does.
  static let levels: [(id: String, severity: Alert.Severity, condition: Condition)] = {
    let own: [(String, Alert.Severity, Condition)] = [
      ("crisis", .urgent, leaf(.systolic, .greater, 180) || leaf(.diastolic, .greater, 120)),
      ("stage2", .warning, leaf(.systolic, .greaterOrEqual, 140) || leaf(.diastolic, .greaterOrEqual, 90)),
      ("stage1", .warning, leaf(.systolic, .greaterOrEqual, 130) || leaf(.diastolic, .greaterOrEqual, 80)),
      ("elevated", .info, leaf(.systolic, .greaterOrEqual, 120)),
    ]
    return own.enumerated().map { index, level in
      var condition = level.2
      for above in own[..<index] { condition = .and(condition, .not(above.2)) }
      return (level.0, level.1, condition)
    }
  }()

  static var categoryRules: RuleSet {
    RuleSet(
      id: "blood_pressure", name: "Blood pressure",
      alerts: levels.map {
        Alert(id: $0.id, severity: $0.severity, message: "\($0.id) range", condition: $0.condition)
      }
        + [
          Alert(
            id: "see_doctor", message: "Stage 2 and gaining",
            condition: levels[1].condition && leaf(.weight, .greater, 80))
        ],
      otherwise: "Normal")
  }

  /// A random condition over today's and yesterday's readings: comparisons with constants,
  /// `not`, `and`, `or`, nested up to `depth`.
  static func randomCondition(_ generator: inout Generator, depth: Int) -> Condition {
    let operators = ComparisonOperator.allCases
    if depth == 0 || generator.below(4) == 0 {
      let op = operators[generator.below(operators.count)]
      let day: DayRange = generator.below(3) == 0 ? .yesterday : .today
      switch generator.below(4) {
      case 0: return leaf(.systolic, op, Rational(Int64(110 + generator.below(80))), day: day)
      case 1: return leaf(.diastolic, op, Rational(Int64(70 + generator.below(60))), day: day)
      case 2: return leaf(.weight, op, Rational(Int64(780 + generator.below(60)), 10), day: day)
      default: return leaf(.sugar, op, Rational(Int64(40 + generator.below(60)), 10), day: day)
      }
    }
    switch generator.below(3) {
    case 0: return !randomCondition(&generator, depth: depth - 1)
    case 1:
      return randomCondition(&generator, depth: depth - 1) && randomCondition(&generator, depth: depth - 1)
    default:
      return randomCondition(&generator, depth: depth - 1) || randomCondition(&generator, depth: depth - 1)
    }
  }

  /// A window whose last two days hold readings near the limits (weight in kg, sugar in mmol/L),
  /// each left out one time in eight.
  static func randomWindow(_ generator: inout Generator) -> Window {
    var window = Window(today: Day(year: 2026, month: 11, day: 29)!, length: 7)
    for day in 6...7 {
      var reading = Measurements()
      func maybe(_ set: () -> Void) { if generator.below(8) != 0 { set() } }
      let systolic = Int64(100 + generator.below(100))
      let diastolic = Int64(60 + generator.below(min(70, Int(systolic) - 60)))
      maybe { reading.set(.systolic, steps: systolic * 1000, enteredIn: .mmHg) }
      maybe { reading.set(.diastolic, steps: diastolic * 1000, enteredIn: .mmHg) }
      let kg = Rational(Int64(780 + generator.below(60)), 10)
      maybe { reading.set(.weight, steps: InputUnit.kilogram.storageSteps(kg), enteredIn: .kilogram) }
      let mmol = Rational(Int64(40 + generator.below(60)), 10)
      maybe { reading.set(.sugar, steps: InputUnit.mmolPerL.storageSteps(mmol), enteredIn: .mmolPerL) }
      window.set(reading, day: day)
    }
    return window
  }

  /// The comparison as printed (`82.4 kg > 80 kg`, `not (166 mmHg > 180 mmHg)`), read back
  /// from its text and evaluated: whether what it says is true.
  static func printedTruth(_ text: String) -> Bool? {
    var body = Substring(text)
    var negated = false
    if body.hasPrefix("not ("), body.hasSuffix(")") {
      negated = true
      body = body.dropFirst(5).dropLast()
    }
    let words = body.split(separator: " ")
    guard words.count == 5, words[1] == words[4], let op = ComparisonOperator(rawValue: String(words[2])),
      let left = Rational(decimal: words[0]), let right = Rational(decimal: words[3])
    else { return nil }
    let holds = op.holds(forOrder: Rational.compare(left, right))
    return negated ? !holds : holds
  }

  /// Every leaf comparison of a condition, by its text.
  static func leaves(_ condition: Condition) -> [Condition] {
    switch condition {
    case .and(let a, let b), .or(let a, let b): return leaves(a) + leaves(b)
    case .not(let a): return leaves(a)
    default: return [condition]
    }
  }

  /// The condition evaluated from the evidence alone: a leaf the evidence names has the truth
  /// it printed, any other is unknown.
  static func decided(_ condition: Condition, by facts: [String: Bool]) -> Truth {
    switch condition {
    case .and(let a, let b): return decided(a, by: facts) && decided(b, by: facts)
    case .or(let a, let b): return decided(a, by: facts) || decided(b, by: facts)
    case .not(let a): return !decided(a, by: facts)
    default: return facts[condition.description].map { $0 ? .yes : .no } ?? .unknown
    }
  }

  /// Checks one explained outcome: every comparison printed is true on the readings, read back
  /// from its text and from its exact sides, and the comparisons printed decide the outcome.
  static func check(
    _ condition: Condition, _ result: ConditionResult, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard result.truth != .unknown else { return }
    #expect(!result.evidence.isEmpty, sourceLocation: sourceLocation)
    var facts: [String: Bool] = [:]
    for evidence in result.evidence {
      #expect(
        printedTruth(evidence.comparison) == true, "\(evidence.comparison)", sourceLocation: sourceLocation)
      #expect(evidence.comparator != nil, sourceLocation: sourceLocation)
      if let op = evidence.comparator, let left = evidence.left, let right = evidence.right {
        #expect(
          op.holds(forOrder: Rational.compare(left, right)) == evidence.holds, sourceLocation: sourceLocation)
      }
      #expect(evidence.condition.hasPrefix("not (") == !evidence.holds, sourceLocation: sourceLocation)
      #expect(evidence.comparison.hasPrefix("not (") == !evidence.holds, sourceLocation: sourceLocation)
      let written = evidence.holds ? evidence.condition : String(evidence.condition.dropFirst(5).dropLast())
      #expect(
        leaves(condition).contains { $0.description == written }, "\(written)", sourceLocation: sourceLocation
      )
      facts[written] = evidence.holds
    }
    #expect(decided(condition, by: facts) == result.truth, "\(condition)", sourceLocation: sourceLocation)
  }

  @Test("a category explanation never prints a false comparison (2,000 generated readings)")
  func categoriesPrintOnlyTrueComparisons() throws {
    var generator = Generator(state: 42)
    let rules = try Self.categoryRules.compiled()
    var fired: [String: Int] = [:]
    for _ in 0..<2000 {
      let window = Self.randomWindow(&generator)
      let verdict = rules.evaluate(window)
      for (alert, result) in zip(Self.categoryRules.alerts, verdict.results) {
        let explained = try window.evaluate(alert.condition)
        Self.check(alert.condition, explained)
        if result.outcome == .fired {
          fired[alert.id, default: 0] += 1
          #expect(result.evidence == explained.evidence)
        }
      }
    }
    // Every level was reached, so the property covered each one's "not a higher level".
    #expect(fired.keys.sorted() == ["crisis", "elevated", "see_doctor", "stage1", "stage2"])
  }

  @Test("negations, and/or groups and missing readings print only true comparisons (3,000 generated)")
  func generatedConditionsPrintOnlyTrueComparisons() throws {
    var generator = Generator(state: 7)
    var outcomes: [Truth: Int] = [:]
    for _ in 0..<3000 {
      let window = Self.randomWindow(&generator)
      let condition = Self.randomCondition(&generator, depth: 3)
      let result = try window.evaluate(condition)
      outcomes[result.truth, default: 0] += 1
      Self.check(condition, result)
    }
    #expect(outcomes.count == 3)
  }

  @Test("stage 2 is explained with its 'not a crisis' comparisons negated, in text and JSON fields")
  func stage2Explanation() throws {
    var day = Measurements()
    day.set(.systolic, steps: 166_000, enteredIn: .mmHg)
    day.set(.diastolic, steps: 98_000, enteredIn: .mmHg)
    let window = Window(
      today: Day(year: 2026, month: 11, day: 29)!, days: [nil, nil, nil, nil, nil, nil, day])
    let verdict = try Self.categoryRules.compiled().evaluate(window)
    #expect(verdict.alerts == ["stage2"])
    let stage2 = try #require(verdict.results.first { $0.id == "stage2" })
    #expect(
      stage2.evidence.map(\.comparison) == [
        "166 mmHg >= 140 mmHg", "98 mmHg >= 90 mmHg", "not (166 mmHg > 180 mmHg)", "not (98 mmHg > 120 mmHg)",
      ])
    #expect(
      stage2.evidence.map(\.condition) == [
        "systolic.today >= 140 mmHg", "diastolic.today >= 90 mmHg", "not (systolic.today > 180 mmHg)",
        "not (diastolic.today > 120 mmHg)",
      ])
    #expect(stage2.evidence.map(\.holds) == [true, true, false, false])
    #expect(stage2.evidence.map(\.comparator) == [.greaterOrEqual, .greaterOrEqual, .greater, .greater])
    #expect(stage2.evidence.map(\.left) == [166, 98, 166, 98])
    #expect(stage2.evidence.map(\.right) == [140, 90, 180, 120])
  }

  @Test("a category's chart draws each level's own limits once, named by title, never its 'not' parts")
  func categoryChartLimits() throws {
    let reading = Reading(date: Day(year: 2026, month: 11, day: 29)!, systolic: 166, diastolic: 98)
    let report = try WeeklyReport(readings: [reading], rules: Self.categoryRules.compiled())
    let pressure = try #require(report.charts.first { $0.kind == .pressure })
    #expect(
      pressure.thresholds.map {
        "\($0.metric.name) \($0.comparison.rawValue) \($0.value.formatted()): \($0.title)"
      }
        == [
          "systolic > 180: crisis range", "diastolic > 120: crisis range", "systolic >= 140: stage2 range",
          "diastolic >= 90: stage2 range", "systolic >= 130: stage1 range", "diastolic >= 80: stage1 range",
          "systolic >= 120: elevated range",
        ])
    // see_doctor repeats stage 2's limits (drawn once, for stage2) and adds weight > 80 kg.
    let weight = try #require(report.charts.first { $0.kind == .weight })
    #expect(weight.thresholds.map(\.alert) == ["see_doctor"])
    #expect(weight.thresholds.map(\.title) == ["Stage 2 and gaining"])
  }

  @Test("the verdict is the same in every unit system; only what is shown changes")
  func unitsAreDisplayOnly() throws {
    var generator = Generator(state: 3)
    let rules = try Self.categoryRules.compiled()
    for _ in 0..<200 {
      let window = Self.randomWindow(&generator)
      let entered = rules.evaluate(window)
      for system in UnitSystem.allCases {
        var shown = window
        shown.show(in: system)
        let verdict = rules.evaluate(shown)
        #expect(verdict.status == entered.status)
        #expect(verdict.alerts == entered.alerts)
        #expect(verdict.results.map(\.outcome) == entered.results.map(\.outcome))
        #expect(
          verdict.results.flatMap(\.evidence).map(\.left) == entered.results.flatMap(\.evidence).map(\.left))
      }
    }
    var day = Measurements()
    day.set(.weight, steps: InputUnit.kilogram.storageSteps(Rational(824, 10)), enteredIn: .kilogram)
    day.set(.sugar, steps: InputUnit.mmolPerL.storageSteps(Rational(56, 10)), enteredIn: .mmolPerL)
    var window = Window(
      today: Day(year: 2026, month: 11, day: 29)!, days: [nil, nil, nil, nil, nil, nil, day])
    let weightUp = Self.leaf(.weight, .greater, 80)
    #expect(try window.evaluate(weightUp).evidence.map(\.comparison) == ["82.4 kg > 80 kg"])
    #expect(window.shownUnit(of: .sugar) == .mmolPerL)
    window.show(in: .us)
    #expect(try window.evaluate(weightUp).evidence.map(\.comparison) == ["181.661 lb > 176.37 lb"])
    #expect(window.shownUnit(of: .weight) == .pound)
    #expect(window.shownUnit(of: .sugar) == .mgPerDL)
  }
}
