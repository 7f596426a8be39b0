import Foundation
import Testing

@testable import HealthRules

@Suite("Readings files")
struct ReadingsFileTests {
  static func fixture(_ name: String) throws -> URL {
    try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
  }

  static func day(_ d: Int) -> Day { Day(year: 2026, month: 3, day: d)! }

  @Test("a CSV week with kg, mmol/L, a blank line and quoted symptoms reads exactly")
  func csvWeek() throws {
    let readings = try ReadingsFile.load(from: Self.fixture("week.csv"))
    #expect(readings.count == 7)
    #expect(readings.map(\.date) == (1...7).map(Self.day))
    // 81.6 kg = 81.6 / 0.45359237 lb = 8160000000/45359237 lb, held exactly.
    #expect(readings[0].measurements.weight == Rational(8_160_000_000, 45_359_237))
    #expect(readings[0].measurements.enteredUnit(of: .weight) == .kilogram)
    // 5.3 mmol/L * 18.016 = 95.4848 mg/dL, held exactly.
    #expect(readings[0].measurements.sugar == exact("95.4848"))
    #expect(readings[0].measurements.symptoms == "")
    #expect(readings[1].measurements.symptoms == "tired, mild headache")
    #expect(readings[6].measurements.symptoms == "dizzy, \"light-headed\"")
    #expect(readings[6].measurements.systolic == 133)
  }

  @Test("the CSV week raises sugar_high and bp_high")
  func csvWeekVerdict() throws {
    let readings = try ReadingsFile.load(from: Self.fixture("week.csv"))
    let verdict = try RuleSet.baseline.compiled().evaluate(readings)
    #expect(verdict.alerts == ["weight_gain", "sugar_high", "bp_high"])
  }

  @Test("a JSON week with units reads and raises weight_gain and sugar_high at the exact boundary")
  func jsonWeek() throws {
    let readings = try ReadingsFile.load(from: Self.fixture("week.json"))
    #expect(readings.count == 7)
    #expect(readings[5].measurements.symptoms == nil)
    #expect(readings[6].measurements.symptoms == "none")
    let verdict = try RuleSet.baseline.compiled().evaluate(readings)
    #expect(verdict.alerts == ["weight_gain", "sugar_high"])
  }

  @Test("an Apple Health export keeps every record with its time, and converts units")
  func appleHealthExport() throws {
    let readings = try ReadingsFile.load(from: Self.fixture("export.xml"))
    #expect(readings.map(\.date) == [Self.day(6), Self.day(7)])
    let first = readings[0].measurements
    // 82 kg at 07:10 and 83 kg at 19:00: the day's value is their mean, 82.5 kg.
    #expect(first.weight == Rational(825 * 10_000_000, 45_359_237))
    #expect(
      first.readings(of: "weight").map(\.time?.description) == ["07:10", "19:00"])
    let morning: Int64 = 8_200_000_000_000
    #expect(first.steps(of: Metric.weight.selecting(ReadingSelection(combine: .first))) == morning)
    #expect(first.systolic == 120)
    #expect(first.diastolic == 80)
    #expect(first.sugar == exact("99.088"))
    #expect(readings[1].measurements.weight == exact("181.5"))
    #expect(readings[1].measurements.sugar == 104)
  }

  @Test("an Apple Health export streams from an InputStream")
  func appleHealthStream() throws {
    let url = try Self.fixture("export.xml")
    let stream = try #require(InputStream(url: url))
    #expect(try AppleHealthReadings.parse(stream: stream).count == 2)
  }

  struct BadInput: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let expected: [String]
    var testDescription: String { name }
  }

  @Test(
    "bad CSV gives every error with its line and column",
    arguments: [
      BadInput(
        name: "misspelt column", text: "date,weight,systolc\n2026-03-01,180,120\n",
        expected: ["1:13: unknown column 'systolc' (did you mean 'systolic'?)"]),
      BadInput(
        name: "no date column", text: "weight,sugar\n180,95\n",
        expected: ["1:1: the header has no 'date' column (add a 'date' column holding yyyy-mm-dd)"]),
      BadInput(
        name: "not a number", text: "date,weight\n2026-03-01,abc\n",
        expected: ["2:12: 'abc' is not a number"]),
      BadInput(
        name: "decimal comma", text: "date,weight\n2026-03-01,\"180,5\"\n",
        expected: ["2:12: '180,5' is not a number (use '.' as the decimal point)"]),
      BadInput(
        name: "negative weight", text: "date,weight\n2026-03-01,-5\n",
        expected: ["2:12: weight must be above 0, found '-5 lb'"]),
      BadInput(
        name: "zero weight", text: "date,weight (kg)\n2026-03-01,0\n",
        expected: ["2:12: weight must be above 0, found '0 kg'"]),
      BadInput(
        name: "absurd sugar", text: "date,sugar\n2026-03-01,5000\n",
        expected: ["2:12: sugar '5000 mg/dL' is outside the plausible range 10...1000 mg/dL"]),
      BadInput(
        name: "systolic below diastolic", text: "date,systolic,diastolic\n2026-03-01,80,120\n",
        expected: [
          "2:12: systolic 80 mmHg is not above diastolic 120 mmHg (are the two columns swapped?)"
        ]),
      BadInput(
        name: "two readings for one date",
        text: "date,weight\n2026-03-01,180\n2026-03-02,181\n2026-03-01,182\n",
        expected: [
          "4:1: a second reading for 2026-03-01; the first is on line 2 (give each reading its time, or merge the two rows)"
        ]),
      BadInput(
        name: "bad date", text: "date,weight\n2026-02-30,180\n",
        expected: ["2:1: '2026-02-30' is not a date (write dates as yyyy-mm-dd, such as 2026-03-01)"]),
      BadInput(
        name: "wrong unit for the column", text: "date,weight (mmol/L)\n2026-03-01,80\n",
        expected: ["1:6: 'mmol/L' is not a unit of weight; use lb, kg, g"]),
      BadInput(
        name: "too many fields", text: "date,weight\n2026-03-01,180,5\n",
        expected: [
          "2:16: this row has 3 fields but the header names 2 columns (quote a field that contains a comma)"
        ]),
      BadInput(
        name: "unterminated quote", text: "date,symptoms\n2026-03-01,\"cough\n",
        expected: ["2:12: unterminated quoted field (add the closing '\"')"]),
      BadInput(
        name: "all errors in one pass",
        text: "date,weight,sugar\n2026-03-01,abc,95\n2026-03-02,180,x\n2026-13-01,180,95\n",
        expected: [
          "2:12: 'abc' is not a number", "3:16: 'x' is not a number",
          "4:1: '2026-13-01' is not a date (write dates as yyyy-mm-dd, such as 2026-03-01)",
        ]),
    ])
  func badCSV(_ input: BadInput) {
    #expect(throws: ReadingsError.self) { try CSVReadings.parse(input.text) }
    do {
      _ = try CSVReadings.parse(input.text)
    } catch {
      #expect(error.issues.map(\.description) == input.expected)
    }
  }

  @Test("an error carries the line text and the length to underline")
  func errorCarriesLineText() throws {
    do {
      _ = try CSVReadings.parse("date,weight\n2026-03-01,abc\n")
      Issue.record("expected an error")
    } catch {
      let issue = try #require(error.issues.first)
      #expect(issue.lineText == "2026-03-01,abc")
      #expect(issue.length == 3)
    }
  }

  @Test(
    "bad JSON gives located errors",
    arguments: [
      BadInput(
        name: "misspelt key", text: "[{\"date\": \"2026-03-01\", \"wieght\": 180}]",
        expected: ["1:25: unknown key 'wieght' (did you mean 'weight'?)"]),
      BadInput(
        name: "string for a number", text: "[{\"date\": \"2026-03-01\",\n \"weight\": \"180\"}]",
        expected: ["2:12: 'weight' must be a number, not the string \"180\""]),
      BadInput(
        name: "syntax error", text: "[{\"date\": \"2026-03-01\" \"weight\": 180}]",
        expected: ["1:24: expected '}', found '\"'"]),
      BadInput(
        name: "duplicate date",
        text: "[{\"date\": \"2026-03-01\", \"weight\": 180},\n {\"date\": \"2026-03-01\", \"weight\": 181}]",
        expected: [
          "2:11: a second reading for 2026-03-01; the first is on line 1 (give each reading its time, or merge the two rows)"
        ]),
      BadInput(
        name: "mmol unit on weight", text: "{\"units\": {\"weight\": \"mmol/L\"}, \"readings\": []}",
        expected: ["1:22: 'mmol/L' is not a unit of weight; use lb, kg, g"]),
    ])
  func badJSON(_ input: BadInput) {
    do {
      _ = try JSONReadings.parse(input.text)
      Issue.record("expected an error")
    } catch {
      #expect(error.issues.map(\.description) == input.expected)
    }
  }

  @Test("a bad Apple Health record is located and nothing is dropped silently")
  func badAppleHealth() throws {
    let xml = """
      <?xml version="1.0"?>
      <HealthData>
       <Record type="HKQuantityTypeIdentifierBodyMass" unit="kg" startDate="2026-03-06 07:10:00 -0500" value="-3"/>
       <Record type="HKQuantityTypeIdentifierBloodGlucose" unit="furlong" startDate="2026-03-06 07:10:00 -0500" value="5"/>
      </HealthData>
      """
    do {
      _ = try AppleHealthReadings.parse(data: Data(xml.utf8))
      Issue.record("expected an error")
    } catch {
      #expect(error.issues.map(\.line) == [3, 4])
      #expect(
        error.issues.map(\.message) == [
          "weight must be above 0, found '-3 kg'",
          "unit 'furlong' is not a unit of sugar; expected mg/dL, mmol/L",
        ])
    }
  }

  @Test("malformed XML is an error, not a crash")
  func malformedXML() {
    #expect(throws: ReadingsError.self) {
      try AppleHealthReadings.parse(data: Data("<HealthData><Record".utf8))
    }
  }
}
