import Diagnostics
import Foundation
import HealthRules
import Testing

/// One test per readings diagnostic id: a small input that produces it, with its exact message.
@Suite("Every readings diagnostic id has an input that produces it")
struct ReadingsDiagnosticIDTests {
  /// Where an input is read: a readings format, a journal entry, or a file on disk.
  enum Input: Sendable {
    case csv(String)
    case json(String)
    case xml(String)
    case entry(String)
    /// A file with this name (in a fresh folder) and these bytes, or none when `nil`.
    case file(name: String, bytes: [UInt8]?)

    func issues() -> [ReadingsIssue] {
      do throws(ReadingsError) {
        switch self {
        case .csv(let text): _ = try CSVReadings.parse(text)
        case .json(let text): _ = try JSONReadings.parse(text)
        case .xml(let text): _ = try AppleHealthReadings.parse(data: Data(text.utf8))
        case .entry(let text): _ = try JournalEntry.parse(text)
        case .file(let name, let bytes):
          let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readings-id-\(UUID())")
          try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
          defer { try? FileManager.default.removeItem(at: folder) }
          let url = folder.appendingPathComponent(name)
          if let bytes { try? Data(bytes).write(to: url) }
          _ = try ReadingsFile.load(from: url)
        }
        return []
      } catch {
        return error.issues
      }
    }
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var id: ReadingsDiagnosticID
    var input: Input
    var message: String
    var testDescription: String { id.rawValue }

    init(_ id: ReadingsDiagnosticID, _ input: Input, _ message: String) {
      self.id = id
      self.input = input
      self.message = message
    }
  }

  /// Ids produced outside HealthRules: `planner log` turns a journal's conflicts into `already-logged`
  /// (its exact output is tested in PlannerCLITests' JournalCommandTests, `duplicateDay`).
  static let elsewhere: Set<ReadingsDiagnosticID> = [.alreadyLogged]

  static let record =
    "<HealthData><Record type=\"HKQuantityTypeIdentifierBodyMass\" startDate=\"2026-03-01 07:00:00 -0500\""

  static let cases: [Case] = [
    Case(
      .cannotReadFile, .file(name: "gone.csv", bytes: nil), "cannot read '<folder>/gone.csv': no such file"),
    Case(
      .unknownFormat, .file(name: "readings.txt", bytes: Array("date\n".utf8)),
      "cannot tell the format of 'readings.txt'"),
    Case(.notUtf8, .file(name: "latin1.csv", bytes: [0x64, 0xE9, 0x0A]), "'latin1.csv' is not UTF-8 text"),
    Case(.missingHeader, .csv(""), "the file has no header line"),
    Case(.unknownColumn, .csv("date,systolc\n2026-03-01,120\n"), "unknown column 'systolc'"),
    Case(.duplicateColumn, .csv("date,weight,weight\n"), "a second 'weight' column; the first is column 2"),
    Case(.missingDateColumn, .csv("weight\n180\n"), "the header has no 'date' column"),
    Case(.unclosedUnit, .csv("date,weight (kg\n"), "missing ')' after the unit in 'weight (kg'"),
    Case(.unterminatedQuote, .csv("date,symptoms\n2026-03-01,\"tired\n"), "unterminated quoted field"),
    Case(
      .textAfterQuote, .csv("date,symptoms\n2026-03-01,\"tired\" x\n"), "unexpected text after a quoted field"
    ),
    Case(
      .raggedRow, .csv("date,weight\n2026-03-01,180,1\n"),
      "this row has 3 fields but the header names 2 columns"),
    Case(.jsonSyntax, .json("["), "expected a value, found the end of the file"),
    Case(.wrongValueType, .json("{\"readings\": 3}"), "'readings' must be an array of objects"),
    Case(.unknownKey, .json("[{\"date\": \"2026-03-01\", \"wieght\": 180}]"), "unknown key 'wieght'"),
    Case(
      .duplicateKey, .json("[{\"date\": \"2026-03-01\", \"weight\": 180, \"weight\": 181}]"),
      "'weight' appears twice in one reading"),
    Case(.missingReadings, .json("{}"), "no 'readings' array"),
    Case(.xmlSyntax, .xml("<HealthData>&</HealthData>"), "<xml>"),
    Case(
      .notAppleHealth, .xml("<?xml version=\"1.0\"?><Other/>"),
      "this is not an Apple Health export: no <HealthData> element"),
    Case(.missingDate, .csv("date,weight\n,180\n"), "missing date"),
    Case(.invalidDate, .csv("date,weight\n2026-02-30,180\n"), "'2026-02-30' is not a date"),
    Case(
      .duplicateDate, .csv("date,weight\n2026-03-01,180\n2026-03-01,181\n"),
      "a second reading for 2026-03-01; the first is on line 2"),
    Case(.invalidNumber, .csv("date,weight\n2026-03-01,abc\n"), "'abc' is not a number"),
    Case(
      .numberTooLarge, .csv("date,weight\n2026-03-01,99999999999999999999999999\n"),
      "'99999999999999999999999999' has more than 15 significant digits"),
    Case(
      .numberTooLarge, .csv("date,sugar (mmol/L)\n2026-03-01,999999999999999\n"),
      "'999999999999999' is too large"),
    Case(.readingOutOfRange, .csv("date,weight\n2026-03-01,0\n"), "weight must be above 0, found '0 lb'"),
    Case(
      .swappedPressures, .csv("date,systolic,diastolic\n2026-03-01,80,120\n"),
      "systolic 80 mmHg is not above diastolic 120 mmHg"),
    Case(.unknownReadingUnit, .csv("date,weight (stone)\n"), "unknown unit 'stone'"),
    Case(.wrongUnit, .csv("date,weight (mmHg)\n"), "'mmHg' is not a unit of weight; use lb, kg, g"),
    Case(.unitNotAllowed, .csv("date,symptoms (kg)\n"), "'symptoms' takes no unit"),
    Case(.missingValue, .xml(record + "/></HealthData>"), "a weight record without a 'value'"),
    Case(
      .emptyEntry, .entry(""), "nothing to log"),
    Case(.unknownItem, .entry("wieght 180"), "unknown reading 'wieght'"),
    Case(.unnamedValue, .entry("180"), "expected a reading name before '180'"),
    Case(
      .repeatedItem, .entry("weight 180, weight 181"),
      "'weight' is given twice in this entry; the first is at column 1"),
    Case(.invalidPressure, .entry("bp 120"), "'120' is not a blood pressure"),
    Case(
      .unknownCode,
      .json(
        #"{"resourceType": "Bundle", "entry": [{"resource": {"resourceType": "Observation", "status": "final", "#
          + #""code": {"coding": [{"system": "http://loinc.org", "code": "9279-1"}]}, "#
          + #""effectiveDateTime": "2026-03-01"}}]}"#),
      "unknown LOINC code '9279-1' in an Observation"),
    Case(
      .invalidAnswer, .csv("date,symptom chest_pain\n2026-03-01,maybe\n"),
      "'symptom chest_pain' is yes or no, not 'maybe'"),
  ]

  @Test("the input produces its id, with this message", arguments: cases)
  func produces(_ testCase: Case) {
    let issues = testCase.input.issues()
    let issue = issues.first { $0.id == testCase.id }
    #expect(issue != nil, "\(issues.map { "\($0.id.rawValue): \($0.message)" })")
    guard let issue else { return }
    switch testCase.message {
    case "<xml>":
      // Foundation's XMLParser words its own errors; the message starts the same everywhere.
      #expect(issue.message.hasPrefix("the XML is malformed"), "\(issue.message)")
    case let message where message.hasPrefix("cannot read '<folder>/"):
      #expect(issue.message.hasPrefix("cannot read '"), "\(issue.message)")
      #expect(issue.message.hasSuffix(String(message.dropFirst("cannot read '<folder>".count))))
    default:
      #expect(issue.message == testCase.message)
    }
  }

  @Test("every id of the readings catalog has a case here or is produced elsewhere")
  func everyIDHasACase() {
    let covered = Set(Self.cases.map(\.id)).union(Self.elsewhere)
    #expect(ReadingsDiagnosticID.allCases.filter { !covered.contains($0) }.map(\.rawValue) == [])
  }

  @Test("rendered diagnostics carry each issue's own id, in text and in JSON records")
  func diagnosticsCarryTheID() throws {
    let error = try #require(
      { () -> ReadingsError? in
        do throws(ReadingsError) {
          _ = try CSVReadings.parse("date,wieght\n2026-02-30,180\n")
          return nil
        } catch {
          return error
        }
      }())
    let list = error.diagnostics(path: "r.csv")
    #expect(list.diagnostics.map(\.id) == ["unknown-column", "invalid-date"])
    #expect(list.records.map(\.id) == ["unknown-column", "invalid-date"])
    #expect(
      DiagnosticRenderer().render(list) == """
        r.csv:1:6: error: unknown column 'wieght'
          date,wieght
               ^~~~~~
          hint: did you mean 'weight'?
        r.csv:2:1: error: '2026-02-30' is not a date
          2026-02-30,180
          ^~~~~~~~~~
          hint: write dates as yyyy-mm-dd, such as 2026-03-01
        2 errors generated.

        """)
  }
}
