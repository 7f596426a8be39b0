/// The values that decided a comparison, for showing why an alert fired.
package struct Evidence: Sendable, Hashable, Codable {
  /// One reading or aggregate that went into a comparison.
  package struct Term: Sendable, Hashable, Codable {
    /// The term as rules spell it: `sugar.today`, `mean(weight, days 4...7)`.
    package var expression: String
    /// Its exact value in canonical units; `nil` for symptom text.
    package var value: Rational?
    /// The canonical unit of `value`.
    package var unit: ValueUnit
    /// Symptom text, for a symptom match.
    package var text: String?
    /// The unit the value is shown in (kg, mmol/L): the unit the readings were entered in, or
    /// the one the patient chose; `display` uses it. JSON gives the value in it as `shown_value`.
    package var shownIn: InputUnit?
    /// The day numbers whose readings were used.
    package var days: [Int]
    /// The dates of those days.
    package var dates: [Day]

    /// Creates a term.
    package init(
      expression: String, value: Rational?, unit: ValueUnit, text: String? = nil, days: [Int],
      dates: [Day]
    ) {
      self.expression = expression
      self.value = value
      self.unit = unit
      self.text = text
      self.days = days
      self.dates = dates
    }

    /// `value unit`, rounded to three decimals, or the quoted text.
    package var display: String {
      if let text { return "\"\(text)\"" }
      guard let value else { return "missing" }
      return Evidence.display(value, unit, enteredIn: shownIn)
    }

    enum CodingKeys: String, CodingKey {
      case expression, value, exact, unit, text, days, dates, display
      case shownIn = "shown_in"
      case shownValue = "shown_value"
    }

    /// Encodes `value` as a JSON number (rounded to three decimals) and `exact` as text.
    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(expression, forKey: .expression)
      if let value {
        try container.encode(Double(value.formatted()) ?? value.doubleValue, forKey: .value)
        try container.encode(value, forKey: .exact)
      }
      try container.encode(unit.symbol, forKey: .unit)
      try container.encodeIfPresent(text, forKey: .text)
      try container.encode(days, forKey: .days)
      try container.encode(dates, forKey: .dates)
      try container.encode(display, forKey: .display)
      try container.encodeIfPresent(shownIn, forKey: .shownIn)
      if let shownIn, let value, let shown = shownIn.fromCanonical(value) {
        try container.encode(Double(shown.formatted()) ?? shown.doubleValue, forKey: .shownValue)
      }
    }

    /// Decodes what ``encode(to:)`` wrote.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      expression = try container.decode(String.self, forKey: .expression)
      value = try container.decodeIfPresent(Rational.self, forKey: .exact)
      unit = ValueUnit(try container.decode(String.self, forKey: .unit))
      text = try container.decodeIfPresent(String.self, forKey: .text)
      days = try container.decode([Int].self, forKey: .days)
      dates = try container.decode([Day].self, forKey: .dates)
      shownIn = try container.decodeIfPresent(InputUnit.self, forKey: .shownIn)
    }
  }

  /// The comparison (or symptom match) as it was evaluated, as rules spell it, and true on
  /// the readings: `systolic.today >= 140 mmHg`, or `not (systolic.today > 180 mmHg)` when
  /// the rule's comparison did not hold and its failing is what decided.
  package var condition: String
  /// ``condition`` with values filled in, in the units the readings are shown in, and true
  /// on the readings: `121 mg/dL >= 121 mg/dL`, `not (166 mmHg > 180 mmHg)`.
  package var comparison: String
  /// Whether the rule's own comparison held; `false` when ``condition`` and ``comparison``
  /// are its negation, written `not (…)`.
  package var holds: Bool
  /// The rule's comparison operator (`nil` for a symptom match).
  package var comparator: ComparisonOperator?
  /// The exact value of the comparison's left side, in the canonical ``unit`` (`nil` for a
  /// symptom match); with ``right`` and ``comparator`` it re-evaluates to ``holds``.
  package var left: Rational?
  /// The exact value of the comparison's right side, in the canonical ``unit``.
  package var right: Rational?
  /// The canonical unit of both sides (`mmHg`), empty for plain numbers.
  package var unit: ValueUnit
  /// The readings and aggregates behind it.
  package var terms: [Term]

  /// Creates evidence for a comparison or symptom match that held.
  package init(condition: String, comparison: String, terms: [Term]) {
    self.condition = condition
    self.comparison = comparison
    self.terms = terms
    holds = true
    unit = .number
  }

  /// Creates evidence for a comparison evaluated on the readings: the rule's comparison
  /// when it held, `not (…)` around it when it did not.
  ///
  /// - Parameters:
  ///   - condition: The comparison as the rule spells it.
  ///   - left: The left side's exact value, in `unit`.
  ///   - comparator: The operator.
  ///   - right: The right side's exact value, in `unit`.
  ///   - unit: The canonical unit of both sides.
  ///   - shown: The comparison with values, as shown to the patient.
  ///   - terms: The readings and aggregates behind it.
  package init(
    comparing condition: String, left: Rational, _ comparator: ComparisonOperator, right: Rational,
    unit: ValueUnit, shown: String, terms: [Term]
  ) {
    let holds = comparator.holds(forOrder: Rational.compare(left, right))
    self.condition = holds ? condition : "not (\(condition))"
    comparison = holds ? shown : "not (\(shown))"
    self.holds = holds
    self.comparator = comparator
    self.left = left
    self.right = right
    self.unit = unit
    self.terms = terms
  }

  enum CodingKeys: String, CodingKey {
    case condition, comparison, holds, left, right, unit, terms
    case comparator = "operator"
  }

  /// Encodes every field; `operator`, `left`, `right` and `unit` only for a comparison.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(condition, forKey: .condition)
    try container.encode(comparison, forKey: .comparison)
    try container.encode(holds, forKey: .holds)
    if let comparator, let left, let right {
      try container.encode(comparator.rawValue, forKey: .comparator)
      try container.encode(left, forKey: .left)
      try container.encode(right, forKey: .right)
      try container.encode(unit.symbol, forKey: .unit)
    }
    try container.encode(terms, forKey: .terms)
  }

  /// Decodes what ``encode(to:)`` wrote.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    condition = try container.decode(String.self, forKey: .condition)
    comparison = try container.decode(String.self, forKey: .comparison)
    holds = try container.decodeIfPresent(Bool.self, forKey: .holds) ?? true
    comparator = try container.decodeIfPresent(String.self, forKey: .comparator).flatMap(
      ComparisonOperator.init(rawValue:))
    left = try container.decodeIfPresent(Rational.self, forKey: .left)
    right = try container.decodeIfPresent(Rational.self, forKey: .right)
    unit = ValueUnit(try container.decodeIfPresent(String.self, forKey: .unit) ?? "")
    terms = try container.decode([Term].self, forKey: .terms)
  }

  static func display(_ value: Rational, _ unit: ValueUnit, enteredIn entered: InputUnit? = nil) -> String {
    if let entered, entered.canonical == unit, let shown = value.divided(by: entered.factor) {
      return "\(shown.formatted()) \(entered.rawValue)"
    }
    if let entered, entered.canonical == unit.perDayBase, let shown = value.divided(by: entered.factor) {
      return "\(shown.formatted()) \(entered.rawValue)/day"
    }
    return unit.symbol.isEmpty ? value.formatted() : "\(value.formatted()) \(unit.symbol)"
  }
}

/// Readings that a rule needed and did not have.
package struct MissingReading: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The metric (`sugar`), or `symptoms` for symptom text.
  package var metric: String
  /// The range the rule looked at, as rules spell it (`yesterday`, `days 1...3`), or
  /// `parameter` for a per-patient parameter with no value (``metric`` is its name).
  package var range: String
  /// The day numbers in that range with no reading.
  package var days: [Int]
  /// The dates of those days.
  package var dates: [Day]
  /// Readings needed in the range.
  package var needed: Int
  /// Readings found in the range.
  package var found: Int

  /// Creates a missing-readings note.
  package init(metric: String, range: String, days: [Int], dates: [Day], needed: Int, found: Int) {
    self.metric = metric
    self.range = range
    self.days = days
    self.dates = dates
    self.needed = needed
    self.found = found
  }

  /// `sugar yesterday: no reading on day 6 (2026-03-06)`, or with counts for ranges.
  package var description: String {
    if range == "parameter", days.isEmpty {
      return "parameter \(metric): no value given for this patient"
    }
    let list = zip(days, dates).map { "day \($0) (\($1))" }.joined(separator: ", ")
    if needed <= 1 && found == 0 && days.count == 1 {
      return "\(metric) \(range): no reading on \(list)"
    }
    return "\(metric) \(range): needs \(needed) reading\(needed == 1 ? "" : "s"), found \(found)"
      + (list.isEmpty ? "" : "; missing \(list)")
  }
}
