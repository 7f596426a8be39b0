import Foundation
import Testing

@testable import HealthRules

/// FHIR R4 bundles of Observations: read one entry at a time, written to validate, round-tripped.
@Suite("FHIR bundles")
struct FHIRTests {
  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Examples").standardized

  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-fhir-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A bundle of one Observation resource written as JSON members.
  static func bundle(_ observations: [String]) -> String {
    "{\"resourceType\": \"Bundle\", \"type\": \"collection\", \"entry\": [\n"
      + observations.map { "{\"resource\": {\"resourceType\": \"Observation\", \($0)}}" }
      .joined(separator: ",\n") + "\n]}\n"
  }

  static func issues(_ text: String) -> [String] {
    do {
      _ = try JSONReadings.parse(text)
      return []
    } catch {
      return error.issues.map(\.description)
    }
  }

  @Test("Examples/home-bp.fhir.json and Examples/home-bp.csv are the same readings, with the same verdict")
  func sameVerdicts() throws {
    let csv = try ReadingsFile.load(from: Self.examples.appendingPathComponent("home-bp.csv"))
    let fhir = try ReadingsFile.load(from: Self.examples.appendingPathComponent("home-bp.fhir.json"))
    #expect(fhir.count == 7)
    #expect(fhir == csv)
    let verdicts = try [csv, fhir].map { try RuleSet.baseline.compiled().evaluate($0) }
    #expect(verdicts[0] == verdicts[1])
  }

  @Test("export then import gives the same readings: units, untimed days, contexts, every measure")
  func roundTrip() throws {
    let folder = try Self.folder()
    let source = folder.appendingPathComponent("week.csv")
    try """
    date,time,context,weight (kg),systolic,diastolic,sugar (mmol/L),heart_rate,spo2,temperature (°F)
    2026-11-28,,,81.6,,,,,,
    2026-11-29,07:05:30,fasting,81.65,138,86,6.2,72,97,98.6
    2026-11-29,19:10,after meal,,131,82,8.9,,,
    2026-11-29,21:00,Own Words,,,,,70,96.5,
    2026-11-30,07:00,,,125,,,,,

    """.write(to: source, atomically: true, encoding: .utf8)
    let bundle = folder.appendingPathComponent("week.json")
    try FHIRBundle.export(
      from: source, subject: "Patient/1", timeZone: TimeZone(identifier: "Europe/Paris")!, to: bundle)
    let read = try ReadingsFile.load(from: bundle)
    #expect(read == (try ReadingsFile.load(from: source)))
    let day = read[1].measurements
    #expect(day.readings(of: "sugar").map(\.context) == ["fasting", "after meal"])
    #expect(day.readings(of: "spo2").map(\.context) == ["fasting", "own words"])
    #expect(day.enteredUnit(of: .weight) == .kilogram)
    // The streamed export writes the same entries as the file export (fullUrls aside).
    var streamed = ""
    try FHIRBundle.export(from: source, subject: "Patient/1", timeZone: TimeZone(identifier: "Europe/Paris")!)
    {
      streamed += $0
    }
    let strip = { (text: String) in
      text.replacingOccurrences(of: #"urn:uuid:[0-9a-f-]+"#, with: "", options: .regularExpression)
    }
    #expect(strip(streamed) == strip(try String(contentsOf: bundle, encoding: .utf8)))
  }

  @Test("the exported bundle has what the FHIR R4 resource rules require of every entry")
  func structure() throws {
    let folder = try Self.folder()
    let bundle = folder.appendingPathComponent("bundle.json")
    try FHIRBundle.export(
      from: Self.examples.appendingPathComponent("home-bp.csv"), subject: "Patient/example",
      timeZone: TimeZone(identifier: "America/New_York")!, to: bundle)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: bundle)) as? [String: Any])
    #expect(object["resourceType"] as? String == "Bundle")
    #expect(object["type"] as? String == "collection")
    let entries = try #require(object["entry"] as? [[String: Any]])
    // 14 rows: 14 pressure panels, 14 heart rates, 9 glucose readings.
    #expect(entries.count == 37)
    let known = Set(FHIRReadings.codes.map(\.code) + [FHIRReadings.pressurePanel])
    let units = Set(FHIRReadings.units.map(\.code))
    var fullUrls = Set<String>()
    func checkQuantity(_ value: Any?) {
      let quantity = value as? [String: Any]
      #expect(quantity?["value"] is NSNumber)
      #expect(quantity?["system"] as? String == "http://unitsofmeasure.org")
      #expect((quantity?["code"] as? String).map(units.contains) == true)
      #expect(quantity?["unit"] is String)
    }
    func checkCode(_ value: Any?) -> String? {
      let codings = (value as? [String: Any])?["coding"] as? [[String: Any]]
      #expect(codings?.isEmpty == false)
      for coding in codings ?? [] {
        #expect(coding["system"] as? String == "http://loinc.org")
        #expect((coding["code"] as? String).map(known.contains) == true)
      }
      return codings?.first?["code"] as? String
    }
    for entry in entries {
      let fullUrl = try #require(entry["fullUrl"] as? String)
      #expect(fullUrl.hasPrefix("urn:uuid:"))
      #expect(UUID(uuidString: String(fullUrl.dropFirst(9))) != nil)
      fullUrls.insert(fullUrl)
      let resource = try #require(entry["resource"] as? [String: Any])
      #expect(resource["resourceType"] as? String == "Observation")
      #expect(resource["status"] as? String == "final")
      #expect((resource["subject"] as? [String: Any])?["reference"] as? String == "Patient/example")
      let effective = try #require(resource["effectiveDateTime"] as? String)
      #expect(
        effective.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-05:00$"#, options: .regularExpression)
          != nil)
      let categories = resource["category"] as? [[String: Any]]
      #expect(categories?.first?["coding"] != nil)
      let code = checkCode(resource["code"])
      if code == FHIRReadings.pressurePanel {
        let components = try #require(resource["component"] as? [[String: Any]])
        #expect(components.compactMap { checkCode($0["code"]) } == ["8480-6", "8462-4"])
        for component in components { checkQuantity(component["valueQuantity"]) }
        #expect(resource["valueQuantity"] == nil)
      } else {
        checkQuantity(resource["valueQuantity"])
      }
    }
    #expect(fullUrls.count == entries.count)
  }

  @Test("unknown codes and units, missing elements and a resource that is not a bundle are located errors")
  func errors() {
    let code = #""code": {"coding": [{"system": "http://loinc.org", "code": "8867-4"}]}"#
    let value = #""valueQuantity": {"value": 72, "system": "http://unitsofmeasure.org", "code": "/min"}"#
    let time = #""effectiveDateTime": "2026-03-01T07:00:00Z""#
    #expect(
      Self.issues(
        Self.bundle([
          #""status": "final", "code": {"coding": [{"system": "http://loinc.org", "code": "9279-1"}]}, "#
            + time
        ]))
        == [
          "2:124: unknown LOINC code '9279-1' in an Observation (planner reads 29463-7, 8480-6, 8462-4, 2339-0, "
            + "1558-6, 8867-4, 59408-5, 2708-6, 8310-5, the blood pressure panel 85354-9 and the symptom codes "
            + "75325-1 and 111551-8)"
        ])
    #expect(
      Self.issues(
        Self.bundle([
          #""status": "final", "code": {"coding": [{"system": "http://snomed.info/sct", "code": "29857009"}]}, "#
            + time
        ])
      )
      .map { String($0.prefix(56)) } == ["2:73: an Observation has no LOINC coding (system http://"])
    #expect(
      Self.issues(
        Self.bundle([
          #""status": "final", "# + code + ", " + time
            + #", "valueQuantity": {"value": 72, "system": "http://unitsofmeasure.org", "code": "beats"}"#
        ]))
        == ["2:260: unknown UCUM unit 'beats' (heart_rate takes /min, {beats}/min)"])
    #expect(
      Self.issues(Self.bundle([#""status": "final", "# + code + ", " + value]))
        == [
          "2:14: an Observation without an 'effectiveDateTime' (planner takes a reading's day and time from "
            + "effectiveDateTime, such as 2026-11-23T07:05:00-05:00)"
        ])
    #expect(
      Self.issues(#"{"resourceType": "Patient", "id": "1"}"#)
        == [
          "1:18: expected a FHIR Bundle, found a FHIR Patient (planner reads a Bundle whose entries are Observations)"
        ])
    #expect(
      Self.issues(
        Self.bundle([
          #""status": "final", "# + code + ", " + time
            + #", "valueQuantity": {"value": 7, "system": "http://unitsofmeasure.org", "code": "/min"}"#
        ]))
        == ["2:209: heart_rate '7 /min' is outside the plausible range 20...300 /min"])
  }

  @Test(
    "entered-in-error readings and other resources are passed over; a systolic and a diastolic written apart are one reading"
  )
  func passedOver() throws {
    func observation(_ code: String, _ value: Int, status: String = "final") -> String {
      #""status": "\#(status)", "code": {"coding": [{"system": "http://loinc.org", "code": "\#(code)"}]}, "#
        + #""effectiveDateTime": "2026-03-01", "#
        + #""valueQuantity": {"value": \#(value), "system": "http://unitsofmeasure.org", "code": "mm[Hg]"}"#
    }
    let text =
      "{\"resourceType\": \"Bundle\", \"type\": \"collection\", \"entry\": [\n"
      + "{\"resource\": {\"resourceType\": \"Patient\", \"id\": \"p\"}},\n"
      + "{\"resource\": {\"resourceType\": \"Observation\", \(observation("8480-6", 128))}},\n"
      + "{\"resource\": {\"resourceType\": \"Observation\", \(observation("8462-4", 82))}},\n"
      + "{\"resource\": {\"resourceType\": \"Observation\", \(observation("8480-6", 300, status: "entered-in-error"))}}\n"
      + "]}\n"
    let readings = try JSONReadings.parse(text)
    #expect(readings.count == 1)
    #expect(readings[0].measurements.systolic == 128)
    #expect(readings[0].measurements.diastolic == 82)
    #expect(readings[0].measurements.hasObservations == false)
  }

  @Test("a bundle is imported into a journal, and importing it again changes nothing; a bundle is no journal")
  func journalImport() throws {
    let folder = try Self.folder()
    let journal = folder.appendingPathComponent("journal.csv")
    let bundle = Self.examples.appendingPathComponent("home-bp.fhir.json")
    let changes = try Journal.importReadings(from: bundle, into: journal)
    #expect(changes == JournalImport.tuple(days: 7, newRowDays: 7))
    #expect(
      try ReadingsFile.load(from: journal)
        == ReadingsFile.load(from: bundle).map { reading in
          var kept = reading
          // The journal's symptoms column holds "" (no symptoms) for every row.
          kept.measurements.symptoms = ""
          return kept
        })
    #expect(
      try Journal.importReadings(from: bundle, into: journal)
        == JournalImport.tuple(days: 7, unchangedDays: 7))
    let copy = folder.appendingPathComponent("bundle.json")
    try FileManager.default.copyItem(at: bundle, to: copy)
    #expect {
      try Journal.log(
        try JournalEntry.parse("weight 180"), on: Day(year: 2026, month: 11, day: 30)!, into: copy)
    } throws: { error in
      guard case JournalError.invalidJournal(_, let problem) = error else { return false }
      return problem.issues.map(\.message) == ["a FHIR bundle is not a journal"]
    }
  }

  /// The baseline rules and two symptom alerts, to compare verdicts that depend on symptoms.
  static let symptomRules = RuleSet(
    id: "symptoms", name: "Symptoms", windowLength: 7,
    alerts: RuleSet.baseline.alerts + [
      Alert(
        id: "chest_pain", severity: .urgent, message: "Chest pain today",
        condition: .symptomsMention("chest pain", .today)),
      Alert(
        id: "breath", severity: .warning, message: "Short of breath this week",
        condition: .symptomsMention("short of breath", .days(1, 7))),
      Alert(
        id: "dizzy", severity: .warning, message: "Dizzy this week",
        condition: .symptomsMention("dizziness", .days(1, 7))),
    ],
    otherwise: "ok")

  @Test(
    "coded symptoms and every kind of context are exported and read back to the same readings and verdicts")
  func symptomsRoundTrip() throws {
    let folder = try Self.folder()
    let source = folder.appendingPathComponent("week.csv")
    try """
    date,time,context,systolic,diastolic,sugar,symptom chest_pain,symptom short_of_breath,symptom dizziness
    2026-11-28,07:05,fasting,138,86,110,no,no,
    2026-11-28,12:00,before meal,,,120,,,
    2026-11-28,13:30,after meal,131,82,160,,yes,
    2026-11-28,22:00,bedtime,125,80,,yes,,no
    2026-11-29,,,128,81,,,,yes
    2026-11-29,18:00,After  My Walk,121,79,,no,,

    """.write(to: source, atomically: true, encoding: .utf8)
    let bundle = folder.appendingPathComponent("week.json")
    try FHIRBundle.export(
      from: source, subject: "Patient/1", timeZone: TimeZone(identifier: "UTC")!, to: bundle)
    let csv = try ReadingsFile.load(from: source)
    let fhir = try ReadingsFile.load(from: bundle)
    #expect(fhir == csv)
    #expect(
      fhir.map(\.measurements.answers) == [
        ["chest_pain": true, "short_of_breath": true, "dizziness": false],
        ["dizziness": true, "chest_pain": false],
      ])
    #expect(
      fhir[0].measurements.readings(of: "sugar").map(\.context) == ["fasting", "before meal", "after meal"])
    #expect(fhir[1].measurements.readings(of: "systolic").map(\.context) == [nil, "after my walk"])
    let rules = try Self.symptomRules.compiled()
    let verdicts = try [csv, fhir].map { try rules.evaluate($0) }
    #expect(verdicts[0] == verdicts[1])
    #expect(verdicts[1].alerts == ["breath", "dizzy"])

    // What is written: the symptom's SNOMED CT code where planner knows one, planner's code
    // always; the contexts' standard codes, the user's own words as text alone.
    let text = try String(contentsOf: bundle, encoding: .utf8)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let resources = try #require(object["entry"] as? [[String: Any]]).compactMap {
      $0["resource"] as? [String: Any]
    }
    func loinc(_ resource: [String: Any]) -> String? {
      (((resource["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first)?["code"] as? String
    }
    let symptoms = resources.filter { ["75325-1", "111551-8"].contains(loinc($0)) }
    #expect(symptoms.count == 7)
    let chestPain = try #require(symptoms.first)
    #expect(loinc(chestPain) == "111551-8")
    #expect(chestPain["category"] == nil)
    let value = try #require(chestPain["valueCodeableConcept"] as? [String: Any])
    let codings = try #require(value["coding"] as? [[String: String]])
    #expect(
      codings == [
        ["system": "http://snomed.info/sct", "code": "29857009"],
        ["system": "http://planner.invalid/fhir/CodeSystem/symptom", "code": "chest_pain"],
      ])
    #expect(value["text"] as? String == "chest pain")
    let contexts = resources.compactMap { resource -> [String: Any]? in
      ((resource["extension"] as? [[String: Any]])?.first {
        $0["url"] as? String == FHIRReadings.contextExtension
      })?[
        "valueCodeableConcept"] as? [String: Any]
    }
    let written = Set(
      contexts.map { concept in
        let coding = (concept["coding"] as? [[String: String]])?.first
        return [coding?["system"] ?? "", coding?["code"] ?? "", concept["text"] as? String ?? ""]
      })
    #expect(
      written == [
        ["http://terminology.hl7.org/CodeSystem/v2-0916", "F", "fasting"],
        ["http://terminology.hl7.org/CodeSystem/v3-TimingEvent", "AC", "before meal"],
        ["http://terminology.hl7.org/CodeSystem/v3-TimingEvent", "PC", "after meal"],
        ["http://terminology.hl7.org/CodeSystem/v3-TimingEvent", "HS", "bedtime"],
        ["", "", "after my walk"],
      ])
    // Fasting glucose is LOINC 1558-6, with no context extension.
    #expect(resources.contains { loinc($0) == "1558-6" && $0["extension"] == nil })
  }

  @Test(
    "a bundle coded as the HL7 Symptoms guide writes it (SNOMED CT only) and the same readings in CSV give the same verdict"
  )
  func symptomsFromElsewhere() throws {
    func symptom(_ loinc: String, _ snomed: String, _ when: String) -> String {
      #""status": "final", "code": {"coding": [{"system": "http://loinc.org", "code": "\#(loinc)"}]}, "#
        + #""subject": {"reference": "Patient/p"}, "effectiveDateTime": "\#(when)", "#
        + #""valueCodeableConcept": {"coding": [{"system": "http://snomed.info/sct", "code": "\#(snomed)"}, "#
        + #"{"system": "http://hl7.org/fhir/sid/icd-10", "code": "R07.4"}], "text": "Chest pain (finding)"}"#
    }
    let pressure =
      #""status": "final", "code": {"coding": [{"system": "http://loinc.org", "code": "85354-9"}]}, "#
      + #""effectiveDateTime": "2026-03-02T08:00:00+01:00", "component": ["#
      + #"{"code": {"coding": [{"system": "http://loinc.org", "code": "8480-6"}]}, "valueQuantity": {"value": 150, "system": "http://unitsofmeasure.org", "code": "mm[Hg]"}}, "#
      + #"{"code": {"coding": [{"system": "http://loinc.org", "code": "8462-4"}]}, "valueQuantity": {"value": 95, "system": "http://unitsofmeasure.org", "code": "mm[Hg]"}}]"#
    let bundle = Self.bundle([
      symptom("111551-8", "29857009", "2026-03-01"),
      symptom("75325-1", "267036007", "2026-03-01"),
      pressure,
      symptom("75325-1", "29857009", "2026-03-02T08:00:00+01:00"),
    ])
    let fhir = try JSONReadings.parse(bundle)
    let csv = try CSVReadings.parse(
      """
      date,time,systolic,diastolic,symptom chest_pain,symptom dyspnea
      2026-03-01,,,,no,yes
      2026-03-02,08:00,150,95,yes,

      """)
    #expect(fhir == csv)
    let rules = try Self.symptomRules.compiled()
    #expect(try rules.evaluate(fhir) == rules.evaluate(csv))
    #expect(try rules.evaluate(fhir).alerts == ["chest_pain"])
  }

  @Test(
    "unknown symptom and context codes, and codings that disagree, are located errors, never guessed",
    arguments: [
      (
        #""code": {"coding": [{"system": "http://loinc.org", "code": "75325-1"}]}, "valueCodeableConcept": {"coding": [{"system": "http://snomed.info/sct", "code": "25064002"}]}"#,
        "2:254: unknown symptom: SNOMED CT code '25064002'"
      ),
      (
        #""code": {"coding": [{"system": "http://loinc.org", "code": "75325-1"}]}, "valueCodeableConcept": {"text": "headache"}"#,
        "2:197: a symptom with no coding planner reads"
      ),
      (
        #""code": {"coding": [{"system": "http://loinc.org", "code": "111551-8"}]}, "valueBoolean": false"#,
        "2:14: a symptom Observation without a 'valueCodeableConcept'"
      ),
      (
        #""code": {"coding": [{"system": "http://loinc.org", "code": "75325-1"}]}, "valueCodeableConcept": {"coding": [{"system": "http://snomed.info/sct", "code": "29857009"}, {"system": "http://planner.invalid/fhir/CodeSystem/symptom", "code": "fever"}]}"#,
        "2:197: the symptom's codings name different symptoms: chest_pain, fever"
      ),
      (
        #""code": {"coding": [{"system": "http://loinc.org", "code": "75325-1"}]}, "valueCodeableConcept": {"coding": [{"system": "http://planner.invalid/fhir/CodeSystem/symptom", "code": "Chest-Pain"}]}"#,
        "2:278: 'Chest-Pain' is not a planner symptom code"
      ),
      (
        #""code": {"coding": [{"system": "http://loinc.org", "code": "8867-4"}]}, "valueQuantity": {"value": 72, "system": "http://unitsofmeasure.org", "code": "/min"}, "extension": [{"url": "http://planner.invalid/fhir/StructureDefinition/reading-context", "valueCodeableConcept": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v3-TimingEvent", "code": "ACM"}]}}]"#,
        "2:459: unknown reading context code 'ACM' (system http://terminology.hl7.org/CodeSystem/v3-TimingEvent)"
      ),
      (
        #""code": {"coding": [{"system": "http://loinc.org", "code": "8867-4"}]}, "valueQuantity": {"value": 72, "system": "http://unitsofmeasure.org", "code": "/min"}, "extension": [{"url": "http://planner.invalid/fhir/StructureDefinition/reading-context", "valueString": "fasting"}]"#,
        "2:273: the reading-context extension has no 'valueCodeableConcept'"
      ),
      (
        #""code": {"coding": [{"system": "http://loinc.org", "code": "1558-6"}]}, "valueQuantity": {"value": 99, "system": "http://unitsofmeasure.org", "code": "mg/dL"}, "extension": [{"url": "http://planner.invalid/fhir/StructureDefinition/reading-context", "valueCodeableConcept": {"text": "after meal"}}]"#,
        "2:274: the reading context 'after meal' contradicts LOINC 1558-6, which is fasting"
      ),
    ])
  func symptomErrors(members: String, expected: String) {
    let text = Self.bundle([#""status": "final", "effectiveDateTime": "2026-03-01", "# + members])
    let found = Self.issues(text)
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix(expected) == true, "\(found)")
  }

  @Test("an import streams a file in date order and reads one that is not whole; both give the same journal")
  func streamedImport() throws {
    let folder = try Self.folder()
    let rows = (0..<200).map { index in
      let day = Day(year: 2026, month: 1, day: 1)!.advanced(by: index)
      return "\(day),07:\(10 + index % 40),fasting,\(120 + index % 9),80,\(index % 3 == 0 ? "yes" : "no")"
    }
    let header = "date,time,context,systolic,diastolic,symptom chest_pain\n"
    let sorted = folder.appendingPathComponent("sorted.csv")
    try (header + rows.joined(separator: "\n") + "\n").write(to: sorted, atomically: true, encoding: .utf8)
    let shuffled = folder.appendingPathComponent("shuffled.csv")
    try (header + (rows[100...] + rows[..<100]).joined(separator: "\n") + "\n").write(
      to: shuffled, atomically: true, encoding: .utf8)
    let bundle = folder.appendingPathComponent("bundle.json")
    try FHIRBundle.export(
      from: sorted, subject: "Patient/1", timeZone: TimeZone(identifier: "UTC")!, to: bundle)
    var journals: [String] = []
    for source in [sorted, shuffled, bundle] {
      let journal = folder.appendingPathComponent(
        "journal-\(source.deletingPathExtension().lastPathComponent).csv")
      try Journal.log(
        try JournalEntry.parse("19:00 bp 130/85"), on: Day(year: 2026, month: 1, day: 5)!, into: journal)
      #expect(
        try Journal.importReadings(from: source, into: journal)
          == JournalImport.tuple(days: 200, newRowDays: 200))
      #expect(
        try Journal.importReadings(from: source, into: journal)
          == JournalImport.tuple(days: 200, unchangedDays: 200))
      journals.append(try String(contentsOf: journal, encoding: .utf8))
    }
    #expect(journals[0] == journals[1])
    #expect(journals[0] == journals[2])
    #expect(journals[0].split(separator: "\n").count == 202)
    #expect(
      journals[0].hasPrefix("date,time,context,weight,systolic,diastolic,sugar,symptoms,symptom chest_pain\n")
    )
    // A file with a problem after its first days imports nothing.
    let bad = folder.appendingPathComponent("bad.csv")
    try (header + rows.joined(separator: "\n") + "\n2026-12-30,07:00,,80,120,\n").write(
      to: bad, atomically: true, encoding: .utf8)
    let journal = folder.appendingPathComponent("journal-sorted.csv")
    let before = try String(contentsOf: journal, encoding: .utf8)
    #expect(throws: JournalError.self) { try Journal.importReadings(from: bad, into: journal) }
    #expect(try String(contentsOf: journal, encoding: .utf8) == before)
  }
}
