import Foundation
import HealthDatabase
import HealthRules
import PlanDSL
import Testing

@Suite("PostgreSQL gives the in-process verdicts on every rule test in the repository")
struct RuleTestAgreementTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every `.plan` file under Examples/ and Tests/ that declares rule tests.
  static func ruleFiles() throws -> [URL] {
    var files: [URL] = []
    for folder in ["Examples", "Tests"] {
      let base = root.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
        continue
      }
      for case let url as URL in walker where url.pathExtension == "plan" {
        let text = try String(contentsOf: url, encoding: .utf8)
        if text.contains("test \"") { files.append(url) }
      }
    }
    return files.sorted { $0.path < $1.path }
  }

  @Test(
    "every test block of Examples/home.plan and the fixtures",
    .enabled(if: PostgresServer.isAvailable, PostgresServer.skipNote))
  func everyRuleTest() throws {
    let files = try Self.ruleFiles()
    #expect(files.contains { $0.lastPathComponent == "home.plan" })
    var cases: [(id: String, ruleSet: RuleSet, asOf: Day?, expected: PatientVerdict)] = []
    var rows = ReadingsRows()
    var parameters: [(patient: String, name: String, value: String, unit: String)] = []
    for file in files {
      let program = try PlanLoader().load(path: file.path)
      let ruleSets = program.ruleSets + [.baseline]
      let runner = try RuleTestRunner(ruleSets: ruleSets)
      for (index, test) in program.ruleTests.enumerated() {
        guard let ruleSet = ruleSets.first(where: { $0.id == test.ruleSet }),
          let verdict = runner.run(test).verdict
        else { continue }
        let id = "\(file.lastPathComponent)#\(index)"
        let length = ruleSet.windowLength
        for (name, steps) in test.parameters.sorted(by: { $0.key < $1.key }) {
          let unit = ruleSet.parameters[name] ?? .number
          parameters.append(
            (id, name, ReadingsRows.decimal(steps: steps, scale: unit.storageScale), unit.symbol))
        }
        switch try test.allReadings() {
        case .days(let days):
          let today = verdict.today
          let readings = days.enumerated().compactMap { slot, measurements in
            measurements.map { Reading(date: today.advanced(by: slot - (length - 1)), measurements: $0) }
          }
          rows.add(id, readings)
          cases.append((id, ruleSet, today, PatientVerdict(patientID: id, verdict: verdict)))
        case .dated(let readings):
          rows.add(id, readings)
          cases.append((id, ruleSet, test.today, PatientVerdict(patientID: id, verdict: verdict)))
        }
      }
    }
    #expect(cases.count >= 9)
    #expect(files.contains { $0.lastPathComponent == "constructs.plan" })
    try PostgresServer.withConnection { connection in
      try rows.load(into: connection)
      try connection.execute(
        """
        DROP TABLE IF EXISTS patient_parameters;
        CREATE TABLE patient_parameters (
          patient_id text NOT NULL, name text NOT NULL, value numeric NOT NULL, unit text,
          PRIMARY KEY (patient_id, name))
        """)
      try connection.copy(
        "COPY patient_parameters (patient_id, name, value, unit) FROM STDIN",
        data: parameters.map { "\($0.patient)\t\($0.name)\t\($0.value)\t\($0.unit)\n" }.joined())
      #expect(parameters.count >= 10)
      for item in cases {
        let found = try DatabaseVerdicts(ruleSet: item.ruleSet).run(
          on: connection, asOf: item.asOf, patients: [item.id])
        #expect(found == [item.expected], "\(item.id)")
      }
    }
  }
}
