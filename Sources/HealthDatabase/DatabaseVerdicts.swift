import Foundation
import HealthRules

/// Evaluates a rule set inside PostgreSQL for every patient of a readings table.
///
/// The rules are compiled to one query (``HealthRules/RuleSet/query(dialect:table:asOf:patients:)``)
/// that gives the same verdicts, alerts and missing readings as ``CompiledRuleSet/evaluate(_:)``.
/// Before running it, the table and the columns the rules read are checked, so a missing
/// table or a floating-point column is a clear error rather than a wrong answer.
///
/// ```swift
/// let connection = try PostgresConnection(url: "postgresql:///clinic")
/// let verdicts = try DatabaseVerdicts(ruleSet: .baseline).run(on: connection)
/// ```
package struct DatabaseVerdicts: Sendable {
  /// The rules.
  package let ruleSet: RuleSet
  /// Where the readings are.
  package private(set) var table: ReadingsTable

  /// Prepares a runner.
  ///
  /// - Parameters:
  ///   - ruleSet: The rules to evaluate.
  ///   - table: The readings table; ``HealthRules/ReadingsTable/default`` by default.
  package init(ruleSet: RuleSet, table: ReadingsTable = .default) {
    self.ruleSet = ruleSet
    self.table = table
  }

  /// The query that ``run(on:asOf:patients:)`` sends, with `asOf` and `patients` as its
  /// parameters (``HealthRules/RuleSet/query(dialect:table:asOf:patients:)``).
  ///
  /// - Throws: ``DatabaseError/rules(_:)``.
  package func query(asOf: Day? = nil, patients: [String]? = nil) throws(DatabaseError) -> SQLQuery {
    do throws(SQLError) {
      return try ruleSet.query(dialect: .postgresql, table: table, asOf: asOf, patients: patients)
    } catch {
      throw .rules(error)
    }
  }

  /// Checks the table and evaluates the rules for every patient (or the given ones).
  ///
  /// The day and the patients are sent as parameters, apart from the query's text.
  ///
  /// - Parameters:
  ///   - connection: An open connection.
  ///   - asOf: Every patient's today; by default each patient's latest reading's day.
  ///   - patients: Only these patients; all by default.
  /// - Returns: One verdict per patient with readings, ordered by patient id (byte order).
  /// - Throws: ``DatabaseError``.
  package func run(on connection: PostgresConnection, asOf: Day? = nil, patients: [String]? = nil)
    throws(DatabaseError) -> [PatientVerdict]
  {
    // The names and values are checked before the table is looked up.
    _ = try query(asOf: asOf, patients: patients)
    try checkTable(on: connection)
    var runner = self
    if !table.uniqueDays, try hasUniqueDays(on: connection) { runner.table.uniqueDays = true }
    let query = try runner.query(asOf: asOf, patients: patients)
    let result = try connection.query(query.text, parameters: query.parameters)
    return try result.rows.map { row throws(DatabaseError) in try DatabaseVerdicts.verdict(from: row) }
  }

  /// Checks that the table exists and that the columns the rules read have usable types.
  ///
  /// - Throws: ``DatabaseError/missingTable(_:)`` or ``DatabaseError/column(_:)``;
  ///   ``DatabaseError/rules(_:)`` when a name is unusable (``HealthRules/ReadingsTable/validate()``).
  package func checkTable(on connection: PostgresConnection) throws(DatabaseError) {
    do throws(SQLError) { try table.validate() } catch { throw .rules(error) }
    let name = table.qualifiedName
    let found = try connection.query(
      """
      SELECT a.attname, format_type(a.atttypid, a.atttypmod), t.typcategory, t.typname
      FROM pg_attribute AS a JOIN pg_type AS t ON t.oid = a.atttypid
      WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped
      """, parameters: [name])
    guard !found.rows.isEmpty else { throw .missingTable(name) }
    var types: [String: (display: String, category: String, name: String)] = [:]
    for row in found.rows {
      if let column = row[0] { types[column] = (row[1] ?? "?", row[2] ?? "?", row[3] ?? "?") }
    }
    func require(_ column: String, holds what: String, accept: (String, String) -> Bool, hint: String)
      throws(DatabaseError)
    {
      guard let type = types[column] else {
        let known = types.keys.sorted().joined(separator: ", ")
        throw .column("the readings table \(name) has no column '\(column)' for \(what) (columns: \(known))")
      }
      guard accept(type.category, type.name) else {
        throw .column("column '\(column)' of \(name) is \(type.display); \(what) needs \(hint)")
      }
    }
    try require(table.patientID, holds: "the patient id", accept: { _, _ in true }, hint: "any type")
    try require(
      table.day, holds: "the day", accept: { _, name in name == "date" }, hint: "type date (one calendar day)"
    )
    let read = DatabaseVerdicts.metricsRead(by: ruleSet)
    for (metric, column) in table.metricColumns where read.contains(metric.name) {
      try require(
        column.name, holds: metric.name,
        accept: { category, name in category == "N" && name != "float4" && name != "float8" && name != "money"
        },
        hint: "an exact number type (numeric, integer); floating point cannot hold readings exactly")
    }
    if read.contains("symptoms") {
      try require(
        table.symptoms, holds: "symptoms", accept: { category, _ in category == "S" }, hint: "a text type")
    }
    if let time = table.time {
      try require(
        time, holds: "the time of day",
        accept: { _, name in ["time", "timestamp", "timestamptz"].contains(name) },
        hint: "type time or timestamp")
    }
    if let context = table.context {
      try require(
        context, holds: "the context", accept: { category, _ in category == "S" }, hint: "a text type")
    }
    if !ruleSet.parameters.isEmpty { try checkParametersTable(on: connection) }
  }

  /// Checks the per-patient parameters table of a rule set that declares parameters.
  ///
  /// - Throws: ``DatabaseError/missingTable(_:)`` or ``DatabaseError/column(_:)``.
  func checkParametersTable(on connection: PostgresConnection) throws(DatabaseError) {
    let parameters = table.parameters
    let name = parameters.qualifiedName
    let found = try connection.query(
      """
      SELECT a.attname, format_type(a.atttypid, a.atttypmod), t.typcategory, t.typname
      FROM pg_attribute AS a JOIN pg_type AS t ON t.oid = a.atttypid
      WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped
      """, parameters: [name])
    guard !found.rows.isEmpty else { throw .missingTable(name) }
    var types: [String: (display: String, category: String, name: String)] = [:]
    for row in found.rows {
      if let column = row[0] { types[column] = (row[1] ?? "?", row[2] ?? "?", row[3] ?? "?") }
    }
    let names = ruleSet.parameters.keys.sorted().joined(separator: ", ")
    for column in [parameters.patientID, parameters.parameter, parameters.value, parameters.unit]
    where types[column] == nil {
      let known = types.keys.sorted().joined(separator: ", ")
      throw .column(
        "the parameters table \(name) (for \(names)) has no column '\(column)' (columns: \(known))")
    }
    if let value = types[parameters.value],
      value.category != "N" || ["float4", "float8", "money"].contains(value.name)
    {
      throw .column(
        "column '\(parameters.value)' of \(name) is \(value.display); parameter values need an exact number type (numeric, integer)"
      )
    }
  }

  /// Whether a primary key or unique index (without a condition) covers exactly the patient and day columns.
  package func hasUniqueDays(on connection: PostgresConnection) throws(DatabaseError) -> Bool {
    let found = try connection.query(
      """
      SELECT count(*) FROM pg_index AS i
      WHERE i.indrelid = to_regclass($1) AND i.indisunique AND i.indpred IS NULL AND i.indnkeyatts = 2
        AND (SELECT array_agg(a.attname::text ORDER BY a.attname::text) FROM pg_attribute AS a
             WHERE a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])) = (
             SELECT array_agg(c ORDER BY c) FROM unnest(ARRAY[$2, $3]) AS c)
      """, parameters: [table.qualifiedName, table.patientID, table.day])
    let count = found.rows.first?.first ?? nil
    return count.flatMap { Int($0) }.map { $0 > 0 } ?? false
  }

  /// The metric names (and `symptoms`) that the rules read.
  static func metricsRead(by ruleSet: RuleSet) -> Set<String> {
    var names = Set<String>()
    func visit(_ expression: HealthExpression) {
      switch expression {
      case .constant: break
      case .reading(let metric, _), .aggregate(_, let metric, _, _): names.insert(metric.name)
      case .arithmetic(_, let a, let b):
        visit(a)
        visit(b)
      case .negate(let a): visit(a)
      case .countDays(_, let inner, _): visit(inner)
      case .parameter: break
      }
    }
    func visit(_ condition: Condition) {
      switch condition {
      case .comparison(let a, _, let b):
        visit(a)
        visit(b)
      case .and(let a, let b), .or(let a, let b):
        visit(a)
        visit(b)
      case .not(let a): visit(a)
      case .symptomsMention: names.insert("symptoms")
      case .noReadings:
        for metric in Metric.builtins { names.insert(metric.name) }
        names.insert("symptoms")
      case .daysHolding(_, _, let inner, _), .inARow(_, _, let inner, _): visit(inner)
      }
    }
    for alert in ruleSet.alerts { visit(alert.condition) }
    return names
  }

  static func verdict(from row: [String?]) throws(DatabaseError) -> PatientVerdict {
    guard row.count == 9, let patient = row[0], let todayText = row[1], let today = Day(iso: todayText) else {
      throw .unexpectedResult("a verdict row without a patient or a day")
    }
    let error = row[6]
    var status: Verdict.Status?
    if let text = row[2] {
      guard let known = Verdict.Status(rawValue: text) else { throw .unexpectedResult("verdict '\(text)'") }
      status = known
    }
    var severity: Alert.Severity?
    if let text = row[8] {
      guard let known = Alert.Severity(rawValue: text) else { throw .unexpectedResult("severity '\(text)'") }
      severity = known
    }
    var verdict = PatientVerdict(
      patientID: patient, today: today, status: status, alerts: try decode(row[3]),
      unknown: try decode(row[4]),
      missing: try decode(row[5]), error: error)
    verdict.notes = try decode(row[7])
    verdict.severity = severity
    return verdict
  }

  private static func decode<Value: Decodable>(_ text: String?) throws(DatabaseError) -> [Value] {
    guard let text else { return [] }
    do {
      return try JSONDecoder().decode([Value].self, from: Data(text.utf8))
    } catch {
      throw .unexpectedResult("cannot read '\(text)': \(error)")
    }
  }
}
