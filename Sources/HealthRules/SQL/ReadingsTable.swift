/// Where the readings live in a database: the table, its column names and the units of its values.
///
/// In the default layout one row holds one patient's readings of one calendar day:
///
/// ```sql
/// CREATE TABLE readings (
///   patient_id text    NOT NULL,
///   day        date    NOT NULL,
///   weight     numeric,          -- lb
///   systolic   numeric,          -- mmHg
///   diastolic  numeric,          -- mmHg
///   sugar      numeric,          -- mg/dL
///   symptoms   text,             -- NULL: not recorded; '': none that day
///   PRIMARY KEY (patient_id, day)
/// );
/// ```
///
/// With a ``time`` column a day may have any number of rows, each the readings taken at one
/// time, and with a ``context`` column each row says what they were taken in (`fasting`):
///
/// ```sql
/// CREATE TABLE observations (
///   patient_id  text NOT NULL,
///   day         date NOT NULL,
///   taken_at    timestamp,       -- or time; NULL when not known
///   context     text,            -- fasting, before meal, ...; NULL for none
///   systolic    numeric, diastolic numeric, sugar numeric, weight numeric,
///   heart_rate  numeric,         -- /min
///   spo2        numeric,         -- %
///   temperature numeric,         -- °C
///   symptoms    text
/// );
/// ```
///
/// A day's value of a measure is the mean of its rows' values rounded to the storage step,
/// as the Swift engine makes it (``DayCombine/mean``); rules that choose another combination
/// (`systolic(max)`) or a context read the rows as ``Observation/precedes(_:_:)`` orders them.
/// The heart rate, SpO2 and temperature columns are read only by rules that use them, so a
/// table without them works for every other rule. A `NULL` value is a missing reading. Values are converted to the canonical unit
/// (lb, mmHg, mg/dL) exactly and rounded to thousandths, half away from zero, as
/// the readings files are. Change any name or unit:
///
/// ```swift
/// var table = ReadingsTable.default
/// table.name = "home_readings"
/// table.weight = .init(name: "weight_kg", unit: .kilogram)
/// table.sugar = .init(name: "glucose", unit: .mmolPerL)
/// ```
package struct ReadingsTable: Sendable, Hashable {
  /// A numeric column holding one metric, in a unit that converts to the metric's canonical unit.
  package struct Column: Sendable, Hashable {
    /// The column's name.
    package var name: String
    /// The unit its values are written in.
    package var unit: InputUnit

    /// Creates a column description.
    ///
    /// - Parameters:
    ///   - name: The column's name.
    ///   - unit: The unit its values are in.
    package init(name: String, unit: InputUnit) {
      self.name = name
      self.unit = unit
    }
  }

  /// The schema, or `nil` for the connection's search path.
  package var schema: String?
  /// The table (or view) name; `readings` by default.
  package var name: String
  /// The column identifying a patient (any type; compared as text); `patient_id` by default.
  package var patientID: String
  /// The `date` column of the calendar day; `day` by default.
  package var day: String
  /// Body weight; `weight` in lb by default.
  package var weight: Column
  /// Systolic pressure; `systolic` in mmHg by default.
  package var systolic: Column
  /// Diastolic pressure; `diastolic` in mmHg by default.
  package var diastolic: Column
  /// Blood glucose; `sugar` in mg/dL by default.
  package var sugar: Column
  /// Heart rate; `heart_rate` in /min by default.
  package var heartRate = Column(name: "heart_rate", unit: .perMinute)
  /// Oxygen saturation; `spo2` in % by default.
  package var spo2 = Column(name: "spo2", unit: .percent)
  /// Body temperature; `temperature` in °C by default.
  package var temperature = Column(name: "temperature", unit: .celsius)
  /// The symptom text column; `symptoms` by default.
  package var symptoms: String
  /// The column of the time a row's readings were taken (`time` or `timestamp`), or `nil`
  /// (the default) when the table holds one row per patient and day.
  package var time: String?
  /// The column of the context a row's readings were taken in (text), or `nil` (the default).
  package var context: String?
  /// Whether the table guarantees one row per patient and day (a primary key or unique
  /// index on the two columns); `false` by default.
  ///
  /// When `false` and the table has no ``time`` column, the query looks for patients with two
  /// rows for one day and reports them in its `error` column, as the Swift engine refuses two
  /// untimed readings of one measure on a day; when `true`, or with a ``time`` column, that
  /// extra pass over the table is skipped. ``DatabaseVerdicts`` sets it by itself when the
  /// table has such an index.
  package var uniqueDays: Bool = false
  /// Where per-patient parameters (`parameter dry_weight: mass`) are: a table with one row
  /// per patient and parameter; ``ParametersTable/default`` by default.
  package var parameters: ParametersTable = .default

  /// A table of per-patient parameters, one row per patient and parameter name:
  ///
  /// ```sql
  /// CREATE TABLE patient_parameters (
  ///   patient_id text    NOT NULL,
  ///   name       text    NOT NULL,  -- dry_weight
  ///   value      numeric NOT NULL,  -- 70.5
  ///   unit       text,              -- kg, lb, g, mmHg, mg/dL, mmol/L; NULL or '' for a plain number
  ///   PRIMARY KEY (patient_id, name)
  /// );
  /// ```
  ///
  /// A value is converted to the parameter's canonical unit exactly and rounded to storage
  /// steps, as readings are. A patient with no row for a parameter, two rows for it, or a
  /// unit of another kind (`mmHg` for a mass) has no value: rules that need it are unknown.
  /// The table is read only by rule sets that declare parameters.
  package struct ParametersTable: Sendable, Hashable {
    /// The schema, or `nil` for the connection's search path.
    package var schema: String?
    /// The table name; `patient_parameters` by default.
    package var name: String
    /// The patient column, compared as text; `patient_id` by default.
    package var patientID: String
    /// The parameter's name; `name` by default.
    package var parameter: String
    /// The value; `value` by default.
    package var value: String
    /// The unit the value is written in; `unit` by default.
    package var unit: String

    /// Creates a parameters table description.
    package init(
      schema: String? = nil, name: String = "patient_parameters", patientID: String = "patient_id",
      parameter: String = "name", value: String = "value", unit: String = "unit"
    ) {
      self.schema = schema
      self.name = name
      self.patientID = patientID
      self.parameter = parameter
      self.value = value
      self.unit = unit
    }

    /// `patient_parameters (patient_id, name, value, unit)`.
    package static let `default` = ParametersTable()

    /// The table's name as SQL writes it, quoted.
    package var qualifiedName: String {
      (schema.map { SQLText.identifier($0) + "." } ?? "") + SQLText.identifier(name)
    }
  }

  /// Creates a table description; every part has the default's value unless given.
  package init(
    schema: String? = nil, name: String = "readings", patientID: String = "patient_id", day: String = "day",
    weight: Column = Column(name: "weight", unit: .pound),
    systolic: Column = Column(name: "systolic", unit: .mmHg),
    diastolic: Column = Column(name: "diastolic", unit: .mmHg),
    sugar: Column = Column(name: "sugar", unit: .mgPerDL), symptoms: String = "symptoms"
  ) {
    self.schema = schema
    self.name = name
    self.patientID = patientID
    self.day = day
    self.weight = weight
    self.systolic = systolic
    self.diastolic = diastolic
    self.sugar = sugar
    self.symptoms = symptoms
  }

  /// `readings (patient_id, day, weight, systolic, diastolic, sugar, symptoms)` in lb, mmHg and mg/dL.
  package static let `default` = ReadingsTable()

  /// The column of a known metric, or `nil` for a custom metric.
  package func column(for metric: Metric) -> Column? {
    switch metric.name {
    case "weight": return weight
    case "systolic": return systolic
    case "diastolic": return diastolic
    case "sugar": return sugar
    case "heart_rate": return heartRate
    case "spo2": return spo2
    case "temperature": return temperature
    default: return nil
    }
  }

  /// The columns of the known metrics, with the metric each holds: the built-in ones in slot
  /// order, then heart rate, SpO2 and temperature.
  package var metricColumns: [(metric: Metric, column: Column)] {
    [
      (.weight, weight), (.systolic, systolic), (.diastolic, diastolic), (.sugar, sugar),
      (.heartRate, heartRate), (.spo2, spo2), (.temperature, temperature),
    ]
  }

  /// The table's name as SQL writes it, quoted: `"public"."readings"`.
  package var qualifiedName: String {
    (schema.map { SQLText.identifier($0) + "." } ?? "") + SQLText.identifier(name)
  }
}
