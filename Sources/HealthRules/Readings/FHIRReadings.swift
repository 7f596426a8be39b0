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
/// ignored, as every readings format reads them. The extension ``contextExtension`` (what
/// ``FHIRBundle`` writes: a standard coding of ``contextCodings``, or the user's words as
/// text) gives a reading's context. A coded yes/no symptom is an Observation coded LOINC
/// 75325-1 (present) or 111551-8 (absent) whose `valueCodeableConcept` is the symptom: a
/// SNOMED CT finding of ``symptomCodes`` or a code of planner's ``symptomSystem``.
///
/// An Observation with a LOINC code planner does not know, or none, is an error
/// (`unknown-code`) at its `code`, never guessed; so is an unknown unit code, symptom code
/// or context code, codings that disagree, a `modifierExtension` (which may change the
/// meaning), or a missing `status`, `code`, `effective[x]` or value. Observations whose `status` is `entered-in-error`, `cancelled`,
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
  /// The base of the canonical URLs planner defines: its reading-context extension
  /// (``contextExtension``) and its code system of symptom codes (``symptomSystem``). planner
  /// has no web domain; `.invalid` (RFC 2606) can never be anyone else's, so these URLs are
  /// permanent identifiers that resolve nowhere. Their definitions are in `docs/fhir/`.
  static let canonicalBase = "http://planner.invalid/fhir"
  /// The extension that carries a reading's context (docs/fhir/StructureDefinition-reading-context.json):
  /// a `valueCodeableConcept` whose coding is one of ``contextCodings`` and whose `text` is
  /// the context as planner writes it (`before meal`; the user's own words alone).
  package static let contextExtension = canonicalBase + "/StructureDefinition/reading-context"
  /// The code system of planner's symptom codes (`chest_pain`), for symptoms with no SNOMED CT
  /// code in ``symptomCodes`` (docs/fhir/CodeSystem-symptom.json).
  static let symptomSystem = canonicalBase + "/CodeSystem/symptom"
  /// The SNOMED CT system.
  static let snomedSystem = "http://snomed.info/sct"
  /// The LOINC code of a symptom Observation that says the symptom is present (its
  /// `valueCodeableConcept` is the symptom), as the HL7 FHIR Symptoms guide writes it.
  static let symptomPresent = "75325-1"
  /// The LOINC code of a symptom Observation that says the symptom is absent.
  static let symptomAbsent = "111551-8"
  /// The standard codes of the contexts planner names: HL7 v2 table 0916 (fasting status)
  /// and HL7 v3 TimingEvent (before a meal, after a meal, before sleep).
  static let contextCodings: [(system: String, code: String, context: String)] = [
    ("http://terminology.hl7.org/CodeSystem/v2-0916", "F", "fasting"),
    ("http://terminology.hl7.org/CodeSystem/v3-TimingEvent", "AC", "before meal"),
    ("http://terminology.hl7.org/CodeSystem/v3-TimingEvent", "PC", "after meal"),
    ("http://terminology.hl7.org/CodeSystem/v3-TimingEvent", "HS", "bedtime"),
  ]
  /// The SNOMED CT findings of the symptom codes that have one, one code each way; any other
  /// symptom code is written in ``symptomSystem``.
  static let symptomCodes: [(snomed: String, code: String)] = [
    ("29857009", "chest_pain"), ("267036007", "dyspnea"), ("386661006", "fever"),
    ("404640003", "dizziness"), ("271594007", "syncope"), ("422587007", "nausea"),
    ("43724002", "chills"),
  ]
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
        && Set(measurements.answers.keys).isDisjoint(with: other.measurements.answers.keys)
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
      codes.contains { $0.code == found.0 }
        || (allowPanel && [pressurePanel, symptomPresent, symptomAbsent].contains(found.0))
    }) {
      return known
    }
    let names = codes.map(\.code).joined(separator: ", ")
    if let (text, span) = loinc.first {
      collector.report(
        span.issue(
          .unknownCode, "unknown LOINC code '\(text)' in \(what)",
          hint:
            "planner reads \(names), the blood pressure panel \(pressurePanel) and the symptom codes "
            + "\(symptomPresent) and \(symptomAbsent)"))
    } else {
      collector.report(
        code.span.issue(
          .unknownCode, "\(what) has no LOINC coding (system \(loincSystem))",
          hint:
            "planner reads the LOINC codes \(names), \(pressurePanel), \(symptomPresent) and \(symptomAbsent)"
        ))
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
    var contextSpan: SourceSpan?
    for extensionTree in resource["extension"]?.elements ?? []
    where extensionTree["url"]?.string == contextExtension {
      record.context = context(of: extensionTree, into: &collector)
      contextSpan = extensionTree.span
    }
    var values: [(ReadingField, Int64, InputUnit, SourceSpan)] = []
    if code == symptomPresent || code == symptomAbsent {
      if let symptom = symptom(resource, into: &collector) {
        record.measurements.answers[symptom] = code == symptomPresent
      }
    } else if code == pressurePanel {
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
      if let context = known.context {
        if let written = record.context, written != context, let contextSpan {
          collector.report(
            contextSpan.issue(
              .unknownCode, "the reading context '\(written)' contradicts LOINC \(code), which is \(context)",
              hint: "give one context: a \(context) reading needs no context extension"))
        }
        record.context = context
      }
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

  /// The context a reading-context extension gives: its coding's (one of ``contextCodings``),
  /// or its `text` alone, the user's own words; `nil` after reporting a coding planner does
  /// not know, codings that disagree, or no value.
  static func context(of extensionTree: Tree, into collector: inout ReadingsCollector) -> String? {
    guard let concept = extensionTree["valueCodeableConcept"] else {
      collector.report(
        extensionTree.span.issue(
          .missingValue, "the reading-context extension has no 'valueCodeableConcept'",
          hint: "give the context as \"valueCodeableConcept\": { \"text\": \"before meal\" }"))
      return nil
    }
    var found: [String] = []
    for coding in concept["coding"]?.elements ?? [] {
      let system = coding["system"]?.string ?? ""
      let codeTree = coding["code"]
      let code = codeTree?.string ?? ""
      guard let known = contextCodings.first(where: { $0.system == system && $0.code == code }) else {
        let names = contextCodings.map { "\($0.code) (\($0.context))" }.joined(separator: ", ")
        collector.report(
          (codeTree ?? coding).span.issue(
            .unknownCode, "unknown reading context code '\(code)' (system \(system))",
            hint: "planner reads \(names), or the context in 'text' alone"))
        return nil
      }
      if !found.contains(known.context) { found.append(known.context) }
    }
    if found.count > 1 {
      collector.report(
        concept.span.issue(
          .unknownCode, "the reading context's codings disagree: \(found.joined(separator: ", "))",
          hint: "give one context per Observation"))
      return nil
    }
    if let context = found.first { return context }
    guard let text = concept["text"]?.string.flatMap(Observation.normalizedContext) else {
      collector.report(
        concept.span.issue(
          .missingValue, "the reading context has neither a coding nor a 'text'",
          hint: "give the context's words in \"text\""))
      return nil
    }
    return text
  }

  /// The planner symptom code of a symptom Observation's `valueCodeableConcept`: from a
  /// coding in ``symptomSystem``, or a SNOMED CT coding in ``symptomCodes``; `nil` after
  /// reporting a missing value, no coding planner reads, or codings naming different symptoms.
  static func symptom(_ resource: Tree, into collector: inout ReadingsCollector) -> String? {
    guard let value = resource["valueCodeableConcept"] else {
      collector.report(
        resource.span.issue(
          .missingValue, "a symptom Observation without a 'valueCodeableConcept'",
          hint: "the symptom is the value, such as a SNOMED CT finding (29857009 for chest pain)"))
      return nil
    }
    var found: [String] = []
    var unknown: (text: String, span: SourceSpan)?
    for coding in value["coding"]?.elements ?? [] {
      guard let codeTree = coding["code"], let code = codeTree.string else { continue }
      switch coding["system"]?.string {
      case symptomSystem:
        guard Measurements.isSymptomCode(code) else {
          collector.report(
            codeTree.span.issue(
              .unknownCode, "'\(code)' is not a planner symptom code",
              hint:
                "a code is lowercase letters, digits and '_', starting with a letter, such as chest_pain"))
          return nil
        }
        if !found.contains(code) { found.append(code) }
      case snomedSystem:
        if let known = symptomCodes.first(where: { $0.snomed == code }) {
          if !found.contains(known.code) { found.append(known.code) }
        } else if unknown == nil {
          unknown = ("SNOMED CT code '\(code)'", codeTree.span)
        }
      default:
        continue
      }
    }
    if found.count > 1 {
      collector.report(
        value.span.issue(
          .unknownCode, "the symptom's codings name different symptoms: \(found.joined(separator: ", "))",
          hint: "give one symptom per Observation"))
      return nil
    }
    if let code = found.first { return code }
    let names = symptomCodes.map { "\($0.snomed) (\($0.code))" }.joined(separator: ", ")
    collector.report(
      (unknown?.span ?? value.span).issue(
        .unknownCode,
        unknown.map { "unknown symptom: \($0.text)" } ?? "a symptom with no coding planner reads",
        hint: "planner reads the SNOMED CT codes \(names), and any code in the system \(symptomSystem)"))
    return nil
  }
}
