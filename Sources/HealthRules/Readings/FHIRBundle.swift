import Diagnostics
import Foundation

/// Writes readings as a FHIR R4 Bundle (`type` `collection`) of Observations, one entry a line.
///
/// Each record of the readings file (a row: its day, time and context) gives one Observation
/// per measure, coded in LOINC (``FHIRReadings/codes``) with its value as a `valueQuantity` in
/// UCUM (``FHIRReadings/units``), in the unit it was entered in: `status` `final`, a
/// `category` (`vital-signs`, `laboratory` for glucose), the `subject` given, and
/// `effectiveDateTime` (the day alone for a record without a time; with a time, the offset of
/// `timeZone` on that day, as FHIR requires an offset with a time). A systolic and a
/// diastolic of one record are one blood pressure panel (85354-9) with two components;
/// glucose taken `fasting` is coded 1558-6; any other context is the extension
/// ``FHIRReadings/contextExtension`` (a standard coding and the context's words). Each coded
/// symptom is an Observation coded LOINC 75325-1 (present) or 111551-8 (absent) whose
/// `valueCodeableConcept` is the symptom (SNOMED CT where planner knows its code, and planner's
/// own code); free-text symptoms are not written. Every entry has a `fullUrl` (`urn:uuid:`).
/// ``FHIRReadings`` reads the bundle back to the same readings.
package enum FHIRBundle {
  /// Why a bundle could not be written.
  package enum ExportError: Error, Sendable {
    /// The readings file has problems (nothing was written).
    case readings(ReadingsError)
    /// The bundle could not be written to its file (the file is unchanged).
    case output(AtomicFileError)
  }

  /// Writes the bundle of a readings file to `destination`, through a temporary file and a
  /// rename; a CSV file is read and written a row at a time, other formats are read whole.
  ///
  /// - Parameters:
  ///   - source: A readings file (CSV, JSON, a FHIR bundle, an Apple Health export).
  ///   - subject: The Observations' subject reference, such as `Patient/123`.
  ///   - timeZone: The zone of the readings' clock times.
  ///   - destination: The bundle's file.
  /// - Throws: ``ExportError``; the destination is unchanged then.
  package static func export(
    from source: URL, subject: String, timeZone: TimeZone = .current, to destination: URL
  ) throws(ExportError) {
    var problem: ReadingsError?
    do {
      try AtomicFile.write(to: destination, newFileMode: 0o666 & ~currentUmask()) { writer in
        var bundle = Writer(subject: subject, timeZone: timeZone)
        writer.write(Writer.start)
        do throws(ReadingsError) {
          try forEachRecord(in: source) { row in writer.write(bundle.entries(row)) }
        } catch {
          problem = error
          throw error
        }
        writer.write(Writer.end)
      }
    } catch let error as AtomicFileError {
      throw .output(error)
    } catch {
      throw .readings(problem ?? ReadingsError(.cannotReadFile, message: "\(error)"))
    }
  }

  /// Writes the bundle of a readings file through `write`, a few lines at a time, once the
  /// whole file is checked (a first pass that keeps one day), so nothing is written for a
  /// file with problems.
  ///
  /// - Throws: ``ReadingsError`` with every problem of the file.
  package static func export(
    from source: URL, subject: String, timeZone: TimeZone = .current, write: (String) -> Void
  ) throws(ReadingsError) {
    _ = try ReadingsFile.load(from: source, retention: .window(length: 1, asOf: nil))
    var bundle = Writer(subject: subject, timeZone: timeZone)
    write(Writer.start)
    try forEachRecord(in: source) { row in write(bundle.entries(row)) }
    write(Writer.end)
  }

  /// Calls `body` with each record of a readings file in file order: a CSV file as it is read
  /// (the file's problems are thrown at the end), other formats once read whole.
  static func forEachRecord(
    in source: URL, _ body: (ReadingsCollector.Row) -> Void
  ) throws(ReadingsError) {
    guard ReadingsFormat(fileName: source.lastPathComponent) == .csv,
      RegularFile.problem(at: source.path) == nil,
      let handle = FileHandle(forReadingAtPath: source.path)
    else {
      for row in try ReadingsFile.loadRows(from: source) { body(row) }
      return
    }
    defer { try? handle.close() }
    var scanner = CSVScanner(LineReader(handle))
    var collector = ReadingsCollector()
    let parsed: Result<Void, ReadingsError>
    do throws(ReadingsError) {
      try CSVReadings.read(
        &scanner, customMetrics: [], into: &collector,
        onRow: { _, collector in
          for row in collector.takeRows() where collector.issues.isEmpty { body(row) }
        })
      parsed = .success(())
    } catch {
      parsed = .failure(error)
    }
    if let reason = scanner.readError {
      throw ReadingsError(.cannotReadFile, message: "cannot read '\(source.path)': \(reason)")
    }
    if scanner.invalidUTF8 {
      throw ReadingsError(.notUtf8, message: "'\(source.lastPathComponent)' is not UTF-8 text")
    }
    try parsed.get()
    if !collector.issues.isEmpty { throw ReadingsError(issues: collector.issues) }
  }

  private static func currentUmask() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }

  /// The LOINC display names written.
  static let displays: [String: String] = [
    "29463-7": "Body weight",
    "8480-6": "Systolic blood pressure",
    "8462-4": "Diastolic blood pressure",
    "85354-9": "Blood pressure panel with all children optional",
    "2339-0": "Glucose [Mass/volume] in Blood",
    "1558-6": "Fasting glucose [Mass/volume] in Serum or Plasma",
    "8867-4": "Heart rate",
    "59408-5": "Oxygen saturation in Arterial blood by Pulse oximetry",
    "2708-6": "Oxygen saturation in Arterial blood",
    "8310-5": "Body temperature",
    "75325-1": "Symptom",
    "111551-8": "Symptom absent",
  ]

  /// Makes the entries of a bundle, numbering their `fullUrl`s.
  struct Writer {
    static let start = "{\n  \"resourceType\": \"Bundle\",\n  \"type\": \"collection\",\n  \"entry\": ["
    static let end = "\n  ]\n}\n"

    let subject: String
    let timeZone: TimeZone
    /// The first 20 hex digits of every `fullUrl` (a random UUID's), then a 12-digit count.
    let base = String(UUID().uuidString.lowercased().prefix(23))
    var count = 0

    init(subject: String, timeZone: TimeZone) {
      self.subject = subject
      self.timeZone = timeZone
    }

    /// `2026-11-23T07:05:00-05:00`, or the day alone for a record without a time.
    func effective(_ day: Day, _ time: TimeOfDay?) -> String {
      guard let time else { return day.description }
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = timeZone
      let (year, month, date) = day.components
      let components = DateComponents(
        year: year, month: month, day: date, hour: time.seconds / 3600,
        minute: time.seconds / 60 % 60, second: time.seconds % 60)
      let offset = calendar.date(from: components).map { timeZone.secondsFromGMT(for: $0) } ?? 0
      func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
      let clock = "\(pad(time.seconds / 3600)):\(pad(time.seconds / 60 % 60)):\(pad(time.seconds % 60))"
      let zone = "\(offset < 0 ? "-" : "+")\(pad(abs(offset) / 3600)):\(pad(abs(offset) / 60 % 60))"
      return "\(day)T\(clock)\(zone)"
    }

    /// The `valueQuantity` of a value in the unit it was entered in (the field's first unit otherwise).
    func quantity(_ steps: Int64, _ field: ReadingField, _ measurements: Measurements) -> String {
      guard let metric = field.metric else { return "{}" }
      let entered = measurements.enteredUnit(of: metric)
      let unit = entered.flatMap { field.units.contains($0) ? $0 : nil } ?? field.units.first ?? .pound
      let code = FHIRReadings.units.first { $0.unit == unit }?.code ?? unit.rawValue
      let value = JournalCSV.decimal(steps: steps, of: metric, in: unit)
      return "{ \"value\": \(value), \"unit\": \(JournalCSV.jsonString(unit.rawValue)), "
        + "\"system\": \"\(FHIRReadings.ucumSystem)\", \"code\": \(JournalCSV.jsonString(code)) }"
    }

    func concept(_ codes: [String]) -> String {
      let codings = codes.map { code in
        "{ \"system\": \"\(FHIRReadings.loincSystem)\", \"code\": \"\(code)\", "
          + "\"display\": \(JournalCSV.jsonString(FHIRBundle.displays[code] ?? code)) }"
      }
      return "{ \"coding\": [" + codings.joined(separator: ", ") + "] }"
    }

    /// The `category` of an Observation: `vital-signs`, `laboratory`, or none (a symptom).
    enum Category {
      case vitalSigns, laboratory, none
    }

    /// The reading-context extension of a context: its standard coding, if it has one
    /// (``FHIRReadings/contextCodings``), and the context's words as the concept's `text`.
    static func contextExtension(_ context: String) -> String {
      let coding = FHIRReadings.contextCodings.first { $0.context == context }.map {
        "\"coding\": [{ \"system\": \"\($0.system)\", \"code\": \"\($0.code)\" }], "
      }
      return "\"extension\": [{ \"url\": \"\(FHIRReadings.contextExtension)\", \"valueCodeableConcept\": { "
        + (coding ?? "") + "\"text\": \(JournalCSV.jsonString(context)) } }]"
    }

    /// The `valueCodeableConcept` of a symptom: its SNOMED CT coding when it has one
    /// (``FHIRReadings/symptomCodes``), its planner code, and its words as `text`.
    static func symptomConcept(_ code: String) -> String {
      var codings: [String] = []
      if let snomed = FHIRReadings.symptomCodes.first(where: { $0.code == code })?.snomed {
        codings.append("{ \"system\": \"\(FHIRReadings.snomedSystem)\", \"code\": \"\(snomed)\" }")
      }
      codings.append("{ \"system\": \"\(FHIRReadings.symptomSystem)\", \"code\": \"\(code)\" }")
      let words = String(code.map { $0 == "_" ? " " : $0 })
      return "{ \"coding\": [" + codings.joined(separator: ", ") + "], \"text\": \"\(words)\" }"
    }

    /// One entry, on one line.
    mutating func entry(
      codes: [String], category: Category, effective: String, context: String?, value: String
    ) -> String {
      count += 1
      let hex = String(count, radix: 16)
      let url = "urn:uuid:\(base)-\(String(repeating: "0", count: max(0, 12 - hex.count)))\(hex)"
      var members = ["\"resourceType\": \"Observation\"", "\"status\": \"final\""]
      if category != .none {
        let (code, display) =
          category == .laboratory ? ("laboratory", "Laboratory") : ("vital-signs", "Vital Signs")
        members.append(
          "\"category\": [{ \"coding\": [{ \"system\": "
            + "\"http://terminology.hl7.org/CodeSystem/observation-category\", \"code\": \"\(code)\", "
            + "\"display\": \"\(display)\" }] }]")
      }
      members += [
        "\"code\": \(concept(codes))",
        "\"subject\": { \"reference\": \(JournalCSV.jsonString(subject)) }",
        "\"effectiveDateTime\": \"\(effective)\"",
        value,
      ]
      if let context { members.append(Writer.contextExtension(context)) }
      return (count == 1 ? "" : ",") + "\n    { \"fullUrl\": \"\(url)\", \"resource\": { "
        + members.joined(separator: ", ") + " } }"
    }

    /// The entries of one record: an Observation per measure, a panel for a pressure pair.
    mutating func entries(_ row: ReadingsCollector.Row) -> String {
      let measurements = JournalRow.plain(row.reading.measurements)
      let when = effective(row.reading.date, row.time)
      var text = ""
      let systolic = measurements.steps[Metric.systolic.name]
      let diastolic = measurements.steps[Metric.diastolic.name]
      if let systolic, let diastolic {
        let components = [("8480-6", systolic, ReadingField.systolic), ("8462-4", diastolic, .diastolic)]
          .map { code, steps, field in
            "{ \"code\": \(concept([code])), \"valueQuantity\": \(quantity(steps, field, measurements)) }"
          }
        text += entry(
          codes: [FHIRReadings.pressurePanel], category: .vitalSigns, effective: when, context: row.context,
          value: "\"component\": [" + components.joined(separator: ", ") + "]")
      }
      for field in ReadingField.allCases {
        guard let metric = field.metric, let steps = measurements.steps[metric.name] else { continue }
        if systolic != nil, diastolic != nil, field == .systolic || field == .diastolic { continue }
        var codes = FHIRReadings.codes.filter { $0.field == field && $0.context == nil }.map(\.code)
        var context = row.context
        if field == .sugar {
          codes = [context == "fasting" ? "1558-6" : "2339-0"]
          if context == "fasting" { context = nil }
        } else if field == .spo2 {
          codes = ["59408-5", "2708-6"]
        } else {
          codes = Array(codes.prefix(1))
        }
        text += entry(
          codes: codes, category: field == .sugar ? .laboratory : .vitalSigns, effective: when,
          context: context,
          value: "\"valueQuantity\": \(quantity(steps, field, measurements))")
      }
      for (code, answer) in measurements.answers.sorted(by: { $0.key < $1.key }) {
        text += entry(
          codes: [answer ? FHIRReadings.symptomPresent : FHIRReadings.symptomAbsent], category: .none,
          effective: when, context: row.context,
          value: "\"valueCodeableConcept\": \(Writer.symptomConcept(code))")
      }
      return text
    }
  }
}
