import Diagnostics
import Foundation
import PlanDSL
import Testing

/// What a Swift user of the library sees: names, errors and their descriptions.
@Suite("The public API of PlanDSL")
struct PublicAPITests {
  func error(loading source: String) -> DiagnosticList? {
    do {
      _ = try PlanLoader().load(text: source, path: "test.plan")
      return nil
    } catch {
      return error
    }
  }

  @Test("a diagnostic list describes itself as its rendered text")
  func diagnosticListDescription() throws {
    let list = try #require(error(loading: "goal g { protien >= 90 g per day }"))
    let expected = """
      test.plan:1:10: error: unknown nutrient 'protien'
        goal g { protien >= 90 g per day }
                 ^~~~~~~
        hint: did you mean 'protein'?
        fix-it: replace 'protien' with 'protein'
      1 error generated.
      """
    #expect(list.description == expected)
    #expect(String(describing: list) == expected)
  }

  @Test("a diagnostic list's localizedDescription is one line: the first error at file:line:column")
  func diagnosticListLocalizedDescription() throws {
    let one = try #require(error(loading: "goal g { protien >= 90 g per day }"))
    #expect(
      (one as any Error).localizedDescription
        == "test.plan:1:10: error: unknown nutrient 'protien' (hint: did you mean 'protein'?)")
    let two = try #require(
      error(loading: "goal g {\n  protien >= 90 g per day\n  fibre >= 30 kcal per day\n}"))
    #expect(two.diagnostics.count == 2)
    #expect(
      (two as any Error).localizedDescription
        == "test.plan:2:3: error: unknown nutrient 'protien' (hint: did you mean 'protein'?) (and 1 more error)"
    )
  }

  @Test("each diagnostic of a list has its path, line and column as properties")
  func diagnosticLocation() throws {
    let list = try #require(
      error(loading: "goal g {\n  protien >= 90 g per day\n  fibre >= 30 kcal per day\n}"))
    #expect(list.diagnostics.map(\.path) == ["test.plan", "test.plan"])
    #expect(list.diagnostics.map(\.line) == [2, 3])
    #expect(list.diagnostics.map(\.column) == [3, 15])
    // A diagnostic made outside a list points nowhere yet.
    #expect(Diagnostic(id: "x", message: "m", at: nil).line == nil)
  }

  @Test("explanations' places are relative to the root plan's folder, however the plan was named")
  func sourceReferencePaths() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("refs-\(UUID().uuidString)")
    let plans = folder.appendingPathComponent("plans")
    try FileManager.default.createDirectory(
      at: plans.appendingPathComponent("lib"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("common"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("goal g { protein >= 50 g per day }\n".utf8).write(
      to: folder.appendingPathComponent("common/goals.plan"))
    try Data("food oats { per 100 g { protein 13 g }; price 1 USD per 1 kg }\n".utf8).write(
      to: plans.appendingPathComponent("lib/foods.plan"))
    try Data(
      """
      include "lib/foods.plan"
      include "../common/goals.plan"
      plan p { goal g; budget 5 USD per day }

      """.utf8
    ).write(to: plans.appendingPathComponent("week.plan"))
    let program = try PlanLoader().load(path: plans.appendingPathComponent("week.plan").path)
    #expect(program.goals.first?.goals.first?.source?.description == "../common/goals.plan:1:10")
    #expect(program.plans.first?.budget?.source?.description == "week.plan:3:18")
    // Diagnostics keep the path as loaded.
    #expect(program.sources.files.first?.path == plans.appendingPathComponent("week.plan").path)
  }

  @Test("one diagnostic describes itself with its severity and hint")
  func diagnosticDescription() {
    let diagnostic = Diagnostic(
      id: "unknown-goal", message: "unknown goal 'gg'", at: nil, hint: "did you mean 'g'?")
    #expect(
      (diagnostic as any Error).localizedDescription == "error: unknown goal 'gg' (hint: did you mean 'g'?)")
  }

  @Test("a bad nutrient condition describes itself with its hint")
  func conditionFailure() {
    do {
      _ = try NutrientConditionSyntax.parse("protien >= 20 g")
      Issue.record("expected an error")
    } catch {
      #expect(
        (error as any Error).localizedDescription == "unknown nutrient 'protien' (did you mean 'protein'?)")
    }
  }

  @Test("units are grouped by 'UnitDimension', which does not collide with Foundation's 'Dimension'")
  func unitDimension() throws {
    let gram = try #require(Units.table["g"])
    #expect(gram.dimension == UnitDimension.mass)
    #expect(UnitDimension.glucose.canonicalUnit == "mg/dL")
    // Foundation's Dimension is still reachable by its plain name.
    #expect(UnitMass.grams.symbol == "g")
    let _: Foundation.Dimension = UnitMass.grams
  }
}
