// solver-bench: times GLPK option combinations on a generated diet model of
// many foods over several days, and prints a table. Run through
// Benchmarks/solver/run.sh, which builds in release mode.
import Foundation
import GLPKBackend
import MealOptimizer

struct Arguments {
  var foods = 8000
  var days = 7
  var repeats = 3
  var variety = false
  var mpsPath: String?
  var quick = false
  var interior = false
  var explain = false

  init(_ arguments: [String]) throws {
    var rest = arguments.makeIterator()
    while let argument = rest.next() {
      switch argument {
      case "--foods": foods = Int(rest.next() ?? "") ?? foods
      case "--days": days = Int(rest.next() ?? "") ?? days
      case "--repeats": repeats = max(1, Int(rest.next() ?? "") ?? repeats)
      case "--variety": variety = true
      case "--mps": mpsPath = rest.next()
      case "--quick": quick = true
      case "--interior": interior = true
      case "--explain": explain = true
      default: throw BenchError.usage("unknown argument '\(argument)'")
      }
    }
  }
}

enum BenchError: Error { case usage(String) }

struct Configuration {
  var label: String
  var options: GLPKOptions
}

func configurations(quick: Bool, interior withInterior: Bool) -> [Configuration] {
  var list: [Configuration] = []
  let scalings: [GLPKOptions.Scaling] =
    quick ? [.equilibration, .geometricThenEquilibration] : GLPKOptions.Scaling.allCases
  for presolve in [true, false] {
    for method in [GLPKOptions.Method.primalSimplex, .dualSimplex] {
      for scaling in scalings {
        var options = GLPKOptions()
        options.presolve = presolve
        options.method = method
        options.scaling = scaling
        list.append(
          Configuration(
            label: "\(method.rawValue) presolve=\(presolve ? "on " : "off") scale=\(scaling.rawValue)",
            options: options))
      }
    }
  }
  if withInterior {
    // Slow on these models (minutes): many columns, few rows.
    var interior = GLPKOptions()
    interior.method = .interiorPoint
    interior.presolve = false
    interior.scaling = .geometricThenEquilibration
    list.append(Configuration(label: "interior scale=auto", options: interior))
  }
  return list
}

/// Writes a line at once (unbuffered), so progress shows while the benchmark runs.
func emit(_ items: String...) {
  FileHandle.standardOutput.write(Data((items.joined(separator: " ") + "\n").utf8))
}

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

/// The CPU seconds the process has used (user and system), which a loaded
/// machine inflates less than the clock.
func processSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

/// Times DietExplainer's explanation of a generated problem with no plan
/// (its budget, 0.50 a day, is below the cheapest plan), with the deletion
/// filter's tests in one solver session and with a model built and loaded
/// for each, and checks that both give the same explanation.
func runExplain(_ arguments: Arguments) throws {
  var problem = BenchmarkDiet.problem(
    foods: arguments.foods, days: arguments.days, variety: arguments.variety)
  problem.budget = Budget(Decimal(string: "0.50")!, per: .day)
  let lines = problem.goals.count + problem.foodLimits.count + problem.groupLimits.count + 1
  emit(
    "explain: \(arguments.foods) foods x \(arguments.days) days, budget 0.50 a day, \(lines) lines;"
      + " \(arguments.repeats) runs each")
  emit("deletion filter                 median s    min s   median cpu s   conflicts  proven")
  var explanations: [PlanExplanation] = []
  let modes = ProcessInfo.processInfo.environment["EXPLAIN_MODE"].map { [$0 == "session"] } ?? [false, true]
  for usesSession in modes {
    var times: [Double] = []
    var cpu: [Double] = []
    var last: PlanExplanation?
    for _ in 0..<arguments.repeats {
      let cpuStart = processSeconds()
      defer { cpu.append(processSeconds() - cpuStart) }
      var explainer = DietExplainer(solver: GLPKSolver())
      explainer.usesSession = usesSession
      explainer.solveSeconds = 3600
      explainer.totalSeconds = 3600
      let clock = ContinuousClock()
      let start = clock.now
      last = try explainer.explainInfeasible(problem)
      times.append(seconds(clock.now - start))
    }
    times.sort()
    cpu.sort()
    guard let last else { continue }
    explanations.append(last)
    emit(
      (usesSession ? "one session" : "a model per test").padding(toLength: 30, withPad: " ", startingAt: 0),
      String(format: "%9.3f %8.3f %14.3f", times[times.count / 2], times[0], cpu[cpu.count / 2]),
      String(format: "%11d", last.conflicts.count), last.conflictsProven ? " yes" : " no")
  }
  emit("same explanation: \(explanations.count == 2 && explanations[0] == explanations[1] ? "yes" : "NO")")
}

func run() throws {
  let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
  if arguments.explain { return try runExplain(arguments) }
  let clock = ContinuousClock()
  var start = clock.now
  let problem = BenchmarkDiet.problem(
    foods: arguments.foods, days: arguments.days, variety: arguments.variety)
  let built = try DietModelBuilder().build(problem)
  let buildSeconds = seconds(clock.now - start)
  let model = built.model
  let nonzeros = model.constraints.reduce(0) { $0 + $1.expression.terms.count }
  emit(
    "diet model: \(arguments.foods) foods x \(arguments.days) days\(arguments.variety ? " with weekly variety limits" : "")"
  )
  emit("  \(model.variables.count) variables, \(model.constraints.count) constraints, \(nonzeros) nonzeros")
  emit("  generated and built in \(String(format: "%.2f", buildSeconds)) s")
  if let path = arguments.mpsPath {
    try model.mpsFileText().write(toFile: path, atomically: true, encoding: .utf8)
    emit("  wrote \(path)")
  }
  emit("")
  emit(
    "configuration                                 median s    min s   objective        status     verified")
  var rows: [(Configuration, Double, Double?)] = []
  for configuration in configurations(quick: arguments.quick, interior: arguments.interior) {
    var times: [Double] = []
    var last: Solution?
    for _ in 0..<arguments.repeats {
      start = clock.now
      let solution = try GLPKSolver(options: configuration.options).solve(model, options: SolverOptions())
      times.append(seconds(clock.now - start))
      last = solution
    }
    times.sort()
    let median = times[times.count / 2]
    let solution = last
    var verified = "-"
    if let solution, solution.status == .optimal {
      let check = DietPlanVerifier().verify(
        problem, grams: built.grams(from: solution), objectiveValue: solution.objectiveValue)
      verified = check.isValid ? "yes" : "NO: \(check.violations.first?.message ?? "")"
    }
    let objective = solution?.objectiveValue.map { String(format: "%.8f", $0) } ?? "-"
    emit(
      configuration.label.padding(toLength: 44, withPad: " ", startingAt: 0),
      String(format: "%9.3f %8.3f", median, times[0]), " ",
      objective.padding(toLength: 16, withPad: " ", startingAt: 0),
      (solution?.status.rawValue ?? "-").padding(toLength: 10, withPad: " ", startingAt: 0), verified)
    rows.append((configuration, median, solution?.objectiveValue))
  }
  let baseline = rows.first {
    $0.0.options.presolve && $0.0.options.method == .primalSimplex
      && $0.0.options.scaling == .geometricThenEquilibration
  }
  let defaults = GLPKOptions()
  let chosen = rows.first {
    $0.0.options.presolve == defaults.presolve && $0.0.options.method == defaults.method
      && $0.0.options.scaling == defaults.scaling
  }
  if let baseline, let chosen {
    emit("")
    emit("GLPK's default path (primal, presolve on, auto scaling): \(String(format: "%.3f", baseline.1)) s")
    emit(
      "planner's defaults (\(chosen.0.label)): \(String(format: "%.3f", chosen.1)) s, \(String(format: "%.1f", baseline.1 / chosen.1))x faster"
    )
    if let a = baseline.2, let b = chosen.2 {
      emit("same optimum: \(abs(a - b) <= 1e-6 * max(1, abs(a)) ? "yes" : "NO") (\(a) vs \(b))")
    }
  }
}

do {
  try run()
} catch {
  FileHandle.standardError.write(Data("solver-bench: \(error)\n".utf8))
  exit(1)
}
