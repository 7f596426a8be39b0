/// Writes a checked rule set as one PostgreSQL query with the in-process engine's exact semantics.
///
/// The query pivots each patient's window into one row of columns (`w.sugar_7` is
/// today's sugar in thousandths), then computes every value the rules need in
/// `LATERAL` steps. A value is a pair of `numeric` columns, numerator and
/// denominator, computed exactly as ``Rational`` computes them (the same
/// unreduced forms, the same 64-bit overflow checks, so the same unknowns);
/// comparisons cross-multiply; a truth is a `boolean` whose `NULL` is unknown,
/// so SQL's `AND`, `OR` and `NOT` are Kleene's tables. Steps at the same depth
/// share one `LATERAL` subquery, fenced with `OFFSET 0` so that each value is
/// computed once per row.
struct PostgresRuleCompiler {
  /// A number: SQL expressions for its numerator and denominator, the depth of the step that
  /// computes it, and the missing-reading notes of the leaves below it.
  ///
  /// The value is unknown when the numerator is `NULL`, whatever the denominator; a denominator
  /// that is not `NULL` is positive, so no `gcd` or `div` over it can divide by zero.
  struct Number {
    var numerator: String
    var denominator: String
    var level: Int
    var notes: [Note]
  }

  /// A three-valued truth (`NULL` is unknown) and the notes of the leaves below it.
  struct Truth {
    var sql: String
    var level: Int
    var notes: [Note]
  }

  /// A missing-reading note: a `jsonb` object, reported when `condition` holds.
  struct Note {
    var condition: String
    var json: String
  }

  /// A step whose subquery has its own `FROM` (a median's sorted readings).
  private struct SourceStep {
    var level: Int
    var alias: String
    var columns: [(String, String)]
    var from: String
  }

  let ruleSet: RuleSet
  let table: ReadingsTable
  let length: Int
  private var levels: [[(String, String)]] = []
  private var sourceSteps: [SourceStep] = []
  private var columnCount = 0
  /// Pivoted slots read by the rules: slot name (``slotName(_:)``) and day number.
  private(set) var slots: [String: Set<Int>] = [:]
  /// The metric, with its selection, of each slot name but `symptoms`.
  private(set) var series: [String: Metric] = [:]
  /// The parameters read by the rules, with their canonical units.
  private(set) var parameters: [String: ValueUnit] = [:]
  private var alertID: String?
  /// The contexts rules select, numbered in slot names in the order first read.
  private var contexts: [String] = []

  init(ruleSet: RuleSet, table: ReadingsTable) {
    self.ruleSet = ruleSet
    self.table = table
    self.length = ruleSet.windowLength
  }

  // MARK: - Steps

  /// Adds a column computed at `level` (one above its deepest input) and returns its reference.
  private mutating func column(_ expression: String, level: Int) -> String {
    while levels.count < level { levels.append([]) }
    columnCount += 1
    let name = "v\(columnCount)"
    levels[level - 1].append((name, expression))
    return "l\(level).\(name)"
  }

  /// Adds a first-level step with its own `FROM` over the window's columns; returns its alias.
  mutating func addSourceStep(columns: [(String, String)], from: String) -> String {
    if levels.isEmpty { levels.append([]) }
    let alias = "m\(sourceSteps.count + 1)"
    sourceSteps.append(SourceStep(level: 1, alias: alias, columns: columns, from: from))
    return alias
  }

  /// The `CROSS JOIN LATERAL` clauses, in an order where every step follows its inputs.
  var lateralClauses: [String] {
    var clauses: [String] = []
    for (index, columns) in levels.enumerated() {
      let level = index + 1
      if !columns.isEmpty {
        clauses.append(Self.lateral(alias: "l\(level)", columns: columns, from: nil))
      }
      for step in sourceSteps where step.level == level {
        clauses.append(Self.lateral(alias: step.alias, columns: step.columns, from: step.from))
      }
    }
    return clauses
  }

  private static func lateral(alias: String, columns: [(String, String)], from: String?) -> String {
    let list = columns.map { "    \($0.1) AS \($0.0)" }.joined(separator: ",\n")
    let source = from.map { "\n  FROM \($0)" } ?? ""
    return "CROSS JOIN LATERAL (\n  SELECT\n\(list)\(source)\n  OFFSET 0\n) AS \(alias)"
  }

  // MARK: - Window slots

  /// The pivoted column of a metric on a day: `w.sugar_7`, `w.sugar__first__2_7`.
  mutating func slotColumn(_ metric: Metric, day: Int) throws(SQLError) -> String {
    guard table.column(for: metric) != nil else {
      throw SQLError(
        .unsupported, alertID: alertID, construct: metric.name,
        message: "the custom metric '\(metric.name)' has no column in the readings table")
    }
    if metric.selection?.context != nil, table.context == nil {
      throw SQLError(
        .invalidTable, alertID: alertID, construct: metric.description,
        message: "'\(metric)' reads readings of one context; the readings table has no context column")
    }
    let name = slotName(metric)
    series[name] = metric
    slots[name, default: []].insert(day)
    return "w.\(name)_\(day)"
  }

  /// The name of a metric's pivoted columns: the metric's name, then for a selection its
  /// combination and, for a context, a number for it (contexts are any text).
  mutating func slotName(_ metric: Metric) -> String {
    guard let selection = metric.selection else { return metric.name }
    var name = "\(metric.name)__\(selection.combine.rawValue)"
    if let context = selection.context {
      if let index = contexts.firstIndex(of: context) {
        name += "__\(index + 1)"
      } else {
        contexts.append(context)
        name += "__\(contexts.count)"
      }
    }
    return name
  }

  /// The date of day `number` of the window.
  func date(ofDay number: Int) -> String {
    number == length ? "w.today" : "(w.today - \(length - number))"
  }

  private func days(_ range: DayRange) throws(SQLError) -> ClosedRange<Int> {
    guard let days = range.dayNumbers(inWindowOf: length) else {
      throw SQLError(
        .invalidRules, alertID: alertID, construct: range.description,
        message: "'\(range)' is not within the \(length)-day window")
    }
    return days
  }

  // MARK: - Conditions

  /// Compiles one alert's condition.
  mutating func compile(_ alert: Alert) throws(SQLError) -> Truth {
    alertID = alert.id
    defer { alertID = nil }
    return try truth(alert.condition)
  }

  private mutating func truth(_ condition: Condition) throws(SQLError) -> Truth {
    switch condition {
    case .comparison(let lhs, let op, let rhs):
      let a = try number(lhs)
      let b = try number(rhs)
      let symbol =
        switch op {
        case .equal: "="
        case .notEqual: "<>"
        default: op.rawValue
        }
      let level = max(a.level, b.level) + 1
      let sql = column(
        "(\(a.numerator) * \(b.denominator)) \(symbol) (\(b.numerator) * \(a.denominator))", level: level)
      return Truth(sql: sql, level: level, notes: a.notes + b.notes)
    case .and(let x, let y), .or(let x, let y):
      let a = try truth(x)
      let b = try truth(y)
      let word: String
      if case .and = condition { word = "AND" } else { word = "OR" }
      let level = max(a.level, b.level) + 1
      let sql = column("\(a.sql) \(word) \(b.sql)", level: level)
      return Truth(
        sql: sql, level: level,
        notes: a.notes.map { $0.requiring("\(a.sql) IS NULL") }
          + b.notes.map { $0.requiring("\(b.sql) IS NULL") })
    case .not(let x):
      let a = try truth(x)
      let level = a.level + 1
      return Truth(sql: column("NOT \(a.sql)", level: level), level: level, notes: a.notes)
    case .symptomsMention(let phrase, let range):
      return try symptoms(phrase, range, construct: condition.description)
    case .noReadings(let range):
      return try noReadings(range)
    case .daysHolding(let count, let range, let inner, let missing):
      guard let conditions = Condition.perDay(inner, over: range, length: length), !conditions.isEmpty else {
        throw SQLError(
          .invalidRules, alertID: alertID, construct: condition.description,
          message: "'\(condition)' reads days outside the \(length)-day window")
      }
      var days: [Truth] = []
      for day in conditions { days.append(try truth(day)) }
      let yes = "(" + days.map { "coalesce(\($0.sql), false)::int" }.joined(separator: " + ") + ")"
      let unknown = "(" + days.map { "(\($0.sql) IS NULL)::int" }.joined(separator: " + ") + ")"
      let level = (days.map(\.level).max() ?? 0) + 1
      switch missing {
      case .asFalse:
        return Truth(sql: column("\(yes) >= \(count)", level: level), level: level, notes: [])
      case .asUnknown:
        let sql = column(
          "CASE WHEN \(yes) >= \(count) THEN true WHEN \(yes) + \(unknown) < \(count) THEN false END",
          level: level)
        return Truth(
          sql: sql, level: level,
          notes: days.flatMap { day in day.notes.map { $0.requiring("\(day.sql) IS NULL") } })
      }
    case .inARow(let count, let range, let inner, let missing):
      let days = try perDayTruths(inner, over: range, construct: condition.description)
      // Each run of `count` days is an AND of its days (Kleene's, or with undecided days as
      // false); some run holding is the OR of the runs.
      let value: (Truth) -> String =
        missing == .asFalse ? { "coalesce(\($0.sql), false)" } : { $0.sql }
      var runs: [String] = []
      for start in 0...(days.count - count) {
        runs.append("(" + days[start..<(start + count)].map(value).joined(separator: " AND ") + ")")
      }
      let level = (days.map(\.level).max() ?? 0) + 1
      let sql = column(runs.joined(separator: " OR "), level: level)
      return Truth(
        sql: sql, level: level,
        notes: missing == .asFalse
          ? [] : days.flatMap { day in day.notes.map { $0.requiring("\(day.sql) IS NULL") } })
    }
  }

  /// The truths of a per-day condition on each day of a range, oldest first.
  private mutating func perDayTruths(_ inner: Condition, over range: DayRange, construct: String)
    throws(SQLError) -> [Truth]
  {
    guard let conditions = Condition.perDay(inner, over: range, length: length), !conditions.isEmpty else {
      throw SQLError(
        .invalidRules, alertID: alertID, construct: construct,
        message: "'\(construct)' reads days outside the \(length)-day window")
    }
    var days: [Truth] = []
    for day in conditions { days.append(try truth(day)) }
    return days
  }

  /// `no readings in DAYS`: every value and the symptom text of each day are `NULL`; never unknown.
  private mutating func noReadings(_ range: DayRange) throws(SQLError) -> Truth {
    let days = try days(range)
    guard table.symptoms.isEmpty == false else {
      throw SQLError(.invalidTable, alertID: alertID, message: "the readings table has no symptoms column")
    }
    var empty: [String] = []
    for day in days {
      for metric in Metric.builtins { empty.append("\(try slotColumn(metric, day: day)) IS NULL") }
      slots["symptoms", default: []].insert(day)
      empty.append("w.symptoms_\(day) IS NULL")
    }
    let sql = column("(" + empty.joined(separator: " AND ") + ")", level: 1)
    return Truth(sql: sql, level: 1, notes: [])
  }

  private mutating func symptoms(_ phrase: String, _ range: DayRange, construct: String) throws(SQLError)
    -> Truth
  {
    let words = SymptomMatcher(phrase).words
    guard words.allSatisfy({ $0.unicodeScalars.allSatisfy(\.isASCII) }) else {
      throw SQLError(
        .unsupported, alertID: alertID, construct: construct,
        message:
          "'\(construct)': symptom words outside ASCII cannot be matched in SQL exactly as in Swift")
    }
    let days = try days(range)
    guard table.symptoms.isEmpty == false else {
      throw SQLError(.invalidTable, alertID: alertID, message: "the readings table has no symptoms column")
    }
    for day in days { slots["symptoms", default: []].insert(day) }
    let texts = days.map { "w.symptoms_\($0)" }
    let pattern = Self.symptomPattern(words)
    let mentions =
      words.isEmpty
      ? "false"
      : texts.map { "coalesce(\($0) ~* \(SQLText.literal(pattern)), false)" }.joined(separator: " OR ")
    let anyMissing = texts.map { "\($0) IS NULL" }.joined(separator: " OR ")
    let sql = column("CASE WHEN \(mentions) THEN true WHEN \(anyMissing) THEN NULL ELSE false END", level: 1)
    let missingCount = "(" + texts.map { "(\($0) IS NULL)::int" }.joined(separator: " + ") + ")"
    let note = Note(
      condition: "\(sql) IS NULL",
      json: missingJSON(
        metric: "symptoms", range: range.description, days: days, isMissing: { "w.symptoms_\($0) IS NULL" },
        needed: "\(days.count)", found: "(\(days.count) - \(missingCount))"))
    return Truth(sql: sql, level: 1, notes: [note])
  }

  /// The regular expression (for `~*`) that finds a phrase as ``SymptomMatcher`` does, from the
  /// same word lists: the start of a negation's scope (the text's start, `.`, `,`, `;`, `:`, `!`,
  /// `?` or a conjunction), then punctuation that ends no clause and words that negate nothing,
  /// then the phrase (its words in a row, each also with `s` or `es`, or, for a phrase that
  /// allows it, its last word, a preposition, at most two words that are no conjunction and its
  /// other words, without punctuation that ends a clause), not followed in its clause by fillers
  /// and a word that negates it.
  static func symptomPattern(_ words: [String]) -> String {
    func alternatives(_ set: Set<String>) -> String { "(?:" + set.sorted().joined(separator: "|") + ")" }
    func characters(_ set: Set<Character>) -> String { set.sorted().map(String.init).joined() }
    let end = "(?=[^[:alnum:]]|$)"
    let negation = alternatives(SymptomMatcher.negations)
    let conjunction = alternatives(SymptomMatcher.conjunctions)
    let breaks = "[" + characters(SymptomMatcher.clauseBreaks) + "]"
    let scopeStart = "(?:^|\(breaks)|(?:^|[^[:alnum:]])\(conjunction)\(end))"
    let separator = "[^[:alnum:]" + characters(SymptomMatcher.clauseBreaks) + "]"
    let word = "(?!\(negation)\(end))[[:alnum:]]+\(end)"
    let afterSeparator = "[^[:alnum:]" + characters(SymptomMatcher.hardBreaks) + "]+"
    let notNegatedAfter =
      "(?!\(afterSeparator)(?:\(alternatives(SymptomMatcher.fillers))\(afterSeparator))*"
      + "\(alternatives(SymptomMatcher.postNegations))\(end))"
    func plural(_ word: String) -> String { "\(word)(?:e?s)?" }
    let inOrder = words.map(plural).joined(separator: "[^[:alnum:]]+") + end
    var phrase = inOrder
    if SymptomMatcher(words.joined(separator: " ")).invertible {
      let head = plural(words[words.count - 1])
      let between = "(?:\(separator)+(?!\(conjunction)\(end))[[:alnum:]]+\(end)){0,2}"
      let others = words.dropLast().map(plural).joined(separator: "\(separator)+")
      let inverted =
        head + "\(separator)+\(alternatives(SymptomMatcher.prepositions))\(end)" + between + "\(separator)+"
        + others + end
      phrase = "(?:\(inOrder)|\(inverted))"
    }
    return scopeStart + "(?:" + separator + "|" + word + ")*" + phrase + notNegatedAfter
  }

  // MARK: - Numbers

  private mutating func number(_ expression: HealthExpression) throws(SQLError) -> Number {
    switch expression {
    case .constant(let value, _):
      return Number(
        numerator: SQLText.number(value.numerator), denominator: SQLText.number(value.denominator), level: 0,
        notes: [])
    case .reading(let metric, let range):
      let day = try days(range).lowerBound
      let value = try slotColumn(metric, day: day)
      let note = Note(
        condition: "\(value) IS NULL",
        json: missingJSON(
          metric: metric.name, range: range.description, days: day...day, isMissing: nil, needed: "1",
          found: "0"))
      return Number(
        numerator: value, denominator: "\(metric.unit.storageScale)::numeric", level: 0, notes: [note])
    case .aggregate(let aggregate, let metric, let range, let requested):
      return try self.aggregate(aggregate, metric, range, requested: requested)
    case .countDays(let range, let inner, let missing):
      let days = try perDayTruths(inner, over: range, construct: expression.description)
      let yes = "(" + days.map { "coalesce(\($0.sql), false)::int" }.joined(separator: " + ") + ")::numeric"
      let level = (days.map(\.level).max() ?? 0) + 1
      switch missing {
      case .asFalse:
        return Number(
          numerator: column(yes, level: level), denominator: "1::numeric", level: level, notes: [])
      case .asUnknown:
        let anyUnknown = days.map { "\($0.sql) IS NULL" }.joined(separator: " OR ")
        return Number(
          numerator: column("CASE WHEN NOT (\(anyUnknown)) THEN \(yes) END", level: level),
          denominator: "1::numeric", level: level,
          notes: days.flatMap { day in day.notes.map { $0.requiring("\(day.sql) IS NULL") } })
      }
    case .parameter(let name, let unit):
      parameters[name] = unit
      let value = "w.\(PostgresRuleCompiler.parameterColumn(name))"
      let note = Note(
        condition: "\(value) IS NULL",
        json:
          "jsonb_build_object('metric', \(SQLText.literal(name)), 'range', 'parameter', 'days', '[]'::jsonb, "
          + "'dates', '[]'::jsonb, 'needed', 1, 'found', 0)")
      return Number(
        numerator: value, denominator: "\(unit.storageScale)::numeric", level: 0, notes: [note])
    case .negate(let operand):
      let inner = try number(operand)
      var result = negate(inner)
      result.notes = inner.notes
      return result
    case .arithmetic(let op, let lhs, let rhs):
      let a = try number(lhs)
      let b = try number(rhs)
      var result: Number
      switch op {
      case .add: result = add(a, b)
      case .subtract: result = add(a, negate(b))
      case .multiply: result = multiply(a, b)
      case .divide: result = divideNumbers(a, b)
      }
      result.notes = a.notes + b.notes
      return result
    }
  }

  /// A value computed under `condition`: both parts `NULL` when it does not hold.
  mutating func guarded(_ condition: String, numerator: String, denominator: String, level: Int)
    -> Number
  {
    Number(
      numerator: column("CASE WHEN \(condition) THEN \(numerator) END", level: level),
      denominator: column("CASE WHEN \(condition) THEN \(denominator) END", level: level), level: level,
      notes: [])
  }

  /// A value whose numerator is computed under `condition` and whose denominator, positive
  /// whenever the numerator is known, needs no condition.
  mutating func guardedNumerator(_ condition: String, numerator: String, denominator: String, level: Int)
    -> Number
  {
    Number(
      numerator: column("CASE WHEN \(condition) THEN \(numerator) END", level: level),
      denominator: denominator,
      level: level, notes: [])
  }

  /// `Rational.negated()`: unknown for the smallest numerator.
  private mutating func negate(_ a: Number) -> Number {
    guardedNumerator(
      "\(a.numerator) <> \(SQLText.int64Min)", numerator: "-\(a.numerator)", denominator: a.denominator,
      level: a.level + 1)
  }

  /// `Rational.multiplied(by:)`: the plain product, else the cross-reduced product, else unknown.
  private mutating func multiply(_ a: Number, _ b: Number) -> Number {
    let (an, ad, bn, bd) = (a.numerator, a.denominator, b.numerator, b.denominator)
    let plainN = "(\(an) * \(bn))"
    let plainD = "(\(ad) * \(bd))"
    let g1 = "gcd(abs(\(an)), \(bd))"
    let g2 = "gcd(abs(\(bn)), \(ad))"
    let reducedN = "(div(\(an), \(g1)) * div(\(bn), \(g2)))"
    let reducedD = "(div(\(ad), \(g2)) * div(\(bd), \(g1)))"
    let plainFits = "\(SQLText.fitsAboveMinimum(plainN)) AND \(plainD) <= \(SQLText.int64Max)"
    let reducedFits = "\(SQLText.fitsAboveMinimum(reducedN)) AND \(reducedD) <= \(SQLText.int64Max)"
    let level = max(a.level, b.level) + 1
    return Number(
      numerator: column(
        "CASE WHEN \(plainFits) THEN \(plainN) WHEN \(reducedFits) THEN \(reducedN) END", level: level),
      denominator: column(
        "CASE WHEN \(plainFits) THEN \(plainD) WHEN \(reducedFits) THEN \(reducedD) END", level: level),
      level: level, notes: [])
  }

  /// `Rational.divided(by:)`: unknown for a zero (or smallest) divisor, else times the flipped divisor.
  mutating func divideNumbers(_ a: Number, _ b: Number) -> Number {
    let (bn, bd) = (b.numerator, b.denominator)
    let level = b.level + 1
    let flipped = Number(
      numerator: column(
        "CASE WHEN \(bn) > 0 THEN \(bd) WHEN \(bn) < 0 AND \(bn) <> \(SQLText.int64Min) THEN -\(bd) END",
        level: level),
      denominator: column(
        "CASE WHEN \(bn) > 0 THEN \(bn) WHEN \(bn) < 0 AND \(bn) <> \(SQLText.int64Min) THEN -\(bn) END",
        level: level), level: level, notes: [])
    return multiply(a, flipped)
  }

  /// `Rational.adding(_:)`: the same-denominator sum, else the cross sum, else the cross sum of the
  /// reduced forms, else unknown.
  private mutating func add(_ a: Number, _ b: Number) -> Number {
    let (an, ad, bn, bd) = (a.numerator, a.denominator, b.numerator, b.denominator)
    let sameSum = "(\(an) + \(bn))"
    let sameFits = "\(ad) = \(bd) AND \(SQLText.fits(sameSum))"
    // Over the least common denominator, as Rational.combine does.
    func cross(_ an: String, _ ad: String, _ bn: String, _ bd: String) -> (String, String, String) {
      let common = "gcd(\(ad), \(bd))"
      let left = "(\(an) * div(\(bd), \(common)))"
      let right = "(\(bn) * div(\(ad), \(common)))"
      let sum = "(\(left) + \(right))"
      let den = "(div(\(ad), \(common)) * \(bd))"
      let fits =
        "\(SQLText.fits(left)) AND \(SQLText.fits(right)) AND \(SQLText.fitsAboveMinimum(sum)) AND \(den) <= \(SQLText.int64Max)"
      return (sum, den, fits)
    }
    let (crossN, crossD, crossFits) = cross(an, ad, bn, bd)
    let ga = "gcd(abs(\(an)), \(ad))"
    let gb = "gcd(abs(\(bn)), \(bd))"
    let (reducedN, reducedD, reducedFits) = cross(
      "div(\(an), \(ga))", "div(\(ad), \(ga))", "div(\(bn), \(gb))", "div(\(bd), \(gb))")
    let level = max(a.level, b.level) + 1
    return Number(
      numerator: column(
        "CASE WHEN \(sameFits) THEN \(sameSum) WHEN \(crossFits) THEN \(crossN) WHEN \(reducedFits) THEN \(reducedN) END",
        level: level),
      denominator: column(
        "CASE WHEN \(sameFits) THEN \(ad) WHEN \(crossFits) THEN \(crossD) WHEN \(reducedFits) THEN \(reducedD) END",
        level: level),
      level: level, notes: [])
  }

  /// The pivoted column of a parameter: `param_dry_weight` (names are checked identifiers).
  static func parameterColumn(_ name: String) -> String {
    SQLText.identifier("param_" + name)
  }

  // MARK: - Missing readings

  /// A `jsonb` missing-reading note, keyed as ``MissingReading`` encodes.
  ///
  /// - Parameter isMissing: The SQL test of whether a day lacks its reading, or `nil` when
  ///   every day of `days` is known to lack it (a single day's reading that is missing).
  func missingJSON(
    metric: String, range: String, days: ClosedRange<Int>, isMissing: ((Int) -> String)?, needed: String,
    found: String
  ) -> String {
    let dayList: String
    let dateList: String
    guard let isMissing else {
      dayList = "jsonb_build_array(" + days.map(String.init).joined(separator: ", ") + ")"
      dateList = "jsonb_build_array(" + days.map(date(ofDay:)).joined(separator: ", ") + ")"
      return note(metric: metric, range: range, days: dayList, dates: dateList, needed: needed, found: found)
    }
    let numbers = days.map { "CASE WHEN \(isMissing($0)) THEN \($0) END" }.joined(separator: ", ")
    let dates = days.map { "CASE WHEN \(isMissing($0)) THEN \(date(ofDay: $0)) END" }.joined(
      separator: ", ")
    dayList = "to_jsonb(array_remove(ARRAY[\(numbers)]::int[], NULL))"
    dateList = "to_jsonb(array_remove(ARRAY[\(dates)]::date[], NULL))"
    return note(metric: metric, range: range, days: dayList, dates: dateList, needed: needed, found: found)
  }

  private func note(
    metric: String, range: String, days dayList: String, dates dateList: String, needed: String, found: String
  ) -> String {
    return
      "jsonb_build_object('metric', \(SQLText.literal(metric)), 'range', \(SQLText.literal(range)), "
      + "'days', \(dayList), 'dates', \(dateList), 'needed', \(needed), 'found', \(found))"
  }
}

extension PostgresRuleCompiler.Note {
  /// This note, reported only when `condition` also holds.
  func requiring(_ condition: String) -> Self {
    Self(condition: "\(condition) AND \(self.condition)", json: json)
  }
}
