import Testing

@testable import HealthRules

/// What `RuleSet.sql` writes and refuses, without a database (the database tests compare results).
@Suite("Rules compiled to SQL")
struct SQLCompilationTests {
  @Test("the baseline query names every alert and checks for two rows on one day")
  func baselineQuery() throws {
    let query = try RuleSet.baseline.sql(dialect: .postgresql)
    for id in ["weight_gain", "sugar_high", "bp_high"] { #expect(query.contains("'\(id)'"), "\(id)") }
    #expect(query.contains("WITH source AS NOT MATERIALIZED"))
    #expect(query.contains("HAVING count(*) > 1"))
    #expect(query.contains("FROM \"readings\" AS r"))
    var table = ReadingsTable.default
    table.uniqueDays = true
    table.schema = "clinic"
    table.sugar = .init(name: "glucose", unit: .mmolPerL)
    let unique = try RuleSet.baseline.sql(
      table: table, asOf: Day(year: 2026, month: 3, day: 7), patients: ["o'brien"])
    #expect(!unique.contains("HAVING count(*) > 1"))
    #expect(unique.contains("FROM \"clinic\".\"readings\" AS r"))
    #expect(unique.contains("DATE '2026-03-07'"))
    #expect(unique.contains("= ANY (ARRAY['o''brien']::text[])"))
    // 1 mmol/L is 18.016 mg/dL, 18,016,000 storage steps of 1/1,000,000 mg/dL: exact, rounded to a step.
    #expect(unique.contains("round(CAST(r.\"glucose\" AS numeric) * 18016000::numeric)"))
    // A mean of weight is over the pound's storage scale.
    #expect(query.contains("45359237000"))
  }

  @Test("constructs SQL cannot express exactly, and bad tables, are refused with the construct named")
  func refusals() {
    func error(_ ruleSet: RuleSet, table: ReadingsTable = .default) -> SQLError? {
      do {
        _ = try ruleSet.sql(table: table)
        return nil
      } catch {
        return error
      }
    }
    let custom = RuleSet(
      id: "custom", name: "Custom",
      alerts: [
        Alert(
          id: "fast", message: "fast",
          condition: .comparison(
            .reading(Metric(name: "step_count", unit: .number), .today), .greater, .number(100)))
      ], otherwise: "ok")
    #expect(error(custom)?.kind == .unsupported)
    #expect(error(custom)?.construct == "step_count")
    #expect(error(custom)?.alertID == "fast")
    let accented = RuleSet(
      id: "accented", name: "Accented",
      alerts: [Alert(id: "fievre", message: "fièvre", condition: .symptomsMention("fièvre", .today))],
      otherwise: "ok")
    #expect(error(accented)?.kind == .unsupported)
    let outside = RuleSet(
      id: "outside", name: "Outside",
      alerts: [
        Alert(
          id: "far", message: "far",
          condition: .comparison(.reading(.sugar, .day(9)), .greater, .constant(1, .mgPerDL)))
      ],
      otherwise: "ok")
    #expect(error(outside)?.kind == .invalidRules)
    let long = RuleSet(id: "long", name: "Long", windowLength: 400, alerts: [], otherwise: "ok")
    #expect(error(long)?.kind == .unsupported)
    var table = ReadingsTable.default
    table.weight = .init(name: "weight", unit: .mmHg)
    #expect(error(.baseline, table: table)?.kind == .invalidTable)
    table = .default
    table.name = ""
    #expect(error(.baseline, table: table)?.kind == .invalidTable)
  }
}
