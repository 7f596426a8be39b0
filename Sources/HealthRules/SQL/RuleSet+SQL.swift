extension RuleSet {
  /// The most days a window may have to be written as SQL (the query grows with the square of it).
  package static let maximumSQLWindowLength = 366

  /// Writes this rule set as one SQL query that gives, for every patient in a readings table,
  /// the same verdict, fired alerts and missing readings as ``CompiledRuleSet/evaluate(_:)``,
  /// with the day and the patients as parameters: the form to send to a server.
  ///
  /// The query returns one row per patient, ordered by `patient_id` (byte order):
  ///
  /// | column | type | holds |
  /// | --- | --- | --- |
  /// | `patient_id` | `text` | the patient |
  /// | `today` | `text` | the window's last day, `yyyy-mm-dd` |
  /// | `verdict` | `text` | `healthy`, `alert` or `not_enough_data`; `NULL` with `error` |
  /// | `alerts` | `jsonb` | ids of the fired alerts, in rule order |
  /// | `unknown` | `jsonb` | ids of the alerts that could not be decided |
  /// | `missing` | `jsonb` | ``MissingReading`` objects, as ``Verdict/missing`` lists them |
  /// | `error` | `text` | `two readings for 2026-03-01` when a patient has two rows for a day |
  ///
  /// It has two parameters, ``SQLQuery/parameters`` in order: `$1` (a `date`) is the day to
  /// treat as every patient's today, `NULL` for each patient's latest day; `$2` (a `text[]`)
  /// holds the patients to include, `NULL` for every patient. No value given here is spliced
  /// into the text; the names of ``ReadingsTable`` are checked (``ReadingsTable/validate()``)
  /// and quoted, and what comes from the rules (alert ids, symptom words, metric names) is
  /// written as literals quoted per Unicode scalar.
  ///
  /// Semantics match the Swift engine exactly: today is each patient's latest day (or `asOf`),
  /// the window is the calendar days ending on it, readings are rounded to thousandths of the
  /// canonical unit half away from zero, every value is the same fraction ``Rational``
  /// computes (overflow of 64-bit parts and division by zero are unknown, `NULL`), and `AND`,
  /// `OR`, `NOT` are three-valued on `NULL`. Symptom words are matched as whole words ignoring
  /// case with a regular expression; see the limits in `docs/health.md`.
  ///
  /// ```swift
  /// let query = try RuleSet.baseline.query(patients: ["p-17"])
  /// let rows = try connection.query(query.text, parameters: query.parameters)
  /// ```
  ///
  /// - Parameters:
  ///   - dialect: The database; PostgreSQL 13 or later.
  ///   - table: Where the readings are; ``ReadingsTable/default`` by default.
  ///   - asOf: The day to treat as every patient's today; each patient's latest reading's day by default.
  ///   - patients: Only these patients (compared as text); every patient by default.
  /// - Returns: The query text and the values of its two parameters.
  /// - Throws: ``SQLError`` when the rule set does not check, uses a construct the dialect
  ///   cannot express with the same meaning (a custom metric, a symptom word outside ASCII,
  ///   a window over ``maximumSQLWindowLength`` days), the table description is unusable, or a
  ///   patient id holds a NUL character (PostgreSQL text cannot hold one).
  /// - Complexity: O(n) in the size of the rules, O(k²) in the days of an aggregate's range.
  package func query(
    dialect: SQLDialect = .postgresql, table: ReadingsTable = .default, asOf: Day? = nil,
    patients: [String]? = nil
  ) throws(SQLError) -> SQLQuery {
    let values = try Self.checked(patients)
    let text = try queryText(table: table, day: "$1::date", patients: "$2::text[]")
    return SQLQuery(text: text, parameters: [asOf.map { "\($0)" }, values.map(SQLText.textArray)])
  }

  /// The query of ``query(dialect:table:asOf:patients:)`` as one self-contained statement to
  /// print or save: the day and the patients written as literals (`DATE '2026-03-07'`,
  /// `ARRAY['o''brien']::text[]`, `NULL` when not given), quoted per Unicode scalar.
  ///
  /// ```swift
  /// let text = try RuleSet.baseline.sql(dialect: .postgresql)
  /// ```
  ///
  /// - Returns: The query text, one statement, no parameters.
  /// - Throws: ``SQLError``, as ``query(dialect:table:asOf:patients:)``.
  package func sql(
    dialect: SQLDialect = .postgresql, table: ReadingsTable = .default, asOf: Day? = nil,
    patients: [String]? = nil
  ) throws(SQLError) -> String {
    let values = try Self.checked(patients)
    let list = values.map { "ARRAY[" + $0.map(SQLText.literal).joined(separator: ", ") + "]::text[]" }
    return try queryText(
      table: table, day: asOf.map { "DATE '\($0)'" } ?? "NULL::date", patients: list ?? "NULL::text[]")
  }

  /// Patient ids PostgreSQL text can hold: without NUL.
  private static func checked(_ patients: [String]?) throws(SQLError) -> [String]? {
    for id in patients ?? [] where id.unicodeScalars.contains("\u{0}") {
      throw SQLError(
        .invalidValue, construct: id,
        message: "patient id '\(SQLText.shown(id))' holds a NUL character, which PostgreSQL text cannot hold")
    }
    return patients
  }

  /// The query with `day` and `patients` as the SQL of the `date` and `text[]` values.
  private func queryText(table: ReadingsTable, day: String, patients: String) throws(SQLError) -> String {
    do throws(RuleError) {
      try check()
    } catch {
      throw SQLError(.invalidRules, alertID: error.alertID, message: error.message)
    }
    guard windowLength <= RuleSet.maximumSQLWindowLength else {
      throw SQLError(
        .unsupported, construct: "window \(windowLength) days",
        message:
          "a window of \(windowLength) days is longer than SQL output allows (\(RuleSet.maximumSQLWindowLength))"
      )
    }
    try table.validate()
    var compiler = PostgresRuleCompiler(ruleSet: self, table: table)
    var truths: [PostgresRuleCompiler.Truth] = []
    for alert in alerts { truths.append(try compiler.compile(alert)) }
    // A parameter's value is a column `param_NAME`: a longer name would be cut short by PostgreSQL.
    let longest = ReadingsTable.maximumNameBytes - "param_".utf8.count
    for name in compiler.parameters.keys.sorted() where name.utf8.count > longest {
      throw SQLError(
        .unsupported, construct: name,
        message:
          "parameter '\(name)' has a name of \(name.utf8.count) UTF-8 bytes; SQL output allows \(longest)")
    }
    return PostgresQueryText(
      ruleSet: self, table: table, day: day, patients: patients, slots: compiler.slots,
      series: compiler.series, parameters: compiler.parameters, laterals: compiler.lateralClauses,
      truths: truths
    ).text
  }
}

/// A SQL statement and the values of its `$1`, `$2`… placeholders, sent apart from the text
/// (libpq's `PQexecParams`), so no value can change what the statement does.
package struct SQLQuery: Sendable, Hashable {
  /// The statement.
  package var text: String
  /// The placeholders' values as text, in order (`$1` first); `nil` for `NULL`.
  package var parameters: [String?]

  /// Creates a query.
  package init(text: String, parameters: [String?]) {
    self.text = text
    self.parameters = parameters
  }
}

extension ReadingsTable {
  /// The most UTF-8 bytes of a name: PostgreSQL keeps 63 (`NAMEDATALEN` − 1) and cuts longer
  /// names short, which could make two names one.
  package static let maximumNameBytes = 63

  /// Checks names and units.
  ///
  /// Every schema, table and column name (of the readings and of ``parameters``) is 1 to
  /// ``maximumNameBytes`` UTF-8 bytes with no control character (U+0000 to U+001F, U+007F to
  /// U+009F). Any other text is allowed (quotes, backslashes, spaces, combining marks): names
  /// are written as quoted identifiers, each `"` doubled.
  ///
  /// - Throws: ``SQLError`` of kind ``SQLError/Kind/invalidTable`` naming the first bad name.
  package func validate() throws(SQLError) {
    var names: [(role: String, name: String)] = []
    if let schema { names.append(("schema", schema)) }
    names += [("table", name), ("patient_id column", patientID), ("day column", day)]
    names += metricColumns.map { ("\($0.metric.name) column", $0.column.name) }
    names.append(("symptoms column", symptoms))
    if let time { names.append(("time column", time)) }
    if let context { names.append(("context column", context)) }
    if let schema = parameters.schema { names.append(("parameters schema", schema)) }
    names += [
      ("parameters table", parameters.name), ("parameters patient column", parameters.patientID),
      ("parameters name column", parameters.parameter), ("parameters value column", parameters.value),
      ("parameters unit column", parameters.unit),
    ]
    for (role, text) in names {
      let rule = "names are 1 to \(Self.maximumNameBytes) UTF-8 bytes without control characters"
      if text.isEmpty {
        throw SQLError(.invalidTable, construct: text, message: "the \(role) name is empty; \(rule)")
      }
      if let control = text.unicodeScalars.first(where: SQLText.isControl) {
        throw SQLError(
          .invalidTable, construct: text,
          message:
            "the \(role) name '\(SQLText.shown(text))' holds the control character \(SQLText.code(control)); \(rule)"
        )
      }
      if text.utf8.count > Self.maximumNameBytes {
        throw SQLError(
          .invalidTable, construct: text,
          message: "the \(role) name '\(SQLText.shown(text))' is \(text.utf8.count) UTF-8 bytes long; \(rule)"
        )
      }
    }
    for (metric, column) in metricColumns where column.unit.canonical != metric.unit {
      throw SQLError(
        .invalidTable, construct: column.name,
        message:
          "column '\(SQLText.shown(column.name))' holds \(metric.name), which is not measured in \(column.unit.rawValue)"
      )
    }
  }
}

/// The text of the whole query around the compiled steps.
struct PostgresQueryText {
  let ruleSet: RuleSet
  let table: ReadingsTable
  /// The SQL of the `date` to treat as every patient's today, `NULL` for each one's latest day.
  let day: String
  /// The SQL of the `text[]` of patients to include, `NULL` for all.
  let patients: String
  let slots: [String: Set<Int>]
  /// The metric (with its selection) of each pivoted slot name but `symptoms`.
  let series: [String: Metric]
  let parameters: [String: ValueUnit]
  let laterals: [String]
  let truths: [PostgresRuleCompiler.Truth]

  var text: String {
    // A comment ends at a line break: none may come from the rule set's name.
    var summary = "\(ruleSet.id) (\(ruleSet.name))"
    for scalar in ["\n", "\r"] as [Unicode.Scalar] { summary = summary.replacingScalar(scalar, with: " ") }
    return """
      -- planner rules \(summary): verdicts over a \(ruleSet.windowLength)-day window, one row per patient.
      -- Generated by planner; the same verdicts, alerts and missing readings as the Swift engine.
      WITH source AS NOT MATERIALIZED (
        SELECT
          \(sourceColumns.joined(separator: ",\n    "))
        FROM \(table.qualifiedName) AS r
        WHERE \(patients) IS NULL OR CAST(r.\(SQLText.identifier(table.patientID)) AS text) = ANY (\(patients))
      ),
      patients AS (
        SELECT patient_id, coalesce(\(day), max(day)) AS today
        FROM source
        GROUP BY patient_id
      ),
      duplicates AS (
        \(duplicates)
      ),
      windows AS (
        SELECT
          \((["p.patient_id", "p.today"] + pivotColumns).joined(separator: ",\n    "))
        FROM patients AS p
        LEFT JOIN source AS s
          ON s.patient_id = p.patient_id AND s.day BETWEEN p.today - \(ruleSet.windowLength - 1) AND p.today
        GROUP BY p.patient_id, p.today
      )
      SELECT
        w.patient_id,
        to_char(w.today, 'YYYY-MM-DD') AS today,
        \(verdict) AS verdict,
        CASE WHEN dup.day IS NULL THEN \(idList(bySeverity: true, including: { $0.severity != .info }, { "\($0)" })) END AS alerts,
        CASE WHEN dup.day IS NULL THEN \(idList { "\($0) IS NULL" }) END AS unknown,
        \(missing) AS missing,
        CASE WHEN dup.day IS NOT NULL THEN 'two readings for ' || to_char(dup.day, 'YYYY-MM-DD') END AS error,
        CASE WHEN dup.day IS NULL THEN \(idList(including: { $0.severity == .info }, { "\($0)" })) END AS notes,
        \(severity) AS severity
      FROM windows AS w
      LEFT JOIN duplicates AS dup ON dup.patient_id = w.patient_id
      \(laterals.joined(separator: "\n"))
      ORDER BY w.patient_id COLLATE "C"

      """
  }

  /// Patients with two rows for one day, and the earliest such day; none when the table says so.
  private var duplicates: String {
    if table.uniqueDays || table.time != nil {
      return "SELECT NULL::text AS patient_id, NULL::date AS day WHERE false"
    }
    return """
      SELECT patient_id, min(day) AS day
        FROM (SELECT patient_id, day FROM source GROUP BY patient_id, day HAVING count(*) > 1) AS d
        GROUP BY patient_id
      """
  }

  private var usedMetrics: [(metric: Metric, column: ReadingsTable.Column)] {
    let read = Set(series.values.map(\.name))
    return table.metricColumns.filter { read.contains($0.metric.name) }
  }

  /// Whether some rule reads a selection that orders a day's readings (`first`, `last`).
  private var readsOrder: Bool {
    series.values.contains { [.first, .last].contains($0.selection?.combine) }
  }

  /// Whether some rule reads readings of one context.
  private var readsContext: Bool {
    series.values.contains { $0.selection?.context != nil }
  }

  private var sourceColumns: [String] {
    var columns = [
      "CAST(r.\(SQLText.identifier(table.patientID)) AS text) AS patient_id",
      "CAST(r.\(SQLText.identifier(table.day)) AS date) AS day",
    ]
    for (metric, column) in usedMetrics {
      columns.append("\(steps(column)) AS \(metric.name)")
    }
    if slots["symptoms"] != nil {
      columns.append("CAST(r.\(SQLText.identifier(table.symptoms)) AS text) AS symptoms")
    }
    if readsOrder, let time = table.time {
      columns.append("CAST(r.\(SQLText.identifier(time)) AS time) AS taken_at")
    }
    if readsContext, let context = table.context {
      // Compared as Observation.normalizedContext compares: ASCII letters lowercased, spaces
      // and tabs trimmed and runs of them made one space.
      let text = "CAST(r.\(SQLText.identifier(context)) AS text)"
      columns.append(
        "nullif(regexp_replace(btrim(lower(\(text) COLLATE \"C\"), E' \\t'), E'[ \\t]+', ' ', 'g'), '') AS context"
      )
    }
    return columns
  }

  /// A column's value in storage steps of the canonical unit, as the readings files store it:
  /// converted exactly and rounded to the nearest step, half away from zero.
  private func steps(_ column: ReadingsTable.Column) -> String {
    let value = "CAST(r.\(SQLText.identifier(column.name)) AS numeric)"
    let offset = column.unit.offsetSteps == 0 ? "" : " - \(column.unit.offsetSteps)"
    return "(round(\(value) * \(SQLText.number(column.unit.stepsPerUnit)))\(offset))"
  }

  private var pivotColumns: [String] {
    var columns: [String] = []
    let length = ruleSet.windowLength
    for name in slots.keys.sorted() {
      for day in (slots[name] ?? []).sorted() {
        let date = day == length ? "p.today" : "p.today - \(length - day)"
        guard let metric = series[name] else {
          columns.append("max(s.\(name)) FILTER (WHERE s.day = \(date)) AS \(name)_\(day)")
          continue
        }
        columns.append("\(dayValue(metric, on: date)) AS \(name)_\(day)")
      }
    }
    for (name, unit) in parameters.sorted(by: { $0.key < $1.key }) {
      columns.append("\(parameterValue(name, unit)) AS \(PostgresRuleCompiler.parameterColumn(name))")
    }
    return columns
  }

  /// A day's value of a metric from its rows, as ``Measurements`` makes it: the mean of the
  /// chosen readings rounded half away from zero (`sign(s) * div(2|s| + n, 2n)`), or the
  /// first, last, smallest or largest of them in the order of ``Observation/precedes(_:_:)``.
  private func dayValue(_ metric: Metric, on date: String) -> String {
    let value = "s.\(metric.name)"
    var filter = "s.day = \(date) AND \(value) IS NOT NULL"
    if let context = metric.selection?.context {
      filter += table.context == nil ? " AND false" : " AND s.context = \(SQLText.literal(context))"
    }
    let time = readsOrder && table.time != nil ? "s.taken_at" : "NULL::time"
    switch metric.selection?.combine ?? .mean {
    case .mean:
      let sum = "sum(\(value)) FILTER (WHERE \(filter))"
      let count = "count(\(value)) FILTER (WHERE \(filter))"
      return "(sign(\(sum)) * div(2 * abs(\(sum)) + \(count), 2 * \(count)))"
    case .min: return "min(\(value)) FILTER (WHERE \(filter))"
    case .max: return "max(\(value)) FILTER (WHERE \(filter))"
    case .first:
      return
        "(array_agg(\(value) ORDER BY \(time) ASC NULLS FIRST, \(value) ASC) FILTER (WHERE \(filter)))[1]"
    case .last:
      return
        "(array_agg(\(value) ORDER BY \(time) DESC NULLS LAST, \(value) DESC) FILTER (WHERE \(filter)))[1]"
    }
  }

  /// A patient's parameter in storage steps of its canonical unit: the value converted exactly
  /// and rounded half away from zero; `NULL` with no row, two rows, or a unit of another kind.
  private func parameterValue(_ name: String, _ unit: ValueUnit) -> String {
    let t = table.parameters
    let unitText = "lower(btrim(CAST(pp.\(SQLText.identifier(t.unit)) AS text), E' \\t'))"
    var cases: [String] = []
    for input in InputUnit.allCases where input.canonical == unit {
      let words = InputUnit.spellings(of: input).map(SQLText.literal).joined(separator: ", ")
      guard !input.hasOffset else { continue }
      cases.append("WHEN \(unitText) IN (\(words)) THEN \(SQLText.number(input.stepsPerUnit))")
    }
    if unit == .number {
      cases.append("WHEN coalesce(\(unitText), '') = '' THEN \(SQLText.number(unit.storageScale))")
    }
    let factor = "CASE \(cases.joined(separator: " ")) END"
    let value = "round(CAST(pp.\(SQLText.identifier(t.value)) AS numeric) * \(factor))"
    return
      "(SELECT CASE WHEN count(*) = 1 THEN max(\(value)) END FROM \(t.qualifiedName) AS pp "
      + "WHERE CAST(pp.\(SQLText.identifier(t.patientID)) AS text) = p.patient_id "
      + "AND CAST(pp.\(SQLText.identifier(t.parameter)) AS text) = \(SQLText.literal(name)))"
  }

  /// The truths of the `warning` and `urgent` alerts, which decide the verdict; `info` notes do not.
  private var decidingTruths: [PostgresRuleCompiler.Truth] {
    zip(ruleSet.alerts, truths).filter { $0.0.severity != .info }.map(\.1)
  }

  private var verdict: String {
    let deciding = decidingTruths
    guard !deciding.isEmpty else { return "CASE WHEN dup.day IS NULL THEN 'healthy' END" }
    let fired = deciding.map { "coalesce(\($0.sql), false)" }.joined(separator: " OR ")
    let unknown = deciding.map { "\($0.sql) IS NULL" }.joined(separator: " OR ")
    return
      "CASE WHEN dup.day IS NOT NULL THEN NULL WHEN \(fired) THEN 'alert' WHEN \(unknown) THEN 'not_enough_data' ELSE 'healthy' END"
  }

  /// The highest severity of the alerts and notes that fired, or `NULL`.
  private var severity: String {
    let cases = Alert.Severity.allCases.sorted(by: >).compactMap { level -> String? in
      let fired = zip(ruleSet.alerts, truths).filter { $0.0.severity == level }
        .map { "coalesce(\($0.1.sql), false)" }
      guard !fired.isEmpty else { return nil }
      return "WHEN \(fired.joined(separator: " OR ")) THEN \(SQLText.literal(level.rawValue))"
    }
    guard !cases.isEmpty else { return "NULL::text" }
    return "CASE WHEN dup.day IS NOT NULL THEN NULL \(cases.joined(separator: " ")) END"
  }

  private var anyUnknown: String {
    truths.map { "\($0.sql) IS NULL" }.joined(separator: " OR ")
  }

  /// A `jsonb` array of the ids of the alerts whose truth satisfies `test`, in rule order, or most
  /// severe first when `bySeverity`; only the alerts `including` accepts.
  private func idList(
    bySeverity: Bool = false, including: (Alert) -> Bool = { _ in true }, _ test: (String) -> String
  ) -> String {
    var pairs = Array(zip(ruleSet.alerts, truths).enumerated()).filter { including($0.element.0) }
    if bySeverity {
      pairs.sort { a, b in
        a.element.0.severity != b.element.0.severity
          ? a.element.0.severity > b.element.0.severity : a.offset < b.offset
      }
    }
    guard !pairs.isEmpty else { return "'[]'::jsonb" }
    let items = pairs.map(\.element).map { alert, truth in
      "CASE WHEN \(test(truth.sql)) THEN \(SQLText.literal(alert.id)) END"
    }
    return "to_jsonb(array_remove(ARRAY[\(items.joined(separator: ", "))]::text[], NULL))"
  }

  private var missing: String {
    let notes = truths.flatMap { truth in truth.notes.map { $0.requiring("\(truth.sql) IS NULL") } }
    guard !notes.isEmpty else { return "CASE WHEN dup.day IS NULL THEN '[]'::jsonb END" }
    let items = notes.map { "CASE WHEN \($0.condition) THEN \($0.json) END" }.joined(separator: ",\n      ")
    return """
      CASE WHEN dup.day IS NOT NULL THEN NULL WHEN NOT (\(anyUnknown)) THEN '[]'::jsonb ELSE (
          SELECT coalesce(jsonb_agg(u.note ORDER BY u.position), '[]'::jsonb)
          FROM (
            SELECT n.note, min(n.position) AS position
            FROM unnest(ARRAY[
            \(items)
            ]::jsonb[]) WITH ORDINALITY AS n(note, position)
            WHERE n.note IS NOT NULL
            GROUP BY n.note
          ) AS u
        ) END
      """
  }
}
