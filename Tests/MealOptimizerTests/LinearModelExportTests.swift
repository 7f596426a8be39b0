import Foundation
import Testing

@testable import GLPKBackend
@testable import MealOptimizer

/// A model with names no format allows as they are, a ranged row, a free and
/// a negative variable, an objective constant and duplicate names.
func awkwardModel() -> LinearModel {
  var model = LinearModel(name: "awkward model")
  let a = model.addVariable("2x", lower: nil, upper: 10)
  let b = model.addVariable("e1", lower: -5, upper: 5)
  let c = model.addVariable("a b[é]", lower: nil, upper: nil)
  let d = model.addVariable("a b[é]", lower: 1, upper: 1)
  let e = model.addVariable("st", lower: 0, upper: 3, kind: .integer)
  model.addConstraint("range", LinearExpression([(a, 1), (b, 1), (c, 1)]), .interval(-2, 7))
  model.addConstraint("free link", LinearExpression([(c, 1), (a, -1)]), .equalTo(1))
  model.addConstraint("range", LinearExpression([(b, 1), (e, 2)], constant: 1), .lessThan(6))
  model.addConstraint("obj", LinearExpression([(d, 1), (e, -1)]), .greaterThan(-10))
  model.setObjective(.minimize, LinearExpression([(a, 1), (b, -2), (c, 0.5), (e, -1.25)], constant: 3.5))
  return model
}

@Suite("LP and MPS export")
struct LinearModelExportTests {
  static let models: [(String, LinearModel)] = {
    var maximize = smallLP()
    maximize.addVariable("unused", lower: 0, upper: 2)
    return [
      ("small LP (maximise)", maximize),
      ("awkward names and bounds", awkwardModel()),
      ("JuMP diet", (try? DietModelBuilder().build(DietFixtures.jump()).model) ?? LinearModel()),
      (
        "JuMP diet in servings",
        (try? DietModelBuilder().build(DietFixtures.jump(wholeServings: true)).model) ?? LinearModel()
      ),
      ("diet.mod", (try? DietModelBuilder().build(DietFixtures.stigler()).model) ?? LinearModel()),
      ("fixed binaries", fixedBinaries()),
    ]
  }()

  /// Binaries kept binary with their bounds set to 0 or 1 (as a part of a
  /// store-set proof fixes its visits): minimise −3x − 2y + 4z is 2 with
  /// x = 0 and z = 1, −5 if the bounds were lost.
  static func fixedBinaries() -> LinearModel {
    var model = LinearModel(name: "fixed binaries")
    let x = model.addVariable("x", kind: .binary)
    let y = model.addVariable("y", kind: .binary)
    let z = model.addVariable("z", kind: .binary)
    model.addConstraint("some", LinearExpression([(x, 1), (y, 1), (z, 1)]), .lessThan(3))
    model.setObjective(.minimize, LinearExpression([(x, -3), (y, -2), (z, 4)]))
    model.variables[x.index].upper = 0
    model.variables[z.index].lower = 1
    return model
  }

  @Test(
    "GLPK reads each export back and finds the same optimum", arguments: 0..<6,
    [GLPKFileFormat.cplexLP, .freeMPS])
  func roundTrip(index: Int, format: GLPKFileFormat) throws {
    let (label, model) = Self.models[index]
    let direct = try GLPKSolver().solve(model, options: SolverOptions())
    try #require(direct.status == .optimal, "\(label)")
    let expected = try #require(direct.objectiveValue)
    let text = format == .cplexLP ? try model.lpFileText() : try model.mpsFileText(objectiveSense: .negated)
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("planner-export-\(UUID().uuidString).\(format == .cplexLP ? "lp" : "mps")")
    try text.write(to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: url) }
    let read = try GLPKCall.solveFile(atPath: url.path, format: format)
    #expect(read.status == GLPKCall.optimalStatus, "\(label): \(text)")
    let sign = format == .freeMPS && model.sense == .maximize ? -1.0 : 1.0
    #expect(abs(sign * read.objective - expected) < 1e-6 * max(1, abs(expected)), "\(label)")
  }

  @Test("a binary fixed at 0 or 1 keeps its value in the LP file")
  func fixedBinaryLP() throws {
    let model = Self.fixedBinaries()
    #expect(try GLPKSolver().solve(model, options: SolverOptions()).objectiveValue == 2)
    let text = try model.lpFileText()
    #expect(text.contains(" x = 0\n") && text.contains(" z = 1\n"))
    #expect(text.contains("General\n x z\n\nBinary\n y\n\nEnd"), "\(text)")
  }

  @Test("LP names lose square brackets and characters the format forbids")
  func lpNames() throws {
    let text = try awkwardModel().lpFileText()
    #expect(text.contains("_2x"))
    #expect(text.contains("_e1"))
    #expect(text.contains("a_b(_)"))
    #expect(text.contains("a_b(_)_2"))
    #expect(text.contains("_st"))
    #expect(text.contains(" range:") && text.contains(" range_hi:") && text.contains(" range_2:"))
    #expect(text.contains(" obj_2:"))
    #expect(text.contains("obj_constant = 1"))
    let diet = try DietModelBuilder().build(DietFixtures.jump()).model.lpFileText()
    #expect(diet.contains("x(ice_cream,day1)"))
    #expect(diet.contains("goal(energy,day1)"))
  }

  @Test("MPS keeps readable names and states a maximised objective in OBJSENSE")
  func mpsNames() throws {
    let diet = try DietModelBuilder().build(DietFixtures.jump(wholeServings: true)).model.mpsFileText()
    #expect(diet.contains("x[ice_cream,day1]"))
    #expect(diet.contains("'INTORG'") && diet.contains("'INTEND'"))
    #expect(!diet.contains("OBJSENSE"))
    let maximize = try smallLP().mpsFileText()
    #expect(maximize.contains("OBJSENSE\n    MAX"))
    #expect(try smallLP().mpsFileText(objectiveSense: .negated).contains("x obj -3"))
  }

  @Test("an invalid model cannot be exported")
  func invalidModelExport() {
    var model = LinearModel()
    model.addVariable("x", lower: 3, upper: 1)
    #expect(throws: SolverError.self) { try model.lpFileText() }
    #expect(throws: SolverError.self) { try model.mpsFileText() }
  }

  @Test("a file GLPK cannot parse is an error, not a crash")
  func unreadableFile() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-bad-\(UUID().uuidString).lp")
    try "Minimize\n obj: 3 x +\nSubject To\n c: x >= \n".write(to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(throws: SolverError.self) { try GLPKCall.solveFile(atPath: url.path, format: .cplexLP) }
    #expect(throws: SolverError.self) {
      try GLPKCall.solveFile(atPath: "/nonexistent/model.mps", format: .freeMPS)
    }
  }
}
