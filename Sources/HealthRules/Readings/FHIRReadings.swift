import Diagnostics

/// Reads readings from a FHIR R4 Bundle of Observations (JSON), one entry at a time.
///
/// An Observation is read when its `code` has a LOINC coding (`http://loinc.org`) planner
/// knows (``codes``): body weight, systolic and diastolic pressure (alone, or as the
/// components of the blood pressure panel 85354-9), glucose (2339-0; fasting glucose 1558-6
/// is glucose in the context `fasting`), heart rate, SpO2 and body temperature. Its value is a
/// `valueQuantity` (each component's, for the panel) with a UCUM unit code (``units``), read
/// exactly from its decimal text; its day and time are those written in `effectiveDateTime`
/// (or `effectiveInstant`, or `effectivePeriod.start`), the clock time as written, the zone
/// ignored, as every readings format reads them. The extension
/// ``contextExtension`` (what ``FHIRBundle`` writes) gives a reading's context.
///
/// An Observation with a LOINC code planner does not know, or none, is an error
/// (`unknown-code`) at its `code`, never guessed; so is an unknown unit code, a
/// `modifierExtension` (which may change the meaning), or a missing `status`, `code`,
/// `effective[x]` or value. Observations whose `status` is `entered-in-error`, `cancelled`,
/// `registered` or `unknown` are passed over (they are not results); other resource types
/// (a `Patient`) are passed over too. Consecutive Observations of one day, time and context
/// (a systolic and a diastolic written apart) make one record.
///
/// Memory holds one entry of the bundle at a time (its resource as a small tree), besides
/// the readings kept: the bundle is read line by line (``JSONReader``).
package enum FHIRReadings {
  /// The LOINC system.
  package static let loincSystem = "http://loinc.org"
  /// The UCUM system, which `valueQuantity.system` names.
  package static let ucumSystem = "http://unitsofmeasure.org"
  /// The extension that carries a reading's context other than `fasting` (a `valueString`).
  package static let contextExtension = "http://planner.invalid/fhir/StructureDefinition/reading-context"
  /// The LOINC code of the blood pressure panel, whose components are systolic and diastolic.
  package static let pressurePanel = "85354-9"

  /// The LOINC codes read: the field each fills, and the context it implies.
  package static let codes: [(code: String, field: ReadingField, context: String?)] = [
    ("29463-7", .weight, nil),
    ("8480-6", .systolic, nil),
    ("8462-4", .diastolic, nil),
    ("2339-0", .sugar, nil),
    ("1558-6", .sugar, "fasting"),
    ("8867-4", .heartRate, nil),
    ("59408-5", .spo2, nil),
    ("2708-6", .spo2, nil),
    ("8310-5", .temperature, nil),
  ]

  /// The UCUM unit codes read, and the unit each is.
  package static let units: [(code: String, unit: InputUnit)] = [
    ("kg", .kilogram), ("[lb_av]", .pound), ("g", .gram), ("mm[Hg]", .mmHg), ("mg/dL", .mgPerDL),
    ("mmol/L", .mmolPerL), ("/min", .perMinute), ("{beats}/min", .perMinute), ("%", .percent),
    ("Cel", .celsius), ("[degF]", .fahrenheit),
  ]

  /// Parses a FHIR bundle, collecting every problem before throwing.
  ///
  /// - Parameters:
  ///   - text: The bundle's JSON.
  ///   - retention: Which valid readings to return; every entry is checked either way.
  /// - Returns: The readings kept, sorted by date.
  /// - Throws: ``ReadingsError`` with every problem found, each with line and column.
  package static func parse(_ text: String, retention: ReadingsRetention = .all) throws(ReadingsError)
    -> [Reading]
  {
    var reader = JSONReader(LineReader(text))
    var collector = ReadingsCollector(retention: retention)
    do throws(JSONReader.SyntaxError) {
      try read(&reader, into: &collector)
    } catch {
      throw ReadingsError(issues: [error.issue])
    }
    return try collector.result()
  }

  /// A JSON value held whole: one entry's resource.
  indirect enum Tree {
    case object([Member], SourceSpan)
    case array([Tree], SourceSpan)
    case scalar(JSONReader.Node)

    var span: SourceSpan {
      switch self {
      case .object(_, let span), .array(_, let span): return span
      case .scalar(let node): return node.span
      }
    }

    /// The member named `key` of an object.
    subscript(key: String) -> Tree? {
      guard case .object(let members, _) = self else { return nil }
      return members.first { $0.key == key }?.value
    }

    var string: String? {
      if case .scalar(let node) = self, case .string(let text) = node.value { return text }
      return nil
    }

    var elements: [Tree] {
      if case .array(let elements, _) = self { return elements }
      return []
    }
  }

  struct Member {
    var key: String
    var keySpan: SourceSpan
    var value: Tree
  }

  /// Reads the value at the reading position whole.
  static func tree(_ reader: inout JSONReader) throws(JSONReader.SyntaxError) -> Tree {
    let start = reader.start()
    switch reader.current {
    case UInt8(ascii: "{"):
      try reader.beginObject()
      var members: [Member] = []
      while let (key, keySpan) = try reader.nextMember() {
        members.append(Member(key: key, keySpan: keySpan, value: try tree(&reader)))
      }
      return .object(members, reader.span(from: start))
    case UInt8(ascii: "["):
      try reader.beginArray()
      var elements: [Tree] = []
      while try reader.nextElement() { elements.append(try tree(&reader)) }
      return .array(elements, reader.span(from: start))
    default:
      return .scalar(try reader.value())
    }
  }

  /// The readings of one Observation, before they go to the collector.
  struct Record {
    var day: Day
    var time: TimeOfDay?
    var context: String?
    var measurements = Measurements()
    var dateSpan: SourceSpan
    var systolicSpan: SourceSpan?
    var valid = true

    func sameReading(as other: Record) -> Bool {
      day == other.day && time == other.time && context == other.context
        && Set(measurements.steps.keys).isDisjoint(with: other.measurements.steps.keys)
    }
  }

  /// Reads a bundle's entries into a collector, one entry at a time.
  ///
  /// - Parameter onEntry: Called after each entry is handed to the collector, so a streaming
  ///   reader can take its readings (``ReadingsCollector/takeRows()``).
  static func read(
    _ reader: inout JSONReader, into collector: inout ReadingsCollector,
    onEntry: (inout ReadingsCollector) -> Void = { _ in }
  ) throws(JSONReader.SyntaxError) {
    reader.skipSpace()
    guard reader.current == UInt8(ascii: "{") else {
      let node = try reader.value()
      try reader.finish()
      collector.report(node.span.issue(.wrongValueType, "a FHIR bundle is a JSON object"))
      return
    }
    let root = reader.start()
    try reader.beginObject()
    var pending: Record?
    var sawType = false
    while let (key, keySpan) = try reader.nextMember() {
      switch key {
      case "resourceType":
        let node = try reader.value()
        sawType = true
        guard case .string(let type) = node.value, type == "Bundle" else {
          let found =
            if case .string(let type) = node.value { "a FHIR \(type)" } else { "not a resource type" }
          collector.report(
            node.span.issue(
              .wrongValueType, "expected a FHIR Bundle, found \(found)",
              hint: "planner reads a Bundle whose entries are Observations"))
          continue
        }
      case "entry":
        guard reader.current == UInt8(ascii: "[") else {
          let node = try reader.value()
          collector.report(node.span.issue(.wrongValueType, "'entry' must be an array"))
          continue
        }
        try reader.beginArray()
        while try reader.nextElement() {
          let entry = try tree(&reader)
          guard let resource = entry["resource"] else {
            collector.report(entry.span.issue(.missingReadings, "a bundle entry without a 'resource'"))
            continue
          }
          guard resource["resourceType"]?.string == "Observation" else { continue }
          guard let record = observation(resource, into: &collector) else { continue }
          if let earlier = pending, earlier.sameReading(as: record), earlier.valid, record.valid {
            pending?.measurements.merge(record.measurements)
            pending?.systolicSpan = earlier.systolicSpan ?? record.systolicSpan
          } else {
            if let earlier = pending { add(earlier, into: &collector) }
            pending = record
          }
          onEntry(&collector)
        }
      default:
        // id, meta, type, timestamp, total, link, identifier, signature.
        _ = keySpan
        _ = try reader.value()
      }
    }
    if let pending { add(pending, into: &collector) }
    onEntry(&collector)
    if !sawType {
      collector.report(
        reader.span(from: root).issue(.wrongValueType, "a FHIR bundle needs \"resourceType\": \"Bundle\""))
    }
    try reader.finish()
  }

  private static func add(_ record: Record, into collector: inout ReadingsCollector) {
    collector.add(
      record.valid ? record.measurements : Measurements(), on: record.day, line: record.dateSpan.line,
      dateSpan: record.dateSpan, systolicSpan: record.valid ? record.systolicSpan : nil, time: record.time,
      context: record.context)
  }

  /// The known LOINC coding of a `code`, or a report of why there is none.
  private static func coding(
    _ code: Tree?, in resource: Tree, what: String, allowPanel: Bool, into collector: inout ReadingsCollector
  ) -> (code: String, span: SourceSpan)? {
    guard let code else {
      collector.report(resource.span.issue(.missingValue, "\(what) without a 'code'"))
      return nil
    }
    var loinc: [(String, SourceSpan)] = []
    for coding in code["coding"]?.elements ?? [] where coding["system"]?.string == loincSystem {
      if let value = coding["code"], let text = value.string { loinc.append((text, value.span)) }
    }
    if let known = loinc.first(where: { found in
      codes.contains { $0.code == found.0 } || (allowPanel && found.0 == pressurePanel)
    }) {
      return known
    }
    let names = codes.map(\.code).joined(separator: ", ")
    if let (text, span) = loinc.first {
      collector.report(
        span.issue(
          .unknownCode, "unknown LOINC code '\(text)' in \(what)",
          hint: "planner reads \(names) and the blood pressure panel \(pressurePanel)"))
    } else {
      collector.report(
        code.span.issue(
          .unknownCode, "\(what) has no LOINC coding (system \(loincSystem))",
          hint: "planner reads the LOINC codes \(names) and \(pressurePanel)"))
    }
    return nil
  }

  /// The value of a `valueQuantity` in storage steps of `field`'s canonical unit.
  private static func quantity(
    _ value: Tree?, field: ReadingField, in owner: Tree, what: String, into collector: inout ReadingsCollector
  ) -> (steps: Int64, unit: InputUnit)? {
    guard let value else {
      collector.report(owner.span.issue(.missingValue, "\(what) without a 'valueQuantity'"))
      return nil
    }
    guard case .scalar(let node)? = value["value"], case .number(let number) = node.value else {
      collector.report(
        (value["value"]?.span ?? value.span).issue(.wrongValueType, "'valueQuantity.value' must be a number"))
      return nil
    }
    let names = units.filter { field.units.contains($0.unit) }.map(\.code).joined(separator: ", ")
    guard let codeTree = value["code"], let code = codeTree.string, value["system"]?.string == ucumSystem
    else {
      collector.report(
        value.span.issue(
          .unknownReadingUnit, "the \(field.rawValue) value has no UCUM unit code",
          hint: "give \"system\": \"\(ucumSystem)\" and \"code\": one of \(names)"))
      return nil
    }
    guard let unit = units.first(where: { $0.code == code })?.unit else {
      collector.report(
        codeTree.span.issue(
          .unknownCode, "unknown UCUM unit '\(code)'", hint: "\(field.rawValue) takes \(names)"))
      return nil
    }
    guard field.units.contains(unit) else {
      collector.report(
        codeTree.span.issue(.wrongUnit, "'\(code)' is not a unit of \(field.rawValue); use \(names)"))
      return nil
    }
    guard let steps = collector.number(number, field: field, unit: unit, at: node.span) else { return nil }
    return (steps, unit)
  }

  /// The readings of one Observation, or `nil` when it is passed over or has no day.
  static func observation(_ resource: Tree, into collector: inout ReadingsCollector) -> Record? {
    let before = collector.issues.count
    guard let status = resource["status"]?.string else {
      collector.report(resource.span.issue(.missingValue, "an Observation without a 'status'"))
      return nil
    }
    if ["entered-in-error", "cancelled", "registered", "unknown"].contains(status) { return nil }
    if let modifier = resource["modifierExtension"] {
      collector.report(
        modifier.span.issue(
          .unknownCode, "an Observation with a 'modifierExtension'",
          hint: "a modifier extension may change what the value means; planner does not read it"))
      return nil
    }
    let effective =
      resource["effectiveDateTime"] ?? resource["effectiveInstant"] ?? resource["effectivePeriod"]?["start"]
    guard let effective, let when = effective.string else {
      collector.report(
        (effective?.span ?? resource.span).issue(
          .missingDate, "an Observation without an 'effectiveDateTime'",
          hint:
            "planner takes a reading's day and time from effectiveDateTime, such as 2026-11-23T07:05:00-05:00"
        ))
      return nil
    }
    guard let day = collector.date(when, at: effective.span) else { return nil }
    var time: TimeOfDay?
    if let written = collector.timeInDate(when, at: effective.span) {
      guard let written else { return nil }
      time = written
    }
    guard
      let (code, codeSpan) = coding(
        resource["code"], in: resource, what: "an Observation", allowPanel: true, into: &collector)
    else { return nil }
    var record = Record(day: day, time: time, dateSpan: effective.span)
    for extensionTree in resource["extension"]?.elements ?? []
    where extensionTree["url"]?.string == contextExtension {
      record.context = extensionTree["valueString"]?.string.flatMap(Observation.normalizedContext)
    }
    var values: [(ReadingField, Int64, InputUnit, SourceSpan)] = []
    if code == pressurePanel {
      let components = resource["component"]?.elements ?? []
      if components.isEmpty {
        collector.report(
          codeSpan.issue(
            .missingValue, "a blood pressure panel without its systolic and diastolic components"))
      }
      for component in components {
        guard
          let (componentCode, componentSpan) = coding(
            component["code"], in: component, what: "a blood pressure component", allowPanel: false,
            into: &collector),
          let known = codes.first(where: { $0.code == componentCode }),
          known.field == .systolic || known.field == .diastolic
        else {
          continue
        }
        if let (steps, unit) = quantity(
          component["valueQuantity"], field: known.field, in: component, what: "a blood pressure component",
          into: &collector)
        {
          values.append((known.field, steps, unit, component["valueQuantity"]?.span ?? componentSpan))
        }
      }
    } else if let known = codes.first(where: { $0.code == code }) {
      if let context = known.context { record.context = context }
      if let (steps, unit) = quantity(
        resource["valueQuantity"], field: known.field, in: resource, what: "an Observation", into: &collector)
      {
        values.append((known.field, steps, unit, resource["valueQuantity"]?.span ?? codeSpan))
      }
    }
    for (field, steps, unit, span) in values {
      guard let metric = field.metric else { continue }
      record.measurements.add(metric, steps: steps, time: time, context: record.context, enteredIn: unit)
      if field == .systolic { record.systolicSpan = span }
    }
    record.valid = collector.issues.count == before
    return record
  }
}
