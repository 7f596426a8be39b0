import HealthDatabase
import Testing

@testable import HealthRules

/// Values and names that hold quotes, backslashes, combining marks and prepended scalars reach
/// a real PostgreSQL unchanged and never change what the query does.
@Suite("Values and names in SQL")
struct SQLValueTests {
  /// A deterministic generator (SplitMix64), so a failing case can be found again.
  struct Generator {
    var state: UInt64

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// Scalars SQL quoting must get right, mixed with ordinary ones: `'` after U+0600 and `"`
    /// before U+0301 are one grapheme cluster each.
    static let tricky: [Unicode.Scalar] = [
      "'", "\"", "\\", "\u{0600}", "\u{0301}", "\u{200D}", "\u{FEFF}", ";", "-", "(", ")", ",", "$", "{", "}",
      " ", "%", "_", "é", "漢", "😀", "\u{1F3FD}", "E", "\u{2028}",
    ]
    static let controls: [Unicode.Scalar] = ["\n", "\r", "\t", "\u{1}", "\u{7F}", "\u{85}"]
    static let plain = Array("abcdefghijklmnopqrstuvwxyz0123456789".unicodeScalars)

    /// Text of 1 to `maximum` scalars; with control characters only when `controls`.
    mutating func text(maximum: Int, controls: Bool) -> String {
      var scalars = String.UnicodeScalarView()
      for _ in 0...below(maximum) {
        let pool = below(3) == 0 ? Self.plain : (controls && below(6) == 0 ? Self.controls : Self.tricky)
        scalars.append(pool[below(pool.count)])
      }
      return String(scalars)
    }
  }

  static let symptomRules = RuleSet(
    id: "dizzy", name: "Dizzy",
    alerts: [Alert(id: "dizzy", message: "dizzy", condition: .symptomsMention("dizzy", .today))],
    otherwise: "fine")

  /// Reads the sugar column and the symptoms column.
  static let sugarRules = RuleSet(
    id: "sugar", name: "Sugar",
    alerts: [
      Alert(
        id: "high", message: "high",
        condition: .comparison(.reading(.sugar, .today), .greater, .constant(300, .mgPerDL))),
      Alert(id: "dizzy", message: "dizzy", condition: .symptomsMention("dizzy", .today)),
    ],
    otherwise: "fine")

  @Test(
    "300 generated patient ids and symptom texts round-trip as parameters and select exactly their patient",
    .enabled(if: PostgresServer.isAvailable, PostgresServer.skipNote))
  func patientIDs() throws {
    var generator = Generator(state: 43)
    var ids: [String] = [
      "p-1\u{0600}') OR true --", "p-2\u{0600}'); DELETE FROM readings; --", "q\"\u{0301}",
    ]
    while ids.count < 300 {
      let id = generator.text(maximum: 12, controls: true)
      if !ids.contains(where: { Array($0.utf8) == Array(id.utf8) }) { ids.append(id) }
    }
    try PostgresServer.withConnection { connection in
      try connection.execute(
        "CREATE TABLE readings (patient_id text, day date, weight numeric, systolic numeric, diastolic numeric, sugar numeric, symptoms text)"
      )
      var symptoms: [String: (text: String, fires: Bool)] = [:]
      for (index, id) in ids.enumerated() {
        let fires = index % 2 == 0
        let text = generator.text(maximum: 20, controls: true) + (fires ? ". dizzy" : "")
        symptoms[id] = (text, fires)
        try connection.query(
          "INSERT INTO readings (patient_id, day, symptoms) VALUES ($1, '2026-03-07', $2)",
          parameters: [id, text])
      }
      let runner = DatabaseVerdicts(ruleSet: Self.symptomRules)
      for id in ids {
        let found = try runner.run(on: connection, patients: [id])
        let expected = symptoms[id]!
        #expect(found.map { Array($0.patientID.utf8) } == [Array(id.utf8)], "\(id.debugDescription)")
        #expect(found.first?.alerts == (expected.fires ? ["dizzy"] : []), "\(expected.text.debugDescription)")
        // The printed form, literals quoted per scalar, selects the same one row.
        let printed = try Self.symptomRules.sql(patients: [id])
        let rows = try connection.query(printed).rows
        #expect(rows.map { $0[0].map { Array($0.utf8) } } == [Array(id.utf8)], "\(id.debugDescription)")
      }
      let all = try runner.run(on: connection, patients: Array(ids.prefix(10)))
      #expect(all.count == 10)
      let count = try connection.query("SELECT count(*) FROM readings").rows
      #expect(count == [["300"]])
    }
  }

  @Test(
    "generated schema, table and column names round-trip as quoted identifiers",
    .enabled(if: PostgresServer.isAvailable, PostgresServer.skipNote))
  func names() throws {
    var generator = Generator(state: 4343)
    try PostgresServer.withConnection { connection in
      for round in 0..<40 {
        var names: [String] = []
        while names.count < 9 {
          var name = generator.text(maximum: 10, controls: false)
          while name.utf8.count > ReadingsTable.maximumNameBytes { name.unicodeScalars.removeLast() }
          // PostgreSQL compares names byte by byte: each must be distinct.
          if !names.contains(where: { Array($0.utf8) == Array(name.utf8) }) { names.append(name) }
        }
        var table = ReadingsTable(
          schema: names[0], name: names[1], patientID: names[2], day: names[3],
          weight: .init(name: names[4], unit: .pound), systolic: .init(name: names[5], unit: .mmHg),
          diastolic: .init(name: names[6], unit: .mmHg), sugar: .init(name: names[7], unit: .mgPerDL),
          symptoms: names[8])
        table.uniqueDays = round % 2 == 0
        let columns =
          [names[2] + "\u{0}text", names[3] + "\u{0}date"] + names[4...7].map { $0 + "\u{0}numeric" }
          + [names[8] + "\u{0}text"]
        let definitions = columns.map { pair in
          let parts = pair.split(separator: "\u{0}").map(String.init)
          return SQLText.identifier(parts[0]) + " " + parts[1]
        }
        try connection.execute(
          "CREATE SCHEMA \(SQLText.identifier(names[0])); CREATE TABLE \(table.qualifiedName) (\(definitions.joined(separator: ", ")))"
        )
        let stored = try connection.query(
          "SELECT relname::text FROM pg_class WHERE oid = to_regclass($1)", parameters: [table.qualifiedName])
        #expect(stored.rows.map { $0[0].map { Array($0.utf8) } } == [Array(names[1].utf8)])
        try connection.query(
          "INSERT INTO \(table.qualifiedName) (\(SQLText.identifier(names[2])), \(SQLText.identifier(names[3])), \(SQLText.identifier(names[7])), \(SQLText.identifier(names[8]))) VALUES ($1, '2026-03-07', 400, 'dizzy')",
          parameters: [names[2]])
        let found = try DatabaseVerdicts(ruleSet: Self.sugarRules, table: table).run(on: connection)
        #expect(found.map(\.patientID) == [names[2]], "\(names.map(\.debugDescription))")
        #expect(found.first?.alerts == ["high", "dizzy"], "\(names.map(\.debugDescription))")
        try connection.execute("DROP SCHEMA \(SQLText.identifier(names[0])) CASCADE")
      }
    }
  }

  @Test("a name with a control character, empty, or over 63 bytes is refused with the name shown")
  func badNames() {
    func message(_ table: ReadingsTable, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
      do {
        try table.validate()
        return nil
      } catch {
        #expect(error.kind == .invalidTable, sourceLocation: sourceLocation)
        return error.message
      }
    }
    let rule = "names are 1 to 63 UTF-8 bytes without control characters"
    #expect(
      message(ReadingsTable(name: "read\nings"))
        == "the table name 'read\\u{A}ings' holds the control character U+000A; \(rule)")
    #expect(
      message(ReadingsTable(schema: "", name: "readings")) == "the schema name is empty; \(rule)")
    #expect(
      message(ReadingsTable(patientID: "p\u{0}id"))
        == "the patient_id column name 'p\\u{0}id' holds the control character U+0000; \(rule)")
    let long = String(repeating: "é", count: 32)
    #expect(
      message(ReadingsTable(day: long)) == "the day column name '\(long)' is 64 UTF-8 bytes long; \(rule)")
    #expect(message(ReadingsTable(day: String(repeating: "é", count: 31) + "d")) == nil)
    var parameters = ReadingsTable.default
    parameters.parameters.unit = "u\u{85}"
    #expect(
      message(parameters)
        == "the parameters unit column name 'u\\u{85}' holds the control character U+0085; \(rule)")
  }

  @Test(
    "a NUL in a patient id or a parameter is an error, never a shorter value",
    .enabled(if: PostgresServer.isAvailable, PostgresServer.skipNote))
  func nulCharacter() throws {
    #expect(
      throws: SQLError(
        .invalidValue, construct: "p\u{0}1",
        message: "patient id 'p\\u{0}1' holds a NUL character, which PostgreSQL text cannot hold")
    ) { try RuleSet.baseline.query(patients: ["p-2", "p\u{0}1"]) }
    #expect(throws: SQLError.self) { try RuleSet.baseline.sql(patients: ["p\u{0}1"]) }
    try PostgresServer.withConnection { connection in
      #expect(
        throws: DatabaseError.invalidValue(
          "parameter $2 holds a NUL character, which PostgreSQL text cannot hold")
      ) { try connection.query("SELECT $1::text, $2::text", parameters: ["a", "p\u{0}1"]) }
      #expect(throws: DatabaseError.invalidValue("the SQL statement holds a NUL character")) {
        try connection.execute("SELECT 1;\u{0} DROP TABLE x")
      }
    }
  }

  @Test("a parameter whose column name PostgreSQL would cut short is refused")
  func longParameterName() throws {
    func rules(_ name: String) -> RuleSet {
      var rules = RuleSet(
        id: "p", name: "P",
        alerts: [
          Alert(
            id: "over", message: "over",
            condition: .comparison(.reading(.weight, .today), .greater, .parameter(name, .pound)))
        ], otherwise: "fine")
      rules.parameters = [name: .pound]
      return rules
    }
    let long = String(repeating: "d", count: 58)
    #expect(
      throws: SQLError(
        .unsupported, construct: long,
        message: "parameter '\(long)' has a name of 58 UTF-8 bytes; SQL output allows 57")
    ) { try rules(long).query() }
    #expect(try rules(String(long.dropLast())).query().parameters == [nil, nil])
  }

  @Test("quoting works per Unicode scalar: a quote inside a grapheme cluster is doubled")
  func quoting() {
    #expect(SQLText.literal("p-1\u{0600}') OR true --") == "'p-1\u{0600}'') OR true --'")
    #expect(SQLText.literal("a\\\u{0600}'") == "E'a\\\\\u{0600}'''")
    #expect(SQLText.identifier("x\"\u{0301}y") == "\"x\"\"\u{0301}y\"")
    #expect(SQLText.textArray(["a\"\u{0301}", "b\\", ""]) == "{\"a\\\"\u{0301}\",\"b\\\\\",\"\"}")
  }
}
