import Foundation
import Testing

/// `planner foods`, `planner export` and `planner catalog` as a user runs them.
@Suite("Catalog and export commands")
struct CatalogCommandTests {
  @Test("foods search ranks the everyday match first and honours filters")
  func search() throws {
    let result = try PlannerProcess.run(["foods", "search", "rolled", "oats"])
    #expect(result.status == 0)
    let firstRow = result.stdout.split(separator: "\n").dropFirst().first.map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(firstRow?.hasPrefix("08120") == true)
    let filtered = try PlannerProcess.run([
      "foods", "search", "yogurt", "--where", "protein >= 9 g", "--format", "json", "--limit", "3",
    ])
    #expect(filtered.status == 0)
    let matches = try #require(
      try JSONSerialization.jsonObject(with: Data(filtered.stdout.utf8)) as? [[String: Any]])
    #expect(matches.count == 3)
    #expect(matches.allSatisfy { ($0["description"] as? String)?.contains("Greek") == true })
  }

  @Test("foods show prints a label per 100 g and per measure")
  func show() throws {
    let result = try PlannerProcess.run(["foods", "show", "8120"])
    #expect(result.status == 0)
    #expect(
      result.stdout.hasPrefix(
        "Cereals, oats, regular and quick, not fortified, dry\nUSDA SR28 08120 · Breakfast Cereals · plans print \"Rolled oats\"\n"
      ))
    #expect(result.stdout.contains("per cup (81 g)"))
    #expect(result.stdout.contains("379 kcal"))
    let json = try PlannerProcess.run(["foods", "show", "Bananas, raw", "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["ndb_number"] as? String == "09040")
    #expect(object["name"] as? String == "Bananas, raw")
    #expect(object["short_name"] as? String == "Bananas, raw")
    #expect((object["nutrients_per100g"] as? [String: Double])?["energy"] == 89)
  }

  @Test("catalog mistakes on the command line exit 64 or 65 with a hint")
  func mistakes() throws {
    let condition = try PlannerProcess.run(["foods", "search", "oats", "--where", "protien >= 3 g"])
    #expect(condition.status == 64)
    #expect(condition.stderr.contains("unknown nutrient 'protien'"))
    #expect(condition.stderr.contains("did you mean 'protein'?"))
    let unknown = try PlannerProcess.run(["foods", "show", "peanut buter smooth"])
    #expect(unknown.status == 65)
    #expect(unknown.stderr.contains("did you mean"))
    let action = try PlannerProcess.run(["foods", "serch", "oats"])
    #expect(action.status == 64)
    #expect(action.stderr.contains("did you mean 'search'?"))
  }

  @Test("export writes an LP file that names variables after the plan")
  func export() throws {
    let lp = try PlannerProcess.run(["export", "Examples/foods.plan"])
    #expect(lp.status == 0)
    #expect(lp.stdout.contains("Minimize"))
    #expect(lp.stdout.contains("x(oats,day1)"))
    let mps = try PlannerProcess.run(["export", "Examples/foods.plan", "--to", "mps"])
    #expect(mps.status == 0)
    #expect(mps.stdout.contains("ROWS"))
    #expect(mps.stdout.contains("COLUMNS"))
  }

  @Test("export of a household's plan writes the model solve solves: a portion for each member")
  func exportHousehold() throws {
    let lp = try PlannerProcess.run(["export", "Examples/family.plan", "--plan", "family_week"])
    #expect(lp.status == 0, "\(lp.stderr)")
    for member in ["maria", "tom", "lea", "sam"] {
      #expect(lp.stdout.contains("serve(overnight_oats,day1,breakfast,\(member))"))
    }
    // Lea and Sam eat lunch at school on weekdays: no portion of theirs to plan then.
    #expect(lp.stdout.contains("serve(lentil_soup,day1,lunch,maria)"))
    #expect(!lp.stdout.contains("serve(lentil_soup,day1,lunch,lea)"))
    #expect(lp.stdout.contains("serve(lentil_soup,day6,lunch,lea)"))
  }

  @Test("catalog import-sr28 reads the SR28 fixture lines and reports what it wrote")
  func importer() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-\(UUID().uuidString).plancat")
    let result = try PlannerProcess.run([
      "catalog", "import-sr28", "Tests/MealOptimizerTests/Fixtures/sr28", "--output", output.path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("wrote \(output.path): "))
    #expect(FileManager.default.fileExists(atPath: output.path))
    let missing = try PlannerProcess.run(["catalog", "import-sr28", "/nonexistent", "--output", output.path])
    #expect(missing.status == 65)
    #expect(missing.stderr == "planner: error: cannot read '/nonexistent/FD_GROUP.txt': no such file\n")
  }

  @Test("a folder that is a FIFO is named in words, never as a system error's domain and code")
  func importFromAFIFO() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("planner-sr28-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("sr28")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let result = try PlannerProcess.run([
      "catalog", "import-sr28", fifo.path, "--output", directory.appendingPathComponent("out.json").path,
    ])
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "planner: error: cannot read '\(fifo.path)/FD_GROUP.txt': a folder on the path is a file\n")
  }
}
