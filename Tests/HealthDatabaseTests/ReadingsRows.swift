import HealthDatabase
import HealthRules

/// Patients' readings written into a table with `COPY`, exactly as the Swift engine holds them.
struct ReadingsRows {
  /// One row: a patient's readings on one day.
  struct Row {
    var patient: String
    var reading: Reading
  }

  var rows: [Row] = []

  mutating func add(_ patient: String, _ readings: [Reading]) {
    rows += readings.map { Row(patient: patient, reading: $0) }
  }

  /// Creates `table` in the default layout and loads the rows, in their current order.
  func load(into connection: PostgresConnection, table: String = "readings", primaryKey: Bool = false) throws
  {
    try connection.execute(
      """
      DROP TABLE IF EXISTS \(table);
      CREATE TABLE \(table) (
        patient_id text NOT NULL, day date NOT NULL, weight numeric, systolic numeric, diastolic numeric,
        sugar numeric, symptoms text\(primaryKey ? ", PRIMARY KEY (patient_id, day)" : ""))
      """)
    var data = ""
    for row in rows {
      let m = row.reading.measurements
      let fields = [
        ReadingsRows.escape(row.patient), "\(row.reading.date)",
        ReadingsRows.decimal(m, .weight), ReadingsRows.decimal(m, .systolic),
        ReadingsRows.decimal(m, .diastolic), ReadingsRows.decimal(m, .sugar),
        m.symptoms.map(ReadingsRows.escape) ?? "\\N",
      ]
      data += fields.joined(separator: "\t") + "\n"
    }
    try connection.copy(
      "COPY \(table) (patient_id, day, weight, systolic, diastolic, sugar, symptoms) FROM STDIN", data: data)
  }

  /// A metric's stored value as a decimal in its canonical unit, with enough digits (15) that
  /// the query's `round(x * steps per unit)` gives back the same storage steps, or `\N`.
  static func decimal(_ measurements: Measurements, _ metric: Metric) -> String {
    guard let steps = measurements.steps[metric.name] else { return "\\N" }
    return decimal(steps: steps, scale: metric.unit.storageScale)
  }

  /// Storage steps as a decimal of the unit, with 15 digits.
  static func decimal(steps: Int64, scale: Int64) -> String {
    var text = (steps < 0 ? "-" : "") + "\(steps.magnitude / UInt64(scale))."
    var remainder = steps.magnitude % UInt64(scale)
    for _ in 0..<15 {
      remainder *= 10
      text += "\(remainder / UInt64(scale))"
      remainder %= UInt64(scale)
    }
    return text
  }

  /// Text escaped for `COPY`'s text format.
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\": result += "\\\\"
      case "\t": result += "\\t"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\r\n": result += "\\r\\n"
      default: result.append(character)
      }
    }
    return result
  }
}
