import Foundation
import HealthRules

extension DatabaseVerdicts {
  /// One patient's rows of the window ending `today`, read back from the table as readings, so
  /// that the Swift engine can explain a verdict the query gave (its evidence).
  ///
  /// The patient and the day are sent as parameters. Each value is converted exactly from its
  /// column's unit to storage steps, as the query converts it.
  ///
  /// - Returns: The readings in date order, or `nil` when a value cannot be read back exactly
  ///   (more digits than a 64-bit fraction holds) or a day has two rows (timed readings are
  ///   not read back).
  /// - Throws: ``DatabaseError`` when the query fails.
  package func readings(of patient: String, through today: Day, on connection: PostgresConnection)
    throws(DatabaseError) -> [Reading]?
  {
    func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
    // Only the columns the rules read: the table was checked to have them, not the others.
    let read = DatabaseVerdicts.metricsRead(by: ruleSet)
    let metrics = table.metricColumns.filter { read.contains($0.metric.name) }
    let values = metrics.map { "CAST(r.\(quoted($0.column.name)) AS text)" }
    let sql = """
      SELECT CAST(r.\(quoted(table.day)) AS text), \(values.joined(separator: ", ")), r.\(quoted(table.symptoms))
      FROM \(table.qualifiedName) AS r
      WHERE CAST(r.\(quoted(table.patientID)) AS text) = $1
        AND r.\(quoted(table.day)) BETWEEN CAST($2 AS date) - \(ruleSet.windowLength - 1) AND CAST($2 AS date)
      ORDER BY r.\(quoted(table.day))
      """
    let rows = try connection.query(sql, parameters: [patient, "\(today)"])
    var readings: [Reading] = []
    for row in rows.rows {
      guard let dayText = row[0], let day = Day(iso: dayText), readings.last?.date != day else { return nil }
      var measurements = Measurements(symptoms: row[metrics.count + 1])
      for (index, entry) in metrics.enumerated() {
        guard let text = row[index + 1] else { continue }
        guard let value = Rational(decimal: text), let steps = entry.column.unit.storageSteps(value) else {
          return nil
        }
        measurements.set(entry.metric, steps: steps, enteredIn: entry.column.unit)
      }
      readings.append(Reading(date: day, measurements: measurements))
    }
    return readings
  }
}
