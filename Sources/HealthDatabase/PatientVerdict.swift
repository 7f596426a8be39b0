import HealthRules

/// One patient's verdict as computed in the database: the part of a ``Verdict`` that SQL returns.
///
/// JSON (keys in `snake_case`):
/// ```json
/// { "patient_id": "p-0001", "today": "2026-03-07", "verdict": "alert", "severity": "warning",
///   "alerts": ["sugar_high"], "notes": [], "unknown": [], "missing": [] }
/// ```
package struct PatientVerdict: Sendable, Hashable, Codable {
  /// The patient, as text.
  package var patientID: String
  /// The last day of the window.
  package var today: Day
  /// The verdict; `nil` when ``error`` says why there is none.
  package var status: Verdict.Status?
  /// The highest severity of the alerts and notes that fired, or `nil`.
  package var severity: Alert.Severity?
  /// The ids of the fired `warning` and `urgent` alerts, most severe first, then in rule order.
  package var alerts: [String]
  /// The ids of the fired `info` notes, in rule order.
  package var notes: [String] = []
  /// The ids of the alerts that could not be decided, in rule order.
  package var unknown: [String]
  /// The readings that undecided alerts needed, as ``Verdict/missing`` lists them.
  package var missing: [MissingReading]
  /// Why there is no verdict (`two readings for 2026-03-01`), or `nil`.
  package var error: String?

  /// Creates a verdict row.
  package init(
    patientID: String, today: Day, status: Verdict.Status?, alerts: [String], unknown: [String],
    missing: [MissingReading], error: String? = nil
  ) {
    self.patientID = patientID
    self.today = today
    self.status = status
    self.alerts = alerts
    self.unknown = unknown
    self.missing = missing
    self.error = error
  }

  /// The same row for an in-process verdict, to compare the two engines.
  package init(patientID: String, verdict: Verdict) {
    self.init(
      patientID: patientID, today: verdict.today, status: verdict.status, alerts: verdict.alerts,
      unknown: verdict.unknown, missing: verdict.missing)
    severity = verdict.severity
    notes = verdict.notes
  }

  enum CodingKeys: String, CodingKey {
    case patientID = "patient_id"
    case today
    case status = "verdict"
    case severity
    case alerts, notes, unknown, missing, error
  }
}
