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
        ReadingsRows.decimal(m[.weight]), ReadingsRows.decimal(m[.systolic]),
        ReadingsRows.decimal(m[.diastolic]), ReadingsRows.decimal(m[.sugar]),
        m.symptoms.map(ReadingsRows.escape) ?? "\\N",
      ]
      data += fields.joined(separator: "\t") + "\n"
    }
    try connection.copy(
      "COPY \(table) (patient_id, day, weight, systolic, diastolic, sugar, symptoms) FROM STDIN", data: data)
  }

  /// A canonical value held in thousandths as an exact decimal (`180.500`), or `\N`.
  static func decimal(_ canonical: Rational?) -> String {
    guard let value = canonical?.roundedToThousandths() else { return "\\N" }
    let magnitude = value.magnitude
    let fraction = String(magnitude % 1000)
    return (value < 0 ? "-" : "") + "\(magnitude / 1000)." + String(repeating: "0", count: 3 - fraction.count)
      + fraction
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
