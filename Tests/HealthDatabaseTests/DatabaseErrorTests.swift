import HealthDatabase
import HealthRules
import Testing

@Suite("Database problems and unsupported rules give clear errors, never a crash")
struct DatabaseErrorTests {
  @Test("a server that is not there is a connection error")
  func noServer() {
    #expect {
      _ = try PostgresConnection(
        url: "host=/nonexistent-planner-socket-dir user=nobody password=secret dbname=x")
    } throws: { error in
      guard let error = error as? DatabaseError, case .connection(let message) = error else { return false }
      return !message.contains("secret") && !error.description.contains("secret")
    }
  }

  @Test("rules that SQL cannot express exactly are refused, naming the construct")
  func refusedConstructs() {
    let heartRate = Metric(name: "step_count", unit: .number)
    let custom = RuleSet(
      id: "custom", name: "Custom",
      alerts: [
        Alert(
          id: "fast", message: "fast",
          condition: .comparison(.reading(heartRate, .today), .greater, .number(100)))
      ], otherwise: "ok")
    #expect(throws: SQLError.self) { try custom.sql() }
    do {
      _ = try custom.sql()
    } catch {
      #expect(error.kind == .unsupported && error.alertID == "fast" && error.construct == "step_count")
    }
    let accented = RuleSet(
      id: "accented", name: "Accented",
      alerts: [Alert(id: "fievre", message: "fièvre", condition: .symptomsMention("fièvre", .today))],
      otherwise: "ok")
    do {
      _ = try accented.sql()
      Issue.record("a non-ASCII symptom word was accepted")
    } catch {
      #expect(error.kind == .unsupported && error.description.contains("symptoms mention \"fièvre\""))
    }
    var table = ReadingsTable.default
    table.weight = .init(name: "weight", unit: .mmHg)
    #expect(throws: SQLError.self) { try RuleSet.baseline.sql(table: table) }
  }

  @Test(
    "a missing table, a floating-point column and two rows for one day are reported",
    .enabled(if: PostgresServer.isAvailable, PostgresServer.skipNote))
  func tableProblems() throws {
    try PostgresServer.withConnection { connection in
      let runner = DatabaseVerdicts(ruleSet: .baseline)
      #expect(throws: DatabaseError.missingTable("\"readings\"")) { try runner.run(on: connection) }
      try connection.execute(
        """
        CREATE TABLE readings (patient_id text, day date, weight double precision, systolic numeric,
          diastolic numeric, sugar numeric, symptoms text)
        """)
      do {
        _ = try runner.run(on: connection)
        Issue.record("a double precision column was accepted")
      } catch {
        #expect("\(error)".contains("column 'weight' of \"readings\" is double precision"))
      }
      try connection.execute(
        """
        ALTER TABLE readings ALTER COLUMN weight TYPE numeric;
        INSERT INTO readings (patient_id, day, sugar) VALUES
          ('a', '2026-03-06', 100), ('a', '2026-03-06', 101), ('a', '2026-03-07', 110), ('b', '2026-03-07', 95);
        """)
      let verdicts = try runner.run(on: connection)
      #expect(verdicts.map(\.patientID) == ["a", "b"])
      #expect(verdicts[0].status == nil && verdicts[0].error == "two readings for 2026-03-06")
      #expect(verdicts[1].status == .notEnoughData)
      #expect(try !runner.hasUniqueDays(on: connection))
      #expect(throws: DatabaseError.self) { try connection.execute("SELECT * FROM nowhere") }
      // Rules with a per-patient parameter read a second table, checked the same way.
      var perPatient = RuleSet(
        id: "p", name: "P",
        alerts: [
          Alert(
            id: "over", message: "over",
            condition: .comparison(.reading(.weight, .today), .greater, .parameter("dry_weight", .pound)))
        ], otherwise: "fine")
      perPatient.parameters = ["dry_weight": .pound]
      let parameters = DatabaseVerdicts(ruleSet: perPatient)
      #expect(throws: DatabaseError.missingTable("\"patient_parameters\"")) {
        try parameters.run(on: connection)
      }
      try connection.execute(
        "CREATE TABLE patient_parameters (patient_id text, name text, value double precision, unit text)")
      do {
        _ = try parameters.run(on: connection)
        Issue.record("a double precision parameter value was accepted")
      } catch {
        #expect("\(error)".contains("column 'value' of \"patient_parameters\" is double precision"))
      }
    }
  }
}
