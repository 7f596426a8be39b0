import Diagnostics

/// Reads daily readings from JSON.
///
/// Two shapes are accepted:
/// - an array of objects, one per record, with the keys of the CSV columns (`time` and
///   `context` say when and how a record's readings were taken, as in CSV):
///   `[{"date": "2026-03-01", "weight": 180.5, "systolic": 120, "diastolic": 80,
///   "sugar": 95, "symptoms": "none"}]`;
/// - an object with optional `units` and the `readings` array:
///   `{"units": {"weight": "kg", "sugar": "mmol/L"}, "readings": [ … ]}`.
///
/// Numbers are read exactly from their decimal text; `null` or a missing key is a
/// missing value. Units default to lb, mmHg and mg/dL.
///
/// A document whose top level has a `resourceType` is a FHIR resource: it is read by
/// ``FHIRReadings`` (a Bundle of Observations) instead.
package enum JSONReadings {
  /// Parses JSON readings, collecting every problem in values before throwing.
  ///
  /// A syntax error stops the parse at its location, and is then the only problem reported.
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - customMetrics: Extra numeric keys to accept, by metric name.
  ///   - retention: Which valid readings to return; every day is checked either way.
  /// - Returns: The readings kept, sorted by date.
  /// - Throws: ``ReadingsError`` with every problem found, each with line and column.
  /// - Complexity: O(n) in the length of the text.
  package static func parse(
    _ text: String, customMetrics: [Metric] = [], retention: ReadingsRetention = .all
  ) throws(ReadingsError) -> [Reading] {
    try collect(customMetrics: customMetrics, retention: retention) { () throws(ReadingsError) in
      JSONReader(LineReader(text))
    } check: { _ throws(ReadingsError) in
    }.readings
  }

  /// Which `units` and which `readings` array a second pass takes (the last of each, as
  /// the file means them): set when a first pass read days before their units were known.
  struct Plan: Equatable {
    var units: [ReadingField: InputUnit]
    /// Which `readings` array counts, from 0 in the order of the file.
    var readings: Int
  }

  /// What a pass found at the top level.
  struct Layout {
    /// The units of the last `units` object (only its valid entries).
    var units: [ReadingField: InputUnit] = [:]
    /// How many `readings` arrays the file has.
    var readingsArrays = 0
    /// The units the days were read with.
    var unitsRead: [ReadingField: InputUnit] = [:]
    /// Whether the top level has a `resourceType`: the document is a FHIR resource, read by
    /// ``FHIRReadings`` (the pass stopped there).
    var isFHIR = false

    /// The plan of a second pass, when the days read are not the ones the file means: its
    /// `units` came after its `readings`, or it has two `readings` arrays.
    var secondPass: Plan? {
      guard readingsArrays > 1 || (readingsArrays == 1 && unitsRead != units) else { return nil }
      return Plan(units: units, readings: readingsArrays - 1)
    }
  }

  /// Reads every day of a JSON document through `open`'s readers, in one pass or, when the
  /// document's `units` follow its `readings` (or it has two `readings` arrays), two.
  ///
  /// - Parameters:
  ///   - open: Makes a reader at the start of the document (called once for each pass).
  ///   - check: Called with the reader after each pass, before its problems are reported: a
  ///     file throws here when it could not be read or was not UTF-8 part way.
  /// - Returns: The readings kept, sorted by date, and the units of the `units` object.
  /// - Throws: ``ReadingsError``: what `open` or `check` throw, the syntax error, or every
  ///   problem found.
  static func collect(
    customMetrics: [Metric], retention: ReadingsRetention,
    open: () throws(ReadingsError) -> JSONReader, check: (JSONReader) throws(ReadingsError) -> Void
  ) throws(ReadingsError) -> (readings: [Reading], units: [ReadingField: InputUnit]) {
    let (collector, units) = try collectRecords(
      customMetrics: customMetrics, retention: retention, open: open, check: check)
    return (try collector.result(), units)
  }

  /// Reads every record as ``collect(customMetrics:retention:open:check:)`` does, and returns
  /// the collector holding them (or throws every problem found).
  static func collectRecords(
    customMetrics: [Metric], retention: ReadingsRetention,
    open: () throws(ReadingsError) -> JSONReader, check: (JSONReader) throws(ReadingsError) -> Void
  ) throws(ReadingsError) -> (collector: ReadingsCollector, units: [ReadingField: InputUnit]) {
    var plan: Plan?
    while true {
      var reader = try open()
      var collector = ReadingsCollector(retention: retention)
      let layout: Layout
      do throws(JSONReader.SyntaxError) {
        layout = try read(&reader, customMetrics: customMetrics, into: &collector, plan: plan)
      } catch {
        try check(reader)
        throw ReadingsError(issues: [error.issue])
      }
      try check(reader)
      if layout.isFHIR {
        var fhir = try open()
        var records = ReadingsCollector(retention: retention)
        do throws(JSONReader.SyntaxError) {
          try FHIRReadings.read(&fhir, into: &records)
        } catch {
          try check(fhir)
          throw ReadingsError(issues: [error.issue])
        }
        try check(fhir)
        if !records.issues.isEmpty { throw ReadingsError(issues: records.issues) }
        return (records, [:])
      }
      if plan == nil, let again = layout.secondPass {
        plan = again
        continue
      }
      if !collector.issues.isEmpty { throw ReadingsError(issues: collector.issues) }
      return (collector, layout.units)
    }
  }

  /// Reads a JSON document's days into a collector, one day at a time: memory holds one line
  /// and one day besides what the collector keeps.
  ///
  /// Problems in values go to the collector; a syntax error is thrown (and is then the only
  /// problem: what the collector holds is to be dropped).
  ///
  /// - Parameters:
  ///   - plan: A second pass's plan (``Layout/secondPass``), or `nil` for a first pass, which
  ///     reads the days of each `readings` array with the units known when it starts.
  ///   - onReadings: Called with the units in force when the days of a `readings` array (or of
  ///     the top-level array) start.
  ///   - onDay: Called after each day is handed to the collector, so a streaming reader can take
  ///     its reading (``ReadingsCollector/takeReadings()``).
  /// - Returns: What the top level held.
  static func read(
    _ reader: inout JSONReader, customMetrics: [Metric], into collector: inout ReadingsCollector,
    plan: Plan? = nil, onReadings: ([ReadingField: InputUnit]) -> Void = { _ in },
    onDay: (inout ReadingsCollector) -> Void = { _ in }
  ) throws(JSONReader.SyntaxError) -> Layout {
    var layout = Layout()
    reader.skipSpace()
    let root = reader.start()
    switch reader.current {
    case UInt8(ascii: "["):
      layout.readingsArrays = 1
      onReadings([:])
      try readDays(&reader, units: [:], customMetrics: customMetrics, into: &collector, onDay: onDay)
    case UInt8(ascii: "{"):
      try reader.beginObject()
      var units: [ReadingField: InputUnit] = [:]
      while let (key, keySpan) = try reader.nextMember() {
        switch key {
        case "readings":
          guard reader.current == UInt8(ascii: "[") else {
            let node = try reader.value()
            collector.report(node.span.issue(.wrongValueType, "'readings' must be an array of objects"))
            continue
          }
          defer { layout.readingsArrays += 1 }
          if let plan, plan.readings != layout.readingsArrays {
            _ = try reader.value()
            continue
          }
          let used = plan?.units ?? units
          layout.unitsRead = used
          onReadings(used)
          try readDays(&reader, units: used, customMetrics: customMetrics, into: &collector, onDay: onDay)
        case "units":
          units = try readUnits(&reader, into: &collector)
          layout.units = units
        case "resourceType":
          layout.isFHIR = true
          return layout
        default:
          _ = try reader.value()
          collector.report(
            keySpan.issue(
              .unknownKey, "unknown key '\(key)'",
              hint: Suggestions.hint(for: key, in: ["readings", "units"])
                ?? "the top level holds 'readings' and 'units'"))
        }
      }
      if layout.readingsArrays == 0 {
        collector.report(
          reader.span(from: root).issue(
            .missingReadings, "no 'readings' array", hint: "put the days in \"readings\": [ … ]"))
      }
    default:
      let node = try reader.value()
      try reader.finish()
      collector.report(
        node.span.issue(.wrongValueType, "expected an array of readings or an object with 'readings'"))
      return layout
    }
    try reader.finish()
    return layout
  }

  /// Reads the array at the reading position, one day at a time.
  private static func readDays(
    _ reader: inout JSONReader, units: [ReadingField: InputUnit], customMetrics: [Metric],
    into collector: inout ReadingsCollector, onDay: (inout ReadingsCollector) -> Void
  ) throws(JSONReader.SyntaxError) {
    try reader.beginArray()
    while try reader.nextElement() {
      try readDay(&reader, units: units, customMetrics: customMetrics, into: &collector)
      onDay(&collector)
    }
  }

  private static func readUnits(
    _ reader: inout JSONReader, into collector: inout ReadingsCollector
  ) throws(JSONReader.SyntaxError) -> [ReadingField: InputUnit] {
    guard reader.current == UInt8(ascii: "{") else {
      let node = try reader.value()
      collector.report(
        node.span.issue(.wrongValueType, "'units' must be an object such as {\"weight\": \"kg\"}"))
      return [:]
    }
    try reader.beginObject()
    var units: [ReadingField: InputUnit] = [:]
    while let (key, keySpan) = try reader.nextMember() {
      let value = try reader.value()
      guard let field = ReadingField(name: key), !field.units.isEmpty else {
        collector.report(
          keySpan.issue(
            .unitNotAllowed, "'\(key)' has no unit to set",
            hint: Suggestions.hint(for: key, in: ["weight", "systolic", "diastolic", "sugar"])))
        continue
      }
      let names = field.units.map(\.rawValue).joined(separator: ", ")
      guard case .string(let symbol) = value.value, let unit = InputUnit(symbol: symbol) else {
        collector.report(
          value.span.issue(.unknownReadingUnit, "expected a unit of \(field.rawValue): \(names)"))
        continue
      }
      guard field.units.contains(unit) else {
        collector.report(
          value.span.issue(
            .wrongUnit, "'\(unit.rawValue)' is not a unit of \(field.rawValue); use \(names)"))
        continue
      }
      units[field] = unit
    }
    return units
  }

  /// Reads the day at the reading position into the collector.
  private static func readDay(
    _ reader: inout JSONReader, units: [ReadingField: InputUnit], customMetrics: [Metric],
    into collector: inout ReadingsCollector
  ) throws(JSONReader.SyntaxError) {
    guard reader.current == UInt8(ascii: "{") else {
      let node = try reader.value()
      collector.report(node.span.issue(.wrongValueType, "expected an object for one day's readings"))
      return
    }
    let start = reader.start()
    try reader.beginObject()
    var day: Day?
    var dateSpan: SourceSpan?
    var systolicSpan: SourceSpan?
    var measurements = Measurements()
    var values: [(Metric, Int64, InputUnit?)] = []
    var dateTime: TimeOfDay?
    var time: TimeOfDay?
    var context: String?
    var valid = true
    var seen = Set<String>()
    var hasDateKey = false
    while let (key, keySpan) = try reader.nextMember() {
      let value = try reader.value()
      if key == "date" { hasDateKey = true }
      guard seen.insert(key).inserted else {
        collector.report(keySpan.issue(.duplicateKey, "'\(key)' appears twice in one reading"))
        valid = false
        continue
      }
      if let field = ReadingField(name: key) {
        switch field {
        case .date:
          dateSpan = value.span
          if case .string(let text) = value.value {
            day = collector.date(text, at: value.span)
            if let written = collector.timeInDate(text, at: value.span) {
              if let written { dateTime = written } else { valid = false }
            }
          } else {
            collector.report(value.span.issue(.wrongValueType, "'date' must be a string yyyy-mm-dd"))
          }
        case .time:
          switch value.value {
          case .string(let text):
            if let parsed = collector.time(text, at: value.span) { time = parsed } else { valid = false }
          case .null: break
          default:
            collector.report(value.span.issue(.wrongValueType, "'time' must be a string hh:mm"))
            valid = false
          }
        case .context:
          switch value.value {
          case .string(let text): context = Observation.normalizedContext(text)
          case .null: break
          default:
            collector.report(value.span.issue(.wrongValueType, "'context' must be a string"))
            valid = false
          }
        case .symptoms:
          switch value.value {
          case .string(let text): measurements.symptoms = text
          case .null: break
          default:
            collector.report(value.span.issue(.wrongValueType, "'symptoms' must be a string"))
            valid = false
          }
        default:
          guard let metric = field.metric else { continue }
          switch value.value {
          case .null:
            continue
          case .number(let text):
            let unit = units[field] ?? field.units[0]
            if let steps = collector.number(text, field: field, unit: unit, at: value.span) {
              values.append((metric, steps, unit))
              if field == .systolic { systolicSpan = value.span }
            } else {
              valid = false
            }
          case .string(let text):
            collector.report(
              value.span.issue(
                .wrongValueType, "'\(field.rawValue)' must be a number, not the string \"\(text)\""),
            )
            valid = false
          default:
            collector.report(value.span.issue(.wrongValueType, "'\(field.rawValue)' must be a number"))
            valid = false
          }
        }
      } else if let metric = customMetrics.first(where: { $0.name == key }) {
        if case .number(let text) = value.value,
          let thousandths = Rational(decimal: text)?.roundedToThousandths()
        {
          let (steps, overflow) = thousandths.multipliedReportingOverflow(by: metric.unit.storageScale / 1000)
          if !overflow { values.append((metric, steps, nil)) }
        } else if case .null = value.value {
          continue
        } else {
          collector.report(value.span.issue(.wrongValueType, "'\(metric.name)' must be a number"))
          valid = false
        }
      } else {
        collector.report(
          keySpan.issue(
            .unknownKey, "unknown key '\(key)'",
            hint: Suggestions.hint(for: key, in: ReadingField.allNames + customMetrics.map(\.name))
              ?? "the keys are date, weight, systolic, diastolic, sugar and symptoms"))
        valid = false
      }
    }
    let span = reader.span(from: start)
    guard let day else {
      if !hasDateKey {
        collector.report(span.issue(.missingDate, "a reading without a 'date'"))
      }
      return
    }
    let dated = dateSpan ?? span
    let when = time ?? dateTime
    for (metric, steps, unit) in values {
      measurements.add(metric, steps: steps, time: when, context: context, enteredIn: unit)
    }
    collector.add(
      valid ? measurements : Measurements(), on: day, line: dated.line, dateSpan: dated,
      systolicSpan: valid ? systolicSpan : nil, time: when, context: context)
  }
}
