import Foundation
import FuzzSupport
import HealthRules
import MealOptimizer
import PlanDSL

/// One input: `.plan` text (invalid UTF-8 included) loaded, checked, lowered;
/// each plan's model built; each rule set compiled and the rule tests run.
/// Any error is fine; a crash, a trap or a hang is a finding.
func fuzzPlan(_ data: Data) {
  let text = String(decoding: data, as: UTF8.self)
  // Includes resolve against a directory that does not exist.
  guard let program = try? PlanLoader().load(text: text, path: "fuzz.plan", directory: "/nonexistent-fuzz")
  else { return }
  for spec in program.plans {
    _ = try? program.problem(for: spec).model()
  }
  if let runner = try? RuleTestRunner(ruleSets: program.ruleSets) {
    _ = runner.run(program.ruleTests)
  }
}

/// libFuzzer's callback: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  if let bytes { fuzzPlan(Data(bytes: bytes, count: count)) }
  return 0
}

/// Under libFuzzer (`-DFUZZING`) runs the fuzzer; otherwise replays the files
/// named on the command line.
@main
struct FuzzPlanMain {
  static func main() { runFuzzTarget(fuzzerTestOneInput, replay: fuzzPlan) }
}
