import Foundation
import Testing

@testable import GLPKBackend
@testable import MealOptimizer

@Suite("GLPK solver input checks, guards and threads")
struct GLPKSolverSafetyTests {
  /// Models GLPK would abort on, or that it cannot be given, each with a word its error must contain.
  static let badModels: [(String, LinearModel, String)] = {
    var nan = LinearModel()
    let a = nan.addVariable("a")
    nan.addConstraint("c", LinearExpression([(a, .nan)]), .lessThan(1))

    var crossed = LinearModel()
    crossed.addVariable("b", lower: 5, upper: 2)

    var crossedRow = LinearModel()
    let r = crossedRow.addVariable("r")
    crossedRow.addConstraint("row", LinearExpression([(r, 1)]), .interval(3, 1))

    var big = LinearModel()
    var last = big.addVariable("v0")
    for i in 1..<1000 { last = big.addVariable("v\(i)") }
    var foreign = LinearModel()
    let f = foreign.addVariable("f")
    foreign.addConstraint("uses_foreign", LinearExpression([(f, 1), (last, 1)]), .lessThan(1))

    var infiniteBound = LinearModel()
    infiniteBound.addVariable("i", lower: .infinity)

    var infiniteObjective = LinearModel()
    let o = infiniteObjective.addVariable("o")
    infiniteObjective.setObjective(.minimize, LinearExpression([(o, -.infinity)]))

    var unnamed = LinearModel()
    unnamed.addVariable("")

    return [
      ("NaN coefficient", nan, "not a finite number"),
      ("lower bound above upper bound", crossed, "above upper bound"),
      ("inverted constraint interval", crossedRow, "above upper bound"),
      ("variable of another model", foreign, "refers to variable #999"),
      ("lower bound of +infinity", infiniteBound, "+infinity"),
      ("infinite objective coefficient", infiniteObjective, "not a finite number"),
      ("empty name", unnamed, "empty name"),
    ]
  }()

  @Test("input GLPK would abort on is a thrown error and the process lives on", arguments: 0..<7)
  func badInputThrows(case index: Int) throws {
    let (_, model, expected) = Self.badModels[index]
    let error = #expect(throws: SolverError.self) {
      try GLPKSolver().solve(model, options: SolverOptions())
    }
    guard case .invalidModel(let message)? = error else {
      Issue.record("expected invalidModel, got \(String(describing: error))")
      return
    }
    #expect(message.contains(expected))
    // The process is alive and GLPK still works on this thread.
    #expect(try GLPKSolver().solve(smallLP(), options: SolverOptions()).status == .optimal)
  }

  @Test("options out of range are rejected before GLPK runs")
  func badOptions() {
    var negative = SolverOptions()
    negative.timeLimit = -1
    var nanGap = SolverOptions()
    nanGap.relativeGap = .nan
    for options in [negative, nanGap] {
      #expect(throws: SolverError.self) { try GLPKSolver().solve(smallLP(), options: options) }
    }
  }

  @Test("an internal GLPK error inside the shim's guard returns instead of aborting")
  func shimSurvivesGLPKError() throws {
    let (code, message) = GLPKCall.provokeError()
    #expect(code == GLPKCall.internalErrorCode)
    #expect(message.contains("glp_set_col_bnds"))
    #expect(message.contains("out of range"))
    // The environment was freed and is rebuilt on the next call.
    let solution = try GLPKSolver().solve(smallLP(), options: SolverOptions())
    #expect(solution.status == .optimal)
    #expect(GLPKCall.provokeError().code == GLPKCall.internalErrorCode)
  }

  @Test("eight models solve at once on different threads, each to its own optimum")
  func concurrentSolves() async throws {
    // Model k: max 3x + 4y + z with c1's bound 14 + k; for k < 8 the optimum
    // stays at the c1/c3 vertex: y = (12 + k) / 3, x = y + 2.
    let count = 8
    let outcomes = try await withThrowingTaskGroup(of: (Int, [Double]).self) { group in
      for k in 0..<count {
        group.addTask {
          var model = LinearModel(name: "m\(k)")
          let x = model.addVariable("x")
          let y = model.addVariable("y")
          let z = model.addVariable("z")
          model.addConstraint("c1", LinearExpression([(x, 1), (y, 2), (z, 1)]), .lessThan(14 + Double(k)))
          model.addConstraint("c2", LinearExpression([(x, 3), (y, -1)]), .greaterThan(0))
          model.addConstraint("c3", LinearExpression([(x, 1), (y, -1)]), .lessThan(2))
          model.setObjective(.maximize, LinearExpression([(x, 3), (y, 4), (z, 1)]))
          var objectives: [Double] = []
          for _ in 0..<25 {
            let solution = try GLPKSolver().solve(model, options: SolverOptions())
            objectives.append(solution.status == .optimal ? solution.objectiveValue ?? .nan : .nan)
          }
          return (k, objectives)
        }
      }
      var all: [Int: [Double]] = [:]
      for try await (k, objectives) in group { all[k] = objectives }
      return all
    }
    #expect(outcomes.count == count)
    for k in 0..<count {
      let y = (12 + Double(k)) / 3
      let expected = 3 * (y + 2) + 4 * y
      let objectives = outcomes[k] ?? []
      #expect(objectives.count == 25)
      #expect(objectives.allSatisfy { abs($0 - expected) < 1e-6 }, "model \(k): \(objectives)")
    }
  }
}
