import Foundation
import GLPKBackend
import Testing

// `@testable` only to name variables and rows by index (`VariableRef(index:)`).
@testable import MealOptimizer

/// The model operations (fix, relax, drop and keep groups, restrict, check a
/// point) on a textbook integer program, solved with real GLPK.
@Suite("Linear model operations")
struct LinearModelOperationsTests {
  /// max 5x + 4y  s.t.  wood: 6x + 4y <= 24 (group "budget"),  labour: x + 2y <= 6,
  /// x, y integer in 0...10. LP optimum x = 3, y = 1.5, objective 21; integer
  /// optimum x = 4, y = 0, objective 20; without `wood`, x = 6, y = 0, objective 30.
  static func knapsack() -> LinearModel {
    var model = LinearModel(name: "knapsack")
    let x = model.addVariable("x", upper: 10, kind: .integer)
    let y = model.addVariable("y", upper: 10, kind: .integer)
    model.addConstraint("wood", LinearExpression([(x, 6), (y, 4)]), .lessThan(24), group: .budget)
    model.addConstraint("labour", LinearExpression([(x, 1), (y, 2)]), .lessThan(6), group: "labour")
    model.setObjective(.maximize, LinearExpression([(x, 5), (y, 4)]))
    return model
  }

  static func optimum(
    _ model: LinearModel, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (objective: Double, values: [Double]) {
    var options = SolverOptions()
    options.relativeGap = 0
    let solution = try GLPKSolver().solve(model, options: options)
    #expect(solution.status == .optimal, sourceLocation: sourceLocation)
    let objective = try #require(solution.objectiveValue, sourceLocation: sourceLocation)
    return (objective, solution.values)
  }

  static func expectClose(
    _ actual: [Double], _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(actual.count == expected.count, sourceLocation: sourceLocation)
    #expect(
      zip(actual, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(actual)", sourceLocation: sourceLocation)
  }

  @Test("relaxing integrality gives the LP optimum 21, and restoring it the integer optimum 20")
  func relaxAndRestore() throws {
    var model = Self.knapsack()
    let integer = try Self.optimum(model)
    #expect(abs(integer.objective - 20) < 1e-9)
    Self.expectClose(integer.values, [4, 0])
    let undo = model.relaxIntegrality()
    #expect(undo.count == 2)
    #expect(model.variables.map(\.kind) == [.continuous, .continuous])
    #expect(!model.isMixedInteger)
    let relaxed = try Self.optimum(model)
    #expect(abs(relaxed.objective - 21) < 1e-9)
    Self.expectClose(relaxed.values, [3, 1.5])
    model.restore(undo)
    #expect(model == Self.knapsack())
    #expect(Self.knapsack().relaxingIntegrality() == model.relaxingIntegrality())
  }

  @Test("fixing y to 1 gives x = 3 and objective 19; the undo puts the bounds and kind back")
  func fixAndRestore() throws {
    var model = Self.knapsack()
    let y = VariableRef(index: 1)
    let copy = model.fixing([y: 1])
    #expect(model == Self.knapsack())
    let undo = model.fix(y, to: 1)
    #expect(model == copy)
    #expect(model.variables[1].lower == 1)
    #expect(model.variables[1].upper == 1)
    #expect(model.variables[1].kind == .continuous)
    let fixed = try Self.optimum(model)
    #expect(abs(fixed.objective - 19) < 1e-9)
    Self.expectClose(fixed.values, [3, 1])
    model.restore(undo)
    #expect(model == Self.knapsack())
  }

  @Test("relaxing only x leaves y whole: x = 10/3, y = 1, objective 62/3")
  func relaxSome() throws {
    var model = Self.knapsack()
    let undo = model.relaxIntegrality(of: [VariableRef(index: 0)])
    #expect(undo.count == 1)
    #expect(model.variables.map(\.kind) == [.continuous, .integer])
    // y whole: y = 0 gives x = 4 (20); y = 1 gives x = 10/3 (50/3 + 4 = 20.667); y = 2 gives x = 2 (18).
    let mixed = try Self.optimum(model)
    #expect(abs(mixed.objective - 62.0 / 3) < 1e-6)
    #expect(abs(mixed.values[0] - 10.0 / 3) < 1e-6)
    #expect(mixed.values[1] == 1)
  }

  @Test("groups: rows by group, groups in order, dropping the budget row gives 30, keeping it alone gives 24")
  func dropAndKeepGroups() throws {
    let model = Self.knapsack()
    #expect(model.constraintGroups == [.budget, "labour"])
    #expect(model.constraints(in: .budget) == [ConstraintRef(index: 0)])
    #expect(model.constraints(in: "labour") == [ConstraintRef(index: 1)])
    #expect(model.constraints(in: .repetition).isEmpty)
    let free = model.dropping([.budget])
    #expect(free.constraints.map(\.name) == ["labour"])
    #expect(free.variables == model.variables)
    let unbudgeted = try Self.optimum(free)
    #expect(abs(unbudgeted.objective - 30) < 1e-9)
    Self.expectClose(unbudgeted.values, [6, 0])
    let budgetOnly = model.keeping([.budget])
    #expect(budgetOnly.constraints.map(\.name) == ["wood"])
    // Only 6x + 4y <= 24 with x, y <= 10: x = 0, y = 6 gives 24, x = 4 gives 20.
    let onlyWood = try Self.optimum(budgetOnly)
    #expect(abs(onlyWood.objective - 24) < 1e-9)
    #expect(model.keeping([]).constraints.isEmpty)
  }

  @Test("restricting to y keeps only the rows on y alone and y's objective terms")
  func restrict() throws {
    var model = Self.knapsack()
    let z = model.addVariable("z", upper: 3)
    model.addConstraint("z_cap", LinearExpression([(z, 2)], constant: 1), .lessThan(5), group: "z")
    model.setObjective(.maximize, LinearExpression([(VariableRef(index: 0), 5), (z, 1)], constant: 7))
    let restricted = model.restricted(to: [z])
    #expect(restricted.variables.map(\.name) == ["z"])
    #expect(restricted.variables[0].upper == 3)
    #expect(restricted.constraints.map(\.name) == ["z_cap"])
    #expect(restricted.constraints[0].group == "z")
    #expect(
      restricted.constraints[0].expression == LinearExpression([(VariableRef(index: 0), 2)], constant: 1))
    #expect(restricted.objective == LinearExpression([(VariableRef(index: 0), 1)], constant: 7))
    // max z + 7 with 2z + 1 <= 5: z = 2, objective 9.
    let solved = try Self.optimum(restricted)
    #expect(abs(solved.objective - 9) < 1e-9)
  }

  @Test("a point's violations: each broken row, bound and integrality with its exact amount")
  func violations() {
    let model = Self.knapsack()
    #expect(model.violations(at: [4, 0]).isEmpty)
    #expect(model.isFeasible([4, 0]))
    #expect(!model.isFeasible([4]))
    // 6 × 4.5 + 4 × 0.25 = 28: wood is 4 over; labour 4.5 + 0.5 = 5 is fine.
    let found = model.violations(at: [4.5, 0.25])
    #expect(found.map(\.name) == ["wood", "x", "y"])
    #expect(found.map(\.kind) == [.rowAbove, .integrality, .integrality])
    #expect(found.map(\.amount) == [4, 0.5, 0.25])
    #expect(found[0].group == .budget)
    #expect(found[0].constraint == ConstraintRef(index: 0))
    #expect(found[0].value == 28)
    #expect(found[1].variable == VariableRef(index: 0))
    let below = model.violations(at: [-1, 11])
    #expect(below.map(\.kind) == [.rowAbove, .rowAbove, .variableBelow, .variableAbove])
    #expect(below.map(\.amount) == [14, 15, 1, 1])
  }

  @Test("the tolerance is absolute up to 1 and relative above: 24 + 2e-5 passes at 1e-6, 24 + 3e-5 does not")
  func tolerance() {
    let model = Self.knapsack()
    // x = 4 + h/6 puts wood at 24 + h; labour stays far below 6.
    #expect(
      model.violations(at: [4 + 2e-5 / 6, 0], tolerance: 1e-6).filter { $0.kind != .integrality }.isEmpty)
    let over = model.violations(at: [4 + 3e-5 / 6, 0], tolerance: 1e-6).filter { $0.kind != .integrality }
    #expect(over.map(\.name) == ["wood"])
    #expect(model.violations(at: [4 + 3e-5 / 6, 0], tolerance: 1e-4).isEmpty)
  }
}
