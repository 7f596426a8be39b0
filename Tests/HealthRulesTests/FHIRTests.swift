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
            + "1558-6, 8867-4, 59408-5, 2708-6, 8310-5 and the blood pressure panel 85354-9)"
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
    #expect(changes.count == 7)
    #expect(
      try ReadingsFile.load(from: journal)
        == ReadingsFile.load(from: bundle).map { reading in
          var kept = reading
          // The journal's symptoms column holds "" (no symptoms) for every row.
          kept.measurements.symptoms = ""
          return kept
        })
    #expect(try Journal.importReadings(from: bundle, into: journal).allSatisfy(\.isUnchanged))
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
}
