import Diagnostics
import PlanDSL
import Testing

/// `PlanLoader.load(path:files:directory:)`: a plan and its includes held as texts (the job queue's
/// plan sources), resolved as if `directory` were the working directory; nothing read from disk.
@Suite("Loading stored plan files")
struct StoredFilesTests {
  let foods = "food oats { per 100 g { energy 379 kcal }; price 1 USD per 1 kg }\n"

  @Test("includes resolve among the stored texts, relative to the including file")
  func includes() throws {
    let program = try PlanLoader().load(
      path: "plans/week.plan",
      files: [
        "plans/week.plan": "include \"pantry/foods.plan\"\nplan week { foods oats }\n",
        "/srv/x/plans/pantry/foods.plan": foods,
      ], directory: "/srv/x")
    #expect(program.foods.map(\.id) == ["oats"])
    #expect(program.sources.files.map(\.path) == ["plans/week.plan", "plans/pantry/foods.plan"])
  }

  @Test("an include missing from the stored texts is an error at the include, as a missing file is")
  func missingInclude() {
    #expect {
      _ = try PlanLoader().load(
        path: "week.plan", files: ["week.plan": "include \"foods.plan\"\nplan week { foods oats }\n"],
        directory: "/nonexistent-\(Int.random(in: 0..<1_000_000))")
    } throws: { error in
      let text = DiagnosticRenderer().render(error as! DiagnosticList)
      return text.hasPrefix(
        "week.plan:1:9: error: cannot read 'foods.plan': not among the plan's stored files\n  include \"foods.plan\"\n          ^~~~~~~~~~~~\n"
      )
    }
  }
}
