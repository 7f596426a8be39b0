import Foundation
import GLPKBackend
import MealOptimizer
import PlanDSL
import Testing

/// Plan files under Fixtures/golden, each with its expected results in comments:
///
///     // expect PLAN: STATUS [OBJECTIVE]
///
/// Each plan is parsed, checked, lowered and solved on real GLPK. The
/// objective must match to the precision it is written with (at least 1e-9).
@Suite("Golden plans solved through the language")
struct GoldenPlanTests {
  struct Expectation: CustomTestStringConvertible, Sendable {
    var file: String
    var plan: String
    var status: String
    var objective: String?
    var testDescription: String { "\(file): \(plan)" }
  }

  static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/golden")

  static let expectations: [Expectation] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".plan") }.sorted().flatMap { file -> [Expectation] in
      let text = (try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)) ?? ""
      return text.split(separator: "\n").compactMap { line -> Expectation? in
        guard line.hasPrefix("// expect ") else { return nil }
        let parts = line.dropFirst("// expect ".count).split(separator: " ").map(String.init)
        guard parts.count >= 2, parts[0].hasSuffix(":") else { return nil }
        return Expectation(
          file: file, plan: String(parts[0].dropLast()), status: parts[1],
          objective: parts.count > 2 ? parts[2] : nil)
      }
    }
  }()

  @Test("the fixtures hold the classic golden cases")
  func fixturesArePresent() {
    let plans = Set(Self.expectations.map { "\($0.file):\($0.plan)" })
    #expect(
      plans.isSuperset(of: [
        "stigler.plan:stigler", "jump-diet.plan:lp", "jump-diet.plan:whole", "jump-diet.plan:dairy",
      ]))
  }

  @Test("each golden plan solves to its expected status and objective", arguments: expectations)
  func solves(_ expectation: Expectation) throws {
    let program = try PlanLoader().load(path: Self.directory.appendingPathComponent(expectation.file).path)
    let spec = try #require(program.plan(named: expectation.plan))
    let plan = try DietPlanner().solve(program.dietProblem(for: spec))
    #expect(plan.status.rawValue == expectation.status)
    if let written = expectation.objective {
      let expected = try #require(Double(written))
      let digits = written.split(separator: ".").last.map { $0.count } ?? 0
      let tolerance = max(0.5 * pow(10, -Double(digits)), 1e-9)
      let cost = try #require(plan.exactCost)
      #expect(abs(cost - expected) <= tolerance, "cost \(cost), expected \(written)")
    }
  }
}
