import Foundation
import HealthDatabase
import HealthRules

/// A patient's readings read from the readings table of `planner health --database`
/// (``HealthRules/ReadingsTable``), for the `adapt` blocks of a job's plan.
package enum QueueReadings {
  /// Every reading of one patient, oldest first, converted as readings files are: each value
  /// in the column's unit, rounded to thousandths of it, converted exactly to the canonical unit.
  ///
  /// - Parameters:
  ///   - patient: The patient's id, compared as text.
  ///   - table: Where the readings are.
  ///   - connection: An open connection.
  /// - Throws: ``QueueError/database(_:)`` (a missing table or column, a value out of range, two
  ///   rows for one day).
  package static func load(patient: String, table: ReadingsTable, on connection: PostgresConnection)
    throws(QueueError) -> [Reading]
  {
    do throws(SQLError) { try table.validate() } catch { throw .database(.rules(error)) }
    // The measures beyond weight, pressure and sugar are optional columns: only those the
    // table has are read.
    let present = try QueueError.wrap { () throws(DatabaseError) in
      try connection.query(
        "SELECT column_name::text FROM information_schema.columns"
          + " WHERE table_schema = coalesce($1, current_schema()) AND table_name = $2",
        parameters: [table.schema, table.name])
    }
    let names = Set(present.rows.compactMap { $0.first ?? nil })
    let optional: Set<Metric> = [.heartRate, .spo2, .temperature]
    let metrics = table.metricColumns.filter {
      !optional.contains($0.metric) || names.contains($0.column.name)
    }
    let columns =
      [quoted(table.day) + "::text"] + metrics.map { quoted($0.column.name) + "::text" } + [
        quoted(table.symptoms)
      ]
    let rows = try QueueError.wrap { () throws(DatabaseError) in
      try connection.query(
        "SELECT " + columns.joined(separator: ", ") + " FROM " + table.qualifiedName + " WHERE "
          + quoted(table.patientID) + "::text = $1 ORDER BY " + quoted(table.day),
        parameters: [patient])
    }
    var readings: [Reading] = []
    for row in rows.rows {
      guard let dayText = row[0], let day = Day(iso: dayText) else {
        throw .database(.unexpectedResult("a reading of patient \(patient) without a day"))
      }
      if readings.last?.date == day {
        throw .database(.column("patient \(patient) has two readings for \(day) in \(table.qualifiedName)"))
      }
      var measurements = Measurements()
      for (index, entry) in metrics.enumerated() {
        guard let text = row[index + 1] else { continue }
        guard let value = Rational(decimal: text), let steps = entry.column.unit.storageSteps(value) else {
          throw .database(
            .column(
              "\(entry.metric.name) '\(text)' of patient \(patient) on \(day) is not a number planner can hold"
            ))
        }
        let usual = ReadingsTable.default.column(for: entry.metric)?.unit
        measurements.set(
          entry.metric, steps: steps, enteredIn: entry.column.unit == usual ? nil : entry.column.unit)
      }
      measurements.symptoms = row[metrics.count + 1]
      readings.append(Reading(date: day, measurements: measurements))
    }
    return readings
  }

  /// A name quoted for SQL, its `"` doubled per Unicode scalar (the name was validated).
  private static func quoted(_ name: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      if scalar == "\"" { scalars.append(scalar) }
      scalars.append(scalar)
    }
    return "\"" + String(scalars) + "\""
  }
}
