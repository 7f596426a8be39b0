import Diagnostics

/// `rules home "Home monitoring" { … }`, optionally `extends baseline`.
package struct RulesDeclaration: Sendable, Hashable {
  package var name: Identifier
  package var displayName: StringLiteral?
  /// A rule set whose alerts this one starts from (`extends baseline`).
  package var base: Identifier?
  /// `window 7 days`.
  package var window: QuantityLiteral?
  package var alerts: [AlertStatement]
  package var otherwise: StringLiteral?
  package var range: SourceRange
  /// `define NAME = EXPR`, in order.
  package var definitions: [DefineStatement] = []
  /// `parameter dry_weight: mass`, in order.
  package var parameters: [ParameterStatement] = []
  /// `symptom dyspnea: "short of breath", "SOB"`, in order.
  package var symptoms: [SymptomStatement] = []
}

/// `parameter dry_weight: mass`: a value given per patient.
package struct ParameterStatement: Sendable, Hashable {
  package var name: Identifier
  /// `mass`, `pressure`, `glucose` or `number`.
  package var kind: Identifier
  package var range: SourceRange
}

/// `symptom dyspnea: "short of breath", "shortness of breath", "SOB"`: a coded symptom and its synonyms.
package struct SymptomStatement: Sendable, Hashable {
  package var name: Identifier
  package var phrases: [StringLiteral]
  package var range: SourceRange
}

/// `count(last 7 days where CONDITION, missing counts as false)`.
package struct CountDaysLiteral: Sendable, Hashable {
  package var days: DaysLiteral
  package var condition: RuleExpression
  /// The `missing counts as …` word, or `nil` when not written.
  package var missing: Identifier?
  package var range: SourceRange
}

/// `define stage2 = mean(systolic, window) >= 140 mmHg`: a name for a value or a condition.
package struct DefineStatement: Sendable, Hashable {
  package var name: Identifier
  package var expression: RuleExpression
  package var range: SourceRange
}

/// `alert sugar_high "Your sugar level is high!" urgent when EXPR`.
package struct AlertStatement: Sendable, Hashable {
  package var id: Identifier
  package var message: StringLiteral
  package var severity: Identifier?
  package var condition: RuleExpression
  package var range: SourceRange
  /// For a `level` of a `category`: the levels above it, none of which may hold.
  package var excluding: [Identifier] = []
}

/// A rule expression as written; the checker gives it a type (condition or value).
package indirect enum RuleExpression: Sendable, Hashable {
  /// `95 mg/dL`, `110%`, `3`.
  case quantity(QuantityLiteral)
  /// `"chest pain"`.
  case string(StringLiteral)
  /// `weight`, `today`.
  case name(Identifier)
  /// `sugar.today`, `weight.day(3)`.
  case member(RuleExpression, Identifier, [RuleExpression]?, SourceRange)
  /// `mean(weight, days 4...7)`.
  case call(Identifier, [RuleExpression], SourceRange)
  /// A day reference as an argument: `days 4...7`, `day 3`, `last 3 days`, `today`.
  case days(DaysLiteral)
  /// `a > b`, `a and b`, `a * b`.
  case binary(String, SourceRange, RuleExpression, RuleExpression)
  /// `not a`, `-a`.
  case unary(String, SourceRange, RuleExpression)
  /// `symptoms mention "dizzy" in last 3 days`.
  case mention(StringLiteral, DaysLiteral?, SourceRange)
  /// `at least 3 of last 7 days (missing counts as false): CONDITION` (`count` is the 3), or
  /// `2 days in a row (missing counts as unknown): CONDITION` (`count` is `nil`, `days` the last 2).
  case daysHolding(DaysHoldingLiteral)
  /// `count(last 7 days where CONDITION, missing counts as false)`.
  case countDays(CountDaysLiteral)
  /// `symptoms mention dyspnea`: a declared symptom, by name.
  case mentionSymptom(Identifier, DaysLiteral?, SourceRange)
  /// A measure read through a choice of each day's readings: `sugar(first where context =
  /// fasting)`, `systolic(max)`; the combination and the context are each optional.
  case selected(Identifier, Identifier?, StringLiteral?, SourceRange)
  /// `no readings for 3 days` (the days are `last 3 days`) or `no readings in DAYS`.
  case noReadings(DaysLiteral, SourceRange)

  /// Where the whole expression is.
  package var range: SourceRange {
    switch self {
    case .quantity(let q): q.range
    case .string(let s): s.range
    case .name(let n): n.range
    case .member(_, _, _, let r), .call(_, _, let r), .mention(_, _, let r): r
    case .days(let d): d.range
    case .binary(_, _, let l, let r): l.range.union(r.range)
    case .unary(_, let op, let e): op.union(e.range)
    case .daysHolding(let d): d.range
    case .countDays(let c): c.range
    case .mentionSymptom(_, _, let r): r
    case .selected(_, _, _, let r): r
    case .noReadings(_, let r): r
    }
  }
}

/// `at least K of DAYS (missing counts as false|unknown): CONDITION` or `N days in a row (…): CONDITION`.
package struct DaysHoldingLiteral: Sendable, Hashable {
  /// `K` of `at least K of`, or `nil` for `N days in a row`.
  package var count: QuantityLiteral?
  /// The days: as written after `of`, or `last N days` for `N days in a row`.
  package var days: DaysLiteral
  /// The `missing counts as …` word and where it is, or `nil` when the clause is absent.
  package var missing: Identifier?
  /// The condition, written for one day as if it were today.
  package var condition: RuleExpression
  /// `N days in a row in DAYS`: some run of `count` days anywhere in `days`.
  package var within: Bool = false
  /// The whole construct.
  package var range: SourceRange
}

/// Days of the window as written: `today`, `yesterday`, `day 3`, `days 4...7`, `last 3 days`, `window`.
package struct DaysLiteral: Sendable, Hashable {
  package enum Kind: Sendable, Hashable {
    case today, yesterday, window
    case day(QuantityLiteral)
    case days(QuantityLiteral, QuantityLiteral)
    case last(QuantityLiteral)
  }
  package var kind: Kind
  package var range: SourceRange
}

/// `test "a steady week is healthy" of home { … }`.
package struct TestDeclaration: Sendable, Hashable {
  package var name: StringLiteral
  /// The rule set under test; the only one, or `baseline`, when not written.
  package var ruleSet: Identifier?
  package var days: [TestDay]
  /// `readings "week.csv"`: readings from a file, relative to this file.
  package var readingsFile: StringLiteral?
  /// `today 2026-11-29`: pins the window's last day.
  package var today: Token?
  package var expectations: [RuleExpectation]
  package var range: SourceRange
  /// `given dry_weight 70 kg`: the test patient's parameters.
  package var given: [GivenStatement] = []
}

/// `given dry_weight 70 kg` in a test.
package struct GivenStatement: Sendable, Hashable {
  package var name: Identifier
  package var value: QuantityLiteral
}

/// `day 1: weight 180 lb, bp 120/80, sugar 95 mg/dL` or `on 2026-11-23: …`.
package struct TestDay: Sendable, Hashable {
  /// `day N` (1 is the oldest day of the window).
  package var number: QuantityLiteral?
  /// `on DATE`.
  package var date: Token?
  package var readings: [TestReading]
  package var range: SourceRange
  /// `at 07:10`: the time of the readings, as written (`07:10`), and where.
  package var time: (text: String, range: SourceRange)? = nil
  /// `fasting` or `"before meal"` before the `:`: the context of the readings.
  package var context: StringLiteral? = nil

  package static func == (lhs: TestDay, rhs: TestDay) -> Bool {
    lhs.number == rhs.number && lhs.date == rhs.date && lhs.readings == rhs.readings && lhs.range == rhs.range
      && lhs.time?.text == rhs.time?.text && lhs.time?.range == rhs.time?.range && lhs.context == rhs.context
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(number)
    hasher.combine(date)
    hasher.combine(readings)
    hasher.combine(range)
    hasher.combine(time?.text)
    hasher.combine(context)
  }
}

/// One value of a test day: `weight 180 lb`, `bp 120/80`, `symptoms "headache"`.
package struct TestReading: Sendable, Hashable {
  package var metric: Identifier
  package var value: QuantityLiteral?
  /// The diastolic of `bp 120/80`.
  package var second: QuantityLiteral?
  package var text: StringLiteral?
  package var range: SourceRange
}

/// One `expect` statement of a test.
package enum RuleExpectation: Sendable, Hashable {
  case healthy(SourceRange)
  case notEnoughData(SourceRange)
  case alert(Identifier)
  case noAlert(Identifier)
  /// `expect unknown ID`: the alert could not be decided.
  case unknown(Identifier)
  /// `expect alerts a, b` (exactly these); `expect alerts none`.
  case exactAlerts([Identifier], SourceRange)
  /// `expect mean(weight, days 4...7) == 181.5 lb`.
  case value(RuleExpression, SourceRange)

  package var range: SourceRange {
    switch self {
    case .healthy(let r), .notEnoughData(let r), .exactAlerts(_, let r), .value(_, let r): r
    case .alert(let id), .noAlert(let id), .unknown(let id): id.range
    }
  }
}
